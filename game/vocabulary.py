"""Closed vocabularies of the specs: each member is its text (so it compares
equal to it, and JSON writes it as it is) and carries its English wording and
its behaviour (``spec.py``, ``rules.py``, ``scoring.py``)."""

from __future__ import annotations

from enum import StrEnum


class Vocabulary(StrEnum):
    def __new__(cls, value: str, wording: str, *behaviour):
        member = str.__new__(cls, value)
        member._value_ = value
        member.wording = wording
        member.behaviour = behaviour
        return member
