"""Each game's name and one-line description for the picker, per language.

The Forty Thieves variants keep their English names in every language, as
solitaire collections usually do; the parent game has an established German
and Italian name.
"""

from __future__ import annotations

from typing import NamedTuple

from game.catalog import PLAYER_GAMES, get_spec

from .ui import DEFAULT


class GameText(NamedTuple):
    name: str
    description: str


GAMES: dict[str, dict[str, GameText]] = {
    "reloaded": {
        "en": GameText(
            "Solitaire Reloaded",
            "Klondike played for points: draw one card at a time and outscore your rival on the same deal.",
        ),
        "de": GameText(
            "Solitaire Reloaded",
            "Klondike mit Punktewertung: Der Talon gibt eine Karte nach der anderen, beide spielen dieselben Karten – wer holt mehr Punkte?",
        ),
        "it": GameText(
            "Solitaire Reloaded",
            "Klondike a punti: si pesca una carta alla volta e, con le stesse carte, vince chi fa più punti.",
        ),
    },
    "retinue": {
        "en": GameText(
            "Royal Retinue",
            "Send each face-up card to the pile of its rank and keep the chain going to the last card.",
        ),
        "de": GameText(
            "Das königliche Gefolge",
            "Jede aufgedeckte Karte wandert zum Stapel ihres Rangs – halte die Kette bis zur letzten Karte am Laufen.",
        ),
        "it": GameText(
            "Il seguito reale",
            "Ogni carta scoperta va sulla pila del suo valore: tieni viva la catena fino all'ultima carta.",
        ),
    },
    "solitario": {
        "en": GameText(
            "Solitario",
            "Italian Klondike with 40 cards: three cards per draw, free turn-overs, only a King on an empty column.",
        ),
        "de": GameText(
            "Solitario",
            "Italienisches Klondike mit 40 Karten: drei auf einmal vom Talon, Umdrehen ohne Abzug, nur Könige auf leere Spalten.",
        ),
        "it": GameText(
            "Solitario",
            "Il solitario con 40 carte italiane: si pesca a tre, il mazzetto si rigira gratis, solo un Re nelle colonne vuote.",
        ),
    },
    "forty-thieves": {
        "en": GameText(
            "Forty Thieves",
            "Two decks, ten columns of four, one card at a time: a demanding classic of skill.",
        ),
        "de": GameText(
            "Vierzig Räuber",
            "Zwei Kartenspiele, zehn Spalten zu vier Karten, immer nur eine Karte: ein anspruchsvoller Klassiker.",
        ),
        "it": GameText(
            "Quaranta ladroni",
            "Due mazzi, dieci colonne da quattro, una carta alla volta: un classico che premia l'abilità.",
        ),
    },
    "indian": {
        "en": GameText(
            "Indian",
            "Forty Thieves with columns of three, one card hidden, building in any suit but the card's own.",
        ),
        "de": GameText(
            "Indian",
            "Vierzig Räuber mit Dreierspalten, je einer verdeckten Karte und Anlegen in jeder fremden Farbe.",
        ),
        "it": GameText(
            "Indian",
            "Quaranta ladroni con colonne da tre, una carta coperta in ciascuna e costruzione in un seme diverso.",
        ),
    },
    "limited": {
        "en": GameText(
            "Limited",
            "Forty Thieves spread over twelve columns of three cards.",
        ),
        "de": GameText(
            "Limited",
            "Vierzig Räuber, verteilt auf zwölf Spalten zu drei Karten.",
        ),
        "it": GameText(
            "Limited",
            "Quaranta ladroni su dodici colonne da tre carte.",
        ),
    },
    "little-forty": {
        "en": GameText(
            "Little Forty",
            "Forty Thieves with movable runs, three-card draws and three redeals; builds in any other suit.",
        ),
        "de": GameText(
            "Little Forty",
            "Vierzig Räuber mit beweglichen Folgen, Dreierzügen vom Talon und drei weiteren Durchgängen.",
        ),
        "it": GameText(
            "Little Forty",
            "Quaranta ladroni con sequenze mobili, pescate a tre e tre giri del mazzo in più.",
        ),
    },
    "lucas": {
        "en": GameText(
            "Lucas",
            "Forty Thieves with all eight Aces already home and thirteen columns of three.",
        ),
        "de": GameText(
            "Lucas",
            "Vierzig Räuber mit allen acht Assen schon auf den Fundamenten und dreizehn Spalten zu drei Karten.",
        ),
        "it": GameText(
            "Lucas",
            "Quaranta ladroni con gli otto Assi già sulle basi e tredici colonne da tre.",
        ),
    },
    "maria": {
        "en": GameText(
            "Maria",
            "Nine columns of four, building down in alternating colours.",
        ),
        "de": GameText(
            "Maria",
            "Neun Spalten zu vier Karten, angelegt wird abwechselnd rot und schwarz.",
        ),
        "it": GameText(
            "Maria",
            "Nove colonne da quattro, in cui si scende alternando i colori.",
        ),
    },
    "number-ten": {
        "en": GameText(
            "Number Ten",
            "Alternating colours, runs that move, and two hidden cards at the foot of every column.",
        ),
        "de": GameText(
            "Number Ten",
            "Abwechselnd rot und schwarz, bewegliche Folgen und zwei verdeckte Karten unten in jeder Spalte.",
        ),
        "it": GameText(
            "Number Ten",
            "Colori alterni, sequenze che si spostano e due carte coperte in fondo a ogni colonna.",
        ),
    },
    "rank-and-file": {
        "en": GameText(
            "Rank and File",
            "Alternating colours and movable runs, but only the top card of each column starts face up.",
        ),
        "de": GameText(
            "Rank and File",
            "Abwechselnd rot und schwarz, bewegliche Folgen – doch anfangs ist nur die oberste Karte jeder Spalte offen.",
        ),
        "it": GameText(
            "Rank and File",
            "Colori alterni e sequenze mobili, ma all'inizio è scoperta solo la carta in cima a ogni colonna.",
        ),
    },
    "streets": {
        "en": GameText(
            "Streets",
            "Forty Thieves building down in alternating colours instead of in suit.",
        ),
        "de": GameText(
            "Streets",
            "Vierzig Räuber, aber angelegt wird abwechselnd rot und schwarz statt in derselben Farbe.",
        ),
        "it": GameText(
            "Streets",
            "Quaranta ladroni in cui si scende alternando i colori invece di seguire il seme.",
        ),
    },
    # The classics (RULES.md section 5)
    "klondike-1": {
        "en": GameText(
            "Klondike, draw one",
            "The best-known solitaire: the stock turns one card at a time, undo is free and the clock costs nothing.",
        ),
        "de": GameText(
            "Klondike, eine Karte",
            "Die bekannteste Patience: Der Talon gibt eine Karte nach der anderen, Rückgängig ist frei, und die Zeit kostet nichts.",
        ),
        "it": GameText(
            "Klondike, pesca una",
            "Il solitario più conosciuto: il mazzo si gira una carta alla volta, annullare è gratis e il tempo non costa nulla.",
        ),
    },
    "klondike-3": {
        "en": GameText(
            "Klondike, draw three",
            "Klondike turning three cards at a time, of which only the top one plays: a tougher game.",
        ),
        "de": GameText(
            "Klondike, drei Karten",
            "Klondike mit drei Karten auf einmal vom Talon, von denen nur die oberste spielbar ist – deutlich kniffliger.",
        ),
        "it": GameText(
            "Klondike, pesca tre",
            "Klondike pescando tre carte alla volta, di cui si gioca solo quella in cima: più impegnativo.",
        ),
    },
    "freecell": {
        "en": GameText(
            "FreeCell",
            "All 52 cards face up and four free cells to park them in: with care, almost every deal can be won.",
        ),
        "de": GameText(
            "FreeCell",
            "Alle 52 Karten offen, dazu vier freie Zellen zum Zwischenlagern: Mit Überlegung ist fast jedes Spiel zu gewinnen.",
        ),
        "it": GameText(
            "FreeCell",
            "Tutte le 52 carte scoperte e quattro celle libere dove appoggiarle: ragionando, quasi ogni partita si vince.",
        ),
    },
    "spider-1": {
        "en": GameText(
            "Spider, one suit",
            "104 spades in ten columns: build runs from King down to Ace and they clear themselves away.",
        ),
        "de": GameText(
            "Spider, eine Farbe",
            "104 Pik-Karten in zehn Spalten: Baue Folgen vom König bis zum Ass, dann räumen sie sich von selbst ab.",
        ),
        "it": GameText(
            "Spider, un seme",
            "104 carte di picche in dieci colonne: componi sequenze dal Re all'Asso e se ne vanno da sole.",
        ),
    },
    "spider-2": {
        "en": GameText(
            "Spider, two suits",
            "Spider with spades and hearts: only cards of one suit move together and go home as a run.",
        ),
        "de": GameText(
            "Spider, zwei Farben",
            "Spider mit Pik und Herz: Nur Karten einer Farbe ziehen gemeinsam und wandern als Folge auf die Fundamente.",
        ),
        "it": GameText(
            "Spider, due semi",
            "Spider con picche e cuori: solo le carte dello stesso seme si spostano insieme e salgono sulle basi.",
        ),
    },
    "spider-4": {
        "en": GameText(
            "Spider, four suits",
            "Spider with all four suits of two decks: the hardest of the three.",
        ),
        "de": GameText(
            "Spider, vier Farben",
            "Spider mit allen vier Farben aus zwei Kartenspielen: die schwerste der drei Varianten.",
        ),
        "it": GameText(
            "Spider, quattro semi",
            "Spider con tutti e quattro i semi di due mazzi: il più difficile dei tre.",
        ),
    },
    "yukon": {
        "en": GameText(
            "Yukon",
            "No stock at all: any face-up card moves together with everything on top of it, in order or not.",
        ),
        "de": GameText(
            "Yukon",
            "Ganz ohne Talon: Jede offene Karte zieht mit allem, was auf ihr liegt, ob geordnet oder nicht.",
        ),
        "it": GameText(
            "Yukon",
            "Niente mazzo: ogni carta scoperta si sposta con tutto ciò che ha sopra, in ordine o no.",
        ),
    },
}


def groups(game_ids=PLAYER_GAMES) -> list[tuple[str, tuple[str, ...]]]:
    """The picker's groups, as (heading text key, game ids): the games of no
    family first (the seeds' own), then each family in the catalog's order
    (the Forty Thieves family, the classics). A family shows up as soon as
    one of its games is offered."""
    families: dict = {}
    for game_id in game_ids:
        families.setdefault(get_spec(game_id).family, []).append(game_id)
    out = [("picker.group_other", tuple(families.pop(None, ())))] if None in families else []
    out += [(f"picker.family.{family}", tuple(games)) for family, games in families.items()]
    return out


def game_text(lang: str, game_id: str) -> GameText:
    """Name and description of a game; English if the language is unknown.
    An unknown game raises ``KeyError``."""
    texts = GAMES[game_id]
    return texts.get(lang) or texts[DEFAULT]


def game_name(lang: str, game_id: str) -> str:
    return game_text(lang, game_id).name


def game_description(lang: str, game_id: str) -> str:
    return game_text(lang, game_id).description
