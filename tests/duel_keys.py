"""A device's duel key for the tests: signs runs as the page's Web Crypto
does (ECDSA P-256 with SHA-256, r and s as 64 bytes), with the
``cryptography`` package (a test tool only: requirements-dev.txt)."""

from __future__ import annotations

import random

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature

from game import Game, duel, p256
from game.duel import Challenge, Run


class Device:
    def __init__(self, seed: int):
        self.private = ec.derive_private_key(random.Random(seed).randrange(1, p256.N), ec.SECP256R1())
        self.key = self.private.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.CompressedPoint
        )

    def sign(self, challenge: Challenge, run: Run) -> Run:
        message = duel.signed_message(challenge, run, self.key)
        r, s = decode_dss_signature(self.private.sign(message, ec.ECDSA(hashes.SHA256())))
        return run.signed(self.key, r.to_bytes(32, "big") + s.to_bytes(32, "big"))

    def play(self, challenge: Challenge, name: str, game: Game) -> Challenge:
        """``challenge`` with ``name``'s game of it, signed by this device."""
        return challenge.add_run(self.sign(challenge, Run.from_game(name, game)))
