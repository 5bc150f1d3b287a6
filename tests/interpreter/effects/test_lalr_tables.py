"""The shipped LALR tables (lalr_tables.py): current for the grammar, used, the same parses and
errors as a parser built from the grammar, and plain data only."""

from __future__ import annotations

import io
import pickle
import tomllib
from pathlib import Path
from typing import Any

import lark
import pytest
from lark import Lark
from lark.exceptions import UnexpectedInput
from lastlight.interpreter.effects import lalr_tables
from lastlight.interpreter.load.pack import Pack


def _shipped_raw() -> bytes:
    return Path(lalr_tables.__file__).with_name(lalr_tables.TABLES_FILE).read_bytes()


def test_the_shipped_tables_were_made_from_the_grammar_as_it_is() -> None:
    tables = pickle.loads(_shipped_raw())
    assert tables["grammar_sha256"] == lalr_tables._digest(lalr_tables.grammar_text()), (
        "grammar.lark changed: run `python -m lastlight.interpreter.effects.lalr_tables`"
    )
    assert tables["options"] == lalr_tables.OPTIONS


def _locked_lark() -> str:
    lock = tomllib.loads((Path(__file__).parents[3] / "uv.lock").read_text(encoding="utf-8"))
    (version,) = [p["version"] for p in lock["package"] if p["name"] == "lark"]
    return str(version)


def test_the_tables_are_made_by_the_locked_lark() -> None:
    assert pickle.loads(_shipped_raw())["lark"] == _locked_lark(), (
        "uv.lock moved Lark: run `python -m lastlight.interpreter.effects.lalr_tables`"
    )


def test_the_parser_comes_from_the_shipped_tables() -> None:
    made_by = pickle.loads(_shipped_raw())["lark"]
    if made_by != lark.__version__:  # the newest-versions stage of CI: Lark builds its own
        pytest.skip(f"tables made by Lark {made_by}, Lark {lark.__version__} builds its own")
    assert lalr_tables.shipped(lalr_tables.grammar_text()) is not None
    assert lalr_tables.load().source_path == "<deserialized>"


def _outcome(parser: Lark, text: str, start: str) -> Any:
    """The tree and every node's place, or the error's kind, place and expected terminals."""
    try:
        tree = parser.parse(text, start=start)
    except UnexpectedInput as exc:
        expected = getattr(exc, "expected", None) or getattr(exc, "allowed", None) or ()
        return ("error", type(exc).__name__, exc.line, exc.column, sorted(expected))
    places = [
        (t.meta.line, t.meta.column, t.meta.end_line, t.meta.end_column)
        for t in tree.iter_subtrees()
        if not t.meta.empty
    ]
    return ("tree", tree.pretty(), places)


def _broken(text: str) -> list[str]:
    """Broken variants of a clause: cut short, a stray colon, a doubled word, a missing space."""
    cut = [text[:i] for i in range(1, len(text), max(1, len(text) // 6))]
    words = text.split(" ")
    return [
        *cut,
        text + ":",
        text.replace(" ", " : ", 1),
        " ".join(words + words[-1:]),
        text.replace(" ", "", 1),
        ";" + text,
    ]


def test_the_shipped_tables_parse_and_fail_exactly_as_a_built_parser(pack: Pack) -> None:
    shipped = lalr_tables.load()
    built = lalr_tables.build(lalr_tables.grammar_text())
    texts = {
        (c.site.text, "condition" if c.site.condition else "start")
        for c in pack.models["effects"].all()
    }
    assert len(texts) > 100
    seen = {"tree": 0, "error": 0}
    for text, start in sorted(texts):
        for variant in [text, *_broken(text)]:
            mine = _outcome(shipped, variant, start)
            assert mine == _outcome(built, variant, start), (start, variant)
            seen[mine[0]] += 1
    assert seen["tree"] > 100 and seen["error"] > 500, seen


class _Runs:
    def __reduce__(self) -> tuple[Any, ...]:
        return (print, ("ran",))


def test_tables_that_name_any_code_are_refused_and_the_parser_is_built(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    hostile = pickle.dumps({"grammar_sha256": _Runs()})
    with pytest.raises(pickle.UnpicklingError, match="not plain data"):
        lalr_tables._PlainData(io.BytesIO(hostile)).load()
    monkeypatch.setattr(lalr_tables, "_read", lambda: hostile)
    assert lalr_tables.shipped(lalr_tables.grammar_text()) is None
    assert lalr_tables.load().source_path != "<deserialized>"
    assert "ran" not in capsys.readouterr().out


@pytest.mark.parametrize(
    "raw",
    [
        b"",
        b"\x80\x05 not a pickle",
        pickle.dumps([1, 2]),
        pickle.dumps({"grammar_sha256": "0" * 64}),
    ],
    ids=["empty", "corrupt", "not-a-mapping", "another-grammar"],
)
def test_missing_corrupt_or_stale_tables_fall_back_to_building(
    monkeypatch: pytest.MonkeyPatch, raw: bytes
) -> None:
    monkeypatch.setattr(lalr_tables, "_read", lambda: raw)
    assert lalr_tables.shipped(lalr_tables.grammar_text()) is None
    parser = lalr_tables.load()
    assert parser.source_path != "<deserialized>"
    assert parser.parse("gain 1 light", start="start") is not None


def test_a_package_without_the_tables_builds_the_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing() -> bytes:
        raise FileNotFoundError(lalr_tables.TABLES_FILE)

    monkeypatch.setattr(lalr_tables, "_read", missing)
    parser = lalr_tables.load()
    assert parser.source_path != "<deserialized>"
    assert parser.parse("gain 1 light", start="start") is not None


def test_tables_for_another_grammar_text_are_not_used() -> None:
    assert lalr_tables.shipped(lalr_tables.grammar_text() + "\n// edited\n") is None
