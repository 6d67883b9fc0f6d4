"""The daily deal's rule (game/daily.py): day numbers against Python's own
calendar, the deal number against the documented formula, one deal per day
and game, the way back from a number to its day, refusals, and streaks."""

from __future__ import annotations

import datetime

import pytest

from game import daily, new_game
from game.web import url

EPOCH = datetime.date(1970, 1, 1)


def formula(date: datetime.date) -> int:
    """The rule as the module text writes it, computed with ``datetime``."""
    return 1_000_000_000 + ((date - EPOCH).days * 0x2C9277B5) % 2**30


def every_day(first: str, last: str):
    day = datetime.date.fromisoformat(first)
    end = datetime.date.fromisoformat(last)
    while day <= end:
        yield day
        day += datetime.timedelta(days=1)


def test_day_numbers_follow_the_gregorian_calendar():
    for day in [*every_day("1999-12-25", "2001-03-05"), datetime.date(2100, 2, 28), datetime.date(2199, 12, 31)]:
        n = daily.parse_day(day.isoformat())
        assert n == (day - EPOCH).days
        assert daily.day_text(n) == day.isoformat()


def test_a_known_day_has_the_documented_number():
    assert daily.daily_number("2026-11-22") == formula(datetime.date(2026, 11, 22)) == 1_343_564_391
    assert daily.parse_day("2026-11-22") == 20779  # as the module text says


def test_every_day_has_its_own_number_and_the_number_gives_the_day_back():
    seen = set()
    for day in every_day(daily.FIRST_DAY, "2031-12-31"):
        number = daily.daily_number(day.isoformat())
        assert number == formula(day)
        assert daily.date_of(number) == day.isoformat()
        seen.add(number)
    assert len(seen) == (datetime.date(2031, 12, 31) - datetime.date(2024, 1, 1)).days + 1


def test_random_and_typed_deals_are_not_daily():
    assert all(daily.date_of(n) is None for n in (0, 1, 999_999, 999_999_999, 2**53 - 1, True, "1343564391"))
    assert daily.date_of(daily.number_of(daily.parse_day("2023-12-31"))) is None  # before the first day


def test_each_game_deals_its_own_cards_the_same_every_time():
    number = daily.daily_number("2026-11-22")
    deals = {g: new_game(g, number).position.to_json()["piles"] for g in ("reloaded", "solitario", "forty-thieves")}
    assert new_game("reloaded", number).position == new_game("reloaded", number).position
    assert deals["reloaded"] != deals["forty-thieves"]


@pytest.mark.parametrize(
    "text",
    ["2026-02-29", "2026-13-01", "2026-00-10", "2026-1-01", "26-11-22", "2026/11/22", "२०२६-११-२२", "", None, 20261122],
)
def test_malformed_days_are_refused(text):
    with pytest.raises(ValueError):
        daily.parse_day(text)


def test_a_later_day_and_a_day_before_the_first_are_refused():
    assert daily.check_day("2026-11-22", "2026-11-22") == 20779
    with pytest.raises(ValueError, match="not dealt yet"):
        daily.check_day("2026-11-23", "2026-11-22")
    with pytest.raises(ValueError, match="before"):
        daily.check_day("2023-12-31", "2026-11-22")


def test_the_address_asks_for_a_day_and_says_what_it_cannot_deal():
    asked = url.parse_query("?game=solitario&daily=2026-11-20", today="2026-11-22")
    assert (asked.game, asked.seed, asked.daily, asked.notices) == (
        "solitario",
        formula(datetime.date(2026, 11, 20)),
        "2026-11-20",
        (),
    )
    later = url.parse_query("?game=solitario&daily=2026-11-23", today="2026-11-22")
    assert (later.game, later.seed, later.daily) == ("solitario", None, None)
    assert [n.key for n in later.notices] == ["error.daily_future"]
    bad = url.parse_query("?game=solitario&daily=2026-11-31&seed=4", today="2026-11-22")
    assert (bad.seed, [n.key for n in bad.notices]) == (4, ["error.daily_bad"])
    assert url.deal_query("solitario", formula(datetime.date(2026, 11, 20))) == "?game=solitario&daily=2026-11-20"
    assert url.deal_query("solitario", 1_999_999_999) == "?game=solitario&seed=1999999999"  # no day's number


def test_streaks_count_days_in_a_row_up_to_today_or_yesterday():
    today = daily.parse_day("2026-11-22")
    assert daily.streak([today - 2, today - 1], today) == 2  # today's not won yet: the streak stands
    assert daily.streak([today - 2, today - 1, today], today) == 3
    assert daily.streak([today - 3, today - 2], today) == 0  # yesterday missed
    assert daily.streak([], today) == 0
    assert daily.longest_streak([1, 2, 3, 7, 8, 10]) == 3


def test_a_duel_on_a_daily_deal_shows_its_day_to_the_friend_and_old_links_do_not():
    from game import Game
    from game.duel import Run, decode_challenge, encode_challenge
    from game.web import duel_view

    number = daily.daily_number("2026-11-20")
    game = Game.new("solitario", number, time_limit=180)
    game.play(game.legal_moves()[0], 2.5)
    challenge = decode_challenge(encode_challenge([Run.from_game("Ann", game)]))
    facts = dict(duel_view.facts("en", challenge))
    assert facts["Daily deal"] == "November 20, 2026" and facts["Deal"] == f"Game {number}"
    assert dict(duel_view.facts("de", challenge))["Tagesspiel"] == "20. November 2026"
    old = Game.new("solitario", 7, time_limit=180)
    old.play(old.legal_moves()[0], 2.5)
    plain = decode_challenge(encode_challenge([Run.from_game("Ann", old)]))
    assert len(duel_view.facts("en", plain)) == 5  # an ordinary deal: the facts as before


def test_the_goal_is_the_next_round_number_above_the_line():
    assert [daily.goal_moves(n) for n in (0, 9, 10, 75, 178, 179, 180)] == [10, 10, 20, 80, 180, 180, 190]
    assert daily.goal_met(179, 180) and not daily.goal_met(180, 180) and not daily.goal_met(3, None)
