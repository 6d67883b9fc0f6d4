"""Each game's name and one-line description for the picker, per language.

The Forty Thieves variants keep their English names in every language, as
solitaire collections usually do; the parent game has an established German
and Italian name.
"""

from __future__ import annotations

from typing import NamedTuple

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
}


def game_text(lang: str, game_id: str) -> GameText:
    """Name and description of a game; English if the language is unknown.
    An unknown game raises ``KeyError``."""
    texts = GAMES[game_id]
    return texts.get(lang) or texts[DEFAULT]


def game_name(lang: str, game_id: str) -> str:
    return game_text(lang, game_id).name


def game_description(lang: str, game_id: str) -> str:
    return game_text(lang, game_id).description
