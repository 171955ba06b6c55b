"""Wrath & Glory exports with odd values where the sheet's numbers come from: the import
reads what it can or refuses in one line, never a traceback; text stays text."""

from __future__ import annotations

import copy
import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.foundry_helpers import FIXTURES
from tracker.core.errors import TrackerError
from tracker.core.safe_text import UNSAFE
from tracker.store.foundry.importing import plan

ACTORS = ("wrath-warden-v12.json", "wrath-psyker-v13.json", "wrath-mob-v13.json")
ODD: list[Any] = [None, "", "x", "[/b]\x1b[31m<i>", -5, 3.5, True, [], {}, [1, None], {"a": []}]
ODD += [{"value": "q"}, {"list": "no"}, 10**15, "1d3", {"id": 5}, ["a"]]


def places(doc: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key or index path in the document."""
    found: list[tuple[Any, ...]] = []
    children = (
        doc.items() if isinstance(doc, dict) else enumerate(doc) if isinstance(doc, list) else ()
    )
    for key, value in children:
        found.append((*path, key))
        found += places(value, (*path, key))
    return found


def put(doc: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        doc = doc[key]
    doc[path[-1]] = value


def imported(doc: dict[str, Any]) -> list[dict[str, Any]] | None:
    """The actor's traits, or None when the import refused it (in one line)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "actor.json"
        path.write_text(json.dumps(doc), encoding="utf-8")
        try:
            result = plan([path])
        except TrackerError as refused:
            assert "\n" not in str(refused).strip()
            return None
    traits: list[dict[str, Any]] = result.actors[0].converted.block.get("traits", [])
    return traits


@given(st.sampled_from(ACTORS), st.data())
@settings(max_examples=150, deadline=None)
def test_an_odd_value_anywhere_is_read_or_refused_never_a_traceback(
    name: str, data: st.DataObject
) -> None:
    doc = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    for _ in range(data.draw(st.integers(1, 4))):
        odd = copy.deepcopy(data.draw(st.sampled_from(ODD)))  # never the shared one: a
        put(doc, data.draw(st.sampled_from(places(doc))), odd)  # later put would change it
    for trait in imported(doc) or []:
        assert isinstance(trait["name"], str) and not UNSAFE.search(trait["name"])
        assert isinstance(trait.get("text", ""), str)


def test_an_ammunition_item_with_an_odd_id_is_not_a_traceback() -> None:
    doc = json.loads((FIXTURES / "wrath-warden-v12.json").read_text(encoding="utf-8"))
    ammo = next(i for i in doc["items"] if i["type"] == "ammo")
    ammo["_id"] = ["not", "an", "id"]
    traits = imported(doc)
    assert traits is not None
    assert (
        "loaded with" not in next(t for t in traits if t["name"] == "Stormcaller Carbine")["text"]
    )
