"""The rules of each variant, in the project's own words, for the rules screen."""

from __future__ import annotations

from ..core import Family, KnockScoring, RuleSet

COMMON = """\
Two players, one 52-card deck. A **meld** is a *set* (three or four cards of
one rank) or a *run* (three or more cards of one suit in sequence). Cards in
no meld are **deadwood**, counted at face value: aces 1, picture cards 10.
"""

GIN = """\
## {name}

Each player gets ten cards; the next card is turned up to start the discard
pile. On the first turn the non-dealer may take that upcard or pass, then
the dealer; if both pass, the non-dealer draws from the stock.

**Your turn:** take the top card of the stock or of the discard pile, then
discard one card face up. A card just taken from the pile cannot go
straight back{decision}.

**Knocking:** when your deadwood, after discarding, is at most the knock
limit ({limit}), you may knock: discard face down and spread your hand in
melds. The opponent spreads theirs and lays off deadwood on your melds.
With no deadwood at all you go **gin**, and nothing can be laid off.

**Scoring a hand:** {knocker}. If the opponent's count is as low as yours
or lower, they **undercut** you and score the difference plus
{undercut}. Gin scores {gin} plus the opponent's deadwood.{big_gin}

**The game** goes to {target} points.{bonuses}

The last two cards of the stock are never drawn: if nobody knocks by then,
the hand is cancelled and dealt again.
"""

SKARNEY = """\
## {name}

Ten cards each and no discard pile. Sets, runs and *poker melds* (three or
more cards in a row of mixed suits, such as 5♣ 6♥ 7♦) all count; aces are
high or low but do not turn the corner{corner}. Aces in hand count 15.

**Your turn:** draw from the stock (unless you accepted an ace last turn).
Your first melding must be the **contract**: exactly three melds of three
cards, laid together, and nothing else that turn. After that you may lay
new melds and lay off up to two cards on each of your own melds per turn.
Then **offer** the opponent a card: they accept it into their hand or
decline it. A card accepted may not be offered straight back.

**Going out** (every card melded) scores the opponent's whole hand plus
{out_bonus}, or plus {out_bonus2} if they never laid their contract. When
the stock is down to two cards the hand ends and the lower total in hand
scores the difference. The game goes to {target}.
"""

COLONEL = """\
## {name}

Ten cards each; the upcard starts the discard pile. Aces are high only (Q K
A is a run, A 2 3 is not).

**Your turn:** draw from the stock or take the discard, lay down any melds
you like, lay off cards on *any* meld on the table (your opponent's too),
then discard. A card just taken from the pile cannot go straight back.
Whoever empties their hand, by melding or by the discard, goes out and
scores the cards left in the other hand (A K Q J count 10). When the stock
runs out the lower total in hand scores the difference. The game goes to
{target}.{challenge}
"""


def rules_markdown(rules: RuleSet) -> str:
    """The rules of ``rules``' variant, with its options filled in."""
    if rules.family is Family.SKARNEY:
        corner = " (here they do: K A 2 counts)" if rules.ace.value == "around" else ""
        body = SKARNEY.format(
            name=rules.name,
            corner=corner,
            out_bonus=rules.out_bonus,
            out_bonus2=rules.out_bonus_no_contract,
            target=rules.target,
        )
    elif rules.family is Family.COLONEL:
        challenge = (
            "\n\n**Challenge:** at the start of your turn you may challenge. If the "
            "opponent accepts, the lower total in hand scores the other's whole total; "
            "if they decline, play goes on."
            if rules.challenge
            else ""
        )
        body = COLONEL.format(name=rules.name, target=rules.target, challenge=challenge)
    else:
        limit = "the value of the upcard" if rules.knock_limit_from_upcard else rules.knock_limit
        knocker = (
            "the knocker scores all of the opponent's deadwood"
            if rules.knock_scoring is KnockScoring.OPPONENT_DEADWOOD
            else "the knocker scores the difference between the two counts"
        )
        extras = []
        if rules.spade_doubles:
            extras.append(" A spade upcard doubles the hand.")
        if rules.sequence_bonuses:
            extras.append(
                " Only runs count. Each player scores 1 point per card in a run of six or "
                "more and 1 per J, Q or K in a run."
            )
        big = (
            f" Big gin (all eleven cards melded) scores {rules.big_gin_bonus}."
            if rules.big_gin
            else ""
        )
        bonuses = []
        if rules.game_bonus:
            bonuses.append(f" The winner gets {rules.game_bonus} for the game")
        if rules.box_bonus:
            bonuses.append(f" and {rules.box_bonus} for each hand won")
        if bonuses:
            bonuses.append(".")
        body = GIN.format(
            name=rules.name,
            decision=" (a house rule allows it)"
            if not rules.discard_taken_card
            else "; here it may",
            limit=limit,
            knocker=knocker,
            undercut=rules.undercut_bonus,
            gin=rules.gin_bonus,
            big_gin=big + "".join(extras),
            target=rules.target,
            bonuses="".join(bonuses),
        )
    return COMMON + "\n" + body
