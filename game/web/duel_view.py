"""Duels in the page, the parts that need no browser: the phase of the duel
on the page and its transitions, the session of a duel (who has played, who
plays next), the challenger's ghost score, the ranking table and its words
and marks, names, links. ``duel_ui.py`` puts them on screen; the rules of a
duel (tokens, signatures, replay, ranking) are ``game.duel``'s, and what a
device remembers about keys and its own runs is ``duel_trust.py``'s.

    session = Session.new("solitario", 7, 180, ["Ann", "Bea"])   # pass and play
    session = Session.answer(decode_challenge(href), "Cid")       # answering a link
    ghost = Rivals(session.challenge.runs)                        # each clock tick:
    ghost.leader(elapsed)  ->  ("Ann", 120)                       # == duel.score_at
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache
from typing import Iterable, NamedTuple, Optional, Union

from game import duel, names
from game.catalog import GAMES
from game.duel import Challenge, Run, Verdict
from game.play import PLAYING, Game
from game.spec import Stall

from .query import parse_qsl
from .texts.games import game_name
from .texts.ui import t

TIME_CHOICES = duel.TIME_LIMITS  # 180, 300, 600 seconds, None (untimed)
STATUS_KEYS = {
    "won": "duel.status_won",
    "stalled": "duel.status_stalled",
    "time-up": "duel.status_time_up",
    "resigned": "duel.status_resigned",
}
# A stall by the game's own rule of ending (spec.stall), where it has its own words.
STALL_KEYS = {Stall.CHAIN_END: "duel.status_chain"}


@lru_cache(maxsize=8)
def verdict_of(challenge: Challenge) -> Verdict:
    """``duel.verify``, kept: the panel redraws (a language switch, say)
    without replaying every run again."""
    return duel.verify(challenge)


@lru_cache(maxsize=8)
def token_of(challenge: Challenge) -> str:
    """``duel.encode_challenge``, kept: the address and the link box ask for
    the same token, and writing one checks it again (signatures included)."""
    return duel.encode_challenge(challenge)


# --- words ------------------------------------------------------------------------------


def limit_text(lang: str, limit: Optional[int]) -> str:
    """A duel's time limit as the player reads it: "3 min", "Untimed"."""
    if limit is None:
        return t(lang, "duel.untimed")
    return t(lang, "duel.minutes", n=f"{limit / 60:g}")


def status_text(lang: str, status: str, game_id: str = "") -> str:
    spec = GAMES.get(game_id)
    if status == "stalled" and spec is not None:
        return t(lang, STALL_KEYS.get(spec.stall, "duel.status_stalled"))
    return t(lang, STATUS_KEYS.get(status, "duel.status_resigned"))


def names_text(lang: str, names: list[str]) -> str:
    """ "Ann", "Ann and Bea", "Ann, Bea and Cid"."""
    if len(names) <= 1:
        return "".join(names)
    return t(lang, "duel.and", first=", ".join(names[:-1]), last=names[-1])


def facts(lang: str, challenge: Challenge) -> list[tuple[str, str]]:
    """(label, value) lines that say which duel a link holds."""
    out = [
        (t(lang, "duel.fact_game"), game_name(lang, challenge.game)),
        (t(lang, "duel.fact_deal"), t(lang, "app.deal_info", number=challenge.seed)),
        (t(lang, "duel.fact_limit"), limit_text(lang, challenge.time_limit)),
    ]
    if isinstance(challenge.seed, int) and challenge.seed >= 1_000_000_000:  # game.daily.BASE
        from game import daily  # a duel on a daily deal: its day, from the number alone

        from .history import date_text

        date = daily.date_of(challenge.seed)
        if date is not None:
            out.insert(2, (t(lang, "daily.fact"), date_text(lang, date)))
    if challenge.runs:
        out.append((t(lang, "duel.fact_played"), names_text(lang, [r.name for r in challenge.runs])))
        unsigned = [r.name for r in challenge.runs if r.key is None]
        value = t(lang, "duel.signed") if not unsigned else t(lang, "duel.unsigned", names=names_text(lang, unsigned))
        out.append((t(lang, "duel.fact_signature"), value))
    return out


# --- names --------------------------------------------------------------------------------


clean_name = names.clean


def name_problem(name: str, taken: Iterable[str] = ()) -> Optional[tuple[str, dict]]:
    """Why ``name`` (already cleaned) cannot play (``names.problem``), as a
    ``texts.ui`` key and its parameters, or None."""
    found = names.problem(name, taken)
    return None if found is None else ("duel.name_" + found[0], found[1])


def players_problem(names: list[str], taken: Iterable[str] = ()) -> Optional[tuple[int, str, dict]]:
    """The first name of ``names`` that cannot play, as (index, key, params)."""
    taken = list(taken)
    if len(names) + len(taken) > duel.MAX_RUNS:
        return len(names) - 1, "duel.too_many", {"max": duel.MAX_RUNS}
    for i, name in enumerate(names):
        problem = name_problem(name, taken + names[:i])
        if problem:
            return (i, *problem)
    return None


# --- addresses -------------------------------------------------------------------------------


def address_has_duel(search: str, fragment: str = "") -> bool:
    """Whether the page address asks for a duel (``duel=`` in its query or fragment)."""
    for part in (search, fragment):
        part = part[1:] if part[:1] in ("?", "#") else part
        if any(key == duel.PARAMETER for key, _ in parse_qsl(part, keep_blank_values=True)):
            return True
    return False


def challenge_link(href: str, token: str) -> str:
    """The link to send: this page's address with ``?duel=TOKEN`` as its only
    query (so it works wherever the page is served, at any sub-path)."""
    from urllib.parse import urlsplit, urlunsplit  # here, not at start-up: it costs 0.2 s in Pyodide

    parts = urlsplit(href)
    return urlunsplit((parts.scheme, parts.netloc, parts.path, f"{duel.PARAMETER}={token}", ""))


def duel_query(token: str) -> str:
    return f"?{duel.PARAMETER}={token}"


# --- the ghost --------------------------------------------------------------------------------


class Ghost:
    """One run's score at any elapsed time, as ``duel.score_at(run, at)``
    gives it, but replayed step by step as the clock goes on (a duel's clock
    only moves forward), so a tick costs nothing."""

    def __init__(self, run: Run):
        self.run = run
        self.times = []
        previous = 0
        for token in run.actions:
            previous = duel._tenths(token, previous)  # the same reading as duel.replay
            self.times.append(previous)
        self._reset()

    def _reset(self) -> None:
        self.game = Game.new(self.run.game, self.run.seed, time_limit=self.run.time_limit)
        self.done = 0
        self.at = 0.0

    @property
    def name(self) -> str:
        return self.run.name

    def score(self, at: float) -> int:
        if at < self.at:
            self._reset()
        self.at = at
        game, actions = self.game, self.run.actions
        while self.done < len(actions) and self.times[self.done] / 10 <= at:
            game.act(actions[self.done])
            self.done += 1
        if self.done == len(actions) and game.status == PLAYING and game.time_limit is None:
            return game.score()  # untimed and stopped: it gave up at its last action
        return game.score(at)


class Rivals:
    """The ghosts of every run played before: who leads them at a moment."""

    def __init__(self, runs: Iterable[Run]):
        self.ghosts = [Ghost(r) for r in runs]

    def __bool__(self) -> bool:
        return bool(self.ghosts)

    def leader(self, at: float) -> Optional[tuple[str, int]]:
        """(name, score) of the best of them at ``at``; the earlier run wins a tie."""
        best = None
        for ghost in self.ghosts:
            score = ghost.score(at)
            if best is None or score > best[1]:
                best = (ghost.name, score)
        return best


class Lead(NamedTuple):
    state: str  # "ahead", "behind", "level"
    points: int  # the gap, never negative
    text: str  # e.g. "+15", "−20", "="


def lead(mine: int, theirs: int) -> Lead:
    gap = mine - theirs
    if gap > 0:
        return Lead("ahead", gap, f"+{gap}")
    if gap < 0:
        return Lead("behind", -gap, f"\u2212{-gap}")
    return Lead("level", 0, "=")


def lead_sentence(lang: str, their_name: str, mine: int, theirs: int) -> str:
    state = lead(mine, theirs)
    if state.state == "ahead":
        return t(lang, "duel.lead_you", points=state.points, name=their_name)
    if state.state == "behind":
        return t(lang, "duel.lead_them", points=state.points, name=their_name)
    return t(lang, "duel.level", name=their_name)


# --- the ranking -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    place: int
    name: str
    score: int
    status: str  # the player's status in words
    moves: int
    final_move: int  # the move at which the final score was reached (0: none)
    local: bool  # played on this device in this session
    marks: tuple = ()  # (kind, words, explanation): see MARKS


# What the ranking marks beside a name, most serious first: what this device
# noticed (duel_trust.Flag kinds), then what every device sees in the link.
MARKS = ("changed", "new-key", "unsigned-now", "implausible", "unsigned")


def row_marks(lang: str, result, flags: Iterable = ()) -> tuple:
    kinds = []
    for flag in flags:
        kinds.append("unsigned-now" if flag.kind == "unsigned" else flag.kind)
    if not result.plausible:
        kinds.append("implausible")
    if not result.signed and not set(kinds) & {"changed", "unsigned-now"}:  # said already, louder
        kinds.append("unsigned")
    kinds.sort(key=MARKS.index)
    return tuple(
        (k, t(lang, f"duel.mark_{k.replace('-', '_')}"), t(lang, f"duel.mark_{k.replace('-', '_')}_hint"))
        for k in kinds
    )


def ranking_rows(lang: str, verdict: Verdict, local: Iterable[str] = (), flags: Iterable = ()) -> list[Row]:
    local = set(local)
    flags = list(flags)
    by_name = {p.name: p for p in verdict.players}
    rows = []
    for place, name in enumerate(verdict.ranking.order, 1):
        p = by_name[name]
        rows.append(
            Row(
                place,
                name,
                p.score,
                status_text(lang, p.status, verdict.challenge.game),
                p.moves,
                p.final_score_move,
                name in local,
                row_marks(lang, p, [f for f in flags if f.name == name]),
            )
        )
    return rows


def flag_sentences(lang: str, flags: Iterable) -> list[str]:
    """The warnings a device shows above a link's ranking (``duel_trust.Flag``)."""
    out = []
    for flag in flags:
        key = {"changed": "duel.warn_changed", "new-key": "duel.warn_new_key", "unsigned": "duel.warn_unsigned"}[
            flag.kind
        ]
        if flag.kind == "new-key" and flag.known in ("", flag.name):
            key = "duel.warn_new_key_same"
        out.append(t(lang, key, name=flag.name, known=flag.known or flag.name))
    return out


def pace_notes(lang: str, verdict: Verdict) -> list[str]:
    """A sentence for each implausible run: why it ranks last."""
    return [t(lang, "duel.implausible_note", name=p.name) for p in verdict.players if not p.plausible]


def tie_notes(lang: str, verdict: Verdict) -> list[str]:
    """A sentence for each pair of neighbours in the ranking with equal scores:
    what put the first ahead."""
    by_name = {p.name: p for p in verdict.players}
    order = [by_name[n] for n in verdict.ranking.order]
    notes = []
    for a, b in zip(order, order[1:]):
        if a.score != b.score:
            continue
        if a.final_score_move < b.final_score_move:
            notes.append(
                t(
                    lang,
                    "duel.tie_move",
                    first=a.name,
                    second=b.name,
                    score=a.score,
                    move=a.final_score_move,
                    other=b.final_score_move,
                )
            )
        else:
            notes.append(t(lang, "duel.tie_draw", first=a.name, second=b.name, score=a.score))
    if verdict.ranking.rematch is not None:
        notes.append(t(lang, "duel.rematch_note"))
    return notes


def winner_title(lang: str, verdict: Verdict, local: Iterable[str] = ()) -> str:
    if verdict.ranking.rematch is not None:
        return t(lang, "duel.tied_title")
    first = verdict.ranking.order[0]
    if len(verdict.players) == 1:
        return t(lang, "duel.result_title")
    if first in set(local) and len(set(local)) == 1:
        return t(lang, "duel.you_win")
    return t(lang, "duel.wins", name=first)


# --- the phase of the duel on the page ------------------------------------------------------------


class Panel(Enum):
    """The duel panel's page (the ``#duel-dialog`` markup of index.html)."""

    SETUP = "setup"  # set up a duel: time limit, deal, players
    INTRO = "intro"  # a link's challenge, to accept with a name or decline
    RESULT = "result"  # a run's result: the next player, the standings, the link to send
    RANKING = "ranking"  # a link whose players have finished: its ranking at once

    @property
    def section(self) -> str:
        """The id of the panel's section this page shows (the ranking is a result)."""
        return "duel-result" if self is Panel.RANKING else f"duel-{self.value}"


class Phase(Enum):
    """Where the page is with duels. Only ``TRANSITIONS`` moves it."""

    IDLE = "idle"  # no duel on the board
    CHECKING = "checking"  # a link from the address is being checked, in slices
    VIEWING = "viewing"  # a link's deal on the board, not joined (its intro or ranking)
    PLAYING = "playing"  # a duel run on the board; its clock runs, no Hint
    SIGNING = "signing"  # the run has ended; this device is signing it
    DONE = "done"  # the duel's result on the board (the next player may start)

    @property
    def active(self) -> bool:
        """The board belongs to a duel: the address is the duel's."""
        return self not in (Phase.IDLE, Phase.CHECKING)


TRANSITIONS = {
    (Phase.IDLE, "link"): Phase.CHECKING,  # the address holds a duel link
    (Phase.CHECKING, "checked"): Phase.VIEWING,
    (Phase.CHECKING, "refused"): Phase.IDLE,
    (Phase.IDLE, "play"): Phase.PLAYING,  # set up here and dealt
    (Phase.VIEWING, "play"): Phase.PLAYING,  # accepted
    (Phase.DONE, "play"): Phase.PLAYING,  # the next player, or a new duel
    (Phase.PLAYING, "play"): Phase.PLAYING,  # a new duel set up during a run
    (Phase.SIGNING, "play"): Phase.PLAYING,
    (Phase.PLAYING, "ended"): Phase.SIGNING,
    (Phase.SIGNING, "signed"): Phase.DONE,
    (Phase.DONE, "view"): Phase.VIEWING,  # "Play this deal too" after the ranking
    (Phase.VIEWING, "view"): Phase.VIEWING,
    (Phase.VIEWING, "decline"): Phase.IDLE,
    (Phase.DONE, "decline"): Phase.IDLE,
    **{(phase, "leave"): Phase.IDLE for phase in Phase},  # another deal, not the duel's
}


def next_phase(phase: Phase, event: str) -> Phase:
    """The phase after ``event``; a transition the table lacks is a bug."""
    try:
        return TRANSITIONS[(phase, event)]
    except KeyError:
        raise ValueError(f"a duel cannot go from {phase.value} on {event!r}") from None


# --- the session -------------------------------------------------------------------------------


@dataclass
class Session:
    """A duel in this page: the challenge so far (its deal, limit and finished
    runs) and the players on this device still to play, the current one first."""

    challenge: Challenge
    queue: list = field(default_factory=list)
    local: list = field(default_factory=list)  # names that played or play here
    from_link: bool = False

    @classmethod
    def new(cls, game_id: str, seed: int, limit: Optional[int], names: list[str]) -> "Session":
        return cls(Challenge(game_id, seed, limit), list(names), list(names), False)

    @classmethod
    def answer(cls, challenge: Challenge, name: str) -> "Session":
        """One more player for a challenge that came by link."""
        return cls(challenge, [name], [name], True)

    @property
    def current(self) -> Optional[str]:
        return self.queue[0] if self.queue else None

    @property
    def finished(self) -> bool:
        return not self.queue

    @property
    def deal(self) -> tuple:
        return self.challenge.deal

    def taken(self) -> list[str]:
        return [r.name for r in self.challenge.runs]

    def rivals(self) -> Rivals:
        """Ghosts for the current player: every run already played."""
        return Rivals(self.challenge.runs)

    def run_of(self, game: Game) -> Run:
        """The current player's finished game as a run, as the link will carry
        it (times in tenths of a second), ready to be signed."""
        return Run.from_game(self.current, game).linked()

    def message(self, run: Run, key: bytes) -> bytes:
        """The bytes this device signs for ``run`` (``duel.signed_message``)."""
        return duel.signed_message(self.challenge, run, key)

    def record(self, played: Union[Game, Run]) -> Run:
        """The current player's finished game (or its run, signed or not) joins
        the challenge."""
        run = played if isinstance(played, Run) else self.run_of(played)
        # Through the link and back: times become tenths of a second, as every
        # device that opens the link reads them, so the draw that settles a
        # tie (it hashes the actions) comes out the same here and there; and a
        # signature that would not verify is refused here, not on the far side.
        self.challenge = duel.decode_challenge(duel.encode_challenge(self.challenge.add_run(run)))
        self.queue.pop(0)
        return self.challenge.runs[-1]

    def token(self) -> Optional[str]:
        return token_of(self.challenge) if self.challenge.runs else None

    def verdict(self) -> Optional[Verdict]:
        return verdict_of(self.challenge) if self.challenge.runs else None

    def rematch(self, seed: int) -> "Session":
        """The same players on this device, on a new deal."""
        return Session(self.challenge.rematch(seed), list(self.local), list(self.local), False)
