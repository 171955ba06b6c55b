"""A ruleset's data file, read so that a slip in it is one sentence naming its place.

``rule_data`` turns the parsed TOML into tables (``dict``) and lists that know where they
sit: a key the code asks for and the file lacks raises ``RuleDataError`` with the key's
path (``nerv-d100 data.toml: [wounds] has no 'most_at_once'``), not a ``KeyError`` in the
middle of a fight. ``reading`` turns the other slips met while a ruleset builds its typed
tables (a word where a number belongs) into the same one line, at load.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from tracker.core.errors import TrackerError
from tracker.rules.file_looks import encoding_said, looks_utf16


class RuleDataError(TrackerError):
    """A ruleset's data file lacks a key, or holds a value of the wrong kind."""


class RuleTable(dict[str, Any]):
    """A table of a ruleset's data file; a missing key names the table it was asked of."""

    def __init__(self, items: dict[str, Any], where: str, path: str) -> None:
        super().__init__(items)
        self.where = where
        self.path = path

    def __missing__(self, key: str) -> Any:
        place = f"[{self.path}] has no {key!r}" if self.path else f"there is no [{key}] table"
        raise RuleDataError(f"{self.where}: {place}")


def rule_data(raw: dict[str, Any], where: str) -> RuleTable:
    """``raw`` (parsed TOML) as tables that name their place; ``where`` names the file."""
    return _table(raw, where, "")


def _table(raw: dict[str, Any], where: str, path: str) -> RuleTable:
    joined = f"{path}." if path else ""
    return RuleTable(
        {key: _value(value, where, f"{joined}{key}") for key, value in raw.items()}, where, path
    )


def _value(value: Any, where: str, path: str) -> Any:
    if isinstance(value, dict):
        return _table(value, where, path)
    if isinstance(value, list):
        return [_value(item, where, f"{path}[{index}]") for index, item in enumerate(value)]
    return value


@contextmanager
def reading(where: str) -> Iterator[None]:
    """Build typed tables from the data: any slip is one ``RuleDataError`` naming ``where``."""
    try:
        yield
    except RuleDataError:
        raise
    except TrackerError as err:  # a table's own check ("every ailment entry needs a name")
        raise RuleDataError(f"{where}: {err}") from None
    except (KeyError, ValueError, TypeError, IndexError, AttributeError) as err:
        raise RuleDataError(
            f"{where}: a value is missing or of the wrong kind — {_slip(err)}"
        ) from None


def _slip(err: Exception) -> str:
    """What went wrong reading the data, in words (Python's class names and phrasing
    stay out of the GM's line)."""
    if isinstance(err, KeyError):
        return f"'{err.args[0] if err.args else ''}' is missing"
    if isinstance(err, IndexError):
        return "a list is shorter than the rules need"
    text = str(err)
    if isinstance(err, ValueError) and text.startswith("invalid literal for int()"):
        return f"{text.partition(': ')[2]} is not a whole number"
    if isinstance(err, ValueError) and text:
        return text
    return "a table, a list, a text or a number stands where another kind belongs"


_AT = re.compile(r"\s*\(at line (\d+), column (\d+)\)$")
_AT_END = re.compile(r"\s*\(at end of document\)$")


def unreadable(file: str, data: bytes, err: UnicodeDecodeError | tomllib.TOMLDecodeError) -> str:
    """``file:line:col: what`` for a data file that does not parse (tomllib gives the
    place only in its message before Python 3.14; the end of the document is its last
    character)."""
    if isinstance(err, UnicodeDecodeError):
        before = data[: err.start]
        line, col = before.count(b"\n") + 1, len(before[before.rfind(b"\n") + 1 :]) + 1
        return f"{file}:{line}:{col}: is not UTF-8 text{encoding_said(data)}"
    if looks_utf16(data):  # valid UTF-8, NUL bytes and all: TOML tripped on them
        return f"{file}:1:1: is not UTF-8 text{encoding_said(data)}"
    message = str(err)
    found = _AT.search(message)
    if found:
        return f"{file}:{found[1]}:{found[2]}: {message[: found.start()]}"
    text = data.decode("utf-8", "replace")
    line, col = text.count("\n") + 1, len(text) - (text.rfind("\n") + 1) + 1
    return f"{file}:{line}:{col}: {_AT_END.sub('', message)}"


CAMPAIGN_KEYS = ("tracks", "conditions", "categories", "injury_track")
"""What downtime reads of a ruleset's ``[campaign]`` table."""


def check_campaign(data: dict[str, Any], where: str) -> None:
    """A ``[campaign]`` key close to one downtime reads is a misspelling (``categorys``),
    which would leave it unread in silence: a RuleDataError saying which it meant. Other
    keys are the ruleset's own (its ``Downtime`` may read them)."""
    table = data["campaign"] if "campaign" in data else {}
    if not isinstance(table, dict):
        raise RuleDataError(f"{where}: [campaign] must be a table")
    for key in table:
        if key in CAMPAIGN_KEYS:
            continue
        import difflib  # only for a key that is not one of downtime's

        close = difflib.get_close_matches(key, CAMPAIGN_KEYS, n=1, cutoff=0.75)
        if close:
            raise RuleDataError(f"{where}: [campaign] has {key!r}; did you mean {close[0]!r}?")
