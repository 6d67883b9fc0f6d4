"""The heads-up display (game/web/hud.py) with stand-in elements, and the
layout picture of the picker (game/web/schematic.py)."""

from __future__ import annotations

from urllib.parse import unquote

import pytest

from game import PLAYER_GAMES, get_spec, new_game
from game.web.hud import Clock, Hud, format_clock
from game.web.schematic import schematic_svg, schematic_url


class Node:
    def __init__(self):
        self.textContent = ""
        self.hidden = False
        self.title = ""
        self.attrs = {}
        self.writes = 0

    def __setattr__(self, name, value):
        if name == "textContent":
            object.__setattr__(self, "writes", getattr(self, "writes", 0) + 1)
        object.__setattr__(self, name, value)

    def setAttribute(self, k, v):
        self.attrs[k] = v

    def removeAttribute(self, k):
        self.attrs.pop(k, None)


def make_hud():
    nodes = {k: Node() for k in ("score", "time", "moves", "bonus", "box", "undo", "count", "redo", "label")}
    hud = Hud(
        nodes["score"],
        nodes["time"],
        nodes["moves"],
        nodes["bonus"],
        nodes["box"],
        nodes["undo"],
        nodes["count"],
        nodes["redo"],
        nodes["label"],
    )
    return hud, nodes


@pytest.mark.parametrize(
    "seconds,text", [(0, "00:00"), (59.9, "00:59"), (61, "01:01"), (3599, "59:59"), (3600, "1:00:00"), (-3, "00:00")]
)
def test_format_clock(seconds, text):
    assert format_clock(seconds) == text


def test_clock_runs_from_performance_now_and_stops():
    clock = Clock(1000.0)
    assert clock.elapsed(1000.0) == 0 and clock.elapsed(3500.0) == 2.5
    clock.stop(4000.0)
    assert clock.elapsed(9000.0) == 3.0 and not clock.running


def test_a_waiting_clock_counts_from_the_first_action_and_stands_while_held():
    clock = Clock(0.0, running=False)
    assert clock.elapsed(60_000.0) == 0 and not clock.running  # a deal nobody touched
    clock.hold("dialog", 61_000.0)
    clock.start(62_000.0)  # a first action under a dialog (a Finish): still held
    assert clock.elapsed(63_000.0) == 0 and not clock.running
    clock.release("dialog", 64_000.0)
    assert clock.elapsed(66_500.0) == 2.5
    clock.hold("dialog", 67_000.0)
    clock.pause(68_000.0)  # hidden too: both must go before it runs again
    clock.release("dialog", 70_000.0)
    assert clock.elapsed(80_000.0) == 3.0
    clock.resume(81_000.0)
    assert clock.elapsed(82_000.0) == 4.0
    clock.stop(83_000.0)
    clock.release("hidden", 84_000.0)
    assert clock.elapsed(99_000.0) == 5.0 and not clock.running


def test_a_resumed_clock_goes_on_from_its_time():
    clock = Clock(500.0, offset=41.0)
    assert clock.running and clock.elapsed(2_500.0) == 43.0


def test_reloaded_score_falls_with_time_and_undo_counts_down():
    hud, n = make_hud()
    g = new_game("reloaded", 1)
    hud.reset(g, "en")
    assert n["box"].hidden and n["redo"].hidden
    g.play("t3>t4")
    hud.update(g, 5.0)
    assert (n["score"].textContent, n["time"].textContent, n["moves"].textContent) == (str(g.score(5.0)), "00:05", "1")
    assert n["score"].title == "\u22122 points for every full 10 seconds"
    hud.update(g, 25.0)
    assert n["score"].textContent == str(g.score(25.0)) and g.score(25.0) < g.score(5.0)
    assert n["count"].textContent == "1" and "aria-disabled" not in n["undo"].attrs
    writes = n["moves"].writes
    hud.update(g, 25.5)
    assert n["moves"].writes == writes  # nothing changed, nothing written


def test_no_undo_games_disable_the_button_with_a_reason():
    hud, n = make_hud()
    g = new_game("solitario", 1)
    hud.reset(g, "de")
    hud.update(g, 0)
    assert n["undo"].attrs.get("aria-disabled") == "true"
    assert n["undo"].title == "Kein Rückgängig in diesem Spiel"
    assert n["redo"].hidden


def test_retinue_shows_its_falling_bonus():
    hud, n = make_hud()
    g = new_game("retinue", 1)
    hud.reset(g, "en")
    assert not n["box"].hidden
    hud.update(g, 12.3)
    assert n["bonus"].textContent == str(g.time_bonus(12.3)) == "940"


def test_forty_thieves_redo_and_a_time_limit_counting_down():
    hud, n = make_hud()
    g = new_game("maria", 1, time_limit=90)
    hud.reset(g, "it")
    assert n["label"].textContent == "Tempo rimasto"
    g.play(g.legal_moves()[0])
    g.undo()
    hud.update(g, 30.2)
    assert n["time"].textContent == "01:00"
    assert "aria-disabled" not in n["redo"].attrs and n["count"].textContent == ""


@pytest.mark.parametrize("game_id", PLAYER_GAMES)
def test_every_game_has_a_picture_of_its_layout(game_id):
    spec = get_spec(game_id)
    svg = schematic_svg(spec)
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    cards = sum(a for a, b in spec.deal) + sum(b for a, b in spec.deal)
    assert svg.count("<rect") >= cards
    assert "<text" not in svg and "script" not in svg
    assert unquote(schematic_url(spec)[len("data:image/svg+xml,") :]) == svg


def table_of(spec) -> tuple:
    """What a picture of the opening table can show: games alike in it (Klondike
    and Reloaded, Spider's three) share a picture."""
    return (spec.deal, spec.foundations, spec.cells, spec.has_stock, spec.stock, spec.draw, spec.opening_waste,
            spec.aces_on_foundations, spec.labels)  # fmt: skip


def test_pictures_differ_between_games():
    tables: dict = {}
    for g in PLAYER_GAMES:
        tables.setdefault(schematic_svg(get_spec(g)), set()).add(table_of(get_spec(g)))
    assert all(len(alike) == 1 for alike in tables.values())  # two tables, two pictures
    assert len(tables) >= 15
