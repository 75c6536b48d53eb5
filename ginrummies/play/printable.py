"""Text from outside the program made safe to show: player names and
anything else a person typed or a file held.

Such text is data. It is never parsed as markup (the app's widgets are told
so), and before it is shown, here, the characters that would act on the
terminal instead of being seen are made visible: an escape sequence in a
name could clear the screen or recolour it, a right-to-left override could
reverse the rest of the line and a newline could forge a line of the table.
"""

from __future__ import annotations

import unicodedata

# bidirectional embeddings, overrides and isolates, and the invisible marks:
# they change the order in which the rest of a line is drawn
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
# C0 controls have pictures of their own (U+2400 on: ␛ for escape)
PICTURES = {code: chr(0x2400 + code) for code in range(0x20)} | {0x7F: "\u2421"}
ELLIPSIS = "…"


def printable(text: str, *, lines: bool = True) -> str:
    """``text`` with every character that acts on a terminal made visible.

    C0 controls become their pictures (``␛`` for escape), other controls and
    unassigned code points become ``�``, and bidirectional controls are
    dropped. ``lines``: newlines (and tabs) are kept, for a message of
    several lines; False turns them into pictures too."""
    keep = "\n\t" if lines else ""
    out = []
    for ch in text:
        if ch in keep:
            out.append(ch)
        elif ch in BIDI_CONTROLS:
            continue
        elif ord(ch) in PICTURES:
            out.append(PICTURES[ord(ch)])
        elif unicodedata.category(ch) in ("Cc", "Cs", "Cn"):
            out.append("\ufffd")
        else:
            out.append(ch)
    return "".join(out)


def clean_name(name: str, limit: int) -> str:
    """A seat's name as the table shows it: one line of printable text with
    its spaces evened out, at most ``limit`` characters (a longer one, which
    only a file edited by hand can hold, ends in "…")."""
    shown = printable(" ".join(name.split()), lines=False)  # a newline or tab is a space
    if len(shown) > limit:
        shown = shown[: limit - 1].rstrip() + ELLIPSIS
    if not any(unicodedata.category(ch)[0] not in "CZ" for ch in shown):
        return "?"  # nothing to see: spaces, or marks of zero width alone
    return shown
