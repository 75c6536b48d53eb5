"""The rules of each variant, in the project's own words, for the rules screen
and the F1 help, and how each format for three or four players goes.

Every fact a house rule can change (the cards dealt, the first turn, where
an ace stands in a run and what it counts, the card just taken, the knock
limit, the fiftieth card, the bonuses) is written from the ``RuleSet`` in
play, so the text never states a preset's rule the game does not follow.
"""

from __future__ import annotations

from ..core import (
    AcePolicy,
    AceUpcard,
    DealerRotation,
    Family,
    FirstTurn,
    Format,
    KnockScoring,
    RuleSet,
    Shutout,
)

NUMBERS = {7: "seven", 8: "eight", 10: "ten", 11: "eleven"}

SET = "a *set* (three or four cards of one rank)"
RUN = "a *run* (three or more cards of one suit in sequence)"
POKER = "a *poker meld* (three or more cards in a row of mixed suits, such as 5♣ 6♥ 7♦)"

ACE_IN_RUNS = {
    AcePolicy.LOW: "aces are low only (A 2 3 is a run, Q K A is not)",
    AcePolicy.HIGH: "aces are high only (Q K A is a run, A 2 3 is not)",
    AcePolicy.LOW_OR_HIGH: "aces are high or low but do not turn the corner",
    AcePolicy.AROUND: "aces are high or low and may turn the corner (K A 2 counts)",
}

COMMON = """\
Two players, one 52-card deck. A **meld** is {melds}.
{counted}, counted at face value: aces {ace}, picture cards 10.
The players cut for the first deal: the higher card (on equal ranks, spades,
hearts, diamonds, clubs) chooses to play first or to deal.
"""

GIN = """\
## {name}

{deal}{aces}

**Your turn:** take the top card of the stock or of the discard pile, then
discard one card face up. {taken}

**Knocking:** when your deadwood, after discarding, is at most the knock
limit ({limit}), you may knock: discard face down and spread your hand in
melds. The opponent spreads theirs and lays off deadwood on your melds.
With no deadwood at all you go **gin**, and nothing can be laid off.

**Scoring a hand:** {knocker}. If the opponent's count is as low as yours
or lower, they **undercut** you and score the difference plus
{undercut}. Gin scores {gin} plus the opponent's deadwood.{extras}

**The game** goes to {target} points.{won}{game}

{stock_end}
"""

SKARNEY = """\
## {name}

{cards} cards each and no discard pile. {melds}{aces}. Aces in hand count {ace}.

**Your turn:** draw from the stock (unless you accepted an ace last turn).
Your first melding must be the **contract**: exactly three melds of three
cards, laid together, and nothing else that turn. After that you may lay
new melds and lay off up to two cards on each of your own melds per turn.
Then **offer** the opponent a card: they accept it into their hand, or
decline it and it stays in yours. A card accepted may not be offered
straight back, and in a turn with no draw you may not offer an ace.
With one card left there is nothing to offer: you say **last card** and
your turn ends.

**Going out** (every card melded) scores the opponent's whole hand plus
{out_bonus}, or plus {out_bonus2} if they never laid their contract. When
the stock is down to two cards the hand ends and the lower total in hand
scores the difference (equal totals score nothing). The game goes to
{target}.{won}{game}
"""

COLONEL = """\
## {name}

{cards} cards each; the upcard starts the discard pile.{aces}

**Your turn:** draw from the stock or take the discard, lay down any melds
you like, lay off cards on *any* meld on the table (your opponent's too),
then discard. {taken}
Whoever empties their hand, by melding or by the discard, goes out and
scores the cards left in the other hand ({values}). When the stock
runs out the lower total in hand scores the difference (equal totals score
nothing). The game goes to {target}.{won}{game}{challenge}
"""


def number(n: int) -> str:
    """A count of cards in words where it reads better: "ten", "eleven"."""
    return NUMBERS.get(n, str(n))


def join(items: list[str], last: str = "or") -> str:
    """ "a", "a or b", "a, b or c" (or with ``last`` "and": "a, b and c")."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {last} " + items[-1]


def meld_kinds(rules: RuleSet) -> str:
    """What a meld is under the rules, for the opening paragraph: every kind
    the meld solver accepts (``RuleSet.meld_key``), and no other."""
    kinds = [
        kind
        for kind, on in ((SET, rules.sets), (RUN, rules.runs), (POKER, rules.poker_melds))
        if on
    ]
    return join(kinds)


def counted(rules: RuleSet) -> str:
    """Which cards count against a player at the hand's end (``counts_all_cards``)."""
    if rules.counts_all_cards:
        return "At the end of a hand every card still in hand counts, melded or not"
    return "Cards in no meld are **deadwood**"


def aces_in_runs(rules: RuleSet) -> str:
    """Where an ace may stand in a run, as a clause; empty where no run counts."""
    return ACE_IN_RUNS[rules.ace] if rules.runs or rules.poker_melds else ""


def sentence(clause: str) -> str:
    """A clause as a sentence after another one: " Aces are ...", or nothing."""
    return f" {clause[0].upper()}{clause[1:]}." if clause else ""


def taken_card(rules: RuleSet, but: str) -> str:
    """May the card just taken from the pile go straight back? ``but`` follows "cannot"."""
    if rules.discard_taken_card:
        return "A card just taken from the pile may go straight back."
    return f"A card just taken from the pile cannot go\nstraight back {but}."


def boxes_scored(rules: RuleSet) -> bool:
    """Whether a hand won earns a box: the Gin engine gives its winner one
    only while ``box_bonus`` is worth something; Skarney's and Colonel's
    hands never earn one."""
    return rules.family is Family.GIN and rules.box_bonus > 0


def both_may_score(rules: RuleSet) -> bool:
    """Whether both players of a hand may score in it (Sequence Gin's bonuses
    go to the loser too), so that both may pass the target at once."""
    return rules.family is Family.GIN and rules.sequence_bonuses


def game_won(
    rules: RuleSet, who: str = "player", both: str = "both", *, netted: bool = False
) -> str:
    """Who wins the game at the target, as sentences; ``who`` is "player"
    or "team"; ``both`` counts who may pass the target together ("both",
    "two"), which cannot happen where a round's points are ``netted``. The
    game ends when one alone has the top total at or over the target
    (``Match``), and that one wins."""
    if netted or not both_may_score(rules):
        return f" The first {who} to reach it wins."
    return (
        f" The first {who} to reach it wins; if {both} pass it in the same hand, the "
        "higher total wins, and on equal totals play goes on."
    )


def extra_boxes(rules: RuleSet) -> str:
    """Oklahoma's extra boxes (``score_knock``), as a sentence, or nothing
    where no box is scored."""
    if not (rules.extra_boxes and boxes_scored(rules)):
        return ""
    gin = "gin or big gin" if rules.big_gin else "gin"
    doubled = ", twice as many on a spade upcard" if rules.spade_doubles else ""
    return f" An undercut earns one extra box, {gin} two{doubled}."


def game_extras(rules: RuleSet) -> str:
    """The game bonus, boxes, shutout, settlement and deal in force, as
    sentences, each figure as ``settle`` uses it."""
    out = []
    if rules.game_bonus:
        out.append(f" The winner gets {rules.game_bonus} for the game.")
    if boxes_scored(rules):
        # settle() counts every player's boxes, not only the winner's (RULES.md 2.3)
        out.append(
            f" Each hand won earns its winner a **box**; every box, the loser's too, is "
            f"worth {rules.box_bonus} at the end."
        )
        out.append(extra_boxes(rules))
    if rules.shutout is Shutout.DOUBLE:
        out.append(" If the loser scored no hand points, the winner's whole total is doubled.")
    elif rules.shutout is Shutout.BONUS:
        out.append(f" If the loser scored no hand points, the game bonus is {rules.shutout_bonus}.")
    out.append(" The winner is paid the difference between the two totals.")
    if rules.dealer_rotation is DealerRotation.WINNER:
        out.append(" The winner of a hand deals the next.")
    elif rules.dealer_rotation is DealerRotation.LOSER:
        out.append(" The loser of a hand deals the next.")
    return "".join(out)


def _gin(rules: RuleSet) -> str:
    size = rules.hand_size
    if rules.first_turn is FirstTurn.ELEVEN_CARDS:
        deal = (
            f"The dealer gets {number(size)} cards and the non-dealer {number(size + 1)}; no\n"
            "card is turned up. The non-dealer's first turn is only a discard, which\n"
            "starts the discard pile."
        )
    else:
        deal = (
            f"Each player gets {number(size)} cards; the next card is turned up to start the\n"
            "discard pile. On the first turn the non-dealer may take that upcard or pass,\n"
            "then the dealer; if both pass, the non-dealer draws from the stock."
        )
    if rules.knock_limit_from_upcard:
        ace = "gin only" if rules.ace_upcard is AceUpcard.GIN_ONLY else "1"
        limit = f"the value of the upcard; an ace upcard: {ace}"
    elif rules.knock_limit == 0:
        limit = "0: gin only"
    else:
        limit = str(rules.knock_limit)
    knocker = (
        "the knocker scores all of the opponent's deadwood"
        if rules.knock_scoring is KnockScoring.OPPONENT_DEADWOOD
        else "the knocker scores the difference between the two counts"
    )
    extras = []
    if rules.big_gin:
        extras.append(
            f" Big gin (all {number(size + 1)} cards melded) scores {rules.big_gin_bonus}"
            " plus the opponent's deadwood."
        )
    if rules.spade_doubles:
        extras.append(" A spade upcard doubles the hand.")
    if not rules.sets:
        extras.append(" Only runs count.")
    if rules.sequence_bonuses:
        # the engine doubles them with the hand on a spade upcard
        doubled = " (doubled too on a spade upcard)" if rules.spade_doubles else ""
        extras.append(
            " Each player scores 1 point per card in a run of six or "
            f"more and 1 per J, Q or K in a run{doubled}."
        )
    if rules.fiftieth_card:
        stock_end = (
            "The last two cards of the stock are never drawn. If the player who\n"
            "drew the third-last card discards without knocking, the opponent may take\n"
            "that discard (the **fiftieth card**), but only to knock or go gin at once;\n"
            "otherwise the hand is cancelled and dealt again."
        )
    else:
        stock_end = (
            "The last two cards of the stock are never drawn: if nobody knocks by then,\n"
            "the hand is cancelled and dealt again."
        )
    return GIN.format(
        name=rules.name,
        deal=deal,
        aces=sentence(aces_in_runs(rules)),
        taken=taken_card(rules, "(a house rule allows it)"),
        limit=limit,
        knocker=knocker,
        undercut=rules.undercut_bonus,
        gin=rules.gin_bonus,
        extras="".join(extras),
        target=rules.target,
        won=game_won(rules),
        game=game_extras(rules),
        stock_end=stock_end,
    )


def _skarney(rules: RuleSet) -> str:
    kinds = [
        kind
        for kind, on in (
            ("sets", rules.sets),
            ("runs", rules.runs),
            ("poker melds", rules.poker_melds),
        )
        if on
    ]
    melds = f"only {kinds[0]} count" if len(kinds) == 1 else join(kinds, "and") + " all count"
    return SKARNEY.format(
        name=rules.name,
        cards=number(rules.hand_size).capitalize(),
        melds=melds[0].upper() + melds[1:],
        aces=f"; {aces_in_runs(rules)}" if aces_in_runs(rules) else "",
        ace=rules.ace_value,
        out_bonus=rules.out_bonus,
        out_bonus2=rules.out_bonus_no_contract,
        target=rules.target,
        won=game_won(rules),
        game=game_extras(rules),
    )


def _colonel(rules: RuleSet) -> str:
    ace = rules.ace_value
    values = "A K Q J count 10" if ace == 10 else f"aces {ace}, K Q J 10"
    challenge = (
        "\n\n**Challenge:** at the start of your turn you may challenge. If the "
        "opponent accepts, the lower total in hand scores the other's whole total; "
        "if they decline, play goes on."
        if rules.challenge
        else ""
    )
    return COLONEL.format(
        name=rules.name,
        cards=number(rules.hand_size).capitalize(),
        aces=sentence(aces_in_runs(rules)),
        taken=taken_card(rules, "(unless it is your last card)"),
        values=values,
        target=rules.target,
        won=game_won(rules),
        game=game_extras(rules),
        challenge=challenge,
    )


WRITERS = {Family.GIN: _gin, Family.SKARNEY: _skarney, Family.COLONEL: _colonel}


def rules_markdown(rules: RuleSet) -> str:
    """The rules of ``rules``' variant, every option as the rule set has it."""
    common = COMMON.format(melds=meld_kinds(rules), counted=counted(rules), ace=rules.ace_value)
    return common + "\n" + WRITERS[rules.family](rules)


# --- formats for three and four (RULES.md section 6) ----------------------------

THREE_GIN = """\
## {title}

Three players, two at a time; {variant} Everyone cuts: the lowest card deals
the first hand and sits it out, dealing to the other two; of those two, the
one after the dealer (A, B, C, round the table) plays first. After each hand
the **loser** deals the next one and sits it out, so the winner meets the
one who sat out. A cancelled hand is dealt again by the same dealer to the
same two.

Each player keeps their own total of the points they score{box} in each
hand. The game goes to **{target}**.{won}{bonuses}
**Settlement:** {settlement}
"""

TEAMS = """\
## {title}

Four players in two teams: **A and B** against **C and D**, at two tables
at once, nobody sitting out; {variant} A always plays at table 1 and B at
table 2; C and D change tables, so partners meet a new opponent every {unit}
(A–C and B–D, then A–D and B–C). At each table its two players cut for
the first deal, and the higher card chooses to play first or to deal; after
that the deal there passes to the other team's player. Both tables finish
before the next {unit} is dealt{cancel}.

**Team score of a {unit}:** if both winners are on one team, it scores the
sum of both results; otherwise the team with the larger result scores the
difference (equal results score nothing).{box} The game goes to
**{target}**.{won}{bonuses} **Settlement:** {settlement}
"""

SKARNEY3 = """\
## {title}

Three players, two at a time, each with their own score; {variant} Everyone
cuts: the lowest card sits out the first round, and the other two cut again,
the higher card dealing. The **loser** of a round sits out the next one, and
the one who sat out plays the winner: the one who stays on deals, the
newcomer plays first. After a round with equal totals, the one who has
played more rounds in a row sits out (if as many, that round's dealer).

The game goes to **{target}**.{won}{bonuses}
**Settlement:** {settlement}
"""

CAPTAINS = """\
## {title}

Three players; {variant} The highest card of the cut is the **Captain**, who
plays every round; the other two are a side with one pooled score. The seat
after the Captain challenges first and plays the Captain until losing a round,
then the other one comes in, and so on (a round with equal totals keeps the
same challenger). The Captain deals the first round; then the deal
alternates between the two who play, and a new challenger plays first.

The game goes to **{target}**, and whichever reaches it first, the Captain
or the side, wins.{bonuses}
**Settlement:** {settlement}
"""

THREE_SIDES = (
    "each loser pays the winner the difference between the winner's total{doubled} and their own."
)


def team_boxes(fmt: Format, rules: RuleSet) -> str:
    """A partnership's box for a {unit} scored in, as a sentence, or nothing:
    ``score_round`` gives the team ahead one when the hands earn boxes,
    which Skarney's never do."""
    unit = fmt.play.deal_word
    if not rules.box_bonus or rules.family is not Family.GIN:
        return ""
    extra = " (one, whatever extra boxes its players earn)" if rules.extra_boxes else ""
    return f" A team gets a box for each {unit} it scores in{extra}."


def format_bonuses(rules: RuleSet, side: str, sides: int = 2, *, boxes: bool = False) -> str:
    """The game bonus, boxes (if ``boxes`` count) and shutout of a format's
    game, as sentences (or nothing); ``side`` names who wins: "player",
    "team" or "side"; with three ``sides`` the settlement itself says what a
    shutout doubles."""
    out = []
    if rules.game_bonus:
        out.append(f" The winning {side} gets {rules.game_bonus} for the game.")
    if boxes:
        out.append(f" Each box is worth {rules.box_bonus} at the end.")
    loser = "a loser who" if side == "player" else f"a {side} that"
    if rules.shutout is Shutout.DOUBLE and sides == 3:
        out.append(f" {loser.capitalize()} scored no points is shut out.")
    elif rules.shutout is Shutout.DOUBLE:
        out.append(
            f" {loser.capitalize()} scored no points is shut out, and the winner's "
            "total is doubled."
        )
    elif rules.shutout is Shutout.BONUS:
        out.append(f" Against {loser} scored no points the game bonus is {rules.shutout_bonus}.")
    return "".join(out)


def played_as(fmt: Format, rules: RuleSet) -> str:
    """The variant every hand of the format is, by name, as a sentence."""
    unit = fmt.play.deal_word
    return f"each {unit} is an ordinary {unit} of **{rules.name}** for two."


def format_hint(fmt: Format, rules: RuleSet) -> str:
    """What the F1 help says between the format and the two-player rules:
    which of them the format decides (boxes only where they count, a
    cancelled hand only where a hand can be cancelled)."""
    unit = fmt.play.deal_word
    decides = ["who plays whom", "the target"]
    if boxes_scored(rules):
        decides.append("the boxes")
    decides.append("the bonuses")
    if rules.has_knock:
        decides.append(f"a cancelled {unit}")
    return (
        f"Each {unit} is played as the rules below say for two players; "
        f"{join(decides, 'and')} are as {fmt.title} above says."
    )


# how each kind of format for three and four goes, in a player's words: the
# text of the kind a format declares (``FormatPlay.rules_kind``)
KIND_TEXTS = {
    "dealer sits out": THREE_GIN,
    "two teams": TEAMS,
    "loser sits out": SKARNEY3,
    "captain and side": CAPTAINS,
}


def format_markdown(fmt: Format, rules: RuleSet) -> str:
    """How the format in play goes (RULES.md section 6), in a player's words:
    the variant its hands are, who plays whom, who sits out and deals, how
    hands add up, the target and who wins at it, the end and the
    settlement: the text of the kind the format declares, filled in from
    ``rules``. Empty for two players."""
    if fmt.two_players:
        return ""
    target = fmt.target(rules)
    text = KIND_TEXTS[fmt.play.rules_kind]
    boxes = boxes_scored(rules)
    if fmt.play.teams:
        unit = fmt.play.deal_word
        # a team's points are netted, so only one team scores in a round
        return text.format(
            title=fmt.title,
            variant=played_as(fmt, rules),
            unit=unit,
            cancel="; a cancelled table is not dealt again and counts 0" if rules.has_knock else "",
            box=team_boxes(fmt, rules),
            target=target,
            won=game_won(rules, "team", netted=True),
            bonuses=format_bonuses(rules, "team", boxes=boxes),
            settlement="the winning team's total minus the other team's.",
        )
    if fmt.play.pooled:
        return text.format(
            title=fmt.title,
            variant=played_as(fmt, rules),
            target=target,
            bonuses=format_bonuses(rules, "side", boxes=boxes),
            settlement="the winner's total (the Captain's or the side's) minus the loser's.",
        )
    doubled = " (doubled against one shut out)" if rules.shutout is Shutout.DOUBLE else ""
    return text.format(
        title=fmt.title,
        variant=played_as(fmt, rules),
        box=" and the boxes they win" if boxes else "",
        target=target,
        won=game_won(rules, "player", both="two"),
        bonuses=format_bonuses(rules, "player", 3, boxes=boxes),
        settlement=THREE_SIDES.format(doubled=doubled),
    )
