"""Golden playthroughs: seeded games written out action by action.

``python tests/golden_play.py`` rewrites the files in tests/golden/ (do it
only when a change of behaviour is intended, and read the diff);
test_golden.py checks that the engine still plays them move for move.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ginrummies.core import (
    Accept,
    Action,
    Card,
    Decline,
    Discard,
    Game,
    GinHand,
    Hand,
    Knock,
    LayContract,
    LayMeld,
    LayOff,
    Offer,
    TakeDiscard,
    action_to_data,
    deadwood,
    preset,
)

GOLDEN = Path(__file__).parent / "golden"
CASES = [
    ("gin", 1),
    ("oklahoma", 2),
    ("fosdick", 3),
    ("sequence", 4),
    ("eaai", 5),
    ("skarney", 6),
    ("colonel", 7),
]


def choose(hand: Hand, rng: random.Random) -> Action:
    """A plain greedy policy with a little noise: knock or meld when allowed,
    keep a card if it lowers deadwood, let go of the card that leaves least."""
    actions = hand.legal_actions()
    if rng.random() < 0.1:
        return rng.choice(actions)
    eager = [a for a in actions if isinstance(a, Knock | LayContract | LayMeld | LayOff)]
    if eager:
        return eager[0]
    player = hand.to_move
    assert player is not None
    mine = list(hand.cards_of(player))
    rules = hand.rules
    spread = isinstance(hand, GinHand)  # Gin arranges after a discard; the others keep all

    def worth(cards: list[Card]) -> int:
        return deadwood(cards, rules, discard=False)

    offered = hand.view(player).table.pending_offer
    if offered is not None:
        return Accept() if worth([*mine, offered]) < worth(mine) + 1 else Decline()
    if TakeDiscard() in actions and hand.discard_pile:
        top = hand.discard_pile[-1]
        if deadwood([*mine, top], rules, discard=True) < deadwood(mine, rules, discard=not spread):
            return TakeDiscard()
    lets_go = [a for a in actions if isinstance(a, Discard | Offer)]
    if lets_go:
        return min(lets_go, key=lambda a: (worth([c for c in mine if c != a.card]), rng.random()))
    return next((a for a in actions if not isinstance(a, TakeDiscard)), actions[0])


def playthrough(name: str, seed: int) -> dict[str, Any]:
    """A whole game played by ``choose`` with a seeded generator."""
    rules = preset(name)
    rng = random.Random(seed)
    game = Game(rules, seed)
    hands: list[dict[str, Any]] = []
    while True:
        hand = game.hand
        record: dict[str, Any] = {
            "dealer": hand.dealer,
            "cards": [[c.code for c in hand.cards_of(p)] for p in (0, 1)],
        }
        if isinstance(hand, GinHand):
            record["upcard"] = hand.upcard.code if hand.upcard else None
            record["knock_limit"] = hand.knock_limit
        record["steps"] = []
        while not hand.is_over:
            actions = hand.legal_actions()
            action = choose(hand, rng)
            player = hand.to_move
            game.apply(action)
            pile = hand.view(0).discard_pile
            top = pile[-1].code if pile else None
            record["steps"].append(
                [player, action_to_data(action), len(actions), hand.view(0).stock_size, top]
            )
        assert hand.result is not None
        record["result"] = hand.result.breakdown()
        hands.append(record)
        if game.is_over:
            break
        game.next_hand()
    assert game.result is not None
    return {
        "rules": name,
        "seed": seed,
        "first_dealer": game.first_dealer,
        "hands": hands,
        "game": game.result.breakdown(),
    }


def dump(data: dict[str, Any]) -> str:
    """JSON with one step a line, so a diff shows the move that changed."""

    def compact(x: Any) -> str:
        return json.dumps(x, ensure_ascii=False, separators=(",", ":"))

    hands = []
    for h in data["hands"]:
        fields = [f'  "{k}": {compact(v)}' for k, v in h.items() if k not in ("steps", "result")]
        steps = ",\n".join(f"   {compact(s)}" for s in h["steps"])
        result = ",\n".join(f"   {compact(line)}" for line in h["result"])
        body = ",\n".join([*fields, f'  "steps": [\n{steps}\n  ]', f'  "result": [\n{result}\n  ]'])
        hands.append(" {\n" + body + "\n }")
    head = ",\n".join(
        f' "{k}": {compact(v)}' for k, v in data.items() if k not in ("hands", "game")
    )
    return (
        "{\n"
        + head
        + ',\n "hands": [\n'
        + ",\n".join(hands)
        + '\n ],\n "game": '
        + compact(data["game"])
        + "\n}\n"
    )


def path_for(name: str) -> Path:
    return GOLDEN / f"{name}.json"


if __name__ == "__main__":
    GOLDEN.mkdir(exist_ok=True)
    for name, seed in CASES:
        data = playthrough(name, seed)
        path_for(name).write_text(dump(data))
        print(f"wrote {path_for(name)}: {len(data['hands'])} hands")
