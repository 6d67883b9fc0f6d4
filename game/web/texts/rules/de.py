"""Die Regeln auf Deutsch: dieselben Schlüssel und Felder wie ``en.py``."""

from __future__ import annotations

from .items import D

TITLES = {
    "goal": "Ziel",
    "cards": "Die Karten",
    "layout": "Aufbau",
    "moves": "Karten bewegen",
    "stock_row": "Talon",
    "stock": "Talon und Ablagestapel",
    "foundations": "Fundamente",
    "scoring": "Punkte",
    "undo": "Rückgängig",
    "end": "Spielende",
    "ties": "Gleichstand",
    "controls": "Bedienung",
    "table": "Uhr, Verlassen und Festfahren",
}

NUMBERS = ("keine", "eine", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn", "elf", "zwölf")
AND = " und "

TABLE = {
    "clock": "Die Uhr läuft ab deinem ersten Zug oder dem ersten Ziehen, nicht schon beim Austeilen. Sie "
    "steht still, solange ein Fenster den Tisch verdeckt (diese Regeln, die Spielauswahl, die Statistik, "
    "die Einstellungen) und solange die Seite verborgen ist. Im Duell läuft sie ab dem Annehmen der "
    "Herausforderung (wer herausfordert: ab dem ersten Zug) und hält nie an.",
    "clock_points": "Punkte, die von der Zeit abhängen, richten sich nach dieser Uhr.",
    "leave": "Beginnst du ein neues Spiel, fängst neu an oder wechselst das Spiel, solange dieses mit "
    "mindestens einem Zug noch läuft, zählt es als verloren. Vorher wirst du gefragt (in den Einstellungen lässt sich die "
    "Frage abschalten). Ein Spiel ohne einen einzigen Zug zählt überhaupt nicht.",
    "stall": "Ist kein Zug mehr möglich, bekommst du das gesagt, aber das Spiel ist noch nicht vorbei: Nimm "
    "einen Zug zurück und versuch einen anderen Weg, oder beende das Spiel. Erst dann endet es und wird "
    "gezählt. Im Duell endet es sofort.",
    "stall_no_undo": "Dieses Spiel kennt kein Rückgängig: Ist kein Zug mehr möglich, endet es sofort.",
}

W = {
    "goal": "Ziel ist es, alle {cards} Karten auf die {foundations_w} Fundamente zu bringen – jedes in einer "
    "Farbe vom {ace} bis zum {king}.",
    "goal_aces": "Die {aces_w} Asse liegen von Anfang an auf den Fundamenten; darauf kommen die übrigen "
    "{to_home} Karten, jedes Fundament in einer Farbe bis zum {king}.",
    "goal_runs": "Baue in den Spalten {foundations_w} Folgen vom {king} hinab bis zum {ace}, jede in einer "
    "einzigen Farbe: Jede vollständige Folge wandert auf ein Fundament, und liegen alle {foundations_w} dort, "
    "ist das Spiel gewonnen.",
    "one_suit": "{cards} Karten, alle in einer Farbe ({suit_names}): jede Karte vom {ace} bis zum {king} "
    "{copies_w}mal.",
    "few_suits": "{cards} Karten in {suits_w} Farben ({suit_names}): jede Karte vom {ace} bis zum {king} "
    "{copies_w}mal.",
    "cells": "Dazu kommen {cells_w} freie Zellen, in die jeweils genau eine Karte passt; anfangs sind sie leer.",
    "cell_moves": "Die oberste Karte jeder Spalte darf in eine leere freie Zelle und von dort später in eine "
    "Spalte oder auf ein Fundament.",
    "runs_home": "Liegt oben auf einer Spalte eine vollständige Folge vom {king} bis zum {ace} in einer Farbe, "
    "wandert sie von selbst auf ein Fundament, noch im selben Zug, der sie vollendet hat; ein Rückgängig nimmt "
    "beides zurück. Andere Karten kommen nie auf die Fundamente.",
    "decks": "{Copies_w} vollständige Kartenspiele werden zusammen gemischt: {cards} Karten.",
    "aces": "Vor dem Mischen werden die {aces_w} Asse herausgenommen und auf die Fundamente gelegt.",
    "even": "{columns} Spalten zu je {per_column} Karten, so aufgefächert, dass jede Karte zu sehen ist.",
    "even_down": "{columns} Spalten zu je {per_column} Karten, nach unten aufgefächert.",
    "stairs": "{columns} Spalten mit zusammen {dealt} Karten: In der ersten liegt eine einzige Karte, in jeder "
    "weiteren eine mehr, bis zu {last} in der letzten.",
    "listed": "{columns} Spalten mit {counts} Karten, von links nach rechts.",
    "all_up": "Alle Karten liegen offen.",
    "top_up": "Nur die oberste Karte jeder Spalte ist aufgedeckt.",
    "one_down": "Die unterste Karte jeder Spalte liegt verdeckt, die {up_w} darüber offen.",
    "some_down": "Die untersten {down_w} Karten jeder Spalte liegen verdeckt, die oberen {up_w} offen.",
    "top_n_up": "In jeder Spalte liegen die oberen {most_up_w} Karten offen (in einer kürzeren alle), "
    "die darunter verdeckt.",
    "listed_down": "Verdeckt unten in den Spalten liegen, von links nach rechts: {downs}.",
    "opening_waste": "Von den übrigen {rest} Karten werden {waste_w} offen als Ablagestapel ausgelegt; "
    "die anderen {stock} bilden verdeckt den Talon.",
    "stock_left": "Die übrigen {stock} Karten bilden verdeckt den Talon (Nachziehstapel).",
    "empty_foundations": "Die {foundations_w} Fundamente sind anfangs leer.",
    "runs": "Eine Folge – Karten, die schon nach dieser Regel liegen – lässt sich als Ganzes verschieben, "
    "komplett oder ab einer beliebigen Karte darin.",
    "one_card": "Es wird immer nur eine Karte bewegt; aus einer Spalte ist das ihre oberste.",
    "reveal": "Liegt eine verdeckte Karte oben auf ihrer Spalte, wird sie sofort aufgedeckt.",
    "draw_1": "Ein Klick auf den Talon legt seine oberste Karte offen auf den Ablagestapel.",
    "draw_n": "Ein Klick auf den Talon legt die nächsten {draw} Karten offen auf den Ablagestapel "
    "(sind weniger übrig, entsprechend weniger).",
    "waste": "Nur die oberste Karte des Ablagestapels ist spielbar, jederzeit, auf ein Fundament oder in eine "
    "Spalte; sobald du sie spielst, kommt die darunter wieder zum Vorschein. Auf den Ablagestapel wird nie "
    "eine Karte gelegt.",
    "stock_play": "Die oberste Karte des Talons darfst du auch direkt in eine Spalte oder auf ein Fundament "
    "ziehen: Das ist Ziehen und Ausspielen in einem Zug, und ein Klick auf Rückgängig nimmt beides zurück.",
    "redeal_always": "Ist der Talon leer, dreht ein Klick den Ablagestapel zu einem neuen Talon um – so oft du willst.",
    "no_redeal": "Der Talon wird nur einmal durchgespielt: Ist er aufgebraucht, bleibt er leer.",
    "redeal_n": "Ist der Talon leer, darfst du den Ablagestapel bis zu {redeals}-mal zu einem neuen "
    "Talon umdrehen – insgesamt gehst du den Talon also bis zu {passes}-mal durch.",
    "foundations_one": "Jedes Fundament wird aufsteigend in einer Farbe gebaut, vom {ace} bis zum {king}, "
    "Karte für Karte.",
    "foundations_many": "{Foundations_w} Fundamente, je {copies_w} pro Farbe, werden aufsteigend in ihrer Farbe "
    "gebaut, vom {ace} bis zum {king}, Karte für Karte.",
    "back": "Die oberste Karte eines Fundaments darf zurück in eine Spalte.",
    "stays": "Was auf einem Fundament liegt, bleibt dort und kehrt nie in die Spalten zurück.",
    "no_points": "Dieses Spiel zählt keine Punkte: Es zählt nur, ob du es löst.",
    "aces_score": "Die {aces_w} Asse, die von Anfang an auf den Fundamenten liegen, bringen nichts.",
    "undo_free": "Rückgängig und Wiederholen sind unbegrenzt möglich und kosten nichts.",
    "undo_all": "Du kannst beliebig viele Züge zurücknehmen.",
    "undo_depth": "Du kannst höchstens deine letzten {depth} Züge zurücknehmen. Gemerkt werden nur die {depth} "
    "jüngsten; jeder neue Zug verdrängt den ältesten. Auch Ziehen und Umdrehen zählen als Züge.",
    "undo_cost_none": "Einen Zug zurückzunehmen kostet nichts.",
    "undo_cost_one": "Jedes Rückgängig kostet {undo_cost} Punkt und macht außerdem die Punkte ungeschehen, "
    "die der Zug gebracht oder gekostet hat.",
    "undo_cost_many": "Jedes Rückgängig kostet {undo_cost} Punkte und macht außerdem die Punkte ungeschehen, "
    "die der Zug gebracht oder gekostet hat.",
    "redo": "Einen zurückgenommenen Zug kannst du mit Wiederholen erneut machen.",
    "no_redo": "Wiederholen gibt es nicht.",
    "no_undo": "Rückgängig gibt es nicht – überleg dir jeden Zug gut.",
    "no_undo_forced": "Rückgängig gibt es nicht – jeder Zug ist ohnehin vorgegeben.",
    "won": "Gelöst: Alle {cards} Karten liegen auf den Fundamenten.",
    "stalled": "Festgefahren",
    "stalled_named": "Festgefahren („{word}“)",
    "stall_undo": "Du bekommst einen Hinweis: Im Duell endet das Spiel dann, beim Üben kannst du noch "
    "zurücknehmen (siehe „{table_title}“).",
    "stall_ends": "Ein Hinweis erscheint, und das Spiel endet.",
    "stock_done": "der Talon ist aufgebraucht",
    "stock_done_redeals": "der Talon ist samt aller Durchgänge aufgebraucht",
    "stock_none": "es gibt keinen Talon zum Ziehen",
    "time_up": "Zeit abgelaufen: Hat ein Duell ein Zeitlimit, endet das Spiel, sobald die Zeit um ist.",
    "give_up": "Aufgegeben: Du kannst jederzeit aufhören; die bis dahin erreichten Punkte zählen.",
    "final": "Wie auch immer das Spiel endet: Der Punktestand in diesem Moment ist endgültig; im Duell gewinnt "
    "die höchste Punktzahl.",
    "ties": (
        "Bei Punktgleichheit liegt vorn, wer seinen Endstand bei einer früheren Zugnummer erreicht "
        "hat (jeder Zug zählt den eigenen Zugzähler um 1 hoch).",
        "Hat keiner der Gleichplatzierten überhaupt gezogen, entscheidet das Los.",
        "In einem Duell ohne Zeitlimit spielen bei Gleichstand um Platz 1 alle eine neue "
        "Verteilung, wieder ab null Punkten.",
    ),
    "span": "{first} bis {last}",
    "row": "{where} {piles}",
    "row_n": "in Reihe {n}",
}
ROW_PLACES = {3: ("oben", "in der Mitte", "unten")}

BUILD = {
    "alternate": "In den Spalten wird absteigend und abwechselnd rot und schwarz angelegt: "
    "eine rote 6 auf eine schwarze 7, eine schwarze 6 auf eine rote 7.",
    "same-suit": "In den Spalten wird absteigend in derselben Farbe angelegt: Auf eine Herz-7 passt nur eine Herz-6.",
    "any-suit": "In den Spalten wird absteigend angelegt, die Farbe spielt keine Rolle: Jede 6 passt auf jede 7.",
    "other-suit": "In den Spalten wird absteigend in jeder Farbe außer der eigenen angelegt, ob rot oder "
    "schwarz: Eine Herz-6 passt auf eine Pik-, Kreuz- oder Karo-7, aber nicht auf eine Herz-7.",
}
EMPTY = {
    "king": {
        True: "Auf eine leere Spalte darf nur ein {king} oder eine Folge, die mit einem {king} beginnt.",
        False: "Auf eine leere Spalte darf nur ein {king}.",
        "groups": "Auf eine leere Spalte darf nur ein {king}, samt allem, was auf ihm liegt.",
    },
    "any": {
        True: "Eine leere Spalte nimmt jede Karte auf und auch jede Folge, die sich verschieben lässt.",
        False: "Eine leere Spalte nimmt jede Karte auf.",
    },
}
MOVES = {
    "suit-runs": "Jede oberste Karte darf allein ziehen. Mehrere Karten ziehen nur gemeinsam, wenn sie alle "
    "dieselbe Farbe haben und jede um einen Rang niedriger ist als die, auf der sie liegt.",
    "groups": "Jede offene Karte darf ziehen, und alle Karten auf ihr gehen mit, ganz gleich, in welcher "
    "Reihenfolge sie liegen. Die Karte, die du greifst, muss dorthin passen, wo sie hinkommt.",
}
RUN_LIMIT = {
    "supermove": D(
        "supermove-limit",
        "Wie viele Karten auf einmal ziehen, hängt vom freien Platz ab: eine mehr als leere freie Zellen, "
        "verdoppelt für jede leere Spalte außer der, in die die Karten gehen (3 leere Zellen und 1 leere "
        "Spalte: bis zu 8 Karten). Genau so viele ließen sich auch einzeln über den freien Platz umschichten.",
    ),
}
SHUFFLE = {
    "microsoft": D(
        "microsoft-deals",
        "Die Spielnummern sind die von Microsoft FreeCell: Spiel N ist hier genau dieselbe Verteilung wie "
        "dort Spiel N. Deine bekannten Nummern gelten also weiter, auch die berühmte unlösbare 11982.",
    ),
}
STOCK = {
    "row": (
        "Ein Klick auf den Talon legt auf jede der {columns} Spalten zugleich eine Karte offen, in einem "
        "einzigen Zug: Seine {stock} Karten reichen für {deals} solche Runden.",
        D(
            "deal-no-empty-column",
            "Der Talon teilt nur aus, solange keine Spalte leer ist: Fülle zuerst jede Lücke.",
        ),
    ),
}
STALL = {
    "stock-pass": "{stalled}: Außer Ziehen und Umdrehen ist kein Zug möglich, und auch ein ganzer "
    "Durchgang durch den Talon brächte keinen.",
    "no-move": "{stalled}: Es gibt keinen erlaubten Zug mehr; {stock_done}, und keine Karte kann sich bewegen.",
    "chain-end": "Die Kette endet, wenn eine Karte auf einem Stapel landet, der keine verdeckte Karte mehr "
    "hat. Das geschieht genau dann, wenn die letzte {start} ankommt, denn der {start}er-Stapel hat seine "
    "erste Karte schon zu Beginn hergegeben.",
}
GUARANTEE = {
    "scoring-move": "Jede Verteilung bietet gleich zu Beginn mindestens einen Zug, der Punkte bringt, "
    "und dieselbe Spielnummer ergibt immer dieselbe Verteilung.",
}
CARDS = {
    "italian": (
        "Gespielt wird mit {cards} italienischen Karten. Die Ränge von unten nach oben: Ass (Asso), "
        "2 bis 7, Bube (Fante), Reiter (Cavallo), König (Re).",
        "Neapolitanische und piacentinische Karten tragen in den Ecken Zahlen: Ass 1, Bube 8, Reiter 9, König 10.",
        "Münzen (Denari) und Kelche (Coppe) sind rot, Stäbe (Bastoni) und Schwerter (Spade) schwarz. "
        "Mit französischem Kartenbild erscheinen sie als Karo, Herz, Kreuz und Pik.",
        "Das Kartenbild – Napoletane, Piacentine oder französisch – wählst du in den Einstellungen.",
    ),
}
SCORING = {
    "reloaded": (
        "Kartenwerte: Ass 1, Zahlenkarten nach ihrer Zahl, Bube 11, Dame 12, König 13.",
        "+{reveal}, wenn in einer Spalte eine verdeckte Karte aufgedeckt wird.",
        "+{home_per_rank} × Kartenwert, wenn eine Karte auf ein Fundament kommt (ein König bringt {top_home}).",
        D(
            "home-points-once",
            "Diese Punkte gibt es für jede Karte nur beim ersten Mal: Holst du sie zurück in eine "
            "Spalte und legst sie wieder ab, bringt das nichts mehr.",
        ),
        "+{waste_to_column_per_rank} × Kartenwert, wenn eine Karte vom Ablagestapel in eine Spalte kommt.",
        "−{foundation_to_column}, wenn eine Karte von einem Fundament zurück in eine Spalte geht.",
        "−{redeal} für jedes Umdrehen des Ablagestapels zu einem neuen Talon.",
        "−{undo_cost} für jedes Rückgängig.",
        "−{time_cost} für je volle {time_step} Sekunden Spielzeit.",
        D(
            "solved-bonus-steps",
            "Für ein gelöstes Spiel gibt es {solved} Punkte plus {solved_steps} ÷ Anzahl der Schritte (abgerundet). "
            "Schritte sind die Züge deines endgültigen Spielverlaufs: Ziehen und Umdrehen zählen mit, "
            "zurückgenommene Züge nicht.",
        ),
        D(
            "score-floor-zero",
            "Der Punktestand zeigt nie weniger als 0. Minuspunkte unter null werden aber weiter "
            "mitgezählt: Erst wenn sie wieder ausgeglichen sind, steigt der Stand über 0.",
        ),
    ),
    "solitario": (
        "+{from_waste} für jede Karte, die vom Ablagestapel ausgespielt wird.",
        "+{reveal}, wenn in einer Spalte eine verdeckte Karte aufgedeckt wird.",
        "+{home} für jede Karte, die auf ein Fundament kommt; direkt vom Ablagestapel aufs Fundament "
        "sind es also {waste_home}.",
        "−{off_home} für jede Karte, die von einem Fundament zurückgenommen wird.",
        "Die Zeit selbst kostet keine Punkte.",
    ),
    "forty-thieves": (
        D(
            "five-per-card-home",
            "Jede Karte, die auf ein Fundament kommt, bringt {per_card} Punkte – ein gelöstes Spiel also {best}. "
            "Sonst gibt es weder Plus- noch Minuspunkte.",
        ),
    ),
    "classic": (
        "+{from_waste}, wenn eine Karte vom Ablagestapel in eine Spalte kommt.",
        "+{home}, wenn eine Karte auf ein Fundament kommt.",
        "+{reveal}, wenn in einer Spalte eine verdeckte Karte aufgedeckt wird.",
        "−{off_home}, wenn eine Karte von einem Fundament zurück in eine Spalte geht.",
        "−{turnover} für jedes Umdrehen des Ablagestapels zum Talon.",
        D(
            "klondike-score",
            "Das ist die klassische Klondike-Wertung. Der Stand zeigt nie weniger als 0, doch Minuspunkte "
            "darunter zählen weiter: Sie müssen erst wieder hereingeholt werden.",
        ),
    ),
    "freecell": (
        D(
            "ten-per-card-home",
            "Jede Karte, die auf ein Fundament kommt, bringt {per_card} Punkte, ein gelöstes Spiel also {best}; "
            "sonst ändert nichts den Punktestand.",
        ),
    ),
    "spider": (
        "Der Punktestand beginnt bei {start_points}.",
        "Jeder Zug kostet {per_move} Punkt, auch das Austeilen vom Talon.",
        "Jede vollständige Folge, die auf ein Fundament wandert, bringt {per_run} Punkte.",
        D(
            "undo-costs-one",
            "Ein Rückgängig nimmt den Zug samt seinen Punkten zurück und kostet trotzdem selbst {undo_cost} Punkt.",
        ),
    ),
    "retinue": (
        "Jede abgelegte Karte bringt {per_rank} × ihren Rang: Ass {rank_1}, eine 2 bringt {rank_2} und so weiter bis "
        "{rank_10} für die 10, Bube {rank_11}, Dame {rank_12}, König {rank_13}.",
        "Liegen alle vier Karten eines Rangs bei ihrem Stapel, gibt es einen Zuschlag: {row_bonus_1} Punkte "
        "in der oberen Reihe ({row_1}), {row_bonus_2} in der mittleren ({row_2}), {row_bonus_3} in der "
        "unteren ({row_3}).",
        D(
            "bonus-falls-5-per-second",
            "Dazu kommt ein Zeitbonus von {time_bonus} Punkten, der ab Spielbeginn schrumpft: um {bonus_drop} "
            "Punkte je volle Sekunde, bis er bei 0 ankommt. Was davon übrig ist, bekommst du nur, wenn alle "
            "{cards} Karten abgelegt sind.",
        ),
        "Höchstens sind {best} Punkte möglich.",
    ),
}
LABELLED = {
    "goal": "Ziel ist es, jede Karte auf den Stapel ihres Rangs zu bringen – eine nach der anderen, "
    "bis alle {cards} abgelegt sind.",
    "dealt": "Die {cards} Karten werden verdeckt auf {columns} Stapel zu je {per_pile} Karten verteilt. Jeder "
    "Stapel ist mit einem Rang beschriftet: {label_names}.",
    "rows": D("layout-rows", "Die Stapel liegen in {rows_w} Reihen: {rows}."),
    "start": D(
        "start-pile-8",
        "Zu Beginn wird die oberste Karte des {start}er-Stapels aufgedeckt, der in der Mitte der Auslage liegt.",
    ),
    "moves": (
        "Es gibt immer genau eine offene Karte, die gespielt werden muss. Zieh sie auf den Stapel "
        "mit ihrem Rang; die Farbe spielt keine Rolle.",
        "Die Karte wird offen unter diesem Stapel angelegt, und seine oberste verdeckte Karte wird "
        "aufgedeckt – sie ist als Nächste dran.",
        "Beispiel: Die offene Karte ist eine 9. Sie kommt zum 9er-Stapel, und dort wird die nächste Karte aufgedeckt.",
        D(
            "wrong-pile-no-penalty",
            "Legst du die Karte auf einen falschen Stapel, wird sie abgewiesen und springt zurück – ohne Strafe.",
        ),
    ),
    "won": "Sind bis dahin alle {cards} Karten abgelegt, hast du gewonnen. Andernfalls ist das Spiel "
    "verloren, und die bis dahin erzielten Punkte zählen.",
}

OWN = {
    "classics": {
        "time": D("relaxed-play", "Zeit kostet keine Punkte: Die Uhr läuft nur für deine Statistik."),
    },
    "yukon": {
        "scoring": (
            D(
                "yukon-score",
                "Gezählt wird wie bei Klondike, nur ohne die Punkte für Ablagestapel und Talon.",
            ),
            "+{home}, wenn eine Karte auf ein Fundament kommt.",
            "+{reveal}, wenn in einer Spalte eine verdeckte Karte aufgedeckt wird.",
            "−{off_home}, wenn eine Karte von einem Fundament zurück in eine Spalte geht.",
            "Der Stand zeigt nie weniger als 0, doch Minuspunkte darunter zählen weiter: Sie müssen erst "
            "wieder hereingeholt werden.",
        ),
    },
    "reloaded": {
        "goal_more": "Gedacht ist das Spiel als Duell: Beide bekommen dieselbe Verteilung, "
        "und die höhere Punktzahl gewinnt.",
    },
    "solitario": {
        "redeal": D(
            "free-unlimited-redeal",
            "Ist der Talon leer, dreht ein Klick den Ablagestapel zu einem neuen Talon um – "
            "so oft du willst und ohne Punktabzug.",
        ),
    },
}
