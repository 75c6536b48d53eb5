"""The engine still plays the golden games of tests/golden/ move for move."""

from __future__ import annotations

import json

import pytest
from golden_play import CASES, path_for, playthrough

from ginrummies.core import Game, action_from_data, preset


@pytest.mark.parametrize(("name", "seed"), CASES)
def test_golden_playthrough(name: str, seed: int) -> None:
    expected = json.loads(path_for(name).read_text())
    assert playthrough(name, seed) == expected


@pytest.mark.parametrize(("name", "seed"), CASES)
def test_golden_logs_replay_to_the_same_settlement(name: str, seed: int) -> None:
    data = json.loads(path_for(name).read_text())
    log = [[action_from_data(s[1]) for s in h["steps"]] for h in data["hands"]]
    game = Game.replay(preset(name), seed, log, first_dealer=data["first_dealer"])
    assert game.result is not None
    assert game.result.breakdown() == data["game"]
