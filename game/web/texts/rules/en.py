"""The rules' words in English: templates the games share, filled in from the
spec (``{columns}``, ``{draw}``, … : see ``figures`` in ``__init__.py``), and
prose keyed by what it describes. Every other language has the same keys
with the same fields."""

from __future__ import annotations

from .items import D

TITLES = {
    "goal": "Goal",
    "cards": "The cards",
    "layout": "Layout",
    "moves": "Moving cards",
    "stock_row": "Stock",
    "stock": "Stock and waste",
    "foundations": "Foundations",
    "scoring": "Scoring",
    "undo": "Undo",
    "end": "End of the game",
    "ties": "Ties",
    "controls": "Controls",
    "table": "Clock, leaving and stalls",
}

NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
AND = " and "

# The table around the game (RULES.md "Clock" and "Game over, everywhere").
TABLE = {
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
}

# What games with a tableau share.
W = {
    "goal": "Move all {cards} cards to the {foundations_w} foundations, each built in one suit from {ace} up to {king}.",
    "goal_aces": "The {aces_w} Aces start on the foundations; build the other {to_home} cards onto them, "
    "each foundation in one suit up to {king}.",
    "goal_runs": "Build {foundations_w} runs from {king} down to {ace}, each in a single suit, in the columns: "
    "each complete run goes to a foundation, and the game is won when all {foundations_w} are there.",
    "one_suit": "{cards} cards, all of one suit ({suit_names}): {copies_w} of each card from {ace} to {king}.",
    "few_suits": "{cards} cards in {suits_w} suits ({suit_names}): {copies_w} of each card from {ace} to {king}.",
    "cells": "There are {cells_w} free cells, each with room for a single card; they start empty.",
    "cell_moves": "The top card of any column may go to an empty free cell, and from there to a column "
    "or a foundation.",
    "runs_home": "A complete run from {king} down to {ace} in one suit, lying on top of a column, goes to a "
    "foundation by itself, within the move that completed it; one undo takes both back. "
    "No other card goes to the foundations.",
    "decks": "{Copies_w} full decks are shuffled together: {cards} cards.",
    "aces": "Before the shuffle, the {aces_w} Aces are taken out and placed on the foundations.",
    "even": "{columns} columns of {per_column} cards each, fanned so that every card can be seen.",
    "even_down": "{columns} columns of {per_column} cards each, fanned downwards.",
    "stairs": "{columns} columns, {dealt} cards in all: the first holds a single card, and each column after it "
    "one card more, up to {last} in the last.",
    "listed": "{columns} columns, holding {counts} cards from left to right.",
    "all_up": "All of them lie face up.",
    "top_up": "Only the top card of each column lies face up.",
    "one_down": "The bottom card of each column lies face down, the {up_w} above it face up.",
    "some_down": "The bottom {down_w} cards of each column lie face down, the top {up_w} face up.",
    "top_n_up": "In each column the top {most_up_w} cards lie face up (all of them in a shorter column), "
    "the ones beneath face down.",
    "listed_down": "Face down at the bottom of the columns, from left to right: {downs}.",
    "opening_waste": "Of the other {rest} cards, {waste_w} are turned face up to start the waste; "
    "the remaining {stock} form the stock, face down.",
    "stock_left": "The other {stock} cards form the stock, face down.",
    "empty_foundations": "The {foundations_w} foundations start empty.",
    "runs": "A run (cards in sequence that follow this rule) moves as a unit, all of it or from any card within it.",
    "one_card": "Only one card moves at a time; from a column, that is its top card.",
    "reveal": "A face-down card that is left on top of its column turns face up at once.",
    "draw_1": "Click the stock to turn its top card face up onto the waste.",
    "draw_n": "Click the stock to turn the next {draw} cards onto the waste (fewer if fewer are left).",
    "waste": "Only the top card of the waste can be played, to a foundation or a column, at any time; "
    "once you play it, the card beneath shows again. No card is ever put on the waste.",
    "stock_play": "The stock's top card may also be dragged straight to a column or a foundation: that is "
    "a draw and a move in one, and one undo takes back both.",
    "redeal_always": "When the stock is empty, click it to turn the waste over into a new stock, as often as you like.",
    "no_redeal": "There is no redeal: once the stock runs out, it stays empty.",
    "redeal_n": "When the stock is empty, you may turn the waste over into a new stock, up to {redeals} "
    "times: that makes {passes} passes through the stock in all.",
    "foundations_one": "Each foundation builds up in one suit, from {ace} to {king}, one card at a time.",
    "foundations_many": "{Foundations_w} foundations, {copies_w} for each suit, build up in suit from {ace} to "
    "{king}, one card at a time.",
    "back": "The top card of a foundation may come back down onto a column.",
    "stays": "Cards on the foundations stay there: they never go back to the columns.",
    "no_points": "This game keeps no score: solving it is what counts.",
    "aces_score": "The {aces_w} Aces that start on the foundations score nothing.",
    "undo_free": "Undo and redo as many moves as you like; they cost nothing.",
    "undo_all": "You can take back as many moves as you like.",
    "undo_depth": "You can take back at most your last {depth} moves. Only the {depth} most recent moves are kept: "
    "each new move pushes the oldest one out. Drawing and turning the waste over are moves too.",
    "undo_cost_none": "Taking a move back costs nothing.",
    "undo_cost_one": "Each undo costs {undo_cost} point, and it also cancels whatever the undone move earned or cost.",
    "undo_cost_many": "Each undo costs {undo_cost} points, and it also cancels whatever the undone move earned "
    "or cost.",
    "redo": "A move taken back can be made again with redo.",
    "no_redo": "There is no redo.",
    "no_undo": "There is no undo: think before you move.",
    "no_undo_forced": "There is no undo; then again, every move is forced.",
    "won": "Solved: all {cards} cards are on the foundations.",
    "stalled": "Stalled",
    "stalled_named": "Stalled ({word})",
    "stall_undo": "You are told so: in a duel the game ends there, in practice you may still undo "
    "(see “{table_title}”).",
    "stall_ends": "A notice appears and the game ends.",
    "stock_done": "the stock is used up",
    "stock_done_redeals": "the stock is used up with no redeal left",
    "stock_none": "there is no stock to draw from",
    "time_up": "Time's up: when a duel has a time limit, the game ends as the clock runs out.",
    "give_up": "Given up: you can stop at any time, and the score reached so far stands.",
    "final": "However it ends, the score at that moment is final; in a duel the highest score wins.",
    "ties": (
        "On equal scores, the player who reached their final score at an earlier move ranks higher "
        "(every move adds 1 to a player's move counter).",
        "If none of the tied players made a move at all, their order is drawn at random.",
        "In an untimed duel, a tie for first place means everyone plays a new deal, starting again from zero.",
    ),
    "span": "{first} to {last}",
    "row": "{piles} {where}",
    "row_n": "in row {n}",
}
ROW_PLACES = {3: ("at the top", "in the middle", "at the bottom")}

# How columns build down, by the spec's build rule.
BUILD = {
    "alternate": "Columns build down in alternating colours: a red 6 on a black 7, a black 6 on a red 7.",
    "same-suit": "Columns build down in the same suit: only a 6 of hearts fits on a 7 of hearts.",
    "any-suit": "Columns build down regardless of suit: any 6 fits on any 7.",
    "other-suit": "Columns build down in any suit except the card's own, whatever the colour: "
    "a 6 of hearts fits on a 7 of spades, clubs or diamonds, but not on a 7 of hearts.",
}
# What an empty column takes, by the spec's rule, with runs moving (True) or not.
EMPTY = {
    "king": {
        True: "An empty column takes only a {king}, or a run headed by one.",
        False: "An empty column takes only a {king}.",
        "groups": "An empty column takes only a {king}, together with whatever lies on it.",
    },
    "any": {
        True: "An empty column takes any card, or any run that may move.",
        False: "An empty column takes any card.",
    },
}
# Which cards move together, by the spec's kind of move (the plain ones are W's runs and one_card).
MOVES = {
    "suit-runs": "Any top card may move alone. Several cards move together only when they are all of one "
    "suit, each one rank below the card it lies on.",
    "groups": "Any face-up card may move, and every card on top of it goes along, in whatever order they "
    "lie. The card you pick up must fit where it goes.",
}
# How long a moving run may be, by the spec's run limit.
RUN_LIMIT = {
    "supermove": D(
        "supermove-limit",
        "How many cards move at once depends on the free space: one more than the empty free cells, "
        "doubled for each empty column other than the one the cards go to (3 empty cells and 1 empty column: "
        "up to 8 cards). That is exactly what moving them one by one through the free space would allow.",
    ),
}
# Where game numbers come from, by the spec's shuffle (the project's own needs no words).
SHUFFLE = {
    "microsoft": D(
        "microsoft-deals",
        "Game numbers are Microsoft FreeCell's: game N here is the very deal its game N shows, so the "
        "numbers you know carry over, the famously unsolvable 11982 included.",
    ),
}
# A stock of its own kind, by the spec's stock (a stock dealing to the waste is told in W).
STOCK = {
    "row": (
        "Click the stock to deal one card face up onto each of the {columns} columns at once, as a single "
        "move: its {stock} cards make {deals} such deals.",
        D("deal-no-empty-column", "The stock deals only while no column is empty: fill every gap first."),
    ),
}
# When a game is stalled, by the spec's stall rule.
STALL = {
    "stock-pass": "{stalled}: no move is possible except drawing or turning the waste over, and a whole "
    "pass through the stock would not bring one either.",
    "no-move": "{stalled}: no legal move is left; {stock_done}, and no card can move.",
    "chain-end": "The chain ends when a card lands on a pile that has no face-down card left to turn up. "
    "That happens exactly when the last {start} arrives, because the {start} pile gave up its first card "
    "at the start.",
}
# What every deal promises, by the spec's guarantee.
GUARANTEE = {
    "scoring-move": "Every deal offers at least one scoring move from the very start, "
    "and the same game number always gives the same deal.",
}
# The cards, by the deck's style (French decks need no words).
CARDS = {
    "italian": (
        "A {cards}-card Italian deck. Ranks from low to high: Ace (Asso), 2 to 7, Jack (Fante), "
        "Knight (Cavallo), King (Re).",
        "Napoletane and Piacentine faces print numbers in their corners: Ace 1, Jack 8, Knight 9, King 10.",
        "Coins (denari) and cups (coppe) are red; batons (bastoni) and swords (spade) are black. "
        "With French faces they show as diamonds, hearts, clubs and spades.",
        "Choose Napoletane, Piacentine or French card faces in Settings.",
    ),
}
# Points, by the spec's scoring scheme (its figures: scoring.py).
SCORING = {
    "reloaded": (
        "Card values: Ace 1, number cards as marked, Jack 11, Queen 12, King 13.",
        "+{reveal} each time a face-down card in a column turns face up.",
        "+{home_per_rank} × the card's value when a card reaches a foundation (a King brings {top_home}).",
        D(
            "home-points-once",
            "A card earns its foundation points only on its first trip there: taking it back "
            "to a column and home again earns nothing more.",
        ),
        "+{waste_to_column_per_rank} × the card's value when a card goes from the waste to a column.",
        "−{foundation_to_column} when a card goes from a foundation back to a column.",
        "−{redeal} each time the waste is turned over into a new stock.",
        "−{undo_cost} for every undo.",
        "−{time_cost} for every full {time_step} seconds of play.",
        D(
            "solved-bonus-steps",
            "Solving the game adds {solved} + {solved_steps} ÷ steps, rounded down. Steps are the moves of "
            "your final line of play: draws and turning the waste over count, moves you took back don't.",
        ),
        D(
            "score-floor-zero",
            "The score never shows less than 0. Points lost below zero still count, though: "
            "you have to win them back before the score climbs above 0 again.",
        ),
    ),
    "solitario": (
        "+{from_waste} for every card played from the waste.",
        "+{reveal} when a face-down card in a column turns face up.",
        "+{home} for every card put on a foundation, so a card going straight from the waste "
        "to a foundation earns {waste_home}.",
        "−{off_home} for every card taken off a foundation.",
        "Time itself costs no points.",
    ),
    "forty-thieves": (
        D(
            "five-per-card-home",
            "Each card put on a foundation scores {per_card} points, so a solved game scores {best}. "
            "Nothing else earns or costs points.",
        ),
    ),
    "classic": (
        "+{from_waste} when a card goes from the waste to a column.",
        "+{home} when a card goes to a foundation.",
        "+{reveal} each time a face-down card in a column turns face up.",
        "−{off_home} when a card comes back from a foundation to a column.",
        "−{turnover} each time the waste is turned over into the stock.",
        D(
            "klondike-score",
            "These are the classic Klondike points. The score never shows less than 0, but points lost "
            "below it still count: they have to be won back first.",
        ),
    ),
    "freecell": (
        D(
            "ten-per-card-home",
            "Every card sent to a foundation earns {per_card} points, {best} for a solved game; "
            "nothing else changes the score.",
        ),
    ),
    "spider": (
        "The score starts at {start_points}.",
        "Each move costs {per_move} point, a deal from the stock included.",
        "Each complete run that goes to a foundation brings {per_run} points.",
        D(
            "undo-costs-one",
            "An undo takes the move back, with whatever it earned or cost, and still costs {undo_cost} point "
            "of its own.",
        ),
    ),
    "retinue": (
        "Each card placed earns {per_rank} × its rank: {rank_1} for an Ace, {rank_2} for a 2 and so on up to "
        "{rank_10} for a 10, then {rank_11} for a Jack, {rank_12} for a Queen and {rank_13} for a King.",
        "A pile that gathers all four cards of its rank earns a bonus: {row_bonus_1} points in the top row "
        "({row_1}), {row_bonus_2} in the middle row ({row_2}), {row_bonus_3} in the bottom row ({row_3}).",
        D(
            "bonus-falls-5-per-second",
            "A time bonus of {time_bonus} points starts shrinking as soon as play begins: it loses {bonus_drop} "
            "points for every full second until it reaches 0. You get what is left only if all {cards} cards "
            "are placed.",
        ),
        "The best possible score is {best}.",
    ),
}
# Piles labelled with a rank, one card to play (Royal Retinue).
LABELLED = {
    "goal": "Send every card to the pile of its rank, one after another, until all {cards} are placed.",
    "dealt": "The {cards} cards are dealt face down into {columns} piles of {per_pile}. Each pile is labelled "
    "with a rank: {label_names}.",
    "rows": D("layout-rows", "The piles lie in {rows_w} rows: {rows}."),
    "start": D(
        "start-pile-8",
        "Play starts with the top card of the {start} pile, in the centre of the layout, turned face up.",
    ),
    "moves": (
        "There is always exactly one face-up card to play. Drag it to the pile labelled with its "
        "rank; its suit doesn't matter.",
        "The card is laid face up beneath that pile, and the pile's top face-down card turns up: "
        "that is the next card to play.",
        "Example: the face-up card is a 9. It goes to the 9 pile, where the next card turns up.",
        D("wrong-pile-no-penalty", "Drop the card on the wrong pile and it is refused and goes back, with no penalty."),
    ),
    "won": "If all {cards} cards are placed by then, you win. Otherwise the deal is lost, "
    "and the points earned so far stand.",
}

# A game's own prose: game id -> piece -> text (or texts), in place of the shared piece.
OWN = {
    # RULES.md section 5, the classics
    "classics": {
        "time": D("relaxed-play", "Time costs no points: the clock runs only for your statistics."),
    },
    "yukon": {
        "scoring": (
            D(
                "yukon-score",
                "Points are counted as in Klondike, leaving out those that concern the waste and the stock.",
            ),
            "+{home} when a card goes to a foundation.",
            "+{reveal} each time a face-down card in a column turns face up.",
            "−{off_home} when a card comes back from a foundation to a column.",
            "The score never shows less than 0, but points lost below it still count: they have to be won back first.",
        ),
    },
    "reloaded": {
        "goal_more": "The game is made for duels: both players get the same deal, and the higher score wins.",
    },
    "solitario": {
        "redeal": D(
            "free-unlimited-redeal",
            "When the stock is empty, click it to turn the waste over into a new stock, "
            "as often as you like, and it costs no points.",
        ),
    },
}
