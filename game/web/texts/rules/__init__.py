"""The in-app rules of every game, in English, German and Italian, built from
the game's spec.

``game_rules(lang, game_id)`` gives a tuple of ``Section``s (goal, layout,
moving cards, …), each a tuple of ``Item``s. Every figure (cards, columns,
face-down cards, build, runs, draw, redeals, undo, points) is read from the
``GameSpec`` and its scoring scheme's ``figures``; the words come from one
module per language (``en.py``, ``de.py``, ``it.py``): templates for what
games share, and prose keyed by the value it describes (a build rule, an
empty-column rule, a stall rule, a scoring scheme, a deck style). A game
added to the catalog gets correct rules with no edit here; a game with
something of its own adds a prose piece to ``OWN`` (by game id) in each
language, or a new value's prose to the table it belongs to (a new build
rule to ``BUILD``, a new scoring scheme to ``SCORING``, with its numbers
from ``Scheme.figures``). A new kind of thing in the spec (free cells, say)
is one more piece of ``_Build``, worded once per language.

An item that states one of the project's own decisions (RULES.md,
"(decided)") carries that decision's id in ``decided``, so the page can mark
it and a test can check that every decision is told to players in every
language. ``DECIDED`` lists the ids per game; it also holds the end-of-game
stall rule each game implements, which players must know as well.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import lru_cache
from importlib import import_module

from game.catalog import GAMES, PLAYER_GAMES

from ..cards import index_rank, rank_name, suit_name
from ..ui import DEFAULT, LANGUAGES, t
from .items import D, Item, Section

# Decisions of RULES.md that belong to one game, or to a family (the
# picker's group), and that a shared piece states for it: game id or family
# -> piece -> decision id. (Decisions of a scoring scheme, a deck or every
# game are marked in the words themselves.)
MARKS: dict[str, dict[str, str]] = {
    "classics": {"undo": "relaxed-play"},
    "reloaded": {"undo": "undo-depth-3"},
    "solitario": {"empty": "empty-column-re"},
    "little-forty": {"build": "build-other-suit"},
}
# The end-of-game rule each game implements, by the spec's stall rule.
STALL_IDS = {"stock-pass": "stall-stock-pass", "no-move": "stall-no-move", "chain-end": "chain-end"}


def words(lang: str):
    """The words of ``lang`` (English for a language the app does not speak)."""
    return import_module(f"{__name__}.{lang if lang in LANGUAGES else DEFAULT}")


def __getattr__(name: str):
    if name == "SECTION_TITLES":
        return {lang: words(lang).TITLES for lang in LANGUAGES}
    raise AttributeError(name)


# --- figures -------------------------------------------------------------------------------


def _number(w, n: int) -> str:
    """A small count in words ("four foundations"), larger ones in figures."""
    return w.NUMBERS[n] if 0 <= n < len(w.NUMBERS) else str(n)


def _listing(w, parts: list[str]) -> str:
    """ "a, b and c" in the language's own way."""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + w.AND + parts[-1]


def _labels(w, lang: str, spec) -> str:
    """The piles' labels as the table shows them, courts with their names;
    three or more numbers in a row as a span ("2 to 10")."""
    out: list[str] = []
    numbers: list[str] = []

    def flush():
        if len(numbers) >= 3:
            out.append(w.W["span"].format(first=numbers[0], last=numbers[-1]))
        else:
            out.extend(numbers)
        numbers.clear()

    for label in spec.labels:
        shown = index_rank(lang, label)
        if shown.isdigit():
            numbers.append(shown)
            continue
        flush()
        out.append(f"{shown} ({rank_name(lang, label, spec.deck.name)})")
    flush()
    return _listing(w, out)


def figures(lang: str, spec) -> dict:
    """Every value a template may name: the spec's, then its scoring scheme's
    (their names are apart: a test checks)."""
    return spec_figures(lang, spec) | spec.scoring.scheme.figures(spec)


def spec_figures(lang: str, spec) -> dict:
    """The figures of ``spec`` itself: cards, columns, stock, draw, …"""
    w = words(lang)
    deck = spec.deck
    copies = deck.copies
    aces = 4 * copies if spec.aces_on_foundations else 0
    dealt = sum(down + up for down, up in spec.deal)
    waste = spec.opening_waste if spec.has_stock else 0
    stock = spec.card_count - dealt - aces - waste if spec.has_stock else 0
    downs = [down for down, _ in spec.deal]
    counts = [down + up for down, up in spec.deal]
    redeals = spec.redeals or 0
    out = {
        "cards": spec.card_count,
        "columns": spec.columns,
        "dealt": dealt,
        "per_column": counts[0],
        "per_pile": counts[0],
        "last": counts[-1],
        "counts": _listing(w, [str(n) for n in counts]),
        "downs": _listing(w, [str(n) for n in downs]),
        "down_w": _number(w, downs[0]),
        "up_w": _number(w, counts[0] - downs[0]),
        "most_up_w": _number(w, max(up for _, up in spec.deal)),
        "foundations": spec.foundations,
        "foundations_w": _number(w, spec.foundations),
        "copies_w": _number(w, copies),
        "aces_w": _number(w, aces),
        "to_home": spec.card_count - aces,
        "stock": stock,
        "waste_w": _number(w, waste),
        "rest": stock + waste,
        "draw": spec.draw,
        "redeals": redeals,
        "passes": redeals + 1,
        "depth": spec.undo_depth or 0,
        "undo_cost": spec.undo_cost,
        "cells_w": _number(w, spec.cells),
        "deals": stock // spec.columns,
        "suits_w": _number(w, len(deck.suits)),
        "suit_names": _listing(w, [suit_name(lang, suit, deck.name) for suit in deck.suits]),
        "ace": rank_name(lang, deck.ranks[0], deck.name),
        "king": rank_name(lang, deck.ranks[-1], deck.name),
        "table_title": w.TITLES["table"],
    }
    out["Copies_w"] = out["copies_w"][:1].upper() + out["copies_w"][1:]
    out["Foundations_w"] = out["foundations_w"][:1].upper() + out["foundations_w"][1:]
    out["stalled"] = w.W["stalled_named"].format(word=spec.stall_word) if spec.stall_word else w.W["stalled"]
    out["stock_done"] = w.W["stock_done_redeals" if spec.redeals else "stock_done" if spec.has_stock else "stock_none"]
    if spec.labels:
        out |= _labelled_figures(w, lang, spec)
    return out


def _labelled_figures(w, lang: str, spec) -> dict:
    from ...layout import LABELLED_ROWS  # the rows the table lays the labelled piles in (RULES.md)

    start = spec.labels[spec.start_pile - 1]
    places = w.ROW_PLACES.get(len(LABELLED_ROWS))
    rows, out = [], {"start": index_rank(lang, start), "rows_w": _number(w, len(LABELLED_ROWS))}
    bonus = spec.scoring.scheme.figures(spec)
    for r, row in enumerate(LABELLED_ROWS, 1):
        shown = [index_rank(lang, spec.labels[i]) for i in row]
        where = places[r - 1] if places else w.W["row_n"].format(n=r)
        rows.append(w.W["row"].format(piles=" ".join(shown), where=where))
        out[f"row_{r}"] = w.W["span"].format(first=shown[0], last=shown[-1]) if len(row) > 3 else _listing(w, shown)
        if f"pile_bonus_{row[0] + 1}" in bonus:
            out[f"row_bonus_{r}"] = bonus[f"pile_bonus_{row[0] + 1}"]
    out["rows"] = _listing(w, rows)
    out["label_names"] = _labels(w, lang, spec)
    return out


# --- the pieces ------------------------------------------------------------------------------


class _Build:
    """One game's rules in one language: each method a piece, each piece
    a list of items (none where the game lacks what it speaks of)."""

    def __init__(self, lang: str, spec):
        self.lang, self.spec, self.w = lang, spec, words(lang)
        self.fields = figures(lang, spec)
        # a game's own prose and marks, over its family's
        self.own = self.w.OWN.get(spec.family, {}) | self.w.OWN.get(spec.id, {})
        self.marks = MARKS.get(spec.family, {}) | MARKS.get(spec.id, {})

    def item(self, piece: str, text, decided: str | None = None) -> list[Item]:
        """``text`` (a template or an Item) filled in; the game's own prose for
        ``piece`` instead where it has some, and its decision mark."""
        return self._fill(piece, self.own.get(piece, text), decided)

    def _fill(self, piece: str, text, decided: str | None) -> list[Item]:
        if text is None:
            return []
        if isinstance(text, Item):
            text, decided = text.text, text.decided or decided
        elif isinstance(text, (list, tuple)):
            return [i for one in text for i in self._fill(piece, one, decided)]
        return [Item(text.format(**self.fields), self.marks.get(piece, decided))]

    def lines(self, piece: str, texts) -> list[Item]:
        """Several lines of one piece (the game's own prose replaces them all)."""
        return self._fill(piece, self.own.get(piece, list(texts)), None)

    # goal, cards, layout
    def goal(self):
        s, W = self.spec, self.w.W
        if s.labels:
            return self.item("goal", self.w.LABELLED["goal"])
        goal = W["goal_runs"] if s.runs_home else W["goal_aces"] if s.aces_on_foundations else W["goal"]
        return self.item("goal", goal) + self.item("goal_more", None)

    def cards(self):
        return self.lines("cards", self.w.CARDS.get(self.spec.deck.style, ()))

    def layout(self):
        s, W = self.spec, self.w.W
        if s.labels:
            L = self.w.LABELLED
            return self.lines("layout", [L["dealt"], L["rows"], L["start"]])
        suits = len(s.deck.suits)
        if suits < 4:  # Spider's decks of one or two suits
            out = self.item("decks", W["one_suit" if suits == 1 else "few_suits"])
        else:
            out = self.item("decks", W["decks"]) if s.deck.copies > 1 else []
        if s.aces_on_foundations:
            out += self.item("aces", W["aces"])
        out += self.item("deal", self._deal())
        if s.has_stock:
            out += self.item("stock_left", W["opening_waste"] if s.opening_waste else W["stock_left"])
        if s.cells:
            out += self.item("cells", W["cells"])
        if not s.aces_on_foundations:
            out += self.item("empty_foundations", W["empty_foundations"])
        out += self.item("shuffle", self.w.SHUFFLE.get(s.shuffle))
        if s.guarantee is not None:
            out += self.item("guarantee", self.w.GUARANTEE[s.guarantee])
        return out

    def _deal(self) -> str:
        """How the columns are dealt: all alike, a staircase (one card more
        per column, only the top one face up), or column by column."""
        W, deal = self.w.W, self.spec.deal
        downs = [down for down, _ in deal]
        ups = [up for _, up in deal]
        if len(set(deal)) == 1:
            down, up = deal[0]
            head = W["even_down" if down else "even"]
            faces = W["all_up"] if not down else W["top_up"] if up == 1 else W["one_down" if down == 1 else "some_down"]
            return f"{head} {faces}"
        if downs == list(range(len(deal))) and set(ups) == {1}:
            return f"{W['stairs']} {W['top_up']}"
        most = max(ups)
        same_top = most > 1 and all(up == min(most, down + up) for down, up in deal)  # Yukon: the top five up
        faces = (
            W["all_up"]
            if not any(downs)
            else W["top_up"]
            if set(ups) == {1}
            else W["top_n_up"]
            if same_top
            else W["listed_down"]
        )
        return f"{W['listed']} {faces}"

    # moves, stock, foundations
    def moves(self):
        s, W = self.spec, self.w.W
        if s.labels:
            return self.lines("moves", self.w.LABELLED["moves"])
        out = self.item("build", self.w.BUILD[s.build])
        out += self.item("runs", self.w.MOVES.get(s.movement) or W["runs" if s.runs else "one_card"])
        if s.run_limit is not None:
            out += self.item("run_limit", self.w.RUN_LIMIT[s.run_limit])
        if s.cells:
            out += self.item("cell_moves", W["cell_moves"])
        empty = self.w.EMPTY[s.empty_column]
        out += self.item("empty", empty.get(s.movement) or empty[s.runs])
        if any(down for down, _ in s.deal):
            out += self.item("reveal", W["reveal"])
        return out

    def stock(self):
        s, W = self.spec, self.w.W
        if not s.has_stock:
            return []
        dealt = self.w.STOCK.get(s.stock)
        if dealt:  # a stock of its own kind (Spider's: a card onto every column, no waste)
            return self.lines("draw", dealt) + self.item("redeal", W["no_redeal"])
        out = self.item("draw", W["draw_1"] if s.draw == 1 else W["draw_n"])
        out += self.item("waste", W["waste"])
        if s.stock_play:
            out += self.item("stock_play", W["stock_play"])
        redeal = W["redeal_always"] if s.redeals is None else W["redeal_n"] if s.redeals else W["no_redeal"]
        return out + self.item("redeal", redeal)

    def foundations(self):
        s, W = self.spec, self.w.W
        if not s.foundation_range:
            return []
        many = W["runs_home"] if s.runs_home else W["foundations_many" if s.deck.copies > 1 else "foundations_one"]
        out = self.item("foundations", many)
        return out + self.item("back", W["back" if s.foundation_to_column else "stays"])

    # scoring, undo, end, ties
    def scoring(self):
        out = self.lines("scoring", self.w.SCORING.get(self.spec.scoring, [self.w.W["no_points"]]))
        if self.spec.aces_on_foundations and self.spec.scoring.scheme.figures(self.spec):
            out += self.item("aces_score", self.w.W["aces_score"])
        return out + self.item("time", None)

    def undo(self):
        s, W = self.spec, self.w.W
        if not s.has_undo:
            return self.item("undo", W["no_undo_forced" if s.forced else "no_undo"])
        if s.undo_depth is None and not s.undo_cost and s.redo:
            return self.item("undo", D("free-undo-redo", W["undo_free"]))
        out = self.item("undo", W["undo_all"] if s.undo_depth is None else W["undo_depth"])
        cost = "undo_cost_none" if not s.undo_cost else "undo_cost_one" if s.undo_cost == 1 else "undo_cost_many"
        return out + self.item("undo_cost", W[cost]) + self.item("redo", W["redo" if s.redo else "no_redo"])

    def end(self):
        s, W = self.spec, self.w.W
        stall = self.w.STALL[s.stall] + " " + W["stall_undo" if s.has_undo else "stall_ends"]
        stalled = self.item("stall", D(STALL_IDS[s.stall], stall))
        if s.labels:
            return stalled + self.item("won", self.w.LABELLED["won"]) + self.item("give_up", W["give_up"])
        out = self.item("won", W["won"]) + stalled + self.item("time_up", W["time_up"])
        return out + self.item("give_up", W["give_up"]) + self.item("final", W["final"])

    def ties(self):
        return self.lines("ties", self.w.W["ties"])


# Sections in the order the dialog shows them.
ORDER = ("goal", "cards", "layout", "moves", "stock", "foundations", "scoring", "undo", "end", "ties")


def controls(lang: str, spec) -> list[str]:
    """The controls section of ``spec``'s game: only what it has (no stock,
    foundations, undo or redo where there are none; turning the waste over
    only where the stock may be dealt again)."""
    say = lambda key: t(lang, key)  # noqa: E731
    if not spec.foundation_range:  # Royal Retinue: one card to play, to the pile of its rank
        out = [say("controls.retinue_move")]
    else:
        out = [f"{say('mouse.click')} {say('mouse.drag')}", say("mouse.double"), say("mouse.deselect")]
    if spec.has_stock:
        out.append(say("controls.stock_once" if spec.redeals == 0 else "mouse.stock"))
    keys = [say("keys.arrows"), say("keys.pick"), say("keys.cancel")]
    if spec.has_stock:
        keys.append(say("keys.draw"))
    if spec.has_undo:
        keys.append(say("keys.undo"))
    if spec.has_redo:
        keys.append(say("keys.redo"))
    keys += [say("keys.hint"), say("keys.help")]
    return out + keys


def table_section(lang: str, spec) -> list[Item]:
    """The table around the game (RULES.md "Clock" and "Game over, everywhere")."""
    w = words(lang).TABLE
    clock = w["clock"] + (" " + w["clock_points"] if spec.time_penalty or spec.shows_bonus else "")
    items = [D("clock-first-action", clock), D("leave-counts-as-loss", w["leave"])]
    items.append(D("stall-notice-undo", w["stall"]) if spec.has_undo else Item(w["stall_no_undo"]))
    return items


@lru_cache(maxsize=64)
def _rules(lang: str, spec) -> tuple[Section, ...]:
    build = _Build(lang, spec)
    titles = build.w.TITLES
    parts = [(key, getattr(build, key)()) for key in ORDER]
    parts += [("table", table_section(lang, spec)), ("controls", [Item(c) for c in controls(lang, spec)])]
    # a section may have a title of its own for a kind of stock ("stock_row": Spider's has no waste)
    title = lambda key: titles.get(f"{key}_{spec.stock}", titles[key])  # noqa: E731
    return tuple(Section(key, title(key), tuple(items)) for key, items in parts if items)


def game_rules(lang: str, game_id: str) -> tuple[Section, ...]:
    """A game's rules as sections of items; English if the language is
    unknown. An unknown game raises ``KeyError``."""
    return _rules(lang if lang in LANGUAGES else DEFAULT, GAMES[game_id])


class _ByGame(Mapping):
    """``RULES[game][lang]``: every player game's rules in every language, made when asked for."""

    def __getitem__(self, game_id: str) -> dict[str, tuple[Section, ...]]:
        return {lang: game_rules(lang, game_id) for lang in LANGUAGES}

    def __iter__(self) -> Iterator[str]:
        return iter(PLAYER_GAMES)

    def __len__(self) -> int:
        return len(PLAYER_GAMES)


class _Decided(Mapping):
    """``DECIDED[game]``: the decision ids the game's rules state (in English;
    a test checks every language states the same)."""

    def __getitem__(self, game_id: str) -> tuple[str, ...]:
        return tuple(i.decided for s in game_rules(DEFAULT, game_id) for i in s.items if i.decided)

    def __iter__(self) -> Iterator[str]:
        return iter(PLAYER_GAMES)

    def __len__(self) -> int:
        return len(PLAYER_GAMES)


RULES = _ByGame()
DECIDED = _Decided()

__all__ = ["Item", "Section", "D", "RULES", "DECIDED", "game_rules", "controls", "table_section", "figures"]
