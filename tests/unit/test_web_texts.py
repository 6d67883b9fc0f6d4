"""The app's words: complete in English, German and Italian, consistent with
RULES.md and the engine, plain text, and written fresh (no seed sentences)."""

from __future__ import annotations

import os
import re
import string
from pathlib import Path

import pytest

from game import scoring
from game.cards import FRENCH, FRENCH_2, ITALIAN
from game.catalog import ALL_PLAYER_GAMES, PLAYER_GAMES, get_spec
from game.web import texts
from game.web.texts import card_name, pick_language, pile_label, pile_name, t, ui
from game.web.texts import cards as card_texts
from game.web.texts import games as game_texts
from game.web.texts import rules as rule_texts

LANGS = ("en", "de", "it")
ROOT = Path(__file__).resolve().parents[2]
# The shared project documents live beside the repository (override with SOLITAIRE_SHARED).
SHARED = Path(os.environ.get("SOLITAIRE_SHARED", ROOT.parent / "shared"))


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def all_texts() -> list[tuple[str, str]]:
    """(where, text) for every word the app shows."""
    out = [(f"ui {lang} {key}", text) for lang in LANGS for key, text in ui.UI[lang].items()]
    for game, by_lang in game_texts.GAMES.items():
        for lang, gt in by_lang.items():
            out += [(f"{game} {lang} name", gt.name), (f"{game} {lang} description", gt.description)]
    for lang, titles in rule_texts.SECTION_TITLES.items():
        out += [(f"section title {lang} {k}", v) for k, v in titles.items()]
    for game in ALL_PLAYER_GAMES:  # the games the page does not offer yet too
        for lang in LANGS:
            for s in rule_texts.game_rules(lang, game):
                out += [(f"{game} {lang} rules {s.key}", i.text) for i in s.items]
    for deck in (FRENCH, ITALIAN):
        for lang in LANGS:
            out += [(f"card {lang} {c}", card_name(lang, c, deck.name)) for c in deck.cards]
            out.append((f"card {lang} face down", card_name(lang, "as", deck.name)))
    return out


def rules_text(lang: str, game: str) -> str:
    return "\n".join(i.text for s in texts.game_rules(lang, game) for i in s.items)


# --- UI strings --------------------------------------------------------------------------


def test_every_ui_key_exists_in_every_language_with_the_same_params():
    keys = set(ui.EN)
    for lang in LANGS:
        table = ui.UI[lang]
        assert set(table) == keys, f"{lang}: missing {sorted(keys - set(table))}, extra {sorted(set(table) - keys)}"
        for key in keys:
            assert table[key].strip(), f"{lang} {key} is empty"
            assert fields(table[key]) == fields(ui.EN[key]), f"{lang} {key}: params differ from English"


@pytest.mark.parametrize(
    "key",
    [
        "action.new_deal",
        "action.restart",
        "action.give_up",
        "action.rules",
        "action.settings",
        "action.statistics",
        "action.undo",
        "action.undo_left",
        "action.redo",
        "action.draw",
        "action.hint",
        "hud.score",
        "hud.time",
        "hud.moves",
        "hud.time_penalty",
        "hud.bonus",
        "end.won_title",
        "end.stalled_title",
        "end.time_up_title",
        "end.resigned_title",
        "end.next",
        "settings.language",
        "settings.faces_french",
        "settings.faces_napoletane",
        "settings.faces_piacentine",
        "settings.back",
        "settings.animations",
        "error.unknown_game",
        "error.bad_seed",
        "error.bad_position",
        "error.illegal_move",
        "error.storage",
        "keys.arrows",
        "keys.pick",
        "keys.cancel",
        "keys.draw",
        "keys.undo",
        "keys.redo",
        "aria.stock",
        "aria.waste",
        "aria.foundation",
        "aria.column",
        "aria.retinue_pile",
        "aria.face_down",
        "picker.title",
        "app.title",
    ],
)
def test_the_screens_have_their_words(key):
    assert all(key in ui.UI[lang] for lang in LANGS)


def test_end_notices_give_the_final_score():
    for lang in LANGS:
        for key in ("end.won_body", "end.stalled_body", "end.chain_body", "end.time_up_body", "end.resigned_body"):
            assert "score" in fields(ui.UI[lang][key]), (lang, key)
    assert t("it", "end.stalled_title") == "Stallo"


@pytest.mark.parametrize("lang", LANGS)
def test_the_guide_names_the_tools_as_their_buttons_read(lang):
    """The first-visit guide names Hint and Undo by fields that the page
    fills with the buttons' own labels (ui.TOOL_NAMES: the toolbar's and
    the phone's), never by a word of its own; and its Back button reads as
    no tool of the toolbar."""
    for key in ("guide.help_title", "guide.help_body", "guide.help_body_no_undo"):
        text = ui.UI[lang][key]
        assert fields(text) == set(ui.TOOL_NAMES), (key, text)
        bare = text.format_map(dict.fromkeys(ui.TOOL_NAMES, ""))
        for label in (label for labels in ui.TOOL_NAMES.values() for label in labels):
            assert ui.UI[lang][label] not in bare, (key, label)  # not named again in words
    labels = {text for key, text in ui.UI[lang].items() if key.startswith("tool.")}
    assert ui.UI[lang]["guide.back"] not in labels | {ui.UI[lang]["action.undo"], ui.UI[lang]["action.redo"]}


def test_t_formats_params_and_falls_back(monkeypatch):
    assert t("de", "app.deal_info", number=7) == "Spiel Nr. 7"
    assert t("en", "action.undo_left", count=2) == "Undo (2 left)"
    assert t("it", "aria.foundation", n=3) == "Base 3"
    assert t("de", "aria.column", n=5) == "Spalte 5"
    assert t("fr", "action.undo") == "Undo"  # unknown language: English
    monkeypatch.setitem(ui.EN, "test.only_english", "Hello {name}")
    assert t("de", "test.only_english", name="Ada") == "Hello Ada"  # missing key: English
    assert t("it", "no.such.key") == "no.such.key"
    assert t("en", "aria.pile_many", pile="Stock") == "Stock, {count} cards"  # a missing param stays visible
    assert t("en", "aria.column") == "Column {n}"


@pytest.mark.parametrize(
    "prefs, lang",
    [
        (["de-AT", "en"], "de"),
        (["fr-FR", "it-CH", "de"], "it"),
        (["EN-us"], "en"),
        (["de_DE"], "de"),
        ("de-AT,de;q=0.9,en;q=0.8", "de"),
        (["it;q=0.5"], "it"),
        (["fr", "es"], "en"),
        ([], "en"),
        (None, "en"),
        (["", None, 7, "de"], "de"),
    ],
)
def test_pick_language(prefs, lang):
    assert pick_language(prefs) == lang


def test_pile_names_and_counts():
    assert pile_name("en", "stock") == "Stock"
    assert pile_name("de", "waste") == "Ablagestapel"
    assert pile_name("it", "waste") == "Mazzetto"
    assert pile_name("en", "f3") == "Foundation 3"
    assert pile_name("de", "t5") == "Spalte 5"
    assert pile_name("en", "t11", retinue_label="J") == "Pile J"
    assert pile_label("en", "Column 5", 0) == "Column 5, empty"
    assert pile_label("de", "Talon", 1) == "Talon, 1 Karte"
    assert pile_label("it", "Colonna 2", 3) == "Colonna 2: 3 carte"
    with pytest.raises(ValueError):
        pile_name("en", "x9")


# --- card names ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "lang, code, deck, name",
    [
        ("en", "QH", "french-52", "Queen of hearts"),
        ("de", "QH", "french-52", "Herz-Dame"),
        ("it", "QH", "french-52", "Donna di cuori"),
        ("en", "TS", "french-104", "10 of spades"),
        ("de", "AC", "french-52", "Kreuz-Ass"),
        ("it", "JD", "french-52", "Fante di quadri"),
        ("en", "QH", "italian-40", "Knight of cups"),
        ("de", "QH", "italian-40", "Reiter der Kelche"),
        ("it", "QH", "italian-40", "Cavallo di coppe"),
        ("it", "AD", "italian-40", "Asso di denari"),
        ("it", "KC", "italian-40", "Re di bastoni"),
        ("it", "JS", "italian-40", "Fante di spade"),
        ("en", "7D", "italian-40", "7 of coins"),
        ("de", "KS", "italian-40", "König der Schwerter"),
        ("en", "qh", "french-52", "Face-down card"),
        ("de", "qh", "italian-40", "Verdeckte Karte"),
        ("it", "2s", "french-104", "Carta coperta"),
        ("xx", "KH", "french-52", "King of hearts"),
    ],
)
def test_card_name(lang, code, deck, name):
    assert card_name(lang, code, deck) == name


def test_every_card_has_a_distinct_name():
    for deck in (FRENCH, ITALIAN):
        for lang in LANGS:
            names = [card_name(lang, c, deck.name) for c in deck.cards]
            assert len(set(names)) == deck.size, (lang, deck.name)
    assert card_name("en", FRENCH_2.cards[-1], FRENCH_2.name) == "King of clubs"


@pytest.mark.parametrize(
    "code, deck",
    [
        ("8D", "italian-40"),
        ("TS", "italian-40"),
        ("XX", "french-52"),
        ("QHX", "french-52"),
        ("", "french-52"),
        (None, "french-52"),
    ],
)
def test_card_name_refuses_what_is_no_card(code, deck):
    with pytest.raises(ValueError):
        card_name("en", code, deck)


def test_rank_and_suit_names():
    assert texts.rank_name("de", "Q") == "Dame"
    assert texts.rank_name("it", "Q", "italian-40") == "Cavallo"
    assert texts.rank_name("en", "10") == "10"
    assert texts.suit_name("de", "D", "italian-40") == "Münzen"
    assert texts.suit_name("it", "C") == "fiori"


# --- games and rules --------------------------------------------------------------------------


def test_every_game_has_name_description_and_rules_in_every_language():
    """Every game a player can play: the classics have their words before the page offers them."""
    assert set(game_texts.GAMES) == set(ALL_PLAYER_GAMES)
    assert set(rule_texts.RULES) == set(PLAYER_GAMES)
    for game in ALL_PLAYER_GAMES:
        for lang in LANGS:
            gt = game_texts.GAMES[game][lang]
            assert gt.name.strip() and gt.description.strip()
            sections = rule_texts.game_rules(lang, game)
            keys = [s.key for s in sections]
            for needed in ("goal", "layout", "moves", "scoring", "undo", "end"):
                assert needed in keys, (game, lang, needed)
            assert all(s.title and s.items and all(i.text.strip() for i in s.items) for s in sections)
            # The same sections, in the same order, in every language.
            assert keys == [s.key for s in rule_texts.game_rules("en", game)]
    assert texts.game_name("de", "retinue") == "Das königliche Gefolge"
    assert texts.game_name("fr", "forty-thieves") == "Forty Thieves"
    assert texts.game_rules("fr", "maria") == texts.game_rules("en", "maria")


def test_names_agree_with_the_catalog():
    for game in ALL_PLAYER_GAMES:
        assert game_texts.GAMES[game]["en"].name == get_spec(game).name


def test_every_decided_point_is_stated_in_every_language():
    """Every game a player can play, the ones the page does not offer yet too
    (the classics), so their rules are ready the moment they are offered."""
    assert set(rule_texts.DECIDED) == set(PLAYER_GAMES)
    assert set(CLASSICS) <= set(ALL_PLAYER_GAMES)
    for game in ALL_PLAYER_GAMES:
        wanted = set(rule_texts.DECIDED[game])
        for lang in LANGS:
            marked = [i.decided for s in rule_texts.RULES[game][lang] for i in s.items if i.decided]
            assert set(marked) == wanted, (
                f"{game} {lang}: missing {wanted - set(marked)}, unknown {set(marked) - wanted}"
            )


def test_the_picker_groups_the_games_a_newcomer_looks_for():
    """The seeds' own games, then the Forty Thieves family, then the classics,
    each in the catalog's order; a group appears once one of its games is
    offered (the classics, while the page offers none of them, make no empty
    group), and every heading has its words."""
    today = game_texts.groups()
    assert [key for key, _ in today][:2] == ["picker.group_other", "picker.family.forty-thieves"]
    assert today[0][1] == ("reloaded", "retinue", "solitario")
    assert today[1][1] == FORTY
    assert [g for _, games in today for g in games] == list(PLAYER_GAMES)  # each game once, none lost
    offered = game_texts.groups(ALL_PLAYER_GAMES)  # as soon as the page offers the classics
    assert [key for key, _ in offered] == [
        "picker.group_other",
        "picker.family.forty-thieves",
        "picker.family.classics",
    ]
    assert offered[2][1] == CLASSICS
    assert game_texts.groups(("yukon", "maria")) == [
        ("picker.family.classics", ("yukon",)),
        ("picker.family.forty-thieves", ("maria",)),
    ]
    for key, _ in offered:
        assert t("en", key) != key
        assert t("de", key) != t("en", key) != t("it", key), key  # written in each language, not left English


# Every "(decided …)" marker of RULES.md: a phrase just before it, the games
# it belongs to, and the decision id the rules texts use for it.
# The Forty Thieves family, as the catalog names it (RULES.md section 4).
FORTY = tuple(g for g in PLAYER_GAMES if get_spec(g).family == "forty-thieves")
CLASSICS = ("klondike-1", "klondike-3", "freecell", "spider-1", "spider-2", "spider-4", "yukon")
# Every game that has undo: a stall is a notice there (RULES.md "Game over, everywhere").
WITH_UNDO = tuple(g for g in ALL_PLAYER_GAMES if get_spec(g).has_undo)
SPIDERS = ("spider-1", "spider-2", "spider-4")
MARKERS = [
    ("a history 3 deep", ("reloaded",), "undo-depth-3"),
    ("it never shows below 0", ("reloaded",), "score-floor-zero"),
    ("moving a card back and forth earns nothing", ("reloaded",), "home-points-once"),
    ("draws and turn-overs count; undone moves don't", ("reloaded",), "solved-bonus-steps"),
    ("labelled with a rank. Layout", ("retinue",), "layout-rows"),
    ("centre of the layout", ("retinue",), "start-pile-8"),
    ("wrong pile is refused with a clear cue, no penalty", ("retinue",), "wrong-pile-no-penalty"),
    ("falls by 5 points per full second of play to 0", ("retinue",), "bonus-falls-5-per-second"),
    ("unlimited, no penalty", ("solitario",), "free-unlimited-redeal"),
    ("takes only a Re (King) or a run headed by one", ("solitario",), "empty-column-re"),
    ("+5 per card put on a foundation", FORTY, "five-per-card-home"),
    ("Undo and redo: unlimited, free", FORTY, "free-undo-redo"),
    ("`little-forty` | 10 × 4 | 0 | any suit but its own", ("little-forty",), "build-other-suit"),
    # Sections about every game (no game id in their heading).
    ("a stall in a game that has undo is a notice, not yet the end", WITH_UNDO, "stall-notice-undo"),
    ("Clock", ALL_PLAYER_GAMES, "clock-first-action"),
    # The classics (RULES.md section 5).
    ("no score depends on time (the clock is shown, for statistics only)", CLASSICS, "relaxed-play"),
    ("the classic standard, never below 0", ("klondike-1", "klondike-3"), "klondike-score"),
    ("favourite numbers (and the famous unsolvable 11982) carry over", ("freecell",), "microsoft-deals"),
    ("the same as doing it card by card", ("freecell",), "supermove-limit"),
    ("+10 per card put on a foundation", ("freecell",), "ten-per-card-home"),
    ("and only when no column is empty", SPIDERS, "deal-no-empty-column"),
    ("undo takes the step back and still costs 1", SPIDERS, "undo-costs-one"),
    ("as Klondike without the waste and stock items", ("yukon",), "yukon-score"),
]


def _flat(text: str) -> str:
    return " ".join(text.replace("**", "").split())


def test_every_decided_marker_of_rules_md_has_an_id():
    path = SHARED / "RULES.md"
    if not path.exists():
        pytest.skip(f"{path} not found (set SOLITAIRE_SHARED)")
    text = path.read_text(encoding="utf-8")
    # Sections and their sub-sections; the introduction only explains the marker.
    parts = re.split(r"^###? ", text, flags=re.MULTILINE)[1:]
    section_games = []
    for part in parts:
        heading = part.splitlines()[0]
        ids = re.findall(r"`([a-z0-9-]+)`", heading)
        if "Forty Thieves family" in heading:
            section_games.append(FORTY)
        elif "The classics" in heading:
            section_games.append(CLASSICS)
        else:
            section_games.append(tuple(ids) or ALL_PLAYER_GAMES)  # no id: a rule of every game
    found = []
    for part, games in zip(parts, section_games):
        last = 0
        for m in re.finditer(r"\*\*\(decided[^)]*\)\*\*", part):
            context = _flat(part[last : m.start()])[-160:]
            last = m.end()
            hits = [entry for entry in MARKERS if _flat(entry[0]) in context]
            assert len(hits) == 1, f"RULES.md marker after …{context[-80:]!r} matches {len(hits)} entries"
            phrase, for_games, decided = hits[0]
            assert set(for_games) <= set(games), (phrase, games)
            found.append(phrase)
    assert sorted(found) == sorted(p for p, _, _ in MARKERS), "each marker once, each entry used"
    # A game's decided points are in its rules, whether the page offers it yet or not.
    for _, for_games, decided in MARKERS:
        for game in for_games:
            assert decided in rule_texts.DECIDED[game], (game, decided)


def numbers(text: str) -> set[int]:
    return {int(re.sub(r"[.,]", "", n)) for n in re.findall(r"\d+(?:[.,]\d{3})+|\d+", text)}


def required_numbers(game: str) -> set[int]:
    spec = get_spec(game)
    if game == "reloaded":
        return {
            spec.card_count,
            spec.columns,
            spec.card_count - 28,
            spec.undo_depth,
            spec.undo_cost,
            scoring.RELOADED_REVEAL,
            scoring.RELOADED_HOME_PER_RANK,
            scoring.RELOADED_WASTE_TO_COLUMN_PER_RANK,
            -scoring.RELOADED_FOUNDATION_TO_COLUMN,
            -scoring.RELOADED_REDEAL,
            scoring.RELOADED_TIME_STEP,
            -scoring.RELOADED_TIME_COST,
            scoring.RELOADED_SOLVED,
            scoring.RELOADED_SOLVED_STEPS,
            11,
            12,
            13,
        }
    if game == "retinue":
        return {
            spec.card_count,
            spec.columns,
            4,
            spec.start_pile,
            scoring.RETINUE_PER_RANK,
            130,
            *scoring.RETINUE_ROW_BONUS,
            scoring.RETINUE_TIME_BONUS,
            scoring.RETINUE_BONUS_DROP,
            7890,
        }
    if game == "solitario":
        return {
            spec.card_count,
            spec.columns,
            28,
            12,
            spec.draw,
            9,
            scoring.SOLITARIO_FROM_WASTE,
            scoring.SOLITARIO_REVEAL,
            scoring.SOLITARIO_HOME,
            -scoring.SOLITARIO_OFF_HOME,
            scoring.SOLITARIO_FROM_WASTE + scoring.SOLITARIO_HOME,
        }
    if spec.family == "classics":  # RULES.md section 5
        need = {spec.card_count, spec.columns}
        scheme = spec.scoring.scheme.figures(spec)
        if spec.shuffle == "microsoft":
            need |= {11982, scoring.FREECELL_HOME, scoring.FREECELL_HOME * 52}
        elif spec.stock == "row":
            need |= {6, 5, 50, scoring.SPIDER_START, -scoring.SPIDER_MOVE, scoring.SPIDER_RUN_HOME, spec.undo_cost}
        else:
            need |= {scoring.CLASSIC_HOME, scoring.CLASSIC_REVEAL, -scoring.CLASSIC_OFF_HOME}
        if spec.has_stock and spec.stock == "waste":
            need |= {spec.draw, spec.redeal_cost, scoring.CLASSIC_FROM_WASTE, 24}
        assert set(scheme.values()) <= need | {0}, (game, scheme)
        return need
    # The Forty Thieves family: every figure read from the catalog's spec.
    (down, up), *_ = spec.deal
    aces = 8 if spec.aces_on_foundations else 0
    stock = spec.card_count - aces - sum(a + b for a, b in spec.deal)
    need = {spec.card_count, spec.columns, down + up, stock, scoring.FORTY_HOME, scoring.FORTY_HOME * (104 - aces)}
    if aces:
        need.add(spec.card_count - aces)
    if spec.redeals:
        need |= {spec.draw, spec.redeals, spec.redeals + 1}
    return need


def test_rules_state_the_engine_numbers_and_the_same_numbers_in_every_language():
    # Lucas' figures: 13 columns of 3 and a stock of 57 after 8 Aces go home.
    lucas = rule_texts.figures("en", get_spec("lucas"))
    assert (lucas["stock"], lucas["best"], lucas["to_home"]) == (57, 480, 96)
    # Royal Retinue's maximum: every card, every pile bonus, the whole time bonus.
    assert 4 * 10 * sum(range(1, 14)) + sum(scoring.RETINUE_ROW_BONUS) + scoring.RETINUE_TIME_BONUS == 7890
    for game in ALL_PLAYER_GAMES:
        english = numbers(rules_text("en", game))
        missing = required_numbers(game) - english
        assert not missing, f"{game}: the rules never mention {sorted(missing)}"
        for lang in LANGS:
            assert numbers(rules_text(lang, game)) == english, f"{game} {lang}: numbers differ from English"


def test_rules_texts_are_finished():
    for game in ALL_PLAYER_GAMES:
        for lang in LANGS:
            text = rules_text(lang, game)
            assert not fields(text), f"{game} {lang}: unfilled {fields(text)}"


# --- plain text, written fresh -------------------------------------------------------------


def test_no_markup_and_tidy_spacing():
    markup = re.compile(r"<[A-Za-z/!]|&(?:[A-Za-z]+|#\d+|#x[0-9A-Fa-f]+);|\*\*|`")
    for where, text in all_texts():
        assert not markup.search(text), f"{where}: looks like markup: {text!r}"
        assert text == text.strip() and "  " not in text, f"{where}: stray spaces: {text!r}"


def _normal(text: str) -> str:
    text = text.lower().replace("’", "'").replace("\u00a0", " ")
    return " ".join(re.sub(r"[^\w' ]+", " ", text).split())


def _seed_sentences() -> list[str]:
    seeds = SHARED / "seeds"
    if not seeds.is_dir():
        pytest.skip(f"{seeds} not found (set SOLITAIRE_SHARED)")
    out = []
    for path in sorted(seeds.iterdir()):
        raw = path.read_text(encoding="utf-8")
        for piece in re.split(r"(?<=[.!?;:])\s+|\n+", raw):
            sentence = _normal(piece)
            if len(sentence) > 40:
                out.append(sentence)
    assert out, "no seed sentences read"
    return out


def copied_from_seeds(pieces: list[tuple[str, str]], n: int = 8) -> list[str]:
    """What in ``pieces`` repeats the seeds: a whole seed sentence (normalised,
    over 40 characters) or, stricter, a run of ``n`` words in a row."""
    sentences = _seed_sentences()
    seed_grams = set()
    for sentence in sentences:
        words = sentence.split()
        seed_grams |= {tuple(words[i : i + n]) for i in range(len(words) - n + 1)}
    found = []
    everything = "\n".join(_normal(text) for _, text in pieces)
    found += [f"sentence: {s!r}" for s in sentences if s in everything]
    for where, text in pieces:
        words = _normal(text).split()
        found += [
            f"{where}: {' '.join(words[i : i + n])!r}"
            for i in range(len(words) - n + 1)
            if tuple(words[i : i + n]) in seed_grams
        ]
    return found


def test_no_seed_sentence_or_long_phrase_is_copied():
    copied = copied_from_seeds(all_texts())
    assert not copied, "taken from the seeds: " + "; ".join(copied[:5])


def test_the_seed_check_catches_a_copy():
    """The check itself works: a seed sentence, or eight of its words, is found."""
    sentence = ("ui", "Oh: Non è consentito spostare una carta sul mazzetto! Really.")
    phrase = ("ui", "Hier: die Karten in jeder Spalte sollten sich überlappen, so weit.")
    assert any(c.startswith("sentence:") for c in copied_from_seeds([sentence]))
    assert copied_from_seeds([phrase])
    assert not copied_from_seeds([("ui", "Columns build down in alternating colours.")])


# --- the short index of small cards and tight fans (issue 12) -----------------------------


def test_short_index_follows_the_face_set_and_the_language():
    from game.web.texts.cards import index_rank, index_suit

    # French faces: each language's letters; German B, D, K (Bube, Dame, König).
    assert [index_rank("en", r) for r in "AJQK"] == ["A", "J", "Q", "K"]
    assert [index_rank("de", r) for r in "AJQK"] == ["A", "B", "D", "K"]
    assert [index_rank("it", r) for r in "AJQK"] == ["A", "J", "Q", "K"]
    assert index_rank("de", "T") == index_rank("de", "10") == "10"
    # Italian faces are numbered 1 to 10 in every language, as their corners are.
    for lang in LANGS:
        for faces in ("napoletane", "piacentine"):
            assert [index_rank(lang, r, faces) for r in "A234567JQK"] == [str(n) for n in range(1, 11)]
    # Suit signs: French symbols on French faces; Italian faces draw their own.
    assert [index_suit(s) for s in "SHDC"] == ["\u2660", "\u2665", "\u2666", "\u2663"]
    assert index_suit("D", "napoletane") == "" and index_suit("S", "piacentine") == ""
    with pytest.raises(ValueError):
        index_rank("en", "X")


def test_the_page_without_scripts_says_why_in_every_language():
    """index.html's <noscript> line is written out in each language (no script
    can choose one there): the same words as the texts' loading.needs_js."""
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    blocks = "".join(re.findall(r"<noscript>(.*?)</noscript>", html, re.S))
    lines = dict(re.findall(r'<p lang="(\w+)">([^<]*)</p>', blocks))
    assert lines == {lang: t(lang, "loading.needs_js") for lang in LANGS}


@pytest.mark.parametrize("lang", LANGS)
def test_royal_retinues_rules_name_the_piles_by_the_letters_on_the_table(lang):
    """The table labels Royal Retinue's piles with the player's own index
    letters (German B, D, K); the rules' rows of piles use the same ones."""
    letters = [card_texts.index_rank(lang, r) for r in "AJQK"]
    text = rules_text(lang, "retinue")
    assert " ".join(letters[1:]) in text  # the bottom row, as the table shows it
    foreign = {"J", "Q"} - set(letters)
    assert not any(re.search(rf"\b{x}\b", text) for x in foreign), foreign


@pytest.mark.parametrize("lang", LANGS)
def test_solitarios_rules_say_which_numbers_the_italian_faces_print(lang):
    """Napoletane and Piacentine faces print 1, 8, 9, 10 on the Ace and the
    three court cards; a hint names them (Jack, Knight, King), so the rules
    say which number each shows."""
    text = rules_text(lang, "solitario")
    for rank, number in (("A", "1"), ("J", "8"), ("Q", "9"), ("K", "10")):
        assert card_texts.index_rank(lang, rank, "napoletane") == number
        assert re.search(rf"{re.escape(card_name(lang, rank + 'D', ITALIAN.name).split()[0])} {number}\b", text)


@pytest.mark.parametrize("lang", LANGS)
def test_the_forty_family_rules_say_the_stock_card_plays_straight_where_it_does(lang):
    """RULES.md: the stock's top card may be played directly (a draw and a
    move in one); Little Forty, drawing three, does not allow it."""
    assert "little-forty" in FORTY and len(FORTY) == 9
    for game in FORTY:
        said = rule_texts.words(lang).W["stock_play"] in rules_text(lang, game)
        assert said is get_spec(game).stock_play, game
