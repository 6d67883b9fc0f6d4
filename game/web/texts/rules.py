"""The in-app rules of every game, in English, German and Italian.

``game_rules(lang, game_id)`` gives a tuple of ``Section``s (goal, layout, moving
cards, …), each a tuple of ``Item``s. An item that states one of the project's
own decisions (RULES.md, "(decided)") carries that decision's id in
``decided``, so the page can mark it and a test can check that every decision
is told to players in every language. ``DECIDED`` lists the ids per game; it
also holds the end-of-game stall rule each game implements, which players
must know as well.

The Forty Thieves family is written once per language and filled in from
``FORTY_VARIANTS``, the same figures as the catalog (a test compares them).
"""

from __future__ import annotations

from typing import NamedTuple

from game.catalog import get_spec

from .ui import DEFAULT, t


class Item(NamedTuple):
    text: str
    decided: str | None = None


class Section(NamedTuple):
    key: str  # goal | cards | layout | moves | stock | foundations | scoring | undo | end | ties | controls | table
    title: str
    items: tuple[Item, ...]


SECTION_TITLES = {
    "en": {
        "goal": "Goal",
        "cards": "The cards",
        "layout": "Layout",
        "moves": "Moving cards",
        "stock": "Stock and waste",
        "foundations": "Foundations",
        "scoring": "Scoring",
        "undo": "Undo",
        "end": "End of the game",
        "ties": "Ties",
        "controls": "Controls",
        "table": "Clock, leaving and stalls",
    },
    "de": {
        "goal": "Ziel",
        "cards": "Die Karten",
        "layout": "Aufbau",
        "moves": "Karten bewegen",
        "stock": "Talon und Ablagestapel",
        "foundations": "Fundamente",
        "scoring": "Punkte",
        "undo": "Rückgängig",
        "end": "Spielende",
        "ties": "Gleichstand",
        "controls": "Bedienung",
        "table": "Uhr, Verlassen und Festfahren",
    },
    "it": {
        "goal": "Scopo",
        "cards": "Le carte",
        "layout": "Disposizione",
        "moves": "Come si spostano le carte",
        "stock": "Mazzo e mazzetto",
        "foundations": "Basi",
        "scoring": "Punteggio",
        "undo": "Annullare le mosse",
        "end": "Fine della partita",
        "ties": "Parità",
        "controls": "Comandi",
        "table": "Orologio, abbandono e stallo",
    },
}

FORTY_FAMILY = (
    "forty-thieves",
    "indian",
    "limited",
    "little-forty",
    "lucas",
    "maria",
    "number-ten",
    "rank-and-file",
    "streets",
)

# Decision ids per game. Each "(decided)" of RULES.md maps to at least one;
# the stall-* / chain-end ids are the end-of-game rule as the engine plays it.
DECIDED: dict[str, tuple[str, ...]] = {
    "reloaded": (
        "undo-depth-3",
        "score-floor-zero",
        "home-points-once",
        "solved-bonus-steps",
        "stall-stock-pass",
    ),
    "retinue": (
        "layout-rows",
        "start-pile-8",
        "wrong-pile-no-penalty",
        "bonus-falls-5-per-second",
        "chain-end",
    ),
    "solitario": ("free-unlimited-redeal", "empty-column-re", "stall-stock-pass"),
    **{g: ("five-per-card-home", "free-undo-redo", "stall-no-move") for g in FORTY_FAMILY},
}
DECIDED["little-forty"] += ("build-other-suit",)
# RULES.md "Clock" and "Game over, everywhere": the same for every game (the
# stall notice only where there is undo). ``table_section`` states them.
for _game in DECIDED:
    DECIDED[_game] += ("clock-first-action", "leave-counts-as-loss")
for _game in ("reloaded", *FORTY_FAMILY):
    DECIDED[_game] += ("stall-notice-undo",)


def D(decided: str, text: str) -> Item:
    """An item that states a decision."""
    return Item(text, decided)


def _sections(lang: str, spec) -> tuple[Section, ...]:
    titles = SECTION_TITLES[lang]
    return tuple(
        Section(key, titles[key], tuple(i if isinstance(i, Item) else Item(i) for i in items)) for key, items in spec
    )


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


# The table around the game (RULES.md "Clock" and "Game over, everywhere").
TABLE = {
    "en": {
        "clock": "The clock starts with your first move or draw, not when the cards are dealt. It stands still "
        "while a window covers the table (these rules, the games, statistics, settings) and while the page "
        "is hidden. In a duel it starts when you accept the challenge (if you made the challenge, with your "
        "first move) and never stands still.",
        "clock_points": "Points that depend on time follow this clock.",
        "leave": "If you start a new deal, restart, or switch games while this deal is in play (at least one "
        "move made), this deal counts as a loss. You are asked first (Settings can turn the question off). A deal left "
        "without any move is not counted at all.",
        "stall": "When no move is left, you are told so, and the game is not over yet: undo a move to try "
        "another way, or end the game. Only then does it end and count. In a duel it ends at once.",
        "stall_no_undo": "This game has no undo, so when no move is left it ends at once.",
    },
    "de": {
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
    },
    "it": {
        "clock": "L'orologio parte con la tua prima mossa o pescata, non quando si distribuiscono le carte. Si "
        "ferma mentre una finestra copre il tavolo (queste regole, l'elenco dei giochi, le statistiche, le "
        "impostazioni) e mentre la pagina è nascosta. In una sfida parte quando accetti (se la sfida è tua, "
        "con la prima mossa) e non si ferma mai.",
        "clock_points": "I punti che dipendono dal tempo seguono questo orologio.",
        "leave": "Se inizi una nuova smazzata, ricominci o cambi gioco mentre questa partita è in corso (con "
        "almeno una mossa fatta), questa partita conta come persa. Prima ti viene chiesta conferma (nelle "
        "impostazioni puoi togliere la domanda). Una partita lasciata senza alcuna mossa non conta affatto.",
        "stall": "Quando non resta alcuna mossa, compare un avviso, ma la partita non è ancora finita: annulla una "
        "mossa per tentare un'altra strada, oppure chiudi la partita. Solo allora finisce e conta. In una "
        "sfida finisce subito.",
        "stall_no_undo": "Questo gioco non ha l'annullamento: quando non resta alcuna mossa, finisce subito.",
    },
}


def table_section(lang: str, spec) -> list:
    w = TABLE[lang]
    clock = w["clock"] + (" " + w["clock_points"] if spec.time_penalty or spec.shows_bonus else "")
    items = [D("clock-first-action", clock), D("leave-counts-as-loss", w["leave"])]
    items.append(D("stall-notice-undo", w["stall"]) if spec.has_undo else w["stall_no_undo"])
    return items


# --- 1. Solitaire Reloaded -------------------------------------------------------------

RELOADED = {
    "en": [
        (
            "goal",
            [
                "Move all 52 cards to the four foundations, each holding one suit from Ace up to King.",
                "The game is made for duels: both players get the same deal, and the higher score wins.",
            ],
        ),
        (
            "layout",
            [
                "Seven columns: the first holds one card, the second two, and so on up to seven. "
                "Only the top card of each column lies face up.",
                "The other 24 cards form the stock, face down. The four foundations start empty.",
            ],
        ),
        (
            "moves",
            [
                "Columns build down in alternating colours: a red 9 on a black 10, a black 6 on a red 7.",
                "A run that follows this rule moves as a unit — all of it, or from any card within it.",
                "An empty column takes only a King, or a run headed by a King.",
                "A face-down card that is left on top of its column turns face up at once.",
            ],
        ),
        (
            "stock",
            [
                "Click the stock to turn one card onto the waste. Only the waste's top card can be seen "
                "and played; once you play it, the card beneath shows again.",
                "When the stock is empty, turn the waste over to make a new stock. "
                "You can do this as often as you like, but every time costs 10 points.",
            ],
        ),
        (
            "foundations",
            [
                "Each foundation builds up in one suit: Ace, 2, 3 and so on up to Queen and King.",
                "The top card of a foundation may come back down onto a column, at a cost of 15 points.",
            ],
        ),
        (
            "scoring",
            [
                "Card values: Ace 1, number cards as marked, Jack 11, Queen 12, King 13.",
                "+5 each time a face-down card in a column turns face up.",
                "+10 × the card's value when a card reaches a foundation (a King brings 130).",
                D(
                    "home-points-once",
                    "A card earns its foundation points only on its first trip there: taking it back "
                    "to a column and home again earns nothing more.",
                ),
                "+5 × the card's value when a card goes from the waste to a column.",
                "−15 when a card goes from a foundation back to a column.",
                "−10 each time the waste is turned over into a new stock.",
                "−1 for every undo.",
                "−2 for every full 10 seconds of play.",
                D(
                    "solved-bonus-steps",
                    "Solving the game adds 2,500 + 7,000 ÷ steps, rounded down. Steps are the moves of "
                    "your final line of play: draws and turning the waste over count, moves you took back don't.",
                ),
                D(
                    "score-floor-zero",
                    "The score never shows less than 0. Points lost below zero still count, though: "
                    "you have to win them back before the score climbs above 0 again.",
                ),
            ],
        ),
        (
            "undo",
            [
                D(
                    "undo-depth-3",
                    "You can take back at most your last 3 moves. Only the 3 most recent moves are kept: "
                    "each new move pushes the oldest one out. Drawing and turning the waste over are moves too.",
                ),
                "Each undo costs 1 point, and it also cancels whatever the undone move earned or cost.",
                "There is no redo.",
            ],
        ),
        (
            "end",
            [
                "Solved: all 52 cards are on the foundations.",
                D(
                    "stall-stock-pass",
                    "Stalled: no move is possible except drawing or turning the waste over, and a whole "
                    "pass through the stock would not bring one either. You are told so: in a duel the game ends there, "
                    "in practice you may still undo (see “Clock, leaving and stalls”).",
                ),
                "Time's up: when a duel has a time limit, the game ends as the clock runs out.",
                "Given up: you can stop at any time, and the score reached so far stands.",
                "However it ends, the score at that moment is final.",
            ],
        ),
    ],
    "de": [
        (
            "goal",
            [
                "Ziel ist es, alle 52 Karten auf die vier Fundamente zu bringen – "
                "jedes Fundament in einer Farbe vom Ass bis zum König.",
                "Gedacht ist das Spiel als Duell: Beide bekommen dieselbe Verteilung, "
                "und die höhere Punktzahl gewinnt.",
            ],
        ),
        (
            "layout",
            [
                "Sieben Spalten: In der ersten liegt eine Karte, in der zweiten liegen zwei und so weiter "
                "bis sieben. Nur die oberste Karte jeder Spalte ist aufgedeckt.",
                "Die übrigen 24 Karten bilden verdeckt den Talon (Nachziehstapel). "
                "Die vier Fundamente sind anfangs leer.",
            ],
        ),
        (
            "moves",
            [
                "In den Spalten wird absteigend und abwechselnd rot und schwarz angelegt: "
                "eine rote 9 auf eine schwarze 10, eine schwarze 6 auf eine rote 7.",
                "Eine Folge, die diese Regel erfüllt, lässt sich als Ganzes verschieben – "
                "komplett oder ab einer beliebigen Karte darin.",
                "Auf eine leere Spalte darf nur ein König oder eine Folge, die mit einem König beginnt.",
                "Liegt eine verdeckte Karte oben auf ihrer Spalte, wird sie sofort aufgedeckt.",
            ],
        ),
        (
            "stock",
            [
                "Ein Klick auf den Talon legt eine Karte offen auf den Ablagestapel. Nur dessen oberste "
                "Karte ist zu sehen und spielbar; sobald du sie spielst, kommt die darunter wieder zum Vorschein.",
                "Ist der Talon leer, drehst du den Ablagestapel um und hast einen neuen Talon. "
                "Das geht beliebig oft, kostet aber jedes Mal 10 Punkte.",
            ],
        ),
        (
            "foundations",
            [
                "Jedes Fundament wird aufsteigend in einer Farbe gebaut: Ass, 2, 3 und so fort bis Dame und König.",
                "Die oberste Karte eines Fundaments darf zurück in eine Spalte – das kostet 15 Punkte.",
            ],
        ),
        (
            "scoring",
            [
                "Kartenwerte: Ass 1, Zahlenkarten nach ihrer Zahl, Bube 11, Dame 12, König 13.",
                "+5, wenn in einer Spalte eine verdeckte Karte aufgedeckt wird.",
                "+10 × Kartenwert, wenn eine Karte auf ein Fundament kommt (ein König bringt 130).",
                D(
                    "home-points-once",
                    "Diese Punkte gibt es für jede Karte nur beim ersten Mal: Holst du sie zurück in eine "
                    "Spalte und legst sie wieder ab, bringt das nichts mehr.",
                ),
                "+5 × Kartenwert, wenn eine Karte vom Ablagestapel in eine Spalte kommt.",
                "−15, wenn eine Karte von einem Fundament zurück in eine Spalte geht.",
                "−10 für jedes Umdrehen des Ablagestapels zu einem neuen Talon.",
                "−1 für jedes Rückgängig.",
                "−2 für je volle 10 Sekunden Spielzeit.",
                D(
                    "solved-bonus-steps",
                    "Für ein gelöstes Spiel gibt es 2500 Punkte plus 7000 ÷ Anzahl der Schritte (abgerundet). Schritte sind "
                    "die Züge deines endgültigen Spielverlaufs: Ziehen und Umdrehen zählen mit, "
                    "zurückgenommene Züge nicht.",
                ),
                D(
                    "score-floor-zero",
                    "Der Punktestand zeigt nie weniger als 0. Minuspunkte unter null werden aber weiter "
                    "mitgezählt: Erst wenn sie wieder ausgeglichen sind, steigt der Stand über 0.",
                ),
            ],
        ),
        (
            "undo",
            [
                D(
                    "undo-depth-3",
                    "Du kannst höchstens deine letzten 3 Züge zurücknehmen. Gemerkt werden nur die 3 jüngsten; "
                    "jeder neue Zug verdrängt den ältesten. Auch Ziehen und Umdrehen zählen als Züge.",
                ),
                "Jedes Rückgängig kostet 1 Punkt und macht außerdem die Punkte ungeschehen, "
                "die der Zug gebracht oder gekostet hat.",
                "Wiederholen gibt es nicht.",
            ],
        ),
        (
            "end",
            [
                "Gelöst: Alle 52 Karten liegen auf den Fundamenten.",
                D(
                    "stall-stock-pass",
                    "Festgefahren: Außer Ziehen und Umdrehen ist kein Zug möglich, und auch ein ganzer "
                    "Durchgang durch den Talon brächte keinen. Du bekommst einen Hinweis: Im Duell endet das Spiel dann, "
                    "beim Üben kannst du noch zurücknehmen (siehe „Uhr, Verlassen und Festfahren“).",
                ),
                "Zeit abgelaufen: Hat ein Duell ein Zeitlimit, endet das Spiel, sobald die Zeit um ist.",
                "Aufgegeben: Du kannst jederzeit aufhören; die bis dahin erreichten Punkte zählen.",
                "Wie auch immer das Spiel endet: Der Punktestand in diesem Moment ist endgültig.",
            ],
        ),
    ],
    "it": [
        (
            "goal",
            [
                "Lo scopo è portare tutte le 52 carte sulle quattro basi, ognuna di un solo seme, dall'Asso al Re.",
                "Il gioco è pensato come sfida a due: entrambi ricevono la stessa distribuzione "
                "e vince il punteggio più alto.",
            ],
        ),
        (
            "layout",
            [
                "Sette colonne: la prima ha una carta, la seconda due e così via fino a sette. "
                "In ogni colonna è scoperta solo la carta in cima.",
                "Le altre 24 carte, coperte, formano il mazzo. All'inizio le quattro basi sono vuote.",
            ],
        ),
        (
            "moves",
            [
                "Nelle colonne si scende di un valore alla volta alternando i colori: "
                "un 9 rosso su un 10 nero, un 6 nero su un 7 rosso.",
                "Una sequenza che rispetta questa regola si sposta in blocco, "
                "tutta intera o a partire da una qualsiasi delle sue carte.",
                "In una colonna vuota può andare solo un Re, o una sequenza che comincia con un Re.",
                "Una carta coperta che resta in cima alla sua colonna si scopre subito.",
            ],
        ),
        (
            "stock",
            [
                "Un clic sul mazzo gira una carta sul mazzetto. Del mazzetto si vede e si gioca solo "
                "la carta in cima; quando la giochi, ricompare quella sotto.",
                "Quando il mazzo è vuoto, giri il mazzetto e ottieni un nuovo mazzo. "
                "Puoi farlo tutte le volte che vuoi, ma ogni volta costa 10 punti.",
            ],
        ),
        (
            "foundations",
            [
                "Ogni base sale in un solo seme: Asso, 2, 3 e così via fino a Donna e Re.",
                "La carta in cima a una base può tornare su una colonna, al prezzo di 15 punti.",
            ],
        ),
        (
            "scoring",
            [
                "Valore delle carte: Asso 1, le carte numerate il loro numero, Fante 11, Donna 12, Re 13.",
                "+5 ogni volta che in una colonna si scopre una carta coperta.",
                "+10 × il valore della carta quando arriva su una base (un Re porta 130).",
                D(
                    "home-points-once",
                    "Questi punti una carta li guadagna solo la prima volta che arriva su una base: "
                    "riportarla su una colonna e poi di nuovo sulla base non frutta altro.",
                ),
                "+5 × il valore della carta quando passa dal mazzetto a una colonna.",
                "−15 quando una carta torna da una base a una colonna.",
                "−10 ogni volta che giri il mazzetto per rifare il mazzo.",
                "−1 per ogni mossa annullata.",
                "−2 ogni 10 secondi pieni di gioco.",
                D(
                    "solved-bonus-steps",
                    "Risolvere il solitario vale 2500 + 7000 ÷ passi, arrotondato per difetto. I passi sono "
                    "le mosse della tua linea di gioco finale: pescare e girare il mazzetto contano, "
                    "le mosse annullate no.",
                ),
                D(
                    "score-floor-zero",
                    "Il punteggio non scende mai sotto lo 0. Le penalità oltre lo zero però restano in conto: "
                    "vanno recuperate prima che il punteggio torni a salire.",
                ),
            ],
        ),
        (
            "undo",
            [
                D(
                    "undo-depth-3",
                    "Puoi annullare al massimo le ultime 3 mosse: il gioco ricorda solo le 3 più recenti "
                    "e ogni nuova mossa fa uscire la più vecchia. Anche pescare e girare il mazzetto sono mosse.",
                ),
                "Ogni annullamento costa 1 punto e cancella anche i punti che la mossa aveva fatto "
                "guadagnare o perdere.",
                "Una mossa annullata non si può ripetere.",
            ],
        ),
        (
            "end",
            [
                "Risolto: tutte le 52 carte sono sulle basi.",
                D(
                    "stall-stock-pass",
                    "Stallo: non resta alcuna mossa tranne pescare o girare il mazzetto, e nemmeno un giro "
                    "completo del mazzo ne offrirebbe una. Compare un avviso: in una sfida la partita finisce lì, "
                    "in allenamento puoi ancora annullare (vedi «Orologio, abbandono e stallo»).",
                ),
                "Tempo scaduto: se la sfida ha un limite di tempo, la partita finisce allo scadere.",
                "Abbandono: puoi smettere quando vuoi e resta valido il punteggio raggiunto.",
                "Comunque finisca, il punteggio di quel momento è definitivo.",
            ],
        ),
    ],
}

# --- 2. Royal Retinue ------------------------------------------------------------------

RETINUE = {
    "en": [
        (
            "goal",
            [
                "Send every card to the pile of its rank, one after another, until all 52 are placed.",
            ],
        ),
        (
            "layout",
            [
                "The 52 cards are dealt face down into 13 piles of 4. Each pile is labelled with a rank: "
                "A (Ace), 2 to 10, J (Jack), Q (Queen), K (King).",
                D(
                    "layout-rows",
                    "The piles lie in three rows: A 2 3 4 5 at the top, 6 7 8 9 10 in the middle, "
                    "and J Q K at the bottom.",
                ),
                D(
                    "start-pile-8",
                    "Play starts with the top card of the 8 pile, in the centre of the layout, turned face up.",
                ),
            ],
        ),
        (
            "moves",
            [
                "There is always exactly one face-up card to play. Drag it to the pile labelled with its "
                "rank; its suit doesn't matter.",
                "The card is laid face up beneath that pile, and the pile's top face-down card turns up: "
                "that is the next card to play.",
                "Example: the face-up card is a 9. It goes to the 9 pile, where the next card turns up.",
                D(
                    "wrong-pile-no-penalty",
                    "Drop the card on the wrong pile and it is refused and goes back, with no penalty.",
                ),
            ],
        ),
        (
            "scoring",
            [
                "Each card placed earns 10 × its rank: 10 for an Ace, 20 for a 2 and so on up to 100 "
                "for a 10, then 110 for a Jack, 120 for a Queen and 130 for a King.",
                "A pile that gathers all four cards of its rank earns a bonus: 100 points in the top row "
                "(A to 5), 250 in the middle row (6 to 10), 500 in the bottom row (J, Q, K).",
                D(
                    "bonus-falls-5-per-second",
                    "A time bonus of 1,000 points starts shrinking as soon as play begins: it loses 5 points "
                    "for every full second until it reaches 0. You get what is left only if all 52 cards "
                    "are placed.",
                ),
                "The best possible score is 7,890.",
            ],
        ),
        (
            "undo",
            [
                "There is no undo; then again, every move is forced.",
            ],
        ),
        (
            "end",
            [
                D(
                    "chain-end",
                    "The chain ends when a card lands on a pile that has no face-down card left to turn up. "
                    "That happens exactly when the fourth 8 arrives, because the 8 pile gave up its first "
                    "card at the start.",
                ),
                "If all 52 cards are placed by then, you win. Otherwise the deal is lost, "
                "and the points earned so far stand.",
                "You can also give up at any time; the score reached so far stands.",
            ],
        ),
    ],
    "de": [
        (
            "goal",
            [
                "Ziel ist es, jede Karte auf den Stapel ihres Rangs zu bringen – eine nach der anderen, "
                "bis alle 52 abgelegt sind.",
            ],
        ),
        (
            "layout",
            [
                "Die 52 Karten werden verdeckt auf 13 Stapel zu je 4 Karten verteilt. Jeder Stapel ist mit "
                "einem Rang beschriftet: A (Ass), 2 bis 10, B (Bube), D (Dame), K (König).",
                D(
                    "layout-rows",
                    "Die Stapel liegen in drei Reihen: oben A 2 3 4 5, in der Mitte 6 7 8 9 10, unten B D K.",
                ),
                D(
                    "start-pile-8",
                    "Zu Beginn wird die oberste Karte des 8er-Stapels aufgedeckt, der in der Mitte der Auslage liegt.",
                ),
            ],
        ),
        (
            "moves",
            [
                "Es gibt immer genau eine offene Karte, die gespielt werden muss. Zieh sie auf den Stapel "
                "mit ihrem Rang; die Farbe spielt keine Rolle.",
                "Die Karte wird offen unter diesem Stapel angelegt, und seine oberste verdeckte Karte wird "
                "aufgedeckt – sie ist als Nächste dran.",
                "Beispiel: Die offene Karte ist eine 9. Sie kommt zum 9er-Stapel, und dort wird die nächste Karte aufgedeckt.",
                D(
                    "wrong-pile-no-penalty",
                    "Legst du die Karte auf einen falschen Stapel, wird sie abgewiesen und springt zurück – ohne Strafe.",
                ),
            ],
        ),
        (
            "scoring",
            [
                "Jede abgelegte Karte bringt 10 × ihren Rang: Ass 10, eine 2 bringt 20 und so weiter bis "
                "100 für die 10, Bube 110, Dame 120, König 130.",
                "Liegen alle vier Karten eines Rangs bei ihrem Stapel, gibt es einen Zuschlag: 100 Punkte "
                "in der oberen Reihe (A bis 5), 250 in der mittleren (6 bis 10), 500 in der unteren (B, D, K).",
                D(
                    "bonus-falls-5-per-second",
                    "Dazu kommt ein Zeitbonus von 1000 Punkten, der ab Spielbeginn schrumpft: um 5 Punkte je "
                    "volle Sekunde, bis er bei 0 ankommt. Was davon übrig ist, bekommst du nur, wenn alle "
                    "52 Karten abgelegt sind.",
                ),
                "Höchstens sind 7890 Punkte möglich.",
            ],
        ),
        (
            "undo",
            [
                "Rückgängig gibt es nicht – jeder Zug ist ohnehin vorgegeben.",
            ],
        ),
        (
            "end",
            [
                D(
                    "chain-end",
                    "Die Kette endet, wenn eine Karte auf einem Stapel landet, der keine verdeckte Karte mehr "
                    "hat. Das geschieht genau dann, wenn die vierte 8 ankommt, denn der 8er-Stapel hat seine "
                    "erste Karte schon zu Beginn hergegeben.",
                ),
                "Sind bis dahin alle 52 Karten abgelegt, hast du gewonnen. Andernfalls ist das Spiel "
                "verloren, und die bis dahin erzielten Punkte zählen.",
                "Du kannst auch jederzeit aufgeben; dann zählt der bisherige Punktestand.",
            ],
        ),
    ],
    "it": [
        (
            "goal",
            [
                "Lo scopo è mandare ogni carta sulla pila del suo valore, una dopo l'altra, "
                "finché tutte le 52 sono al loro posto.",
            ],
        ),
        (
            "layout",
            [
                "Le 52 carte vengono distribuite coperte in 13 pile da 4. Ogni pila ha come etichetta un "
                "valore: A (Asso), da 2 a 10, J (Fante), Q (Donna), K (Re).",
                D(
                    "layout-rows",
                    "Le pile sono disposte su tre file: in alto A 2 3 4 5, al centro 6 7 8 9 10, in basso J Q K.",
                ),
                D(
                    "start-pile-8",
                    "Si comincia scoprendo la carta in cima alla pila dell'8, quella al centro dello schema.",
                ),
            ],
        ),
        (
            "moves",
            [
                "C'è sempre una sola carta scoperta da giocare. Trascinala sulla pila del suo valore: "
                "il seme non conta.",
                "La carta si sistema scoperta sotto quella pila, e la prima carta coperta della pila si gira: "
                "è la prossima da giocare.",
                "Esempio: la carta scoperta è un 9. Va sulla pila del 9, dove si scopre la carta successiva.",
                D(
                    "wrong-pile-no-penalty",
                    "Se la lasci sulla pila sbagliata, la mossa viene rifiutata e la carta torna indietro, "
                    "senza alcuna penalità.",
                ),
            ],
        ),
        (
            "scoring",
            [
                "Ogni carta sistemata vale 10 × il suo valore: l'Asso 10, il 2 vale 20 e così via fino ai "
                "100 del 10, Fante 110, Donna 120, Re 130.",
                "Quando una pila raccoglie tutte e quattro le carte del suo valore scatta un premio: 100 punti "
                "nella fila in alto (da A a 5), 250 in quella centrale (da 6 a 10), 500 in quella in basso (J, Q, K).",
                D(
                    "bonus-falls-5-per-second",
                    "C'è poi un bonus tempo di 1000 punti che cala appena comincia la partita: 5 punti in meno "
                    "per ogni secondo pieno, fino a 0. Quel che ne resta spetta solo a chi sistema tutte le 52 carte.",
                ),
                "Il massimo possibile è 7890 punti.",
            ],
        ),
        (
            "undo",
            [
                "Le mosse non si annullano; del resto sono tutte obbligate.",
            ],
        ),
        (
            "end",
            [
                D(
                    "chain-end",
                    "La catena si interrompe quando una carta finisce su una pila che non ha più carte coperte "
                    "da girare. Succede esattamente all'arrivo del quarto 8, perché la pila dell'8 ha già "
                    "scoperto la sua prima carta all'inizio.",
                ),
                "Se a quel punto tutte le 52 carte sono al loro posto hai vinto; altrimenti la partita è persa "
                "e restano i punti fatti fin lì.",
                "Puoi anche abbandonare in qualsiasi momento: resta valido il punteggio raggiunto.",
            ],
        ),
    ],
}

# --- 3. Solitario (Sisal) ------------------------------------------------------------------

SOLITARIO = {
    "en": [
        (
            "goal",
            [
                "Move all 40 cards to the four foundations, each holding one suit from Ace up to King.",
            ],
        ),
        (
            "cards",
            [
                "A 40-card Italian deck. Ranks from low to high: Ace (Asso), 2 to 7, Jack (Fante), "
                "Knight (Cavallo), King (Re).",
                "Napoletane and Piacentine faces print numbers in their corners: Ace 1, Jack 8, Knight 9, King 10.",
                "Coins (denari) and cups (coppe) are red; batons (bastoni) and swords (spade) are black. "
                "With French faces they show as diamonds, hearts, clubs and spades.",
                "Choose Napoletane, Piacentine or French card faces in Settings.",
            ],
        ),
        (
            "layout",
            [
                "Seven columns, 28 cards in all: the first column holds a single face-up card, and each "
                "column after it has one more face-down card beneath its face-up top card, up to six in the seventh.",
                "Of the other 12 cards, three are turned face up to start the waste; the remaining 9 form the stock.",
                "Every deal offers at least one scoring move from the very start, "
                "and the same game number always gives the same deal.",
            ],
        ),
        (
            "moves",
            [
                "Columns build down in alternating colours, for example red King, black Knight, red Jack, black 7.",
                "Onto a column you can move a run of face-up cards from another column, "
                "the top card of the waste, or the top card of a foundation.",
                D("empty-column-re", "An empty column takes only a King (Re), or a run headed by one."),
                "A face-down card that is left on top of its column turns face up.",
                "No card may ever be put on the waste.",
            ],
        ),
        (
            "stock",
            [
                "Click the stock to turn the next 3 cards onto the waste (fewer if fewer are left). "
                "Only the top card of the waste can be played.",
                D(
                    "free-unlimited-redeal",
                    "When the stock is empty, click it to turn the waste over into a new stock — "
                    "as often as you like, and it costs no points.",
                ),
            ],
        ),
        (
            "foundations",
            [
                "Each foundation builds up in one suit from Ace to King, one card at a time.",
                "Cards reach a foundation from the top of the waste or from the top of a column.",
            ],
        ),
        (
            "scoring",
            [
                "+5 for every card played from the waste.",
                "+5 when a face-down card in a column turns face up.",
                "+10 for every card put on a foundation, so a card going straight from the waste "
                "to a foundation earns 15.",
                "−10 for every card taken off a foundation.",
                "Time itself costs no points.",
            ],
        ),
        (
            "undo",
            [
                "There is no undo: think before you move.",
            ],
        ),
        (
            "end",
            [
                "Solved: all 40 cards are on the foundations.",
                D(
                    "stall-stock-pass",
                    "Stalled (stallo): no move is possible except drawing or turning the waste over, and a whole "
                    "pass through the stock would not bring one either. A notice appears and the game ends.",
                ),
                "Time's up: when the game has a time limit, it ends as the clock runs out.",
                "Given up: the score reached so far stands.",
                "The highest score wins.",
            ],
        ),
        (
            "ties",
            [
                "On equal scores, the player who reached their final score at an earlier move ranks higher "
                "(every move adds 1 to a player's move counter).",
                "If none of the tied players made a move at all, their order is drawn at random.",
                "In the untimed variant, a tie for first place means everyone plays a new deal, starting again from zero.",
            ],
        ),
    ],
    "de": [
        (
            "goal",
            [
                "Ziel ist es, alle 40 Karten auf die vier Fundamente zu bringen – "
                "jedes in einer Farbe vom Ass bis zum König.",
            ],
        ),
        (
            "cards",
            [
                "Gespielt wird mit 40 italienischen Karten. Die Ränge von unten nach oben: Ass (Asso), "
                "2 bis 7, Bube (Fante), Reiter (Cavallo), König (Re).",
                "Neapolitanische und piacentinische Karten tragen in den Ecken Zahlen: Ass 1, Bube 8, Reiter 9, König 10.",
                "Münzen (Denari) und Kelche (Coppe) sind rot, Stäbe (Bastoni) und Schwerter (Spade) schwarz. "
                "Mit französischem Kartenbild erscheinen sie als Karo, Herz, Kreuz und Pik.",
                "Das Kartenbild – Napoletane, Piacentine oder französisch – wählst du in den Einstellungen.",
            ],
        ),
        (
            "layout",
            [
                "Sieben Spalten mit zusammen 28 Karten: Die erste Spalte hat eine einzige offene Karte, jede "
                "weitere eine verdeckte Karte mehr unter ihrer offenen – die siebte also sechs verdeckte.",
                "Von den übrigen 12 Karten werden drei offen als Ablagestapel ausgelegt; die anderen 9 bilden den Talon.",
                "Jede Verteilung bietet gleich zu Beginn mindestens einen Zug, der Punkte bringt, "
                "und dieselbe Spielnummer ergibt immer dieselbe Verteilung.",
            ],
        ),
        (
            "moves",
            [
                "In den Spalten wird absteigend und abwechselnd rot und schwarz angelegt, "
                "etwa roter König, schwarzer Reiter, roter Bube, schwarze 7.",
                "In eine Spalte darfst du eine Folge offener Karten aus einer anderen Spalte legen, "
                "die oberste Karte des Ablagestapels oder die oberste Karte eines Fundaments.",
                D(
                    "empty-column-re",
                    "Auf eine leere Spalte darf nur ein König (Re) oder eine Folge, die mit einem König beginnt.",
                ),
                "Liegt eine verdeckte Karte oben auf ihrer Spalte, wird sie aufgedeckt.",
                "Auf den Ablagestapel darf nie eine Karte gelegt werden.",
            ],
        ),
        (
            "stock",
            [
                "Ein Klick auf den Talon legt die nächsten 3 Karten offen auf den Ablagestapel "
                "(sind weniger übrig, entsprechend weniger). Spielbar ist nur die oberste.",
                D(
                    "free-unlimited-redeal",
                    "Ist der Talon leer, dreht ein Klick den Ablagestapel zu einem neuen Talon um – "
                    "so oft du willst und ohne Punktabzug.",
                ),
            ],
        ),
        (
            "foundations",
            [
                "Jedes Fundament wird aufsteigend in einer Farbe gebaut, vom Ass bis zum König, "
                "immer eine Karte nach der anderen.",
                "Aufs Fundament darf die oberste Karte des Ablagestapels oder die oberste Karte einer Spalte.",
            ],
        ),
        (
            "scoring",
            [
                "+5 für jede Karte, die vom Ablagestapel ausgespielt wird.",
                "+5, wenn in einer Spalte eine verdeckte Karte aufgedeckt wird.",
                "+10 für jede Karte, die auf ein Fundament kommt; direkt vom Ablagestapel aufs Fundament "
                "sind es also 15.",
                "−10 für jede Karte, die von einem Fundament zurückgenommen wird.",
                "Die Zeit selbst kostet keine Punkte.",
            ],
        ),
        (
            "undo",
            [
                "Rückgängig gibt es nicht – überleg dir jeden Zug gut.",
            ],
        ),
        (
            "end",
            [
                "Gelöst: Alle 40 Karten liegen auf den Fundamenten.",
                D(
                    "stall-stock-pass",
                    "Festgefahren („Stallo“): Außer Ziehen und Umdrehen ist kein Zug möglich, und auch ein "
                    "ganzer Durchgang durch den Talon brächte keinen. Ein Hinweis erscheint, und das Spiel endet.",
                ),
                "Zeit abgelaufen: Hat das Spiel ein Zeitlimit, endet es, sobald die Zeit um ist.",
                "Aufgegeben: Die bis dahin erreichten Punkte zählen.",
                "Es gewinnt die höchste Punktzahl.",
            ],
        ),
        (
            "ties",
            [
                "Bei Punktgleichheit liegt vorn, wer seinen Endstand bei einer früheren Zugnummer erreicht "
                "hat (jeder Zug zählt den eigenen Zugzähler um 1 hoch).",
                "Hat keiner der Gleichplatzierten überhaupt gezogen, entscheidet das Los.",
                "In der Variante ohne Zeitlimit spielen bei Gleichstand um Platz 1 alle eine neue "
                "Verteilung, wieder ab null Punkten.",
            ],
        ),
    ],
    "it": [
        (
            "goal",
            [
                "Lo scopo è portare tutte le 40 carte sulle quattro basi, ognuna di un solo seme, dall'Asso al Re.",
            ],
        ),
        (
            "cards",
            [
                "Si usa un mazzo italiano da 40 carte. In ordine crescente: Asso, dal 2 al 7, Fante, Cavallo, Re.",
                "Le carte napoletane e piacentine hanno numeri negli angoli: Asso 1, Fante 8, Cavallo 9, Re 10.",
                "Denari e coppe sono rossi, bastoni e spade neri. Con le carte francesi diventano "
                "quadri, cuori, fiori e picche.",
                "Nelle impostazioni scegli se giocare con carte napoletane, piacentine o francesi.",
            ],
        ),
        (
            "layout",
            [
                "Sette colonne, 28 carte in tutto: la prima ha una sola carta scoperta, e ogni colonna "
                "successiva ha una carta coperta in più sotto quella scoperta, fino alle sei coperte della settima.",
                "Delle 12 carte restanti, tre vengono girate e formano il mazzetto; le altre 9 restano coperte nel mazzo.",
                "Ogni distribuzione offre fin dall'inizio almeno una mossa che fa punti, "
                "e lo stesso numero di partita dà sempre la stessa distribuzione.",
            ],
        ),
        (
            "moves",
            [
                "Nelle colonne si scende di un valore alla volta alternando i colori, "
                "per esempio Re rosso, Cavallo nero, Fante rosso, 7 nero.",
                "Su una colonna puoi portare carte scoperte in sequenza prese da un'altra colonna, "
                "la carta in cima al mazzetto oppure la carta in cima a una base.",
                D(
                    "empty-column-re",
                    "In una colonna vuota può andare solo un Re, o una sequenza che comincia con un Re.",
                ),
                "Una carta coperta che resta in cima alla sua colonna si scopre.",
                "Sul mazzetto non si può mai posare una carta.",
            ],
        ),
        (
            "stock",
            [
                "Un clic sul mazzo gira le 3 carte successive sul mazzetto (meno, se ne restano meno). "
                "Si gioca solo la carta in cima.",
                D(
                    "free-unlimited-redeal",
                    "Quando il mazzo è vuoto, un clic rigira il mazzetto e lo trasforma in un nuovo mazzo: "
                    "tutte le volte che vuoi, senza perdere punti.",
                ),
            ],
        ),
        (
            "foundations",
            [
                "Ogni base sale in un solo seme, dall'Asso al Re, una carta alla volta.",
                "Sulle basi arrivano la carta in cima al mazzetto o quella in cima a una colonna.",
            ],
        ),
        (
            "scoring",
            [
                "+5 per ogni carta giocata dal mazzetto.",
                "+5 quando in una colonna si scopre una carta coperta.",
                "+10 per ogni carta che arriva su una base: dal mazzetto direttamente alla base fanno quindi 15.",
                "−10 per ogni carta che lascia una base.",
                "Il tempo, di per sé, non toglie punti.",
            ],
        ),
        (
            "undo",
            [
                "Le mosse non si annullano: pensaci bene prima di giocare.",
            ],
        ),
        (
            "end",
            [
                "Risolto: tutte le 40 carte sono sulle basi.",
                D(
                    "stall-stock-pass",
                    "Stallo: non resta alcuna mossa tranne pescare o girare il mazzetto, e nemmeno un giro "
                    "completo del mazzo ne offrirebbe una. Compare un avviso e la partita finisce.",
                ),
                "Tempo scaduto: se la partita ha un limite di tempo, finisce allo scadere.",
                "Abbandono: resta valido il punteggio raggiunto.",
                "Vince il punteggio più alto.",
            ],
        ),
        (
            "ties",
            [
                "A parità di punti è davanti chi ha raggiunto il proprio punteggio finale a un numero di mossa "
                "più basso (ogni mossa fa avanzare di 1 il contatore del giocatore).",
                "Se nessuno dei giocatori a pari punti ha fatto mosse, l'ordine viene sorteggiato.",
                "Nella variante senza tempo, in caso di parità al primo posto tutti rigiocano una nuova "
                "distribuzione ripartendo da zero.",
            ],
        ),
    ],
}

# --- 4. The Forty Thieves family ----------------------------------------------------------


class Variant(NamedTuple):
    columns: int
    cards: int  # per column
    down: int  # face-down cards at the bottom of each column
    build: str  # same-suit | other-suit | alternate
    runs: bool
    draw: int = 1
    redeals: int = 0
    aces_home: bool = False

    @property
    def stock(self) -> int:
        return 104 - (8 if self.aces_home else 0) - self.columns * self.cards

    @property
    def max_score(self) -> int:
        return 5 * (96 if self.aces_home else 104)


FORTY_VARIANTS: dict[str, Variant] = {
    "forty-thieves": Variant(10, 4, 0, "same-suit", False),
    "indian": Variant(10, 3, 1, "other-suit", False),
    "limited": Variant(12, 3, 0, "same-suit", False),
    "little-forty": Variant(10, 4, 0, "other-suit", True, draw=3, redeals=3),
    "lucas": Variant(13, 3, 0, "same-suit", False, aces_home=True),
    "maria": Variant(9, 4, 0, "alternate", False),
    "number-ten": Variant(10, 4, 2, "alternate", True),
    "rank-and-file": Variant(10, 4, 3, "alternate", True),
    "streets": Variant(10, 4, 0, "alternate", False),
}

FORTY = {
    "en": {
        "goal": "Move all 104 cards to the eight foundations, each built in one suit from Ace up to King.",
        "goal_lucas": "The eight Aces start on the foundations; build the other 96 cards onto them, "
        "each foundation in one suit up to King.",
        "decks": "Two full decks are shuffled together: 104 cards.",
        "aces": "Before the shuffle, the eight Aces are taken out and placed on the foundations.",
        "columns": "{columns} columns of {cards} cards each, fanned so that every card can be seen.",
        "columns_down": "{columns} columns of {cards} cards each, fanned downwards.",
        "down": {
            0: "All of them lie face up.",
            (1, 3): "The bottom card of each column lies face down, the two above it face up.",
            (2, 4): "The bottom two cards of each column lie face down, the top two face up.",
            (3, 4): "The bottom three cards of each column lie face down; only the top card is face up.",
        },
        "stock_left": "The other {stock} cards form the stock, face down.",
        "same-suit": "Columns build down in the same suit: only a 9 of hearts fits on a 10 of hearts.",
        "other-suit": "Columns build down in any suit except the card's own, whatever the colour: "
        "a 9 of hearts fits on a 10 of spades, clubs or diamonds, but not on a 10 of hearts.",
        "alternate": "Columns build down in alternating colours: a red 9 on a black 10, a black 9 on a red 10.",
        "one_card": "Only one card moves at a time; from a column, that is its top card.",
        "runs": "A run — cards in sequence that follow this rule — moves as a unit, "
        "all of it or from any card within it.",
        "empty": "An empty column takes any card.",
        "empty_runs": "An empty column takes any card, or any run that may move.",
        "reveal": "A face-down card that is left on top of its column turns face up at once.",
        "draw_1": "Click the stock to turn its top card face up onto the waste.",
        "draw_n": "Click the stock to turn {draw} cards onto the waste (fewer if fewer are left).",
        "waste": "The top card of the waste can be played at any time, to a foundation or a column; "
        "the cards beneath it wait their turn.",
        "stock_play": "The stock's top card may also be dragged straight to a column or a foundation: that is "
        "a draw and a move in one, and one undo takes back both.",
        "no_redeal": "There is no redeal: once the stock runs out, it stays empty.",
        "redeal_n": "When the stock is empty, you may turn the waste over into a new stock, up to {redeals} "
        "times: that makes {passes} passes through the stock in all.",
        "foundations": "Eight foundations, two for each suit, build up in suit from Ace to King, one card at a time.",
        "stays": "Cards on the foundations stay there: they never go back to the columns.",
        "points": "Each card put on a foundation scores 5 points, so a solved game scores {max}. "
        "Nothing else earns or costs points.",
        "points_lucas": "Each card put on a foundation scores 5 points. The Aces that start there don't count, "
        "so a solved game scores {max}. Nothing else earns or costs points.",
        "undo": "Undo and redo as many moves as you like; they cost nothing.",
        "won": "You win when all 104 cards are on the foundations.",
        "stalled": "If no legal move is left — {stock} and no card can move — the game is stalled. In a duel "
        "it ends there with the score reached; in practice you may still undo (see “Clock, leaving and stalls”).",
        "stock_done": "the stock is used up",
        "stock_done_redeals": "the stock is used up with no redeal left",
        "give_up": "You can give up at any time; the score reached so far stands.",
    },
    "de": {
        "goal": "Ziel ist es, alle 104 Karten auf die acht Fundamente zu bringen – jedes in einer Farbe "
        "vom Ass bis zum König.",
        "goal_lucas": "Die acht Asse liegen von Anfang an auf den Fundamenten; darauf kommen die übrigen "
        "96 Karten, jedes Fundament in einer Farbe bis zum König.",
        "decks": "Zwei vollständige Kartenspiele werden zusammen gemischt: 104 Karten.",
        "aces": "Vor dem Mischen werden die acht Asse herausgenommen und auf die Fundamente gelegt.",
        "columns": "{columns} Spalten zu je {cards} Karten, so aufgefächert, dass jede Karte zu sehen ist.",
        "columns_down": "{columns} Spalten zu je {cards} Karten, nach unten aufgefächert.",
        "down": {
            0: "Alle Karten liegen offen.",
            (1, 3): "Die unterste Karte jeder Spalte liegt verdeckt, die beiden darüber offen.",
            (2, 4): "Die beiden untersten Karten jeder Spalte liegen verdeckt, die beiden oberen offen.",
            (3, 4): "Die drei untersten Karten jeder Spalte liegen verdeckt; nur die oberste ist offen.",
        },
        "stock_left": "Die übrigen {stock} Karten bilden verdeckt den Talon.",
        "same-suit": "In den Spalten wird absteigend in derselben Farbe angelegt: "
        "Auf eine Herz-10 passt nur eine Herz-9.",
        "other-suit": "In den Spalten wird absteigend in jeder Farbe außer der eigenen angelegt, ob rot oder "
        "schwarz: Eine Herz-9 passt auf eine Pik-, Kreuz- oder Karo-10, aber nicht auf eine Herz-10.",
        "alternate": "In den Spalten wird absteigend und abwechselnd rot und schwarz angelegt: "
        "eine rote 9 auf eine schwarze 10, eine schwarze 9 auf eine rote 10.",
        "one_card": "Es wird immer nur eine Karte bewegt; aus einer Spalte ist das ihre oberste.",
        "runs": "Eine Folge – Karten, die schon nach dieser Regel liegen – lässt sich als Ganzes verschieben, "
        "komplett oder ab einer beliebigen Karte darin.",
        "empty": "Eine leere Spalte nimmt jede Karte auf.",
        "empty_runs": "Eine leere Spalte nimmt jede Karte auf und auch jede Folge, die sich verschieben lässt.",
        "reveal": "Liegt eine verdeckte Karte oben auf ihrer Spalte, wird sie sofort aufgedeckt.",
        "draw_1": "Ein Klick auf den Talon legt seine oberste Karte offen auf den Ablagestapel.",
        "draw_n": "Ein Klick auf den Talon legt {draw} Karten offen auf den Ablagestapel "
        "(sind weniger übrig, entsprechend weniger).",
        "waste": "Die oberste Karte des Ablagestapels kann jederzeit auf ein Fundament oder in eine "
        "Spalte gespielt werden; die Karten darunter kommen erst danach an die Reihe.",
        "stock_play": "Die oberste Karte des Talons darfst du auch direkt in eine Spalte oder auf ein Fundament "
        "ziehen: Das ist Ziehen und Ausspielen in einem Zug, und ein Klick auf Rückgängig nimmt beides zurück.",
        "no_redeal": "Der Talon wird nur einmal durchgespielt: Ist er aufgebraucht, bleibt er leer.",
        "redeal_n": "Ist der Talon leer, darfst du den Ablagestapel bis zu {redeals}-mal zu einem neuen "
        "Talon umdrehen – insgesamt gehst du den Talon also bis zu {passes}-mal durch.",
        "foundations": "Acht Fundamente, je zwei pro Farbe, werden aufsteigend in ihrer Farbe gebaut, "
        "vom Ass bis zum König, Karte für Karte.",
        "stays": "Was auf einem Fundament liegt, bleibt dort und kehrt nie in die Spalten zurück.",
        "points": "Jede Karte, die auf ein Fundament kommt, bringt 5 Punkte – ein gelöstes Spiel also {max}. "
        "Sonst gibt es weder Plus- noch Minuspunkte.",
        "points_lucas": "Jede Karte, die auf ein Fundament kommt, bringt 5 Punkte. Die Asse, die dort schon "
        "zu Beginn liegen, zählen nicht: Ein gelöstes Spiel bringt also {max}. "
        "Sonst gibt es weder Plus- noch Minuspunkte.",
        "undo": "Rückgängig und Wiederholen sind unbegrenzt möglich und kosten nichts.",
        "won": "Gewonnen hast du, wenn alle 104 Karten auf den Fundamenten liegen.",
        "stalled": "Gibt es keinen erlaubten Zug mehr – {stock}, und keine Karte kann sich bewegen –, ist "
        "das Spiel festgefahren. Im Duell endet es dann mit dem erreichten Punktestand; beim Üben kannst du "
        "noch zurücknehmen (siehe „Uhr, Verlassen und Festfahren“).",
        "stock_done": "der Talon ist aufgebraucht",
        "stock_done_redeals": "der Talon ist samt aller Durchgänge aufgebraucht",
        "give_up": "Du kannst jederzeit aufgeben; die bis dahin erreichten Punkte zählen.",
    },
    "it": {
        "goal": "Lo scopo è portare tutte le 104 carte sulle otto basi, ognuna di un solo seme, dall'Asso al Re.",
        "goal_lucas": "Gli otto Assi partono già sulle basi; sopra vanno le altre 96 carte, "
        "ogni base in un solo seme fino al Re.",
        "decks": "Si mescolano insieme due mazzi completi: 104 carte.",
        "aces": "Prima di mescolare si tolgono gli otto Assi e si mettono sulle basi.",
        "columns": "{columns} colonne da {cards} carte, sfalsate in modo che ogni carta sia visibile.",
        "columns_down": "{columns} colonne da {cards} carte, sfalsate verso il basso.",
        "down": {
            0: "Sono tutte scoperte.",
            (1, 3): "La carta più in basso di ogni colonna è coperta, le due sopra sono scoperte.",
            (2, 4): "Le due carte più in basso di ogni colonna sono coperte, le due in cima scoperte.",
            (3, 4): "Le tre carte più in basso di ogni colonna sono coperte; solo quella in cima è scoperta.",
        },
        "stock_left": "Le altre {stock} carte, coperte, formano il mazzo.",
        "same-suit": "Nelle colonne si scende di un valore alla volta restando nello stesso seme: "
        "su un 10 di cuori va solo un 9 di cuori.",
        "other-suit": "Nelle colonne si scende di un valore alla volta cambiando seme, qualunque sia il colore: "
        "un 9 di cuori va su un 10 di picche, di fiori o di quadri, ma non su un 10 di cuori.",
        "alternate": "Nelle colonne si scende di un valore alla volta alternando i colori: "
        "un 9 rosso su un 10 nero, un 9 nero su un 10 rosso.",
        "one_card": "Si sposta una carta alla volta; da una colonna, solo quella in cima.",
        "runs": "Una sequenza, cioè carte già disposte secondo questa regola, si sposta in blocco, "
        "tutta intera o a partire da una qualsiasi delle sue carte.",
        "empty": "Una colonna vuota accetta qualsiasi carta.",
        "empty_runs": "Una colonna vuota accetta qualsiasi carta e qualsiasi sequenza spostabile.",
        "reveal": "Una carta coperta che resta in cima alla sua colonna si scopre subito.",
        "draw_1": "Un clic sul mazzo gira la carta in cima e la mette scoperta sul mazzetto.",
        "draw_n": "Un clic sul mazzo gira {draw} carte sul mazzetto (meno, se ne restano meno).",
        "waste": "La carta in cima al mazzetto si può giocare in qualsiasi momento, su una base o su una "
        "colonna; quelle sotto aspettano il loro turno.",
        "stock_play": "Puoi anche trascinare la carta in cima al mazzo direttamente su una colonna o su una base: "
        "pescarla e giocarla diventano una sola mossa, e un solo Annulla la annulla per intero.",
        "no_redeal": "Il mazzo non si rigira: una volta esaurito, resta vuoto.",
        "redeal_n": "Quando il mazzo è vuoto, puoi rigirare il mazzetto e rifare il mazzo fino a {redeals} "
        "volte: in tutto puoi quindi scorrere il mazzo fino a {passes} volte.",
        "foundations": "Otto basi, due per seme, salgono nello stesso seme dall'Asso al Re, una carta alla volta.",
        "stays": "Le carte sulle basi ci restano: non tornano mai sulle colonne.",
        "points": "Ogni carta messa su una base vale 5 punti: una partita risolta ne vale quindi {max}. "
        "Nient'altro dà o toglie punti.",
        "points_lucas": "Ogni carta messa su una base vale 5 punti. Gli Assi che ci sono già all'inizio non "
        "contano: una partita risolta vale quindi {max}. Nient'altro dà o toglie punti.",
        "undo": "Puoi annullare e ripetere tutte le mosse che vuoi, senza alcun costo.",
        "won": "Vinci quando tutte le 104 carte sono sulle basi.",
        "stalled": "Se non resta alcuna mossa consentita ({stock} e nessuna carta si può spostare), la partita "
        "è in stallo. In una sfida finisce lì con il punteggio raggiunto; in allenamento puoi ancora annullare "
        "(vedi «Orologio, abbandono e stallo»).",
        "stock_done": "il mazzo è esaurito",
        "stock_done_redeals": "il mazzo è esaurito senza più giri",
        "give_up": "Puoi abbandonare quando vuoi: resta valido il punteggio raggiunto.",
    },
}


def _forty(lang: str, game_id: str):
    w, v = FORTY[lang], FORTY_VARIANTS[game_id]
    down = w["down"][0 if not v.down else (v.down, v.cards)]
    layout = [w["decks"]] + ([w["aces"]] if v.aces_home else [])
    layout += [
        w["columns_down" if v.down else "columns"].format(columns=v.columns, cards=v.cards) + " " + down,
        w["stock_left"].format(stock=v.stock),
    ]
    build = w[v.build]
    moves = [D("build-other-suit", build) if game_id == "little-forty" else build]
    moves += [w["runs"], w["empty_runs"]] if v.runs else [w["one_card"], w["empty"]]
    if v.down:
        moves.append(w["reveal"])
    stock = [
        w["draw_1"] if v.draw == 1 else w["draw_n"].format(draw=v.draw),
        w["waste"],
        *([w["stock_play"]] if get_spec(game_id).stock_play else []),
        w["redeal_n"].format(redeals=v.redeals, passes=v.redeals + 1) if v.redeals else w["no_redeal"],
    ]
    points = w["points_lucas" if v.aces_home else "points"].format(max=v.max_score)
    stock_done = w["stock_done_redeals" if v.redeals else "stock_done"]
    return [
        ("goal", [w["goal_lucas" if v.aces_home else "goal"]]),
        ("layout", layout),
        ("moves", moves),
        ("stock", stock),
        ("foundations", [w["foundations"], w["stays"]]),
        ("scoring", [D("five-per-card-home", points)]),
        ("undo", [D("free-undo-redo", w["undo"])]),
        ("end", [w["won"], D("stall-no-move", w["stalled"].format(stock=stock_done)), w["give_up"]]),
    ]


def _whole(lang: str, game_id: str, parts) -> tuple[Section, ...]:
    """A game's own sections, then the table's rules and the controls, both made from what the game has."""
    spec = get_spec(game_id)
    parts = [*parts, ("table", table_section(lang, spec)), ("controls", controls(lang, spec))]
    return _sections(lang, parts)


RULES: dict[str, dict[str, tuple[Section, ...]]] = {
    game: {lang: _whole(lang, game, texts[lang]) for lang in SECTION_TITLES}
    for game, texts in (("reloaded", RELOADED), ("retinue", RETINUE), ("solitario", SOLITARIO))
}
RULES.update({game: {lang: _whole(lang, game, _forty(lang, game)) for lang in SECTION_TITLES} for game in FORTY_FAMILY})


def game_rules(lang: str, game_id: str) -> tuple[Section, ...]:
    """A game's rules as sections of items; English if the language is
    unknown. An unknown game raises ``KeyError``."""
    texts = RULES[game_id]
    return texts.get(lang) or texts[DEFAULT]
