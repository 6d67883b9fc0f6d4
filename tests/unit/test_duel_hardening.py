"""Duel links that resist floods and forgery (issue 18, findings 3, 4, 8):
bounded work, a stall check that costs the same on every draw, signed runs
(version 2), implausible times, look-alike names. Signatures are made here
with the ``cryptography`` package, as a device's Web Crypto makes them."""

from __future__ import annotations

import base64
import json
import random
import zlib
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import Game, InvalidChallenge, duel, p256
from game.build import BuildRules
from game.catalog import get_spec
from game.duel import Challenge, Run, decode_challenge, encode_challenge, verify
from game.moves import DRAW, REDEAL
from tests.duel_keys import Device

# --- helpers ----------------------------------------------------------------------------------


def pack(payload, tag="s2.", raw: bytes | None = None) -> str:
    """A token as game/duel.py documents it, with a right checksum: what a
    forger who read the format can write."""
    data = raw if raw is not None else json.dumps(payload, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    data = data.encode("utf-8") if isinstance(data, str) else data
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = packer.compress(data) + packer.flush()
    crc = zlib.crc32(tag.encode() + body).to_bytes(4, "big")
    return tag + base64.urlsafe_b64encode(crc + body).decode().rstrip("=")


def unpack(token: str) -> dict:
    text = token.split(".", 1)[1]
    raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    return json.loads(zlib.decompress(raw[4:], -15))


def human(game_id: str, seed: int, actions: int, limit=None, rng=None) -> Game:
    """Random legal play at a person's pace (0.4 to 3 s an action)."""
    rng = rng or random.Random(seed)
    g = Game.new(game_id, seed, time_limit=limit)
    t = 0.0
    while g.status == "playing" and g.actions < actions:
        t = round(t + rng.randint(4, 30) / 10 + rng.randint(0, 99) / 1000, 3)
        if limit is not None and t >= limit:
            break
        moves = g.legal_moves()
        progress = [m for m in moves if not m.is_stock_action]
        g.play(rng.choice(progress if progress and rng.random() < 0.8 else moves), t)
    if g.status == "playing":
        g.resign(t + 1 if limit is None or t + 1 < limit else t)
    return g


def flood(game_id: str, seed: int, n: int, limit=None, step=1) -> Run:
    """n draws and turn-overs, one every ``step`` tenths of a second."""
    g = Game.new(game_id, seed, time_limit=limit)
    for i in range(n):
        g.play(DRAW if g.position.pile("stock") else REDEAL, (i + 1) * step / 10)
    return Run.from_game("Flo", g)


ANN, BEA, CID = Device(1), Device(2), Device(3)


# --- the stall check: the same rule, a look-up per card ---------------------------------------


def reference_stalled(rules: BuildRules, pos) -> bool:
    """RULES.md's stall test played out literally: no move but drawing and
    turning over, now or after any draw of one full pass (the code before)."""
    if rules.spec.stall == "no-move":
        return not rules.legal_moves(pos)
    if rules.has_progress_move(pos):
        return False
    state, turned = pos, False
    while True:
        if state.piles[0]:
            state = rules.apply(state, DRAW)[0]
        elif state.piles[1] and not turned and rules._may_redeal(state):
            state, turned = rules.apply(state, REDEAL)[0], True
        else:
            return True
        if rules.has_progress_move(state):
            return False


@pytest.mark.parametrize("game_id", ["reloaded", "solitario", "little-forty", "forty-thieves"])
def test_the_stall_check_says_what_playing_the_pass_out_says(game_id):
    rules = get_spec(game_id).engine
    rng = random.Random(game_id)
    checked = stalled = 0
    for seed in range(1, 40):
        g = Game.new(game_id, seed)
        for _ in range(rng.randint(0, 120)):
            if g.status != "playing":
                break
            moves = g.legal_moves()
            # Mostly the stock, so that passes with few places to go are common.
            stock = [m for m in moves if m.is_stock_action]
            g.play(rng.choice(stock if stock and rng.random() < 0.7 else moves))
            pos = g.position
            assert rules.is_stalled(pos) == reference_stalled(rules, pos)
            checked += 1
        stalled += g.status == "stalled"
    assert checked > 500


def test_the_stall_check_on_hand_made_passes():
    """Positions where only one stock card, deep in the pass, can move (and
    the same with that card gone): the whole pass is looked at."""
    rules = get_spec("reloaded").engine
    rng = random.Random(7)
    for seed in range(1, 400):
        pos = Game.new("reloaded", seed).start
        for _ in range(rng.randint(0, 60)):
            moves = [m for m in rules.legal_moves(pos) if m.is_stock_action]
            if not moves:
                break
            pos = rules.apply(pos, moves[0])[0]
        assert rules.is_stalled(pos) == reference_stalled(rules, pos), seed


def count_searches(monkeypatch) -> list:
    calls = [0]
    original = BuildRules.legal_moves

    def counting(self, pos):
        calls[0] += 1
        return original(self, pos)

    monkeypatch.setattr(BuildRules, "legal_moves", counting)
    return calls


def test_a_draw_costs_one_move_search_however_far_the_next_move_is(monkeypatch):
    """Finding 3: every draw of a replay searched the moves of each position
    of a whole pass (up to 25 searches a draw). Deal 1596 of Reloaded has
    moves for few stock cards only."""
    run = flood("reloaded", 1596, 1000)
    calls = count_searches(monkeypatch)
    duel.replay(run)
    assert calls[0] <= 1000 + 2  # one search per action (the stall check's first look)


def test_replay_cost_is_linear_in_the_actions(monkeypatch):
    runs = {n: flood("reloaded", 1596, n) for n in (250, 1000, 2000)}
    calls = count_searches(monkeypatch)
    per = []
    for n, run in runs.items():
        calls[0] = 0
        duel.replay(run)
        per.append(calls[0] / n)
    assert max(per) <= 1.01 and min(per) >= 0.99


# --- bounds -------------------------------------------------------------------------------------


def test_actions_per_run_are_bounded_by_the_time_limit():
    assert [duel.max_actions(limit) for limit in duel.TIME_LIMITS] == [1800, 3000, 4000, 4000]
    n = 1801  # more than 3 minutes allow at 10 actions a second
    words = {"n": "Flo", "m": " ".join(["draw"] * n), "t": [1] * n}
    with pytest.raises(InvalidChallenge, match="at most 1800 \\(10 a second\\)"):
        decode_challenge(pack({"g": "forty-thieves", "l": 180, "r": [words], "s": 1}))
    with pytest.raises(InvalidChallenge, match="untimed duel a run holds at most 4000"):
        decode_challenge(
            pack(
                {"g": "reloaded", "l": None, "r": [{**words, "m": " ".join(["draw"] * 4001), "t": [1] * 4001}], "s": 1}
            )
        )


def test_the_flood_link_of_finding_3_is_refused_before_any_replay(monkeypatch):
    """8 runs of 4,000 draws and turn-overs: 32,000 actions, more than a link holds."""
    calls = count_searches(monkeypatch)
    runs = [{"n": f"P{i}", "m": _cycle(4000), "t": [1] * 4000} for i in range(8)]
    with pytest.raises(InvalidChallenge, match="12000 actions|at most 12000") as info:
        decode_challenge(pack({"g": "reloaded", "l": None, "r": runs, "s": 1596}))
    assert "32000" in str(info.value)
    assert calls[0] == 0


def _cycle(n: int) -> str:
    words = []
    while len(words) < n:
        words += ["draw"] * 24 + ["redeal"]
    return " ".join(words[:n])


def test_a_link_at_the_bounds_opens(monkeypatch):
    """Three untimed runs of 4,000 actions (12,000 in all): accepted, and each
    action searched once while decoding and never again while ranking."""
    runs = [{"n": f"P{i}", "m": _cycle(4000), "t": [3] * 4000} for i in range(3)]
    token = pack({"g": "reloaded", "l": None, "r": runs, "s": 1596})
    calls = count_searches(monkeypatch)
    challenge = decode_challenge(token)
    assert calls[0] <= 3 * 4002
    before = calls[0]
    verdict = verify(challenge)
    assert calls[0] == before  # the ranking reuses the replays
    assert [p.status for p in verdict.players] == ["resigned"] * 3
    over = runs + [{"n": "P3", "m": "draw", "t": [3]}]
    with pytest.raises(InvalidChallenge, match="12001 actions in all"):
        decode_challenge(pack({"g": "reloaded", "l": None, "r": over, "s": 1596}))


def test_decoding_in_slices_reports_progress_and_gives_the_same_challenge():
    runs = [flood("reloaded", 5, 900, step=3), Run.from_game("Bea", human("reloaded", 5, 80))]
    token = encode_challenge(runs)
    duel._RESULTS.clear()
    steps = duel.decoding(token)
    seen = []
    while True:
        try:
            seen.append(next(steps))
        except StopIteration as done:
            challenge = done.value
            break
    total = sum(len(r.actions) for r in challenge.runs)
    assert len(seen) >= 900 // duel.SLICE
    assert [d for d, _ in seen] == sorted(d for d, _ in seen) and seen[-1] == (total, total)
    assert all(t == total for _, t in seen)
    assert challenge == decode_challenge(token)


def test_decoding_refuses_at_the_slice_that_finds_the_fault():
    g = human("reloaded", 5, 60)
    good = Run.from_game("Ann", g)
    payload = unpack(encode_challenge([good]))
    payload["r"][0]["m"] = payload["r"][0]["m"].rsplit(" ", 1)[0] + " t1>f1"
    steps = duel.decoding(pack(payload))
    with pytest.raises(InvalidChallenge, match="cannot be replayed"):
        for _ in steps:
            pass


# --- signed runs -----------------------------------------------------------------------------------


def signed_duel() -> tuple[Challenge, Game, Game]:
    ann = human("solitario", 2, 40, limit=300, rng=random.Random(1))
    bea = human("solitario", 2, 40, limit=300, rng=random.Random(2))
    c = ANN.play(Challenge("solitario", 2, 300), "Ann", ann)
    c = BEA.play(c, "Bea", bea)
    return c, ann, bea


def test_signed_runs_travel_in_version_2_and_verify():
    c, ann, bea = signed_duel()
    token = encode_challenge(c)
    assert token.startswith("s2.")
    data = unpack(token)
    assert sorted(data["r"][0]) == ["k", "m", "n", "t", "z"]
    back = decode_challenge(token)
    assert [r.key for r in back.runs] == [ANN.key, BEA.key]
    verdict = verify(back)
    assert [p.signed for p in verdict.players] == [True, True]
    assert verdict.to_json()["players"][0]["key"] == base64.urlsafe_b64encode(ANN.key).decode().rstrip("=")
    assert (verdict.players[0].score, verdict.players[1].score) == (ann.score(), bea.score())


def forge(token: str, change) -> str:
    payload = unpack(token)
    change(payload)
    return pack(payload)  # a checksum that matches: CRC-32 is public


def test_a_reply_that_rewrites_the_challengers_run_is_refused():
    """Finding 4: Bea cuts Ann's run to 3 actions in her reply and puts a
    right CRC-32 on it. Ann's signature no longer matches."""
    c, _, _ = signed_duel()
    token = encode_challenge(c)

    def cut(p):
        ann = p["r"][0]
        ann["m"] = " ".join(ann["m"].split(" ")[:3])
        ann["t"] = ann["t"][:3]

    with pytest.raises(InvalidChallenge, match="Ann's run does not match its signature"):
        decode_challenge(forge(token, cut))


@pytest.mark.parametrize(
    "change",
    [
        lambda p: p["r"][0].update(n="Anne"),  # the name
        lambda p: p["r"][0].update(t=[p["r"][0]["t"][0] + 1] + p["r"][0]["t"][1:]),  # a time
        lambda p: p["r"][1].update(k=p["r"][0]["k"]),  # another key
        lambda p: p["r"][1].update(z=p["r"][0]["z"]),  # another run's signature
        lambda p: p.update(s=3),  # the deal
        lambda p: p.update(l=600),  # the time limit
        lambda p: p["r"].reverse(),  # the order: Bea answered Ann
        lambda p: p["r"].pop(0),  # Ann dropped: Bea's run answered her
        lambda p: p["r"][0].pop("z") and p["r"][0].pop("k"),  # Ann's run made unsigned: Bea's names Ann's signature
    ],
)
def test_every_change_to_a_signed_link_is_refused(change):
    c, _, _ = signed_duel()
    with pytest.raises(InvalidChallenge):
        decode_challenge(forge(encode_challenge(c), change))


def test_a_key_that_is_no_point_and_half_signed_runs_are_refused():
    c, _, _ = signed_duel()
    token = encode_challenge(c)
    no_point = base64.urlsafe_b64encode(b"\x02" + p256.P.to_bytes(32, "big")).decode().rstrip("=")
    with pytest.raises(InvalidChallenge, match="key is not a P-256 key"):
        decode_challenge(forge(token, lambda p: p["r"][0].update(k=no_point)))
    with pytest.raises(InvalidChallenge, match="without"):
        decode_challenge(forge(token, lambda p: p["r"][0].pop("z")))
    with pytest.raises(InvalidChallenge, match="33 bytes"):
        decode_challenge(forge(token, lambda p: p["r"][0].update(k="AAAA")))
    with pytest.raises(InvalidChallenge, match="64 bytes"):
        decode_challenge(forge(token, lambda p: p["r"][0].update(z=p["r"][0]["z"] + "A")))
    with pytest.raises(InvalidChallenge, match="does not know"):
        decode_challenge(forge(token, lambda p: p["r"][0].update(score=9999)))


def test_verify_checks_the_signatures_of_a_challenge_it_is_given():
    c, _, _ = signed_duel()
    ann = c.runs[0]
    other = replace(ann, actions=ann.actions[:2])  # cut, Ann's signature kept
    with pytest.raises(InvalidChallenge, match="Ann's run does not match its signature"):
        verify(Challenge(*c.deal, (other, c.runs[1])))
    with pytest.raises(InvalidChallenge, match="not a P-256 public key"):
        duel.signed_message(c, ann, b"\x02" + p256.P.to_bytes(32, "big"))


def test_version_1_links_open_as_unsigned_and_carry_no_keys():
    g = human("solitario", 2, 20, limit=300)
    item = unpack(encode_challenge([Run.from_game("Ann", g)]))
    old = pack(item, tag="s1.")
    (result,) = verify(old).players
    assert not result.signed and result.key is None
    signed = unpack(encode_challenge(ANN.play(Challenge("solitario", 2, 300), "Ann", g)))
    with pytest.raises(InvalidChallenge, match="does not know"):
        decode_challenge(pack(signed, tag="s1."))  # keys are version 2's


def test_a_reply_from_an_unsigned_run_is_signed_over_it():
    old = Run.from_game("Ann", human("solitario", 2, 20, limit=300))
    c = Challenge("solitario", 2, 300, (old,))
    c = BEA.play(c, "Bea", human("solitario", 2, 20, limit=300, rng=random.Random(4)))
    back = decode_challenge(encode_challenge(c))
    assert [r.signed_run for r in back.runs] == [False, True]
    with pytest.raises(InvalidChallenge, match="Bea's run does not match"):
        decode_challenge(forge(encode_challenge(c), lambda p: p["r"][0].update(t=[0] * len(p["r"][0]["t"]))))


def test_the_signed_bytes_are_as_documented():
    g = human("solitario", 2, 5, limit=300)
    run = Run.from_game("Zoë", g)
    earlier = ANN.play(Challenge("solitario", 2, 300), "Ann", human("solitario", 2, 5, limit=300, rng=random.Random(9)))
    message = duel.signed_message(earlier, run, CID.key)
    assert message.startswith(b"solitaire duel run v2\n")
    body = json.loads(message[len(b"solitaire duel run v2\n") :])
    item = unpack(encode_challenge([run]))["r"][0]
    import hashlib

    earlier_items = unpack(encode_challenge(earlier))["r"]
    expect = {
        "g": "solitario",
        "l": 300,
        "s": 2,
        "n": "Zoë",
        "m": item["m"],
        "t": item["t"],
        "k": base64.urlsafe_b64encode(CID.key).decode().rstrip("="),
        "p": hashlib.sha256(
            json.dumps(earlier_items, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()
        ).hexdigest(),
    }
    assert body == expect
    assert message == b"solitaire duel run v2\n" + json.dumps(
        expect, ensure_ascii=False, sort_keys=True, separators=(",", ":")
    ).encode("utf-8")
    first = duel.signed_message(Challenge("solitario", 2, 300), run, CID.key)
    assert json.loads(first[len(b"solitaire duel run v2\n") :])["p"] == ""


# --- implausible times -----------------------------------------------------------------------------


def retinue_win(seed: int, times) -> Game:
    g = Game.new("retinue", seed)
    for t in times:
        if g.status != "playing":
            break
        g.play(g.legal_moves()[0], t)
    assert g.status == "won"
    return g


def test_a_retinue_run_at_zero_seconds_no_longer_outranks_an_honest_one():
    """Finding 4: every card at 0.0 s kept the whole time bonus and ranked first."""
    cheat = retinue_win(4, [0.0] * 52)
    honest = retinue_win(4, [1.0 + 0.9 * i for i in range(52)])
    assert cheat.score() > honest.score()
    c = Challenge("retinue", 4, None, (Run.from_game("Ann", cheat), Run.from_game("Bea", honest)))
    verdict = verify(decode_challenge(encode_challenge(c)))
    by_name = {p.name: p for p in verdict.players}
    assert by_name["Ann"].pace == "zero" and not by_name["Ann"].plausible
    assert by_name["Bea"].plausible
    assert verdict.ranking.order == ("Bea", "Ann")  # kept, and shown, below
    assert verdict.to_json()["players"][0]["plausible"] is False


@pytest.mark.parametrize(
    "gaps, verdict",
    [
        ([0, 0, 0], "burst"),  # four actions in one tenth
        ([0, 0], None),  # three: a rolled chord of keys, maybe
        ([0, 1, 0], None),
        ([0.5] * 10, "burst"),  # 11 actions in 0.5 s
        ([0.6] * 10, None),
        ([0.9] * 50, "burst"),  # 51 actions in 4.5 s: 11 a second kept up
        ([1.0] * 50, "burst"),  # 10 a second for 5 s: a line replayed at 0.1 s an action (issue 41)
        ([1.0] * 20, "burst"),  # 21 actions at 10 a second
        ([1.0] * 15, None),  # a burst of 16 at 10 a second: a quick hand
        ([1.3] * 20, None),  # 21 actions at 7.7 a second
        ([1.3] * 50, None),  # 51 actions in 6.5 s
        ([1.4] * 200, None),  # Finish: a card every 0.14 s
    ],
)
def test_pace_windows(gaps, verdict):
    times, t = [1.0], 1.0
    for gap in gaps:
        t += gap / 10
        times.append(round(t, 3))
    actions = tuple(f"draw@{x}" for x in times)
    assert duel.pace(Run("Ann", "forty-thieves", 1, None, actions)) == verdict


def test_a_line_replayed_at_a_tenth_of_a_second_an_action_ranks_below_a_hand():
    """Issue 41: a solver's line replayed at 0.1 s an action counted as
    plausible and outranked an honest fast player."""
    replayed = retinue_win(4, [1.0 + 0.1 * i for i in range(52)])
    honest = retinue_win(4, [1.0 + 0.4 * i for i in range(52)])  # 2.5 a second: fast, by hand
    assert replayed.score() > honest.score()
    c = Challenge("retinue", 4, None, (Run.from_game("Ann", replayed), Run.from_game("Bea", honest)))
    verdict = verify(decode_challenge(encode_challenge(c)))
    by_name = {p.name: p for p in verdict.players}
    assert by_name["Ann"].pace == "burst" and by_name["Bea"].plausible
    assert verdict.ranking.order == ("Bea", "Ann")


def test_times_never_go_back():
    """Each time is a difference ≥ 0 from the one before: a link cannot say
    that an action came before the one it follows."""
    payload = {"g": "forty-thieves", "l": None, "r": [{"n": "Ann", "m": "draw draw", "t": [20, -5]}], "s": 1}
    with pytest.raises(InvalidChallenge, match="times never go back"):
        decode_challenge(pack(payload))
    with pytest.raises(InvalidChallenge, match="back in time"):
        encode_challenge([Run("Ann", "forty-thieves", 1, None, ("draw@2", "draw@1.5"))])


def test_human_play_and_resignations_are_plausible():
    for seed in range(1, 30):
        g = human("forty-thieves", seed, 300)
        assert duel.pace(Run.from_game("Ann", g)) is None
    # Giving up is no action of the hands: at once after a move is fine.
    assert duel.pace(Run("Ann", "forty-thieves", 1, None, ("draw@1", "draw@1.05", "resign@1.05"))) is None


def test_an_implausible_run_never_forces_a_rematch():
    zero = Run("Ann", "forty-thieves", 1, None, ("draw@0", "draw@0", "draw@0", "draw@0", "resign@0"))
    slow = Run("Bea", "forty-thieves", 1, None, ("draw@1", "draw@3", "draw@5", "draw@7", "resign@8"))
    verdict = verify(Challenge("forty-thieves", 1, None, (zero, slow)))
    assert verdict.players[0].score == verdict.players[1].score
    assert verdict.ranking == duel.Ranking(("Bea", "Ann"), None)


# --- names -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "a, b",
    [
        ("Ann", "\u0410nn"),  # Cyrillic А
        ("Sara", "\u0405\u0430r\u0430"),  # Cyrillic Ѕ, а (one script: Cyrillic and Latin mixed is refused anyway)
        ("Ian", "lan"),
        ("Bob", "B0b"),
        ("Marie", "rnarie"),
        ("Ann", "A\u200dnn"),  # an invisible joiner
        ("Ann", "\uff21nn"),  # fullwidth
        ("ΑΒΕ", "ABE"),  # Greek capitals
    ],
)
def test_look_alike_names_cannot_share_a_duel(a, b):
    from game import names

    assert names.same_name(a, b)
    run_a = Run(a, "solitario", 2, 300, ())
    try:
        run_b = Run(b, "solitario", 2, 300, ())
    except InvalidChallenge as e:  # refused on its own: mixed scripts
        assert "mixes letters" in str(e)
        return
    with pytest.raises(InvalidChallenge, match="look alike|named"):
        Challenge("solitario", 2, 300, (run_a, run_b))


@pytest.mark.parametrize("name", ["\u0410nn", "Pav\u0435l", "\u0391nna", "M\u0430ria Rossi"])
def test_names_mixing_look_alike_scripts_are_refused(name):
    with pytest.raises(InvalidChallenge, match="mixes letters of"):
        duel.check_name(name)
    payload = {"g": "solitario", "l": 300, "r": [{"n": name, "m": "", "t": []}], "s": 2}
    with pytest.raises(InvalidChallenge, match="mixes letters"):
        decode_challenge(pack(payload))


@pytest.mark.parametrize(
    "name", ["Анна", "Ελένη", "王小明", "さくらSakura", "김민준 Kim", "José Müller", "Zoë 🙂", "👩\u200d👩\u200d👧"]
)
def test_names_in_one_script_are_fine(name):
    assert duel.check_name(name) == name


@pytest.mark.parametrize("blank", ["\u3164", "\u2800", "\u115f", "\u034f"])
def test_blank_characters_are_refused(blank):
    with pytest.raises(InvalidChallenge):
        duel.check_name(f"Ann{blank}")


def test_distinct_names_stay_distinct():
    from game import names

    for a, b in [("Ann", "Anna"), ("Ann", "Ana"), ("Lia", "Lea"), ("Анна", "Ann"), ("Marco", "Marca")]:
        assert not names.same_name(a, b), (a, b)


# --- a flood as the page sees it: measured in operations, not time ------------------------------------


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(1, 5000))
def test_replay_searches_once_per_action_on_any_deal(seed):
    run = flood("reloaded", seed, 300)
    calls = [0]
    original = BuildRules.legal_moves

    def counting(self, pos):
        calls[0] += 1
        return original(self, pos)

    BuildRules.legal_moves = counting
    try:
        game = duel.replay(run)
    finally:
        BuildRules.legal_moves = original
    assert calls[0] <= game.actions + 2
