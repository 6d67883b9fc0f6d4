"""Royal Retinue (RULES.md §2): the forced chain, scoring, its end."""

from __future__ import annotations

import pytest
from engine_helpers import FRENCH_RANKS

from game import Game, IllegalMove, new_game, read_position

DECK = [r + s for s in "SHDC" for r in FRENCH_RANKS]
LABELS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
ROW_BONUS = {**{r: 100 for r in range(1, 6)}, **{r: 250 for r in range(6, 11)}, **{r: 500 for r in range(11, 14)}}


def rank(card):
    return FRENCH_RANKS.index(card[0]) + 1


def chain_position(chain, rest=()):
    """The position whose turned cards come in the order ``chain``: chain[0]
    lies face up on t8, and each card's arrival on its pile turns up the next
    one there. ``rest`` fills the face-down places the chain never reaches."""
    stacks = {i: [] for i in range(1, 14)}  # face-down cards, top first
    stacks[8].append(chain[0])
    for card, following in zip(chain, chain[1:]):
        stacks[rank(card)].append(following)
    rest = list(rest)
    for i in range(1, 14):
        while len(stacks[i]) < 4:
            stacks[i].append(rest.pop(0))
    assert not rest and all(len(s) == 4 for s in stacks.values())
    piles = {f"t{i}": [c.lower() for c in reversed(stacks[i])] for i in range(1, 14)}
    piles["t8"][-1] = chain[0]
    return read_position({"game": "retinue", "piles": piles})


WON_CHAIN = [c for c in DECK if c != "8C"] + ["8C"]  # the 4th 8 arrives last
SHORT_CHAIN = ["8S", "KS", "8H", "QH", "8D", "2C", "8C"]  # the 4th 8 arrives 7th


def play_chain(game, chain, times=None):
    src = 8
    for j, card in enumerate(chain):
        move = f"t{src}>t{rank(card)}"
        assert [str(m) for m in game.legal_moves()] == [move]
        game.play(move if times is None else f"{move}@{times[j]}")
        src = rank(card)


# --- deal and moves -------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_the_only_move_sends_the_turned_card_to_its_ranks_pile(seed):
    g = new_game("retinue", seed)
    top = g.position.pile("t8")[-1]
    assert top.isupper()
    assert [str(m) for m in g.legal_moves()] == [f"t8>t{rank(top)}"]


def test_a_card_lands_face_up_under_its_pile_and_turns_up_the_next():
    g = Game(chain_position(SHORT_CHAIN, [c for c in DECK if c not in SHORT_CHAIN]))
    g.play("t8>t8")  # 8S onto its own pile: placed beneath, KS turns up
    assert g.position.pile("t8")[0] == "8S"
    assert g.position.pile("t8")[-1] == "KS"
    assert [c.islower() for c in g.position.pile("t8")] == [False, True, True, False]
    g.play("t8>t13")
    t13 = g.position.pile("t13")
    assert t13[0] == "KS" and t13[-1] == "8H" and sum(c.islower() for c in t13) == 3
    assert g.position.pile("t8")[-1].islower()  # nothing turned on t8 any more
    assert g.score() == 80 + 130


def test_a_drop_on_the_wrong_pile_is_refused_without_penalty():
    g = Game(chain_position(SHORT_CHAIN, [c for c in DECK if c not in SHORT_CHAIN]))
    g.play("t8>t8")
    g.play("t8>t13")
    g.play("t13>t8")  # QH turns up on t8
    before = (g.position, g.score())
    with pytest.raises(IllegalMove, match=r"QH belongs on the Q pile \(t12\), not on the J pile"):
        g.play("t8>t11")
    with pytest.raises(IllegalMove, match="not on the K pile"):
        g.play("t8>t13")
    with pytest.raises(IllegalMove, match="t8"):
        g.play("t12>t12")  # only the face-up card moves
    with pytest.raises(IllegalMove):
        g.play("draw")
    assert (g.position, g.score()) == before
    g.play("t8>t12")
    assert g.position.pile("t12")[0] == "QH"


@pytest.mark.parametrize("index", range(13))
def test_wrong_pile_message_names_the_right_labels(index):
    first = FRENCH_RANKS[index] + "H"
    g = Game(chain_position([first] + [c for c in DECK if c not in (first, "8C")] + ["8C"]))
    wrong = rank(first) % 13 + 1  # the next pile along
    with pytest.raises(IllegalMove) as refused:
        g.play(f"t8>t{wrong}")
    message = str(refused.value)
    assert f"{first} belongs on the {LABELS[index]} pile (t{index + 1})" in message
    assert f"not on the {LABELS[wrong - 1]} pile" in message


def test_no_undo():
    g = new_game("retinue", 4)
    g.play(str(g.legal_moves()[0]))
    with pytest.raises(IllegalMove, match="no undo"):
        g.undo()


# --- scoring and the end ------------------------------------------------------------


def test_each_placement_scores_10_times_rank_and_a_full_pile_its_row_bonus():
    g = Game(chain_position(WON_CHAIN))
    placed = {r: 0 for r in range(1, 14)}
    src, total = 8, 0
    for card in WON_CHAIN[:-1]:
        r = rank(card)
        g.play(f"t{src}>t{r}")
        placed[r] += 1
        total += 10 * r + (ROW_BONUS[r] if placed[r] == 4 else 0)
        assert g.score() == total, card  # no time bonus while playing
        src = r
    assert g.status == "playing"
    assert total == 3640 + 3250 - 80 - 250


def test_won_when_all_52_are_placed_with_the_falling_bonus():
    g = Game(chain_position(WON_CHAIN))
    times = [j // 5 for j in range(51)] + [12.7]
    play_chain(g, WON_CHAIN, times)
    assert g.status == "won"
    assert g.legal_moves() == []
    assert g.score() == 3640 + 3250 + 1000 - 5 * 12
    assert g.score(at=100) == g.score()


@pytest.mark.parametrize("end,bonus", [(0, 1000), (0.99, 1000), (1, 995), (12.7, 940), (199.5, 5), (200, 0), (900, 0)])
def test_time_bonus_falls_5_per_full_second(end, bonus):
    g = Game(chain_position(WON_CHAIN))
    play_chain(g, WON_CHAIN, [0] * 51 + [end])
    assert g.status == "won"
    assert g.score() == 3640 + 3250 + bonus


def test_maximum_score_is_7890():
    g = Game(chain_position(WON_CHAIN))
    play_chain(g, WON_CHAIN)
    assert g.score() == 7890


def test_chain_ends_early_when_the_last_8_arrives_and_no_bonus_is_paid():
    g = Game(chain_position(SHORT_CHAIN, [c for c in DECK if c not in SHORT_CHAIN]))
    play_chain(g, SHORT_CHAIN, [1] * 7)
    assert g.status == "stalled"
    assert g.legal_moves() == []
    assert g.score() == 80 + 130 + 80 + 120 + 80 + 20 + 80 + 250
    with pytest.raises(IllegalMove):
        g.play("t8>t8")


@pytest.mark.parametrize("seed", range(8))
def test_seeded_games_end_when_the_fourth_8_arrives(seed):
    g = new_game("retinue", seed)
    placed = []
    while g.status == "playing":
        (move,) = g.legal_moves()
        card = g.position.pile(move.src)[-1]
        g.play(move)
        placed.append(card)
    assert placed[-1][0] == "8" and sum(c[0] == "8" for c in placed) == 4
    assert g.status == ("won" if len(placed) == 52 else "stalled")
    full = [r for r in range(1, 14) if sum(rank(c) == r for c in placed) == 4]
    expected = sum(10 * rank(c) for c in placed) + sum(ROW_BONUS[r] for r in full)
    assert g.score() == expected + (1000 if g.status == "won" else 0)


def test_time_up_in_retinue_pays_no_bonus():
    g = Game(chain_position(WON_CHAIN), time_limit=30)
    play_chain(g, WON_CHAIN[:10], [1] * 10)
    score = g.score()
    with pytest.raises(IllegalMove):
        g.play(f"t{rank(WON_CHAIN[9])}>t{rank(WON_CHAIN[10])}@31")
    assert g.status == "time-up" and g.score() == score
