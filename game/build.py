"""Rules of the games built on a tableau: Klondike (Solitaire Reloaded,
Solitario, the classic draw one and draw three), the Forty Thieves family,
FreeCell, Spider and Yukon. Everything that differs between them is read from
the spec: how columns build, which cards move together (and how many), free
cells, where the stock deals, and whether whole runs go home by themselves."""

from __future__ import annotations

from .errors import IllegalMove, InvalidPosition
from .moves import DEAL, DRAW, REDEAL, Move
from .position import Position
from .rules import Change, Rules, RulesKind
from .shuffle import MICROSOFT_LAST, microsoft_dealt, shuffled
from .spec import Build, Guarantee, Moves, RunLimit, Shuffle, Stall, Stock

STOCK, WASTE = 0, 1


class BuildRules(Rules):
    kind = RulesKind.BUILD

    def __init__(self, spec):
        super().__init__(spec)
        deck = self.deck
        self.names = spec.pile_names
        self.foundations = tuple(spec.foundation_range)
        self.cells = tuple(spec.cell_range)
        self.columns = tuple(spec.tableau_range)
        self.kind = (
            ["stock", "waste"] + ["foundation"] * spec.foundations + ["cell"] * spec.cells + ["tableau"] * spec.columns
        )
        self.movement = spec.movement
        rank, suit = deck.rank, deck.suit
        up_cards = set(deck.cards)
        fits = spec.build.fits
        # accepts[c]: the cards that may be placed on the face-up card c in a column.
        self.accepts = {
            below: frozenset(c for c in up_cards if rank[c] == rank[below] - 1 and fits(deck, below, c))
            for below in up_cards
        }
        # run_on[c]: the cards that continue a run that moves as a unit, lying on c.
        if self.movement is Moves.SUIT_RUNS:
            self.run_on = {b: frozenset(c for c in self.accepts[b] if suit[c] == suit[b]) for b in up_cards}
        else:
            self.run_on = self.accepts
        self.empty_takes = frozenset(c for c in up_cards if spec.empty_column.takes(deck, c))
        self.whole_run = deck.top_rank  # runs_home: the cards of one suit's run, King to Ace
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
        if spec.shuffle is Shuffle.MICROSOFT and number <= MICROSOFT_LAST:
            return self._lay_out(self._by_columns(microsoft_dealt(number)), aces)
        attempt = 0
        while True:
            pos = self._lay_out(shuffled(cards, spec.id, number, attempt), aces)
            if spec.guarantee is not Guarantee.SCORING_MOVE or self._offers_scoring_move(pos):
                return pos
            attempt += 1

    def _by_columns(self, dealt) -> list:
        """Cards dealt to the columns in turn, row by row, as ``_lay_out``'s
        order: column by column, each bottom to top."""
        heights = [down + up for down, up in self.spec.deal]
        columns: list = [[] for _ in heights]
        i = 0
        for card in dealt:
            while len(columns[i % len(heights)]) >= heights[i % len(heights)]:
                i += 1
            columns[i % len(heights)].append(card)
            i += 1
        return [c for column in columns for c in column]

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
        scheme = self.spec.scoring.scheme
        for move in self.legal_moves(pos):
            if not move.is_stock_action:
                after, change = self.apply(pos, move)
                if scheme.move_points(self.spec, change, after, frozenset())[0] > 0:
                    return True
        return False

    # --- moves ------------------------------------------------------------------
    def run_length(self, column) -> int:
        """How many cards at the top of a column form a run that may move
        (Yukon: every face-up card, with all that lies on it)."""
        if not column or column[-1].islower():
            return 0
        movement = self.movement
        if movement is Moves.ONE:
            return 1
        n = 1
        if movement is Moves.GROUPS:
            while n < len(column) and not column[-n - 1].islower():
                n += 1
            return n
        run_on = self.run_on
        while n < len(column) and column[-n] in run_on.get(column[-n - 1], ()):
            n += 1
        return n

    def run_limits(self, piles) -> tuple[int, int]:
        """The longest run that may move as a unit now: onto a column with
        cards, and into an empty column (FreeCell's supermove: (empty free
        cells + 1) × 2^(empty columns), not counting the column it moves into)."""
        if self.spec.run_limit is not RunLimit.SUPERMOVE:
            return 10**6, 10**6
        free = sum(1 for c in self.cells if not piles[c]) + 1
        empty = sum(1 for t in self.columns if not piles[t])
        return free << empty, free << max(0, empty - 1)

    def legal_moves(self, pos) -> list[Move]:
        """Every legal move, by source: the waste, the free cells, each column, each foundation, then the stock."""
        piles, names, spec = pos.piles, self.names, self.spec
        home, wanted, empty = self._wants(piles)
        empty_takes = self.empty_takes
        out: list[Move] = []
        free_cells = [c for c in self.cells if not piles[c]]
        onto_column, onto_empty = self.run_limits(piles)

        def add(src: str, card: str, count: int, skip: int, foundations: bool) -> None:
            if foundations:
                for f in home.get(card, ()):
                    out.append(Move(src, names[f]))
                if skip != -2:  # a card in a free cell stays out of the others
                    out.extend(Move(src, names[c]) for c in free_cells)
            if count <= onto_column:
                for t in wanted.get(card, ()):
                    if t != skip:
                        out.append(Move(src, names[t], count))
            if empty and card in empty_takes and count <= onto_empty:
                for t in empty:
                    if t != skip:
                        out.append(Move(src, names[t], count))

        waste = piles[WASTE]
        if waste:
            add("waste", waste[-1], 1, -1, True)
        for c in self.cells:
            if piles[c]:
                add(names[c], piles[c][0], 1, -2, True)
        for t in self.columns:
            column = piles[t]
            if column:
                name = names[t]
                add(name, column[-1], 1, t, True)
                for k in range(2, self.run_length(column) + 1):
                    add(name, column[-k], k, t, False)
                if spec.runs_home and self._whole_run_on_top(column):
                    out.extend(Move(name, names[f], self.whole_run) for f in self.foundations if not piles[f][:1])
        if spec.foundation_to_column:
            for f in self.foundations:
                if piles[f]:
                    add(names[f], piles[f][-1], 1, -1, False)
        if spec.stock is Stock.ROW:
            if piles[STOCK] and not empty:
                out.append(DEAL)
        elif piles[STOCK]:
            out.append(DRAW)
        elif waste and self._may_redeal(pos):
            out.append(REDEAL)
        return out

    def _whole_run_on_top(self, column) -> bool:
        """Spider: do the top cards of the column form a whole run, King to Ace in one suit?"""
        n = self.whole_run
        return len(column) >= n and self.run_length(column) >= n and self.deck.rank[column[-n]] == n

    def runs_going_home(self, pos) -> list[Move]:
        """The whole runs that go home by themselves now (``spec.runs_home``),
        each to the first empty foundation; empty where the game has none."""
        if not self.spec.runs_home:
            return []
        out, free = [], [f for f in self.foundations if not pos.piles[f]]
        for t in self.columns:
            if free and self._whole_run_on_top(pos.piles[t]):
                out.append(Move(self.names[t], self.names[free.pop(0)], self.whole_run))
        return out

    def _wants(self, piles) -> tuple[dict, dict, list]:
        """The destinations indexed by the card each one wants (foundations,
        columns), and the empty columns: every candidate card then costs one
        dictionary look-up instead of a scan of all piles."""
        home: dict[str, list[int]] = {}
        for f in self.foundations if not self.spec.runs_home else ():
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
                raise IllegalMove("no_pile", pile=name, game=spec.name)
        ks, kd = self.kind[s], self.kind[d]
        if s == d:
            raise IllegalMove("own_pile")
        if ks == "stock":
            raise IllegalMove("stock_by_draw")
        if kd in ("stock", "waste"):
            raise IllegalMove("no_stock_drop" if kd == "stock" else "no_waste_drop")
        if ks == "foundation" and not spec.foundation_to_column:
            raise IllegalMove("foundation_stays", game=spec.name)
        if ks == "foundation" and kd != "tableau":
            raise IllegalMove("foundation_to_column")
        src = piles[s]
        if not src:
            raise IllegalMove("empty_source", pile=move.src)
        n = move.count
        dst = piles[d]
        if n > 1:
            if ks != "tableau":
                raise IllegalMove(
                    {"waste": "one_leaves_waste", "cell": "cell_one", "foundation": "one_leaves_foundation"}[ks]
                )
            if kd == "cell":
                raise IllegalMove("cell_one")
            if kd == "foundation" and not spec.runs_home:
                raise IllegalMove("foundation_one")
            if not spec.runs:
                raise IllegalMove("one_card", game=spec.name)
            if n > self.run_length(src):
                face_up = len(src) - sum(1 for c in src if c.islower())
                if n > face_up:
                    raise IllegalMove("face_up_only", pile=move.src, count=face_up)
                if self.movement is Moves.SUIT_RUNS:
                    raise IllegalMove("not_a_suit_run", count=n, pile=move.src)
                raise IllegalMove("not_a_run", count=n, pile=move.src, rule=spec.build.wording)
            if kd == "tableau":
                limit = self.run_limits(piles)[0 if dst else 1]
                if n > limit:
                    free = sum(1 for c in self.cells if not piles[c])
                    empty = sum(1 for t in self.columns if not piles[t] and t != d)
                    raise IllegalMove("supermove", count=n, limit=limit, cells=free, columns=empty)
        card = src[-n]
        if kd == "cell":
            if ks == "cell":
                raise IllegalMove("cell_to_cell")
            if dst:
                raise IllegalMove("cell_full", pile=move.dst)
        elif kd == "foundation" and spec.runs_home:
            if ks != "tableau" or n != self.whole_run or not self._whole_run_on_top(src):
                raise IllegalMove("foundation_whole_run")
            if dst:
                raise IllegalMove("foundation_full", pile=move.dst)
        elif kd == "foundation":
            if not dst:
                if card not in self.aces:
                    raise IllegalMove("foundation_ace", card=card)
            elif self.next_home.get(dst[-1]) != card:
                raise IllegalMove("foundation_suit", card=card, below=dst[-1])
        elif not dst:
            if card not in self.empty_takes:
                raise IllegalMove("empty_king_or_run" if spec.runs else "empty_king", card=card)
        elif card not in self.accepts[dst[-1]]:
            raise IllegalMove(
                {
                    Build.ALTERNATE: "build_alternate",
                    Build.SAME_SUIT: "build_same_suit",
                    Build.OTHER_SUIT: "build_other_suit",
                    Build.ANY_SUIT: "build_down",
                }[spec.build],
                card=card,
                below=dst[-1],
            )
        moved = src[-n:]
        if kd == "foundation" and spec.runs_home:
            moved = tuple(reversed(moved))  # Ace to King, as every foundation lies
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
        if (move == DEAL) != (spec.stock is Stock.ROW) and move in (DRAW, REDEAL, DEAL):
            raise IllegalMove("deal_not_draw" if move == DRAW else "not_a_move", move=str(move), game=spec.name)
        if move == DEAL:
            if not stock:
                raise IllegalMove("stock_used_up")
            empty = [self.names[t] for t in self.columns if not piles[t]]
            if empty:
                raise IllegalMove("deal_empty_column", piles=", ".join(empty))
            if len(stock) < len(self.columns):
                raise IllegalMove("deal_short", count=len(stock), columns=len(self.columns))
            dealt = tuple(c.upper() for c in reversed(stock[-len(self.columns) :]))
            new[STOCK] = stock[: -len(self.columns)]
            for t, card in zip(self.columns, dealt):
                new[t] = piles[t] + (card,)
            return Position(spec, tuple(new), pos.redeals), Change(move, dealt, "stock", "tableau", None, -1)
        if move == DRAW:
            if not stock:
                raise IllegalMove("stock_empty" if waste and self._may_redeal(pos) else "stock_used_up")
            n = min(spec.draw, len(stock))
            drawn = tuple(c.upper() for c in reversed(stock[-n:]))
            new[STOCK], new[WASTE] = stock[:-n], waste + drawn
            return Position(spec, tuple(new), pos.redeals), Change(move, drawn, "stock", "waste", None, WASTE)
        if move == REDEAL:
            if stock:
                raise IllegalMove("stock_not_empty")
            if not waste:
                raise IllegalMove("waste_empty")
            if not self._may_redeal(pos):
                if not spec.redeals:
                    raise IllegalMove("no_redeal", game=spec.name)
                raise IllegalMove("redeals_used", count=spec.redeals, game=spec.name)
            new[STOCK], new[WASTE] = tuple(c.lower() for c in reversed(waste)), ()
            return Position(spec, tuple(new), pos.redeals + 1), Change(move, (), "waste", "stock", None, STOCK)
        raise IllegalMove("not_a_move", move=str(move), game=spec.name)

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
        if self.spec.stall is Stall.NO_MOVE:
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
    def check_reachable(self, pos) -> None:
        """What every position reached from a deal keeps (``Position.from_json``):

        - no card ever goes onto the stock or the waste, so together they hold
          at most what the deal left there; until the waste is first turned
          over, the stock holds at most what the deal left in it;
        - a column is its face-down cards (checked in ``validate``), then at
          most as many face-up cards as the deal put there face up (just one
          once a face-down card has turned, or the column was emptied), then
          only cards that followed the build, each on the one below it."""
        spec, piles, names = self.spec, pos.piles, self.names
        dealt = sum(down + up for down, up in spec.deal)
        talon = self.deck.size - dealt - (len(self.aces) * self.deck.copies if spec.aces_on_foundations else 0)
        held = len(piles[STOCK]) + len(piles[WASTE])
        if held > talon:
            raise InvalidPosition("talon_too_many", count=held, game=spec.name, talon=talon)
        stock = talon - spec.opening_waste
        if pos.redeals == 0 and len(piles[STOCK]) > stock:
            raise InvalidPosition("stock_too_many", count=len(piles[STOCK]), game=spec.name, stock=stock)
        if self.movement is Moves.GROUPS or spec.stock is Stock.ROW:
            return  # a moved group or a dealt row lies on any card, in any order
        accepts = self.accepts
        for t, (dealt_down, dealt_up) in zip(self.columns, spec.deal):
            column = piles[t]
            down = sum(1 for c in column if c.islower())
            up = column[down:]
            free = max(1, dealt_up if down == dealt_down else 1)  # cards not placed by the build rule
            i = len(up) - 1
            while i > 0 and up[i] in accepts[up[i - 1]]:
                i -= 1
            if up and i + 1 > free:
                raise InvalidPosition(
                    "column_not_a_build" if free == 1 else "column_not_a_build_dealt",
                    pile=names[t],
                    card=up[i],
                    below=up[i - 1],
                    rule=spec.build.wording,
                    dealt=free,
                )

    def validate(self, pos, turned=None) -> Position:
        spec, piles, names = self.spec, pos.piles, self.names
        if turned is not None:
            raise InvalidPosition("turned_not_retinue")
        self.check_cards(pos)
        if not spec.has_stock and (piles[STOCK] or piles[WASTE]):
            count = len(piles[STOCK]) + len(piles[WASTE])
            raise InvalidPosition("talon_too_many", count=count, game=spec.name, talon=0)
        for c in piles[STOCK]:
            if not c.islower():
                raise InvalidPosition("stock_face_up", card=c)
        for c in piles[WASTE]:
            if c.islower():
                raise InvalidPosition("waste_face_down", card=c)
        for c in self.cells:
            if len(piles[c]) > 1:
                raise InvalidPosition("cell_one", pile=names[c], count=len(piles[c]))
            if piles[c] and piles[c][0].islower():
                raise InvalidPosition("cell_face_down", pile=names[c], card=piles[c][0])
        if spec.stock is Stock.ROW and piles[WASTE]:
            raise InvalidPosition("no_waste", game=spec.name)
        for f in self.foundations:
            pile = piles[f]
            if spec.runs_home and pile and len(pile) != self.whole_run:
                raise InvalidPosition("foundation_whole_run", pile=names[f], count=len(pile))
            for i, c in enumerate(pile):
                if c.islower():
                    raise InvalidPosition("foundation_face_down", pile=names[f], card=c)
                if i == 0 and c not in self.aces:
                    raise InvalidPosition("foundation_start", pile=names[f], card=c)
                if i and self.next_home.get(pile[i - 1]) != c:
                    raise InvalidPosition("foundation_order", pile=names[f], card=c, below=pile[i - 1])
            if spec.aces_on_foundations and not pile:
                raise InvalidPosition("foundation_ace_kept", pile=names[f], game=spec.name)
        for t, (dealt_down, _) in zip(self.columns, spec.deal):
            column = piles[t]
            down = 0
            for i, c in enumerate(column):
                if c.islower():
                    down += 1
                    if i and not column[i - 1].islower():
                        raise InvalidPosition("down_on_up", pile=names[t], card=c)
            if column and column[-1].islower():
                raise InvalidPosition("top_face_down", pile=names[t], card=column[-1])
            if down > dealt_down:
                raise InvalidPosition(
                    "down_too_many" if dealt_down else "down_none",
                    pile=names[t],
                    count=down,
                    game=spec.name,
                    dealt=dealt_down,
                )
        if spec.redeals is not None and pos.redeals > spec.redeals:
            raise InvalidPosition("redeals_over", count=pos.redeals, game=spec.name, allowed=spec.redeals)
        return pos
