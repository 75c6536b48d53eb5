"""A match in words: the sides' names, each deal, each move and each round's score.

Two-player games say only "Hand 3: Computer deals."; the formats for three
and four add who deals to whom, who sits out, each table's upcard, and
after each round how it scored and who meets whom next.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core import (
    Accept,
    Action,
    Decline,
    HandResult,
    Knock,
    LayOff,
    Match,
    Outcome,
    Phase,
    PlayerView,
    Seating,
    TakeDiscard,
    melds_text,
    plural,
    says,
)
from .seen import SeenGame

# a match here, or one as a seat at a hosted table knows it: told alike
Told = Match | SeenGame


def unit(match: Told) -> str:
    """What a deal is called: Skarney's formats play rounds (RULES.md 6), the others hands."""
    return match.format.play.deal_word.title()


def side_names(sides: Sequence[Sequence[int]], names: Sequence[str]) -> tuple[str, ...]:
    """Each side by its players' names: "Ann", or "Ann & Bob" for a team."""
    return tuple(" & ".join(names[s] for s in side) for side in sides)


def seating_words(match: Told, tables: Sequence[Seating], names: Sequence[str]) -> str:
    """Who deals to whom at each table, and who sits out."""
    return match.format.play.seating_words(tables, names)


def cut_lines(match: Match, names: Sequence[str], *, chosen: bool = True) -> list[str]:
    """The cuts that began the game, card by card, and (``chosen``, where
    the winner chooses) who won and what they chose: "Cut: You 7♣,
    Computer K♠; Computer wins and plays first."."""
    lines = []
    play = match.format.play
    for n, cards in enumerate(match.cuts):
        who, seats = play.cut_names(n, match.round.tables)
        shown = ", ".join(f"{names[s]} {c.label}" for s, c in zip(seats, cards, strict=True))
        if chosen and play.winner_chooses:
            winner = names[match.cut_winners[n]]
            deals = n < len(match.winner_deals) and match.winner_deals[n]
            choice = says(winner, "deals" if deals else "plays first")[len(winner) + 1 :]
            shown += f"; {says(winner, 'wins')} and {choice}"
        lines.append(f"{who}: {shown}.")
    return lines


def cut_question(match: Match, number: int, names: Sequence[str]) -> str:
    """What the winner of cut ``number`` is asked (RULES.md 1): the cut,
    who won it, and the choice."""
    winner = match.cut_winners[number]
    cut = cut_lines(match, names, chosen=False)[number]
    return f"{cut} {says(names[winner], 'wins')} the cut: play first, or deal?"


def cut_answers(match: Match, number: int, names: Sequence[str]) -> tuple[str, str]:
    """The two answers to ``cut_question``: to play first (the usual
    choice, and the computer's) and to deal."""
    winner = match.cut_winners[number]
    other = names[next(s for s in match.rounds[0].tables[number].seats if s != winner)]
    return f"Play first ({says(other, 'deals')})", f"Deal ({says(other, 'plays')} first)"


def deal_lines(match: Match, names: Sequence[str]) -> list[str]:
    """The log's lines for the deal of the round in play (the first
    round's cuts come before them, from ``cut_lines``)."""
    number = len(match.rounds)
    rnd = match.round
    if match.format.two_players:
        lines = [f"Hand {number}: {says(names[rnd.hands[0].dealer], 'deals')}."]
    else:
        lines = [f"{unit(match)} {number}: {seating_words(match, rnd.tables, names)}."]
        captain = match.format.play.captain(rnd.rota)
        if number == 1 and captain is not None:
            lines.append(f"{says(names[captain], 'is')} the Captain.")
    for t, hand in enumerate(rnd.hands):
        view = hand.view(0)
        # Colonel's upcard simply starts the pile: it is the upcard all the same
        upcard = view.upcard or view.discard_top
        if upcard is not None:
            where = f"Table {t + 1}'s upcard" if len(rnd.hands) > 1 else "The upcard"
            lines.append(f"{where} is {upcard.label}.")
    return lines


def round_lines(match: Told, names: Sequence[str]) -> list[str]:
    """After a round of three or four: what it scored, the score, and
    (while the game goes on) who meets whom next."""
    rnd = match.round
    sides = side_names(match.sides, names)
    lines: list[str] = []
    score = rnd.score
    assert score is not None
    if match.format.play.teams:
        lines.append(f"{unit(match)} {rnd.number + 1}: {team_net(match, sides)}")
    lines.append(f"Score: {score_board(match, names)} (to {match.target}).")
    if not match.is_over:
        following = seating_words(match, match.next_seatings(), names)
        lines.append(f"Next {unit(match).lower()}: {following}.")
    return lines


def score_board(match: Told, names: Sequence[str]) -> str:
    """Each side's score, with its boxes where boxes count: "Ann & Bob 47 (1 box)"."""
    sides = side_names(match.sides, names)
    out = []
    for side, name in enumerate(sides):
        boxes = match.boxes[side]
        extra = f" ({plural(boxes, 'box')})" if boxes and match.rules.box_bonus else ""
        out.append(f"{name} {match.scores[side]}{extra}")
    return ", ".join(out)


def team_net(match: Told, sides: Sequence[str]) -> str:
    """How a round's two tables make one team score, with the arithmetic."""
    rnd = match.round
    score = rnd.score
    assert score is not None
    won: list[tuple[int, int]] = []  # (side, points) of each table that scored
    results = [h.result for h in rnd.hands]
    for t, r in zip(rnd.tables, results, strict=True):
        if r is not None and r.scored and r.winner is not None:
            won.append((match.side_of(t.seats[r.winner]), r.points[r.winner]))
    if score.won is None:
        if len(won) == 2:
            return f"the tables cancel out, {won[0][1]} − {won[1][1]} = 0; no team scores."
        return "both tables were cancelled; no team scores."
    team = says(sides[score.won], "score")
    points = score.points[score.won]
    if len(won) == 1:
        return f"{team} {points}: only one table scored."
    (a, pa), (b, pb) = won
    if a == b:
        return f"{team} {pa} + {pb} = {points}, the sum of both tables."
    high, low = max(pa, pb), min(pa, pb)
    return f"{team} {high} − {low} = {points}, the net of both tables."


def action_words(action: Action, view: PlayerView) -> str:
    """A move as a menu, a hint or the log offers it: ``str(action)`` with
    what the view adds, the knock's count, the meld a card is laid off on,
    the card an answer is about."""
    if isinstance(action, Knock) and action.discard is not None:
        points = action.deadwood(view.hand, view.rules)
        what = "gin" if points == 0 else f"knock with {points}"
        return f"{what}, discarding {action.discard.label}: {melds_text(action.melds)}"
    if isinstance(action, LayOff) and 0 <= action.target < len(view.table.melds):
        return f"lay off {action.card.label} on [{view.table.melds[action.target].meld}]"
    if isinstance(action, Accept | Decline):
        what = view.table.pending_offer.label if view.table.pending_offer else "the challenge"
        return f"{action} {what}"
    if isinstance(action, TakeDiscard) and view.discard_top is not None:
        # the first turn's card is the upcard, as players call it
        if view.phase is Phase.UPCARD:
            return f"take the upcard ({view.discard_top.label})"
        return f"take {view.discard_top.label}"
    return str(action)


# what the player who ended the hand did, by outcome (the undercut and the
# ends with no such player are worded apart)
_ENDED = {
    Outcome.KNOCK: "knocked",
    Outcome.GIN: "went gin",
    Outcome.BIG_GIN: "went big gin",
    Outcome.OUT: "went out",
}


def ending_words(result: HandResult, names: Sequence[str]) -> str:
    """How a hand ended, in one sentence with who scored what: "Ann went
    gin and scores 41.", "Bob undercut Ann and scores 35.", "Cancelled:
    the stock is down to two cards, no score." (``names``: its two players)."""
    if result.outcome is Outcome.CANCELLED:
        return "Cancelled: the stock is down to two cards, no score."
    knock, table = result.knock, result.table_end
    actor: int | None = None
    if result.outcome is Outcome.UNDERCUT and knock is not None and knock.knocker is not None:
        actor = 1 - knock.knocker
        how = f"{names[actor]} undercut {names[knock.knocker]}"
    elif result.outcome in _ENDED:
        actor = knock.knocker if knock is not None else table.went_out if table else None
        how = f"{names[actor]} {_ENDED[result.outcome]}" if actor is not None else "It ended"
    elif result.outcome is Outcome.CHALLENGE and table is not None and table.challenger is not None:
        c = table.challenger
        how = f"{names[c]} challenged and {names[1 - c]} accepted"
    else:
        how = "The stock ran out"
    scored = [p for p in (0, 1) if result.points[p]]
    if actor is not None and scored == [actor]:
        verb = says(names[actor], "scores")[len(names[actor]) + 1 :]  # "score" after "You"
        return f"{how} and {verb} {result.points[actor]}."
    points = ", ".join(f"{says(names[p], 'scores')} {result.points[p]}" for p in scored)
    return f"{how}: {points or 'no score'}."
