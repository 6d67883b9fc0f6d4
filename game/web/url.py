"""The page's address: what ``?game=…&seed=…&position=…`` asks for, and back.

Plain Python (no browser) so CPython tests cover every malformed input. A bad
value never stops the page: it becomes a ``Notice`` (a text key of
``texts.ui`` and its parameters) and the request falls back to a playable
default.

    ?game=ID&seed=N          deal number N of game ID
    ?game=ID&position=P      a position (CONTRACT.md JSON), either URL-encoded
                             JSON or base64url of the JSON
    ?game=ID&daily=DATE      the daily deal of day DATE (YYYY-MM-DD, UTC;
                             game/daily.py), refused after ``today``
    &limit=S                 optional time limit in seconds (duels)
    &lang=de                 optional interface language
"""

from __future__ import annotations

import base64
import binascii
import json
from dataclasses import dataclass, field
from typing import Optional

from game import jsonsafe
from game.catalog import PLAYER_GAMES
from game.shuffle import MAX_GAME_NUMBER

from .query import parse_qs, urlencode

DEFAULT_GAME = "reloaded"
MAX_PARAM = 20_000  # characters; a position of 104 cards is far shorter
MAX_LIMIT = 24 * 3600
MIN_LIMIT = 60  # seconds: under a minute no game of the collection can be played out
DAILY_FLOOR = 1_000_000_000  # game.daily.BASE: no number below it is a daily deal


@dataclass(frozen=True)
class Notice:
    key: str  # a texts.ui key (error.*)
    params: dict = field(default_factory=dict)
    detail: str = ""  # the engine's reason, when there is one


@dataclass(frozen=True)
class Request:
    game: str = DEFAULT_GAME
    seed: Optional[int] = None  # None: a random deal
    position: Optional[dict] = None  # decoded, not yet checked by the engine
    time_limit: Optional[float] = None
    lang: Optional[str] = None
    notices: tuple = ()
    daily: Optional[str] = None  # the day of a daily deal asked for (then ``seed`` is its number)
    refused: frozenset = frozenset()  # the parameters refused: the page goes on as if they were not there


def _short(text: str, n: int = 24) -> str:
    return text if len(text) <= n else text[: n - 1] + "\u2026"


def decode_position(text: str) -> dict:
    """A position parameter as a dict: JSON, or base64url of JSON.

    Raises ``ValueError`` with a short reason when it is neither."""
    text = text.strip()
    if not text:
        raise ValueError("the position is empty")
    if len(text) > MAX_PARAM:
        raise ValueError("the position is too long")
    if text.startswith("{"):
        raw = text
    else:
        try:
            padded = text + "=" * (-len(text) % 4)
            raw = base64.urlsafe_b64decode(padded.encode("ascii")).decode("utf-8")
        except (binascii.Error, UnicodeError, ValueError):
            raise ValueError("the position is neither JSON nor base64url-encoded JSON") from None
    try:
        data = jsonsafe.loads(raw, max_chars=MAX_PARAM)
    except jsonsafe.JsonRefused as e:
        raise ValueError(str(e)) from None
    except ValueError:
        raise ValueError("the position is not valid JSON") from None
    if not isinstance(data, dict):
        raise ValueError("the position must be a JSON object")
    return data


def encode_position(position: dict) -> str:
    """The compact, URL-safe form of a position: base64url of its JSON, unpadded."""
    raw = json.dumps(position, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def parse_seed(text: str) -> int:
    text = text.strip()
    if not text.isdigit() or not text.isascii() or len(text) > 16:
        raise ValueError(text)
    number = int(text)
    if number > MAX_GAME_NUMBER:
        raise ValueError(text)
    return number


def parse_daily(text: str, today: Optional[str], notices: list) -> tuple[Optional[str], Optional[int]]:
    """``(day, deal number)`` of ``&daily=``, or ``(None, None)`` and a notice."""
    from game import daily  # only when a daily deal is asked for: nothing of it before the first deal

    try:
        day = daily.parse_day(text)
    except ValueError:
        notices.append(Notice("error.daily_bad", {"date": _short(text)}))
        return None, None
    if day < daily.FIRST:
        notices.append(Notice("error.daily_early", {"first": daily.FIRST_DAY}))
        return None, None
    if today is not None and day > daily.parse_day(today):
        notices.append(Notice("error.daily_future", {"date": text}))
        return None, None
    return text, daily.number_of(day)


def parse_query(query: str, languages=("en", "de", "it"), today: Optional[str] = None) -> Request:
    """Read ``location.search`` (with or without the leading ``?``). ``today``
    (UTC, YYYY-MM-DD) refuses daily deals of later days."""
    if query.startswith("?"):
        query = query[1:]
    params = parse_qs(query[: MAX_PARAM * 2], keep_blank_values=True)

    def one(name: str) -> Optional[str]:
        values = params.get(name)
        return values[-1] if values else None

    notices: list[Notice] = []
    refused: set[str] = set()
    game = DEFAULT_GAME
    game_text = one("game")
    if game_text is not None:
        if game_text in PLAYER_GAMES:
            game = game_text
        else:
            notices.append(Notice("error.unknown_game", {"game": _short(game_text)}))
            refused.add("game")
    seed = None
    seed_text = one("seed")
    if seed_text is not None:
        try:
            seed = parse_seed(seed_text)
        except ValueError:
            notices.append(Notice("error.bad_seed", {"seed": _short(seed_text), "max": MAX_GAME_NUMBER}))
            refused.add("seed")
    position = None
    position_text = one("position")
    if position_text is not None:
        try:
            position = decode_position(position_text)
        except ValueError as e:
            notices.append(Notice("error.bad_position", detail=str(e)))
            refused.add("position")
        else:
            named = position.get("game")
            if (game_text is None or "game" in refused) and isinstance(named, str) and named in PLAYER_GAMES:
                game = named
    limit = None
    limit_text = one("limit")
    if limit_text is not None:
        try:
            limit = float(limit_text)
            if not MIN_LIMIT <= limit <= MAX_LIMIT:
                raise ValueError
        except ValueError:
            limit = None
            refused.add("limit")
            if limit_text.strip():
                notices.append(
                    Notice("error.bad_limit", {"limit": _short(limit_text), "min": MIN_LIMIT, "max": int(MAX_LIMIT)})
                )
    day = None
    daily_text = one("daily")
    if daily_text is not None and position is None:
        day, number = parse_daily(daily_text.strip(), today, notices)
        if number is not None:
            seed = number
        else:
            refused.add("daily")
    lang = one("lang")
    if lang not in languages:
        if lang and lang.strip():
            notices.append(Notice("error.bad_lang", {"code": _short(lang), "langs": ", ".join(languages)}))
        lang = None
    return Request(game, seed, position, limit, lang, tuple(notices), day, frozenset(refused))


def deal_query(game: str, seed: int, lang: Optional[str] = None, time_limit=None) -> str:
    """The address query of a deal, for ``history.replaceState`` and sharing;
    a daily deal's is ``?game=ID&daily=DATE``."""
    pairs = [("game", game), ("seed", str(seed))]
    if seed >= DAILY_FLOOR:
        from game import daily  # daily deals only: not loaded before the first deal

        date = daily.date_of(seed)
        if date is not None:
            pairs = [("game", game), ("daily", date)]
    return "?" + urlencode(pairs + _extras(lang, time_limit))


def position_query(position: dict, lang: Optional[str] = None, time_limit=None) -> str:
    pairs = [("game", position.get("game", DEFAULT_GAME)), ("position", encode_position(position))]
    return "?" + urlencode(pairs + _extras(lang, time_limit))


def embedding(query: str) -> list:
    """What an embedded game's address says about its frame: ``embed=1`` and
    the ``origins=`` given with it, as pairs to keep in every address the
    game writes (so a reload of the frame, the update bar's Reload among
    them, finds the game embedded still); none without ``embed=1``."""
    params = parse_qs(query.lstrip("?")[: MAX_PARAM * 2], keep_blank_values=True)
    if params.get("embed", [""])[-1] != "1":
        return []
    origins = params.get("origins")
    return [("embed", "1")] + ([("origins", origins[-1])] if origins else [])


def keeping(query: str, pairs: list) -> str:
    """``query`` (``?…``) with ``pairs`` added at its end."""
    return f"{query}&{urlencode(pairs)}" if pairs else query


def _extras(lang, time_limit) -> list:
    out = []
    if time_limit is not None:
        out.append(("limit", f"{time_limit:g}"))
    if lang:
        out.append(("lang", lang))
    return out
