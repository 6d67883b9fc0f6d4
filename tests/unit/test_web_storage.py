"""Stored data (game/web/storage.py) and what a page load resumes
(game/web/resume.py): every access guarded, damaged values set aside."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from fuzz_helpers import FakeStorage, recursion_room

from game import new_game
from game.web import resume, storage
from game.web.storage import Slot, Store, check_current, check_settings, save_key, slot_checker
from game.web.url import parse_query


def played(game_id="forty-thieves", seed=5, moves=3):
    g = new_game(game_id, seed)
    for i in range(moves):
        g.play(g.legal_moves()[0], 2.0 * (i + 1))
    return g


# --- the guard -------------------------------------------------------------------------------
def test_store_reads_and_writes_json():
    backend = FakeStorage()
    store = Store(backend)
    assert store.write("k", {"a": 1})
    assert json.loads(backend.items["k"]) == {"a": 1}
    assert store.read("k", lambda d: d) == ({"a": 1}, False)
    assert store.read("missing", lambda d: d) == (None, False)
    assert not store.failed


@pytest.mark.parametrize("fail", [{"setItem"}, {"getItem", "setItem", "removeItem"}])
def test_a_refusing_browser_never_raises_and_keeps_values_for_the_visit(fail):
    store = Store(FakeStorage(fail))
    assert store.write("k", [1]) is False
    assert store.failed
    assert store.read("k", lambda d: d) == ([1], False)  # from memory
    store.remove("k")
    assert store.read("k", lambda d: d) == (None, False)


def test_a_value_another_tab_wrote_is_what_is_read():
    """Two tabs of the game share the browser's storage: what one wrote last
    is what the other reads, its own earlier write notwithstanding."""
    backend = FakeStorage()
    mine, other = Store(backend), Store(backend)
    assert mine.write("k", [1])
    assert other.write("k", [2])
    assert mine.read("k", lambda d: d) == ([2], False)
    other.remove("k")
    assert mine.read("k", lambda d: d) == (None, False)
    # A write the browser refused stays this visit's value, as before.
    backend.fail.add("setItem")
    assert not mine.write("k", [3])
    assert mine.read("k", lambda d: d) == ([3], False)
    backend.fail.discard("setItem")
    assert mine.write("k", [4]) and backend.items["k"] == "[4]" and "k" not in mine.memory


def test_peek_reads_without_setting_anything_aside():
    """What another tab wrote, read again: a value this version cannot read
    (a newer version's, say) is left where it is."""
    backend = FakeStorage()
    backend.items[storage.SETTINGS_KEY] = '{"back": "red"}'
    store = Store(backend)
    assert store.peek(storage.SETTINGS_KEY, check_settings) == {"back": "red"}
    backend.items[storage.SETTINGS_KEY] = "{not json"
    assert store.peek(storage.SETTINGS_KEY, check_settings) is None
    assert backend.items[storage.SETTINGS_KEY] == "{not json"
    assert storage.SETTINGS_KEY + storage.CORRUPT not in backend.items
    assert store.peek("missing", check_settings) is None


def test_settings_merge_keeps_what_another_tab_changed():
    seen = {"sound": "on", "back": "blue", "winnable": ["reloaded"], "winnable_next": {"reloaded": 3}}
    # Another tab since: red backs, winnable deals of Solitario too, two more of Reloaded's played.
    stored = {"sound": "on", "back": "red", "winnable": ["reloaded", "solitario"], "winnable_next": {"reloaded": 5}}
    # This tab: sound off, winnable deals of Forty Thieves, its first one played.
    now = {
        "sound": "off",
        "back": "blue",
        "winnable": ["reloaded", "forty-thieves"],
        "winnable_next": {"reloaded": 3, "forty-thieves": 1},
    }
    merged = storage.merge_settings(stored, seen, now)
    assert merged["sound"] == "off" and merged["back"] == "red"
    assert sorted(merged["winnable"]) == ["forty-thieves", "reloaded", "solitario"]
    assert merged["winnable_next"] == {"reloaded": 5, "forty-thieves": 1}
    # An entry this tab took out goes; one it never had stays.
    merged = storage.merge_settings(stored, seen, {**seen, "winnable": []})
    assert merged["winnable"] == ["solitario"]
    # A setting this tab dropped goes; a key only the other tab knows stays.
    merged = storage.merge_settings({**stored, "future": 1}, seen, {k: v for k, v in seen.items() if k != "back"})
    assert "back" not in merged and merged["future"] == 1


def test_two_saves_of_one_game_differ_in_their_summary_only_by_what_was_played():
    game = played("reloaded", 5, moves=2)
    early, late = Slot(game, 10.0).to_json(), Slot(game, 99.0).to_json()
    assert storage.game_summary(early) == storage.game_summary(late)  # only the clock ran on
    more = played("reloaded", 5, moves=3)
    assert storage.game_summary(Slot(more, 10.0).to_json()) != storage.game_summary(early)
    other = played("reloaded", 6, moves=2)
    assert storage.game_summary(Slot(other, 10.0).to_json()) != storage.game_summary(early)
    assert storage.game_summary({"format": 2}) is None and storage.game_summary([1]) is None


def test_no_storage_at_all():
    store = Store(None)
    assert store.failed and store.reason == "unavailable"
    assert not store.set("k", "v")
    assert store.get("k") == "v"


def test_a_quota_error_after_a_good_start_is_noticed():
    backend = FakeStorage()
    store = Store(backend)
    assert store.set("a", "1") and not store.failed
    backend.fail.add("setItem")
    assert not store.set("b", "2")
    assert store.failed and store.reason == "RuntimeError"
    assert store.get("b") == "2"


@pytest.mark.parametrize("raw", ["{not json", "[1, 2]", "null", '"text"', "1e999999", "{" * 5000])
def test_damaged_values_are_set_aside(raw):
    backend = FakeStorage()
    backend.items[storage.SETTINGS_KEY] = raw
    store = Store(backend)
    value, damaged = store.read(storage.SETTINGS_KEY, check_settings)
    assert (value, damaged) == (None, True)
    assert storage.SETTINGS_KEY not in backend.items
    assert backend.items[storage.SETTINGS_KEY + ".corrupt"] == raw
    assert store.read(storage.SETTINGS_KEY, check_settings) == (None, False)  # once only


def test_setting_aside_survives_a_full_storage():
    backend = FakeStorage()
    backend.items["k"] = "garbage"
    store = Store(backend)
    backend.fail.add("setItem")
    assert store.read("k", lambda d: d) == (None, True)
    assert "k" not in backend.items
    assert store.get("k") is None


ALL_SETTINGS = {
    "lang": "de",
    "faces": "french",
    "back": "red",
    "motion": "off",
    "lost_notice": True,
    "winnable": ["maria", "reloaded"],
    "winnable_next": {"maria": 3, "reloaded": 0},
    "duel_name": "Ann Lee",
}


def read_settings(raw: str):
    backend = FakeStorage()
    backend.items[storage.SETTINGS_KEY] = raw
    value, damaged = Store(backend).read(storage.SETTINGS_KEY, check_settings)
    return value, damaged, backend.items


def test_settings_that_fit_are_read_as_stored():
    assert check_settings(ALL_SETTINGS) == ALL_SETTINGS
    value, damaged, items = read_settings(json.dumps(ALL_SETTINGS))
    assert (value, damaged) == (ALL_SETTINGS, False)
    assert storage.SETTINGS_KEY + ".corrupt" not in items


@pytest.mark.parametrize(
    "key, bad",
    [
        ("winnable", None),  # finding 1: "The game could not start (TypeError ...)" on every load
        ("winnable", 5),
        ("winnable", True),
        ("winnable", ["reloaded", "klondike-2099"]),
        ("winnable", "reloaded"),
        ("winnable_next", {"reloaded": "x"}),  # finding 1: New deal and the picker failed on every click
        ("winnable_next", {"reloaded": -1}),
        ("winnable_next", {"reloaded": True}),
        ("winnable_next", {"nope": 1}),
        ("winnable_next", []),
        ("lost_notice", "yes"),
        ("lost_notice", 1),
        ("lang", "fr"),
        ("lang", None),
        ("faces", 3),
        ("back", ["red"]),
        ("motion", {}),
        ("duel_name", 7),
        ("duel_name", ""),
        ("duel_name", "  Ann"),
        ("duel_name", "x" * 40),
        ("duel_name", "Ann\u0007"),
        ("unknown_feature", "x" * 5000),
    ],
)
def test_one_bad_setting_is_dropped_and_the_others_kept(key, bad):
    raw = json.dumps({**ALL_SETTINGS, key: bad})
    value, damaged, items = read_settings(raw)
    assert value == {k: v for k, v in ALL_SETTINGS.items() if k != key}
    assert damaged == (key,)
    assert items[storage.SETTINGS_KEY + ".corrupt"] == raw  # the value read, kept to look at
    assert json.loads(items[storage.SETTINGS_KEY]) == value  # the rest, in its place
    assert Store(FakeStorage()).read("k", check_settings) == (None, False)


def test_a_setting_this_version_does_not_know_is_kept():
    value, damaged, _ = read_settings(json.dumps({"lang": "it", "later": {"volume": 3}}))
    assert (value, damaged) == ({"lang": "it", "later": {"volume": 3}}, False)


def test_the_winnable_games_are_read_each_once():
    assert check_settings({"winnable": ["reloaded", "maria", "reloaded"]}) == {"winnable": ["maria", "reloaded"]}


def test_every_setting_the_page_reads_has_a_check():
    """The schema is the one place: a setting read anywhere in game/web is in it."""
    web = Path(storage.__file__).parent
    found = set()
    for path in web.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        found |= set(re.findall(r"settings(?:\.get\(|\[)\"(\w+)\"", text))
        found |= set(re.findall(r"^NAME_SETTING = \"(\w+)\"", text, re.MULTILINE))
    assert found and found <= set(storage.SETTINGS), found - set(storage.SETTINGS)
    assert {"winnable", "winnable_next", "lost_notice", "duel_name", "faces", "lang"} <= found


def test_the_allowed_values_are_the_pages_own():
    """board.py and dialogs.py import the browser, so their lists are read from the source."""
    web = Path(storage.__file__).parent

    def constant(file: str, name: str):
        tree = ast.parse((web / file).read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == name for t in node.targets):
                return ast.literal_eval(node.value)
        raise AssertionError(f"{name} not found in {file}")

    assert storage.SETTING_VALUES["faces"] == constant("board.py", "FACE_SETS")
    # The settings dialog offers exactly the values the store accepts.
    page = (web.parents[1] / "index.html").read_text(encoding="utf-8")
    for name in ("back", "theme", "table", "card_size"):
        offered = tuple(re.findall(rf'<input type="radio" name="{name}" value="(\w+)"', page))
        assert offered == storage.SETTING_VALUES[name], name


def test_a_check_that_fails_in_any_way_never_stops_the_page():
    backend = FakeStorage()
    backend.items["k"] = "[1]"

    def buggy(data):
        return data[0].missing

    assert Store(backend).read("k", buggy) == (None, True)
    assert backend.items["k.corrupt"] == "[1]"


def test_a_deeply_nested_value_is_set_aside():
    """Finding 2: in the page, 20,000 nested arrays under a key was a fatal
    error of Pyodide on every load; here the scan refuses them unparsed."""
    raw = "[" * 20_000 + "]" * 20_000
    for key, check in [
        (storage.SETTINGS_KEY, check_settings),
        (storage.STATS_KEY, storage.check_stats),
        (storage.CURRENT_KEY, check_current),
        (save_key("maria"), slot_checker("maria")),
    ]:
        backend = FakeStorage()
        backend.items[key] = raw
        with recursion_room(100):
            assert Store(backend).read(key, check) == (None, True)
        assert backend.items[key + ".corrupt"] == raw


def test_one_games_bad_statistics_leave_the_others():
    good = {"played": 4, "won": 2, "best_score": 120, "best_time": 300.5, "streak": 1, "best_streak": 2}
    raw = json.dumps({"format": 1, "games": {"reloaded": good, "maria": {**good, "won": 9}, "lucas": None}})
    backend = FakeStorage()
    backend.items[storage.STATS_KEY] = raw
    stats, damaged = Store(backend).read(storage.STATS_KEY, storage.check_stats)
    assert damaged == ("maria", "lucas")
    assert list(stats.games) == ["reloaded"] and stats.record("reloaded").won == 2
    assert backend.items[storage.STATS_KEY + ".corrupt"] == raw
    assert json.loads(backend.items[storage.STATS_KEY])["games"] == {"reloaded": good}


def test_current_game_pointer():
    assert check_current("solitario") == "solitario"
    for bad in ("klondike", 7, None, ["reloaded"]):
        with pytest.raises(ValueError):
            check_current(bad)


# --- saved games ---------------------------------------------------------------------------------
def test_a_slot_round_trips_with_its_clock_and_steps():
    g = played("forty-thieves", 3, 0)
    (target,) = g.stock_targets()
    g.play_from_stock(target, 9.0)  # a draw and a move: one step
    slot = Slot(g, 41.25, False)
    data = json.loads(json.dumps(slot.to_json()))
    assert data["format"] == 2 and "pairs" not in data
    back = slot_checker("forty-thieves")(data)
    assert back.game.position == g.position
    assert back.game.score() == g.score()
    assert back.game.moves == g.moves == 2 and back.game.seed == 3
    assert back.elapsed == 41.25 and back.recorded is False
    assert back.played
    back.game.undo(42)  # the stock card goes back onto the stock: one undo
    assert back.game.position == played("forty-thieves", 3, 0).position


def test_a_slot_never_runs_its_clock_backwards():
    g = played()
    data = Slot(g, 1.0).to_json()
    assert data["elapsed"] == g.clock  # the last move was later than 1 s
    data["elapsed"] = 0
    assert slot_checker("forty-thieves")(data).elapsed == g.clock


def test_an_untouched_deal_is_not_played():
    assert not Slot(new_game("reloaded", 1)).played


def test_a_finished_game_keeps_its_status():
    g = played("reloaded", 3, 2)
    g.resign(30.0)
    back = slot_checker("reloaded")(Slot(g, 31.0, recorded=True).to_json())
    assert back.game.status == "resigned" and back.recorded


def damaged_slots():
    good = Slot(played(), 20.0).to_json()
    out = {
        "not an object": [good],
        "no format": {k: v for k, v in good.items() if k != "format"},
        "future format": {**good, "format": 3},
        "format true": {**good, "format": True},
        "engine not an object": {**good, "game": "x"},
        "elapsed text": {**good, "elapsed": "12"},
        "elapsed negative": {**good, "elapsed": -5},
        "elapsed bool": {**good, "elapsed": True},
        "recorded text": {**good, "recorded": "no"},
    }
    engine = dict(good["game"])
    out["foreign game"] = {**good, "game": {**engine, "game": "reloaded"}}
    out["engine version"] = {**good, "game": {**engine, "version": 99}}
    out["tampered moves"] = {**good, "game": {**engine, "moves": ["t1>t2", "draw", "nonsense"]}}
    out["tampered position"] = {**good, "game": {**engine, "piles": {**engine["piles"], "t1": []}}}
    out["moves not a list"] = {**good, "game": {**engine, "moves": "draw"}}
    return out


@pytest.mark.parametrize("why, data", list(damaged_slots().items()))
def test_damaged_saves_are_refused(why, data):
    backend = FakeStorage()
    backend.items[save_key("forty-thieves")] = json.dumps(data)
    value, damaged = Store(backend).read(save_key("forty-thieves"), slot_checker("forty-thieves"))
    assert value is None and damaged, why
    assert save_key("forty-thieves") + ".corrupt" in backend.items


@pytest.mark.parametrize("pairs, redo_pairs", [(["x"], [10**9]), ([1, 2, 3], [5]), ([True], None), ("2", {})])
def test_bad_pairs_of_the_old_format_are_dropped_not_fatal(pairs, redo_pairs):
    g = played()
    data = {**Slot(g, 20.0).to_json(), "format": 1, "pairs": pairs, "redo_pairs": redo_pairs}
    slot = slot_checker("forty-thieves")(data)
    assert slot.game.position == g.position and slot.game.steps == g.moves  # every move its own step


# --- what a page load resumes -------------------------------------------------------------------
def slot_of(game_id="solitario", seed=7, moves=2, limit=None, status=None):
    g = new_game(game_id, seed, time_limit=limit)
    for _ in range(moves):
        g.play(g.legal_moves()[0], 1.0)
    if status == "resigned":
        g.resign(2.0)
    return Slot(g, 5.0)


def ask(query):
    return query, parse_query(query)


@pytest.mark.parametrize(
    "query, current, wanted",
    [
        ("?game=solitario&seed=7", "reloaded", "solitario"),
        ("?game=maria", None, "maria"),
        ("", "lucas", "lucas"),
        ("", None, "reloaded"),  # no pointer, or a damaged one: the default game's save
        ("?lang=de", "streets", "streets"),
        ("?duel=s1.abc", "reloaded", None),
        ("?game=nope", "lucas", "lucas"),  # an unknown game: as if none were named
        ("?game=nope", None, "reloaded"),
        ("?seed=abc", "lucas", "lucas"),  # a refused seed or position: as if it were not there
        ("?position=%7B", "lucas", "lucas"),
        ("?game=maria&position=%7B", "lucas", "maria"),
    ],
)
def test_which_game_a_load_looks_at(query, current, wanted):
    q, request = ask(query)
    assert resume.wanted_game(q, request, current) == wanted


def test_a_reload_resumes_the_same_deal_finished_or_not():
    assert resume.matches(slot_of(), *ask("?game=solitario&seed=7"))
    assert resume.matches(slot_of(status="resigned"), *ask("?game=solitario&seed=7"))
    assert not resume.matches(slot_of(), *ask("?game=solitario&seed=8"))


def test_a_bare_address_resumes_only_a_game_in_play():
    assert resume.matches(slot_of(), *ask(""))
    assert resume.matches(slot_of(), *ask("?game=solitario"))
    assert not resume.matches(slot_of(status="resigned"), *ask(""))


def test_the_time_limit_must_match():
    assert resume.matches(slot_of(limit=300), *ask("?game=solitario&seed=7&limit=300"))
    assert not resume.matches(slot_of(limit=300), *ask("?game=solitario&seed=7"))
    assert not resume.matches(slot_of(), *ask("?game=solitario&seed=7&limit=300"))


@pytest.mark.parametrize(
    "query", ["?game=solitario&seed=abc", "?game=solitario&position=%7B", "?game=solitario&daily=x", "?seed=-1"]
)
def test_a_refused_seed_or_position_resumes_the_game_in_play(query):
    """Issue 41: a bad link never replaces the game in play with a new deal
    (nor counts it lost); a finished game is not resumed by it either."""
    assert resume.matches(slot_of(), *ask(query))
    assert not resume.matches(slot_of(status="resigned"), *ask(query))


def test_a_refused_limit_resumes_the_game_with_its_own_limit():
    assert resume.matches(slot_of(limit=300), *ask("?game=solitario&limit=0.05"))
    assert resume.matches(slot_of(limit=300), *ask("?game=solitario&seed=7&limit=1e-300"))
    assert not resume.matches(slot_of(limit=300), *ask("?game=solitario&seed=8&limit=x"))


@pytest.mark.parametrize(
    "query, plain",
    [
        ("?duel=s1.x", ""),
        ("?duel=s1.x&lang=de", "?lang=de"),
        ("?lang=it&challenge=x&game=maria", "?lang=it&game=maria"),
    ],
)
def test_a_refused_duel_link_is_read_as_the_address_without_it(query, plain):
    assert resume.without_duel(query) == plain


def test_a_position_link_resumes_the_game_started_from_it():
    from game.web.url import encode_position

    g = new_game("maria", 4)
    start = g.position.to_json()
    from game import Game, read_position

    game = Game(read_position(start))
    game.play(game.legal_moves()[0], 1.0)
    slot = Slot(game, 3.0)
    query = "?game=maria&position=" + encode_position(start)
    assert resume.matches(slot, *ask(query))
    other = new_game("maria", 5).position.to_json()
    assert not resume.matches(slot, *ask("?game=maria&position=" + encode_position(other)))
    assert not resume.matches(Slot(new_game("maria", 4)), *ask(query))  # a dealt game is not a position


# --- a move the page showed before Python stored it (ahead.py) ------------------------------------
def test_a_move_made_ahead_is_played_again_on_the_save_it_follows():
    from game import new_game
    from game.web.storage import AheadMove, Slot, replay_ahead

    game = new_game("forty-thieves", 1)
    game.play("draw", 1.0)
    slot = Slot(game, 2.0)
    move = next(m for m in game.legal_moves() if not m.is_stock_action)
    steps, actions = game.steps, len(game.log)
    assert replay_ahead(slot, AheadMove("forty-thieves", 1, steps, actions, str(move), "off"))
    assert game.steps == steps + 1 and str(game.line[-1]) == str(move)
    # Once the save has it, the note is for another point of the game and does nothing.
    assert not replay_ahead(slot, AheadMove("forty-thieves", 1, steps, actions, str(move), "off"))
    # Nor does a note of another deal or game, or of the same steps after an undo.
    game.undo(3.0)
    assert game.steps == steps
    assert not replay_ahead(slot, AheadMove("forty-thieves", 1, steps, actions, str(move), "off"))
    assert not replay_ahead(slot, AheadMove("forty-thieves", 2, steps, len(game.log), str(move), "off"))
    assert not replay_ahead(slot, AheadMove("reloaded", 1, steps, len(game.log), "draw", "off"))
    assert game.steps == steps


def test_a_move_made_ahead_that_the_rules_refuse_leaves_the_save_as_it_was():
    from game import new_game
    from game.web.storage import AheadMove, Slot, replay_ahead

    game = new_game("forty-thieves", 1)
    before = game.position
    assert not replay_ahead(Slot(game), AheadMove("forty-thieves", 1, 0, 0, "t1>f1", "off"))
    assert game.position == before and game.steps == 0


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {"game": "nope", "seed": 1, "steps": 0, "actions": 0, "move": "draw", "home": "off"},
        {"game": "reloaded", "seed": 1, "steps": -1, "actions": 0, "move": "draw", "home": "off"},
        {"game": "reloaded", "seed": 1, "steps": True, "actions": 0, "move": "draw", "home": "off"},
        {"game": "reloaded", "seed": 1, "steps": 0, "actions": "0", "move": "draw", "home": "off"},
        {"game": "reloaded", "seed": -5, "steps": 0, "actions": 0, "move": "draw", "home": "off"},
        {"game": "reloaded", "seed": 1, "steps": 0, "actions": 0, "move": 5, "home": "off"},
        {"game": "reloaded", "seed": 1, "steps": 0, "actions": 0, "move": "x" * 41, "home": "off"},
    ],
)
def test_a_damaged_note_of_a_move_made_ahead_is_refused(data):
    from game.web.storage import Damaged, check_ahead

    with pytest.raises(Damaged):
        check_ahead(data)
