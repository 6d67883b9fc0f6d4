"""Royal Retinue: a forced chain, not a tableau game.

Thirteen piles, labelled A, 2, …, 10, J, Q, K (t1…t13), each dealt four cards
face down. One card is face up at a time (the "turned" card); it must go to the
pile labelled with its rank, where it is placed face up beneath the pile, and
that pile's top face-down card turns up next. The chain ends when the pile that
must turn has no face-down card left.

A pile lists bottom → top: the cards placed on it (face up, all of its rank),
then its face-down cards, then — on one pile only — the turned card.
"""

from __future__ import annotations

from .errors import IllegalMove, InvalidPosition
from .moves import Move
from .position import Position
from .rules import Change, Rules, RulesKind
from .shuffle import shuffled


class RetinueRules(Rules):
    kind = RulesKind.RETINUE
    forced = True

    def __init__(self, spec):
        super().__init__(spec)
        self.names = spec.pile_names
        self.labels = tuple("10" if r == "T" else r for r in spec.deck.ranks)

    def label(self, pile: int) -> str:
        return self.labels[pile]

    def deal(self, number: int) -> Position:
        order = shuffled(self.deck.cards, self.spec.id, number)
        piles = [tuple(c.lower() for c in order[i * 4 : i * 4 + 4]) for i in range(13)]
        start = self.spec.start_pile - 1
        piles[start] = piles[start][:-1] + (piles[start][-1].upper(),)
        return Position(self.spec, tuple(piles), waiting=start)

    def home_of(self, card: str) -> int:
        return self.deck.rank[card] - 1

    def legal_moves(self, pos) -> list[Move]:
        if pos.waiting is None:
            return []
        card = pos.piles[pos.waiting][-1]
        return [Move(self.names[pos.waiting], self.names[self.home_of(card)])]

    def placed(self, pos, i: int) -> int:
        """How many cards have been placed on pile i."""
        pile = pos.piles[i]
        down = sum(1 for c in pile if c.islower())
        return len(pile) - down - (1 if pos.waiting == i else 0)

    def apply(self, pos, move: Move):
        names, index = self.names, self.spec.pile_index
        if move.is_stock_action:
            raise IllegalMove("retinue_no_stock", game=self.spec.name)
        s, d = index.get(move.src), index.get(move.dst)
        for name, i in ((move.src, s), (move.dst, d)):
            if i is None:
                raise IllegalMove("retinue_no_pile", pile=name, game=self.spec.name, last=names[-1])
        if pos.waiting is None:
            raise IllegalMove("chain_ended")
        if move.count != 1:
            raise IllegalMove("retinue_one")
        if s != pos.waiting:
            raise IllegalMove("retinue_which", pile=names[pos.waiting])
        card = pos.piles[s][-1]
        home = self.home_of(card)
        if d != home:
            raise IllegalMove("retinue_pile", card=card, label=self.label(home), home=names[home], wrong=self.label(d))
        piles = list(pos.piles)
        piles[s] = piles[s][:-1]
        target = piles[d]
        at = self.placed(Position(self.spec, tuple(piles), waiting=None), d)
        target = target[:at] + (card,) + target[at:]
        revealed, waiting = None, None
        if target and target[-1].islower():
            revealed = target[-1].upper()
            target = target[:-1] + (revealed,)
            waiting = d
        piles[d] = target
        return Position(self.spec, tuple(piles), waiting=waiting), Change(
            move, (card,), "tableau", "tableau", revealed, d
        )

    def cards_home(self, pos) -> int:
        return sum(self.placed(pos, i) for i in range(13))

    def is_won(self, pos) -> bool:
        return pos.waiting is None and self.cards_home(pos) == self.deck.size

    def is_stalled(self, pos) -> bool:
        return pos.waiting is None and not self.is_won(pos)

    def check_reachable(self, pos) -> None:
        """What every position of the chain keeps (``Position.from_json``): a
        pile is dealt its face-down cards and never gets more; each card
        placed on a pile turns up one of its cards (the starting pile turned
        its first by itself), except the card that ended the chain, which
        found none left. (Counting the face-up cards, it follows that the
        chain ended on one pile at most, and then no card waits.)"""
        names, start = self.names, self.spec.start_pile - 1
        for i, pile in enumerate(pos.piles):
            down = sum(1 for c in pile if c.islower())
            dealt = self.spec.deal[i][0]
            if down > dealt:
                raise InvalidPosition("retinue_too_many_down", pile=names[i], count=down, dealt=dealt)
            turned_up, expected = dealt - down, self.placed(pos, i) + (1 if i == start else 0)
            if turned_up != expected and not (turned_up == expected - 1 and down == 0):
                raise InvalidPosition("retinue_chain", pile=names[i], turned=turned_up, expected=expected)

    def validate(self, pos, turned=None) -> Position:
        """Each pile: placed cards of its rank, face-down cards, then at most the
        turned card. Exactly one turned card unless the chain has ended; where a
        pile with no face-down card ends in a card of its own rank, that card
        counts as placed unless ``turned`` names the pile."""
        self.check_cards(pos)
        names, rank = self.names, self.deck.rank
        waiting, ambiguous = [], set()
        for i, pile in enumerate(pos.piles):
            down = [k for k, c in enumerate(pile) if c.islower()]
            if down and down[-1] - down[0] + 1 != len(down):
                raise InvalidPosition("retinue_down_apart", pile=names[i])
            placed = pile[: down[0]] if down else pile[:-1]
            top = pile[down[-1] + 1 :] if down else pile[-1:]
            if len(top) > 1:
                raise InvalidPosition("retinue_two_up", pile=names[i])
            for c in placed:
                if rank[c] - 1 != i:
                    raise InvalidPosition("retinue_misplaced", pile=names[i], card=c, label=self.label(i))
            if top and (down or rank[top[0]] - 1 != i):
                waiting.append(i)
            elif top:
                ambiguous.add(i)
        if turned is not None:
            t = self.spec.pile_index[turned]
            if t not in ambiguous and t not in waiting:
                raise InvalidPosition("turned_not_up", pile=turned)
            if t not in waiting:
                waiting.append(t)
        if len(waiting) > 1:
            raise InvalidPosition("two_waiting", piles=", ".join(names[i] for i in waiting))
        return Position(self.spec, pos.piles, waiting=waiting[0] if waiting else None)
