"""Every format declares its own facts where it is defined (issue 50, item
5): its title and words, the header's word for it, the statistics' label
and the kind of text that tells how it goes. No table outside the formats
says them, so a new format that forgot one would show nothing, or fail
only when a player reached it: here it fails at once."""

from __future__ import annotations

import pytest

from ginrummies.core import PRESETS, Format, preset
from ginrummies.core.formats import FORMATS, FormatPlay
from ginrummies.play.rulestext import KIND_TEXTS, format_markdown
from ginrummies.store.stats import variant_label

# the facts ``FormatPlay`` names and leaves to each format (no default);
# ``name`` is the one ``register`` sets
FACTS = tuple(
    fact for fact in FormatPlay.__annotations__ if fact not in vars(FormatPlay) and fact != "name"
)
# the facts that name the format itself: a format made from another (Skarney
# Partners from Partnership Gin) must say its own, not inherit them
OWN = ("title", "about", "header_word", "short")
WORDS = ("header_word", "short", "rules_kind")

# the statistics' label of each format is stored in the players' databases:
# never reworded
STORED = {
    Format.TWO: "",
    Format.THREE: "three",
    Format.PARTNERSHIP: "partnership",
    Format.SKARNEY3: "three",
    Format.CAPTAINS: "captains",
    Format.PARTNERS: "partners",
}


def test_the_facts_are_the_ones_the_formats_must_declare() -> None:
    assert set(WORDS) <= set(FACTS)
    assert set(OWN) <= set(FACTS)


@pytest.mark.parametrize("fmt", list(Format), ids=lambda f: f.value)
def test_every_registered_format_declares_each_fact(fmt: Format) -> None:
    play = FORMATS[fmt]
    assert play is fmt.play and play.name is fmt
    for fact in FACTS:
        assert hasattr(play, fact), f"{fmt.value} does not declare {fact}"
    for fact in OWN:
        assert fact in vars(type(play)), f"{fmt.value} inherits {fact} instead of saying its own"
    for fact in WORDS:
        assert isinstance(getattr(play, fact), str), (fmt.value, fact)
        # two players have no word after the variant, no label and no text of
        # their own; every other format has all three
        assert bool(getattr(play, fact)) is not fmt.two_players, (fmt.value, fact)


def test_the_formats_words_tell_them_apart() -> None:
    words = [f.play.header_word for f in Format if not f.two_players]
    assert len(set(words)) == len(words)
    titles = [f.title for f in Format]
    assert len(set(titles)) == len(titles)


def test_every_kind_of_format_has_its_text_and_every_text_a_format() -> None:
    kinds = {f.play.rules_kind for f in Format if not f.two_players}
    assert kinds == set(KIND_TEXTS)
    for fmt in Format:
        played = [preset(name) for name in PRESETS if fmt.allows(preset(name))]
        assert played, fmt
        for rules in played:
            text = format_markdown(fmt, rules)
            assert (text == "") is fmt.two_players
            assert not text or text.startswith(f"## {fmt.title}\n")


def test_the_statistics_label_keeps_the_stored_words() -> None:
    for fmt in Format:
        assert fmt.play.short == STORED[fmt]
        label = variant_label("Gin Rummy", fmt.value)
        assert label == (f"Gin Rummy ({STORED[fmt]})" if STORED[fmt] else "Gin Rummy")
    assert variant_label("Gin Rummy", "a format of a later version") == "Gin Rummy"
