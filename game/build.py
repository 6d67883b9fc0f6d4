"""Rules of the games built on a tableau: Klondike (Solitaire Reloaded,
Solitario) and the Forty Thieves family. Everything that differs between them
is read from the spec."""

from __future__ import annotations

from .errors import IllegalMove, InvalidPosition
from .moves import DRAW, REDEAL, Move
from .position import Position
from .rules import Change, Rules
from .shuffle import shuffled

STOCK, WASTE = 0, 1

BUILD_RULE_TEXT = {
    "alternate": "columns build down in alternating colours",
    "same-suit": "columns build down in the same suit",
    "other-suit": "columns build down in any suit but the card's own",
}


class BuildRules(Rules):
    def __init__(self, spec):
        super().__init__(spec)
        deck = self.deck
        self.names = spec.pile_names
        self.foundations = tuple(spec.foundation_range)
        self.columns = tuple(spec.tableau_range)
        self.kind = ["stock", "waste"] + ["foundation"] * spec.foundations + ["tableau"] * spec.columns
        rank, suit, red = deck.rank, deck.suit, deck.red
        up_cards = set(deck.cards)
        fits = {
            "alternate": lambda below, card: red[below] != red[card],
            "same-suit": lambda below, card: suit[below] == suit[card],
            "other-suit": lambda below, card: suit[below] != suit[card],
        }[spec.build]
        # accepts[c]: the cards that may be placed on the face-up card c in a column.
        self.accepts = {
            below: frozenset(c for c in up_cards if rank[c] == rank[below] - 1 and fits(below, c)) for below in up_cards
        }
        self.empty_takes = frozenset(c for c in up_cards if spec.empty_column == "any" or rank[c] == deck.top_rank)
        # next_home[c]: the card that follows c on a foundation.
        self.next_home = {c: deck.code(suit[c], rank[c] + 1) for c in up_cards if rank[c] < deck.top_rank}
        self.aces = frozenset(c for c in up_cards if rank[c] == 1)

    # --- dealing --------------------------------------------------------------
    def deal(self, number: int) -> Position:
        spec = self.spec
        cards = self.deck.cards
        aces = ()
        if spec.aces_on_foundations:
            aces = tuple(c for c in cards if c in self.aces)
            cards = tuple(c for c in cards if c not in self.aces)
        attempt = 0
        while True:
            pos = self._lay_out(shuffled(cards, spec.id, number, attempt), aces)
            if spec.guarantee != "scoring-move" or self._offers_scoring_move(pos):
                return pos
            attempt += 1

    def _lay_out(self, order, aces) -> Position:
        """Columns left to right, each bottom to top, take cards from the front of
        the shuffled order; the rest is the stock, its last card on top."""
        piles = [()] * len(self.names)
        i = 0
        for col, (down, up) in zip(self.columns, self.spec.deal):
            cards = order[i : i + down + up]
            piles[col] = tuple(c.lower() for c in cards[:down]) + tuple(cards[down:])
            i += down + up
        for f, ace in zip(self.foundations, aces):
            piles[f] = (ace,)
        stock = tuple(c.lower() for c in order[i:])
        k = self.spec.opening_waste
        if k:
            piles[WASTE] = tuple(c.upper() for c in reversed(stock[-k:]))
            stock = stock[:-k]
        piles[STOCK] = stock
        return Position(self.spec, tuple(piles))

    def _offers_scoring_move(self, pos) -> bool:
        from .scoring import move_points

        for move in self.legal_moves(pos):
            if not move.is_stock_action:
                after, change = self.apply(pos, move)
                if move_points(self.spec, change, after, frozenset())[0] > 0:
                    return True
        return False

    # --- moves ------------------------------------------------------------------
    def run_length(self, column) -> int:
        """How many cards at the top of a column form a run that may move."""
        if not column or column[-1].islower():
            return 0
        if not self.spec.runs:
            return 1
        n = 1
        accepts = self.accepts
        while n < len(column) and column[-n] in accepts.get(column[-n - 1], ()):
            n += 1
        return n

    def legal_moves(self, pos) -> list[Move]:
        """Every legal move, by source: the waste, each column, each foundation, then the stock."""
        piles, names, spec = pos.piles, self.names, self.spec
        home, wanted, empty = self._wants(piles)
        empty_takes = self.empty_takes
        out: list[Move] = []

        def add(src: str, card: str, count: int, skip: int, foundations: bool) -> None:
            if foundations:
                for f in home.get(card, ()):
                    out.append(Move(src, names[f]))
            for t in wanted.get(card, ()):
                if t != skip:
                    out.append(Move(src, names[t], count))
            if empty and card in empty_takes:
                for t in empty:
                    if t != skip:
                        out.append(Move(src, names[t], count))

        waste = piles[WASTE]
        if waste:
            add("waste", waste[-1], 1, -1, True)
        for t in self.columns:
            column = piles[t]
            if column:
                name = names[t]
                add(name, column[-1], 1, t, True)
                for k in range(2, self.run_length(column) + 1):
                    add(name, column[-k], k, t, False)
        if spec.foundation_to_column:
            for f in self.foundations:
                if piles[f]:
                    add(names[f], piles[f][-1], 1, -1, False)
        if piles[STOCK]:
            out.append(DRAW)
        elif waste and self._may_redeal(pos):
            out.append(REDEAL)
        return out

    def _wants(self, piles) -> tuple[dict, dict, list]:
        """The destinations indexed by the card each one wants (foundations,
        columns), and the empty columns: every candidate card then costs one
        dictionary look-up instead of a scan of all piles."""
        home: dict[str, list[int]] = {}
        for f in self.foundations:
            fp = piles[f]
            if fp:
                nxt = self.next_home.get(fp[-1])
                if nxt:
                    home.setdefault(nxt, []).append(f)
            else:
                for ace in self.aces:
                    home.setdefault(ace, []).append(f)
        wanted: dict[str, list[int]] = {}
        empty: list[int] = []
        for t in self.columns:
            col = piles[t]
            if col:
                for c in self.accepts[col[-1]]:
                    wanted.setdefault(c, []).append(t)
            else:
                empty.append(t)
        return home, wanted, empty

    def _may_redeal(self, pos) -> bool:
        limit = self.spec.redeals
        return limit is None or pos.redeals < limit

    def apply(self, pos, move: Move):
        if move.is_stock_action:
            return self._stock(pos, move)
        spec, piles = self.spec, pos.piles
        index = spec.pile_index
        s, d = index.get(move.src), index.get(move.dst)
        for name, i in ((move.src, s), (move.dst, d)):
            if i is None:
                raise IllegalMove(f"there is no pile {name} in {spec.name}")
        ks, kd = self.kind[s], self.kind[d]
        if s == d:
            raise IllegalMove("a card cannot move onto its own pile")
        if ks == "stock":
            raise IllegalMove("cards leave the stock only by drawing (draw)")
        if kd in ("stock", "waste"):
            raise IllegalMove(f"no card may be put on the {kd}")
        if ks == "foundation" and not spec.foundation_to_column:
            raise IllegalMove(f"in {spec.name} cards on the foundations stay there")
        if ks == kd == "foundation":
            raise IllegalMove("a card leaves a foundation only for a column")
        src = piles[s]
        if not src:
            raise IllegalMove(f"{move.src} is empty")
        n = move.count
        if n > 1:
            if ks != "tableau":
                raise IllegalMove(f"only one card at a time leaves the {ks}")
            if kd == "foundation":
                raise IllegalMove("cards go to a foundation one at a time")
            if not spec.runs:
                raise IllegalMove(f"in {spec.name} only one card moves at a time")
            if n > self.run_length(src):
                face_up = len(src) - sum(1 for c in src if c.islower())
                if n > face_up:
                    raise IllegalMove(f"{move.src} has only {face_up} face-up cards")
                raise IllegalMove(f"the top {n} cards of {move.src} are not a run ({BUILD_RULE_TEXT[spec.build]})")
        card = src[-n]
        dst = piles[d]
        if kd == "foundation":
            if not dst:
                if card not in self.aces:
                    raise IllegalMove(f"only an Ace can start a foundation, not {card}")
            elif self.next_home.get(dst[-1]) != card:
                raise IllegalMove(f"{card} cannot go on {dst[-1]}: foundations build up in suit")
        elif not dst:
            if card not in self.empty_takes:
                what = "a King or a run headed by one" if spec.runs else "a King"
                raise IllegalMove(f"an empty column takes only {what}, not {card}")
        elif card not in self.accepts[dst[-1]]:
            raise IllegalMove(f"{card} cannot go on {dst[-1]}: {BUILD_RULE_TEXT[spec.build]}")
        moved = src[-n:]
        rest = src[:-n]
        revealed = None
        if rest and rest[-1].islower():
            revealed = rest[-1].upper()
            rest = rest[:-1] + (revealed,)
        new = list(piles)
        new[s] = rest
        new[d] = dst + moved
        return Position(spec, tuple(new), pos.redeals), Change(move, moved, ks, kd, revealed, d)

    def _stock(self, pos, move: Move):
        spec, piles = self.spec, pos.piles
        stock, waste = piles[STOCK], piles[WASTE]
        new = list(piles)
        if move == DRAW:
            if not stock:
                more = "; turn the waste over with redeal" if waste and self._may_redeal(pos) else ""
                raise IllegalMove(f"the stock is empty{more}")
            n = min(spec.draw, len(stock))
            drawn = tuple(c.upper() for c in reversed(stock[-n:]))
            new[STOCK], new[WASTE] = stock[:-n], waste + drawn
            return Position(spec, tuple(new), pos.redeals), Change(move, drawn, "stock", "waste", None, WASTE)
        if move == REDEAL:
            if stock:
                raise IllegalMove("the stock still has cards; the waste turns over only when it is empty")
            if not waste:
                raise IllegalMove("the waste is empty: there is nothing to turn over")
            if not self._may_redeal(pos):
                if not spec.redeals:
                    raise IllegalMove(f"{spec.name} has no redeal")
                raise IllegalMove(f"all {spec.redeals} redeals of {spec.name} are used")
            new[STOCK], new[WASTE] = tuple(c.lower() for c in reversed(waste)), ()
            return Position(spec, tuple(new), pos.redeals + 1), Change(move, (), "waste", "stock", None, STOCK)
        raise IllegalMove(f"{move} is not a move of {spec.name}")

    # --- end of game -----------------------------------------------------------
    def cards_home(self, pos) -> int:
        return sum(len(pos.piles[f]) for f in self.foundations)

    def is_won(self, pos) -> bool:
        return self.cards_home(pos) == self.deck.size

    def is_stalled(self, pos) -> bool:
        """No move left that can change anything (RULES.md, "Game over").

        Klondike kind: no move but drawing and turning the waste over, now or at
        any point of one full pass through the stock. Others: no legal move.
        """
        if self.spec.stall == "no-move":
            return not self.legal_moves(pos)
        if self.has_progress_move(pos):
            return False
        # Drawing and turning over change only the stock and the waste, so
        # through the pass every move from a column or a foundation stays as
        # it is now (none), and a move appears only where a card the pass
        # turns up on top of the waste has somewhere to go. Play the pass on
        # the two piles' cards alone: a look-up per card, not a search of
        # every pile per draw (which made each draw of a long replay cost a
        # whole pass of move searches).
        home, wanted, empty = self._wants(pos.piles)
        takes_any = self.empty_takes if empty else frozenset()
        stock, waste = list(pos.piles[STOCK]), list(pos.piles[WASTE])
        draw, turned = self.spec.draw, False
        while True:
            if stock:
                n = min(draw, len(stock))
                drawn = [c.upper() for c in reversed(stock[-n:])]
                del stock[-n:]
                waste += drawn
                top = drawn[-1]
                if top in home or top in wanted or top in takes_any:
                    return False
            elif waste and not turned and self._may_redeal(pos):
                stock, waste, turned = [c.lower() for c in reversed(waste)], [], True
            else:
                return True

    # --- checking a position -------------------------------------------------------
    def validate(self, pos, turned=None) -> Position:
        spec, piles, names = self.spec, pos.piles, self.names
        if turned is not None:
            raise InvalidPosition("'turned' belongs only to Royal Retinue positions")
        self.check_cards(pos)
        for c in piles[STOCK]:
            if not c.islower():
                raise InvalidPosition(f"stock: {c} is face up, but stock cards lie face down")
        for c in piles[WASTE]:
            if c.islower():
                raise InvalidPosition(f"waste: {c} is face down, but waste cards lie face up")
        for f in self.foundations:
            pile = piles[f]
            for i, c in enumerate(pile):
                if c.islower():
                    raise InvalidPosition(f"{names[f]}: {c} is face down on a foundation")
                if i == 0 and c not in self.aces:
                    raise InvalidPosition(f"{names[f]}: a foundation starts with an Ace, not {c}")
                if i and self.next_home.get(pile[i - 1]) != c:
                    raise InvalidPosition(f"{names[f]}: {c} cannot lie on {pile[i - 1]} (up in suit)")
            if spec.aces_on_foundations and not pile:
                raise InvalidPosition(f"{names[f]} is empty, but in {spec.name} every foundation keeps its Ace")
        for t, (dealt_down, _) in zip(self.columns, spec.deal):
            column = piles[t]
            down = 0
            for i, c in enumerate(column):
                if c.islower():
                    down += 1
                    if i and not column[i - 1].islower():
                        raise InvalidPosition(f"{names[t]}: the face-down {c} lies on a face-up card")
            if column and column[-1].islower():
                raise InvalidPosition(
                    f"{names[t]}: the top card {column[-1]} is face down, but an exposed card turns up at once"
                )
            if down > dealt_down:
                raise InvalidPosition(
                    f"{names[t]} has {down} face-down cards, but {spec.name} deals "
                    f"{'none' if not dealt_down else f'only {dealt_down}'} face down there"
                )
        if spec.redeals is not None and pos.redeals > spec.redeals:
            raise InvalidPosition(f"{pos.redeals} redeals used, but {spec.name} allows {spec.redeals}")
        return pos
