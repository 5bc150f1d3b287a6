"""YAML loading keeps the line and column of every node; file problems come back located."""

from __future__ import annotations

from pathlib import Path

from lastlight.interpreter.load.yamlload import YDict, YList, load_yaml, loc_of, parse_yaml_text


def test_every_node_knows_where_it_is() -> None:
    data, problems = parse_yaml_text("a: 1\nb:\n  - x\n  - {y: 2, z: [3, 4]}\n", "f.yaml")
    assert not problems
    assert isinstance(data, YDict) and isinstance(data["b"], YList)
    assert str(loc_of(data, ["a"])) == "f.yaml:1:4"
    assert str(loc_of(data, ["b", 0])) == "f.yaml:3:5"
    assert str(loc_of(data, ["b", 1, "y"])) == "f.yaml:4:9"
    assert str(loc_of(data, ["b", 1, "z", 1])) == "f.yaml:4:19"
    assert str(loc_of(data, ["b", 1, "y"], key=True)) == "f.yaml:4:6"
    assert str(loc_of(data, ["b", 9, "nope"])) == "f.yaml:3:3"  # as deep as the data goes


def test_duplicate_keys_are_errors_not_silently_overwritten() -> None:
    data, problems = parse_yaml_text("a: 1\nb: 2\na: 3\n", "f.yaml")
    assert data["a"] == 1
    assert [(p.code, p.loc.line) for p in problems] == [("Y004", 3)]


def test_tabs_truncation_and_empty_files() -> None:
    _, tab = parse_yaml_text("a:\n\t- 1\n", "t.yaml")
    assert tab[0].code == "Y002" and "tab" in tab[0].message and tab[0].hint
    _, cut = parse_yaml_text('a: "open\n', "c.yaml")
    assert cut[0].code == "Y002" and cut[0].loc.line == 1 and "never closed" in cut[0].message
    _, empty = parse_yaml_text("  \n", "e.yaml")
    assert empty[0].code == "Y003"
    _, only_comment = parse_yaml_text("# nothing\n", "n.yaml")
    assert only_comment[0].code == "Y003"


def test_files_that_are_not_yaml_text(tmp_path: Path) -> None:
    binary = tmp_path / "b.yaml"
    binary.write_bytes(b"\x89PNG\x00\x00")
    assert load_yaml(binary)[1][0].code == "Y001"
    latin = tmp_path / "l.yaml"
    latin.write_bytes(b"a: 1\nb: caf\xe9\n")
    problem = load_yaml(latin)[1][0]
    assert problem.code == "Y001" and problem.loc.line == 2
    missing = load_yaml(tmp_path / "missing.yaml")[1][0]
    assert missing.code == "Y001"
    bom = tmp_path / "bom.yaml"
    bom.write_bytes("\ufeffa: 1\n".encode())
    assert load_yaml(bom) == ({"a": 1}, [])
