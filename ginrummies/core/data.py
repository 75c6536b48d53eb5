"""The core's records as JSON data and back: views, results, moves.

``to_data`` turns any record of the core (a ``PlayerView``, a
``MatchView``, a ``HandResult``, an action, a card...) into JSON-ready
data, and ``from_data(kind, data)`` turns data back into a record of that
type, checking every field against the record's type hints: anything
else raises ``DataError`` (a ``ValueError``) saying where. A table across
machines sends a seat its view this way; the actions, cards, melds and
rules are written as the saves write them (``action_to_data``,
``Card.code``, ``RuleSet.to_dict``), so one format serves both.

Records are frozen dataclasses; a field that is a union of records (a
hand's ending) carries its record's name. Nothing here knows the game:
it follows the types.
"""

from __future__ import annotations

import dataclasses
import math
import types
import typing
from collections.abc import Callable
from enum import Enum
from typing import Any, NoReturn, TypeVar, Union, get_args, get_origin

from .actions import (
    ACTION_TYPES,
    Action,
    action_from_data,
    action_to_data,
    meld_from_data,
    meld_to_data,
)
from .cards import Card
from .melds import Meld
from .rules import RuleSet

T = TypeVar("T")


class DataError(ValueError):
    """Data that is not the record asked for; the message says where."""


Writer = Callable[[Any], Any]
Reader = Callable[[Any, str], Any]


def to_data(value: Any) -> Any:
    """``value`` as JSON-ready data (dicts, lists, strings, numbers, None)."""
    kind = type(value)
    writer = _WRITERS.get(kind)
    if writer is None:
        # worked out once a type: a table sends a seat thousands of records a game
        writer = _WRITERS[kind] = _writer(value)
    return writer(value)


def _writer(value: Any) -> Writer:
    """How to write ``value`` and every other value of its type."""
    if value is None or isinstance(value, bool | int | str):
        return _same
    if isinstance(value, float):
        return _number
    if isinstance(value, Enum):
        return _enum_value
    if isinstance(value, Card):
        return _card_code
    if isinstance(value, Meld):
        return meld_to_data
    if isinstance(value, ACTION_TYPES):
        return action_to_data
    if isinstance(value, RuleSet):
        return RuleSet.to_dict
    if isinstance(value, type):
        return _move_kind
    if isinstance(value, frozenset):
        return _sorted_items
    if isinstance(value, tuple | list):
        return _items
    if dataclasses.is_dataclass(value):
        return _record_writer(type(value))
    return _no_form


def _same(value: Any) -> Any:
    return value


def _number(value: float) -> float:
    if not math.isfinite(value):
        raise DataError(f"no data form for the number {value}")
    return value


def _enum_value(value: Enum) -> Any:
    return value.value


def _card_code(value: Card) -> str:
    return value.code


def _move_kind(value: type) -> str:
    if value in ACTION_TYPES:
        return value.__name__  # a kind of move (an ``Attempt``'s)
    _no_form(value)


def _sorted_items(value: frozenset[Any]) -> list[Any]:
    return [to_data(v) for v in sorted(value)]  # the same text every run


def _items(value: tuple[Any, ...] | list[Any]) -> list[Any]:
    return [to_data(v) for v in value]


def _no_form(value: Any) -> NoReturn:
    raise DataError(f"no data form for {type(value).__name__}")


def _record_writer(kind: type[Any]) -> Writer:
    names = tuple(f.name for f in _fields(kind))
    name = kind.__name__

    def write(value: Any) -> dict[str, Any]:
        out = {n: to_data(getattr(value, n)) for n in names}
        out["$"] = name
        return out

    return write


def from_data(kind: type[T], data: Any) -> T:
    """The record of type ``kind`` that ``data`` describes (DataError if none)."""
    return typing.cast(T, _read(kind, data, "data"))


def _read(kind: Any, data: Any, where: str) -> Any:
    return _reader(kind)(data, where)


def _reader(kind: Any) -> Reader:
    """The reader of ``kind``, made once: the checks a type needs are worked
    out from its hints when first read, not again for every value."""
    reader = _READERS.get(kind)
    if reader is None:
        # a record may hold its own kind: the reader is found when it is used
        _READERS[kind] = lambda data, where: _READERS[kind](data, where)
        reader = _READERS[kind] = _make_reader(kind)
    return reader


def _make_reader(kind: Any) -> Reader:
    origin = get_origin(kind)
    if origin in (Union, types.UnionType):
        return _union_reader(get_args(kind))
    if origin is tuple:
        return _tuple_reader(get_args(kind))
    if origin is frozenset:
        (item,) = get_args(kind)
        return _frozenset_reader(_reader(item))
    if origin is type:
        return _read_move_kind
    if kind is Any:
        return _read_nothing_known
    simple = _SIMPLE.get(kind)
    if simple is not None:
        return simple
    if isinstance(kind, type) and issubclass(kind, Enum):
        return _enum_reader(kind)
    if kind in ACTION_TYPES:
        return _action_reader(kind)
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return _record_reader(kind)

    def cannot(data: Any, where: str) -> Any:
        raise DataError(f"{where}: cannot read a {kind!r}")

    return cannot


def _read_move_kind(data: Any, where: str) -> type:
    kinds = {k.__name__: k for k in ACTION_TYPES}
    if not isinstance(data, str) or data not in kinds:
        raise DataError(f"{where}: not a kind of move: {_said(data)}")
    return kinds[data]


def _read_nothing_known(data: Any, where: str) -> Any:
    raise DataError(f"{where}: no type to read")


def _read_none(data: Any, where: str) -> None:
    if data is not None:
        raise DataError(f"{where}: expected nothing, found {_said(data)}")


def _read_bool(data: Any, where: str) -> bool:
    if not isinstance(data, bool):
        raise DataError(f"{where}: expected true or false, found {_said(data)}")
    return data


def _read_int(data: Any, where: str) -> int:
    if not isinstance(data, int) or isinstance(data, bool):
        raise DataError(f"{where}: expected a whole number, found {_said(data)}")
    return data


def _read_float(data: Any, where: str) -> float:
    if not isinstance(data, int | float) or isinstance(data, bool) or not math.isfinite(data):
        raise DataError(f"{where}: expected a number, found {_said(data)}")
    return float(data)


def _read_str(data: Any, where: str) -> str:
    if not isinstance(data, str):
        raise DataError(f"{where}: expected text, found {_said(data)}")
    return data


def _read_card(data: Any, where: str) -> Card:
    try:
        return Card.parse(_text(data, where))
    except ValueError as exc:
        raise DataError(f"{where}: {exc}") from None


def _read_rules(data: Any, where: str) -> RuleSet:
    if not isinstance(data, dict):
        raise DataError(f"{where}: expected rules, found {_said(data)}")
    try:
        return RuleSet.from_dict(data)
    except (ValueError, TypeError, KeyError) as exc:
        raise DataError(f"{where}: not rules: {exc}") from None


def _enum_reader(kind: type[Enum]) -> Reader:
    def read(data: Any, where: str) -> Enum:
        try:
            return kind(data)
        except (ValueError, TypeError):
            raise DataError(f"{where}: not a {kind.__name__}: {_said(data)}") from None

    return read


def _action_reader(kind: type[Any]) -> Reader:
    def read(data: Any, where: str) -> Action:
        action = _read_action(data, where)
        fits = isinstance(action, kind)  # (tested apart: the action keeps its type)
        if not fits:
            raise DataError(f"{where}: expected {kind.__name__}, found {type(action).__name__}")
        return action

    return read


def _union_reader(options: tuple[Any, ...]) -> Reader:
    optional = type(None) in options
    rest = [o for o in options if o is not type(None)]
    records = [o for o in rest if isinstance(o, type) and dataclasses.is_dataclass(o)]
    if all(o in ACTION_TYPES for o in rest):  # an Action: its data names its type
        chosen: Reader = _read_action
    elif len(rest) > 1 and len(records) == len(rest):  # records: the data names its own
        chosen = _named_record_reader(records)
    elif len(rest) != 1:

        def chosen(data: Any, where: str) -> Any:
            raise DataError(f"{where}: cannot tell which of {len(rest)} types to read")

    else:
        chosen = _reader(rest[0])
    if not optional:
        return chosen

    def read(data: Any, where: str) -> Any:
        return None if data is None else chosen(data, where)

    return read


def _named_record_reader(records: list[type[Any]]) -> Reader:
    by_name = {r.__name__: r for r in records}

    def read(data: Any, where: str) -> Any:
        name = data.get("$") if isinstance(data, dict) else None
        chosen = by_name.get(name) if isinstance(name, str) else None
        if chosen is None:
            names = ", ".join(r.__name__ for r in records)
            raise DataError(f"{where}: expected one of {names}, found {_said(data)}")
        return _reader(chosen)(data, where)

    return read


def _tuple_reader(args: tuple[Any, ...]) -> Reader:
    if len(args) == 2 and args[1] is Ellipsis:
        item = _reader(args[0])

        def read_all(data: Any, where: str) -> tuple[Any, ...]:
            if not isinstance(data, list):
                raise DataError(f"{where}: expected a list, found {_said(data)}")
            return tuple([item(v, f"{where}[{i}]") for i, v in enumerate(data)])

        return read_all
    items = [_reader(a) for a in args]

    def read_each(data: Any, where: str) -> tuple[Any, ...]:
        if not isinstance(data, list):
            raise DataError(f"{where}: expected a list, found {_said(data)}")
        if len(data) != len(items):
            raise DataError(f"{where}: expected {len(items)} items, found {len(data)}")
        return tuple(
            [r(v, f"{where}[{i}]") for i, (r, v) in enumerate(zip(items, data, strict=True))]
        )

    return read_each


def _frozenset_reader(item: Reader) -> Reader:
    def read(data: Any, where: str) -> frozenset[Any]:
        if not isinstance(data, list):
            raise DataError(f"{where}: expected a list, found {_said(data)}")
        return frozenset([item(v, f"{where}[{i}]") for i, v in enumerate(data)])

    return read


def _record_reader(kind: type[Any]) -> Reader:
    hints = _hints(kind)
    fields = [(f.name, _reader(hints[f.name])) for f in _fields(kind)]
    known = {name for name, _ in fields} | {"$"}
    article = _a(kind.__name__)

    def read(data: Any, where: str) -> Any:
        if not isinstance(data, dict):
            raise DataError(f"{where}: expected {article}, found {_said(data)}")
        name = data.get("$", kind.__name__)
        if name != kind.__name__:
            return _subclass_record(kind, name, data, where)
        values = {}
        for field, reader in fields:
            if field not in data:
                raise DataError(f"{where}: {article} needs {field}")
            values[field] = reader(data[field], f"{where}.{field}")
        if len(data) > len(values) + ("$" in data):
            extra = sorted(set(data) - known)
            raise DataError(f"{where}: {article} has no {extra[0]}")
        try:
            return kind(**values)
        except (ValueError, TypeError) as exc:
            raise DataError(f"{where}: {exc}") from None

    return read


def _subclass_record(kind: type[Any], name: Any, data: dict[str, Any], where: str) -> Any:
    """A field of a record type may hold one of its subclasses (a format's
    own rota), named by its data."""
    sub = next((k for k in _subclasses(kind) if k.__name__ == name), None)
    if sub is None:
        raise DataError(f"{where}: expected {_a(kind.__name__)}, found {_a(_said(name))}")
    return _reader(sub)(data, where)


def _read_action(data: Any, where: str) -> Action:
    try:
        return action_from_data(data)
    except (ValueError, TypeError, KeyError) as exc:
        raise DataError(f"{where}: {exc}") from None


def _read_meld(data: Any, where: str) -> Meld:
    try:
        return meld_from_data(data)
    except (ValueError, TypeError) as exc:
        raise DataError(f"{where}: {exc}") from None


def _text(data: Any, where: str) -> str:
    if not isinstance(data, str):
        raise DataError(f"{where}: expected a card, found {_said(data)}")
    return data


def _a(name: str) -> str:
    return f"an {name}" if name[:1].lower() in "aeiou" else f"a {name}"


def _said(data: Any) -> str:
    text = repr(data)
    return text if len(text) <= 40 else text[:37] + "..."


_SIMPLE: dict[Any, Reader] = {
    type(None): _read_none,
    bool: _read_bool,
    int: _read_int,
    float: _read_float,
    str: _read_str,
    Card: _read_card,
    Meld: _read_meld,
    RuleSet: _read_rules,
}
_READERS: dict[Any, Reader] = {}
_WRITERS: dict[type[Any], Writer] = {}
_FIELDS: dict[type[Any], tuple[dataclasses.Field[Any], ...]] = {}
_HINTS: dict[type[Any], dict[str, Any]] = {}


def _fields(kind: type[Any]) -> tuple[dataclasses.Field[Any], ...]:
    """A record's fields that its constructor takes (worked out once a type)."""
    if kind not in _FIELDS:
        _FIELDS[kind] = tuple(f for f in dataclasses.fields(kind) if f.init)
    return _FIELDS[kind]


def _subclasses(kind: type[Any]) -> list[type[Any]]:
    """Every record type derived from ``kind``, however far down."""
    out = []
    for sub in kind.__subclasses__():
        if dataclasses.is_dataclass(sub):
            out.append(sub)
        out.extend(_subclasses(sub))
    return out


def _hints(kind: type[Any]) -> dict[str, Any]:
    if kind not in _HINTS:
        _HINTS[kind] = typing.get_type_hints(kind)
    return _HINTS[kind]
