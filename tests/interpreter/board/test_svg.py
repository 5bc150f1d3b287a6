"""The picture: every setup renders; a game in progress renders; the CLI writes atomically."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner
from lastlight.cli.main import main
from lastlight.interpreter.agents import RandomBot, ask
from lastlight.interpreter.board.palette import SEATS
from lastlight.interpreter.board.svg import BOARD, PANEL, TOP, layout, render
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.present.picture import board_drawing, game_svg, public_view


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_setup_renders(tmp_path: Path, players: int) -> None:
    out = tmp_path / f"b{players}.svg"
    result = CliRunner().invoke(main, ["board", "-n", str(players), "-s", "3", "-o", str(out)])
    assert result.exit_code == 0, result.output
    root = ET.fromstring(out.read_text())
    assert root.tag.endswith("svg")
    assert out.read_text().count("<circle") >= 8  # planets, the white dwarf, tokens


def test_a_game_in_progress_renders(rules: Rules) -> None:
    game = Game.new(rules, 3, 2)
    bot = RandomBot(2)
    for _ in range(200):
        game.apply(ask(bot, game))
    svg = render(game.board, board_drawing(game.view(None)))
    ET.fromstring(svg)
    assert svg.count("<polygon") >= 3  # ships


@pytest.mark.parametrize(
    "args, message",
    [
        (["-n", "5"], "5"),
        (["-r", "-1"], "-1"),
        (["-o", "board.gif"], "SVG or PNG"),
    ],
)
def test_bad_arguments_fail_cleanly(tmp_path: Path, args: list[str], message: str) -> None:
    base = ["board", "-o", str(tmp_path / "x.svg")]
    result = CliRunner().invoke(main, [*base, *args])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_an_unwritable_output_fails_without_a_traceback(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["board", "-o", str(tmp_path / "no" / "such" / "x.svg")])
    assert result.exit_code == 1
    assert "cannot write" in result.output


def test_a_saved_game_draws_at_any_step(tmp_path: Path) -> None:
    replay = tmp_path / "g.json"
    runner = CliRunner()
    assert runner.invoke(main, ["play", "-n", "3", "-s", "4", "--save", str(replay)]).exit_code == 0
    out = tmp_path / "mid.svg"
    result = runner.invoke(main, ["board", "--replay", str(replay), "--step", "40", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "after 40 decisions" in out.read_text()
    broken = runner.invoke(main, ["board", "--replay", str(tmp_path / "none.json"), "-o", str(out)])
    assert broken.exit_code == 1 and "cannot read" in broken.output


def _replay(tmp_path: Path, players: int = 4, seed: int = 1) -> Path:
    replay = tmp_path / "g.json"
    result = CliRunner().invoke(
        main, ["play", "-n", str(players), "-s", str(seed), "--save", str(replay)]
    )
    assert result.exit_code == 0, result.output
    return replay


def test_a_png_of_a_game_shows_every_seat_colour(tmp_path: Path) -> None:
    from PIL import Image

    out = tmp_path / "end.png"
    result = CliRunner().invoke(main, ["board", "--replay", str(_replay(tmp_path)), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(out).convert("RGB")
    assert image.size == (BOARD + PANEL, TOP + BOARD)
    colours = {c for _n, c in image.getcolors(maxcolors=image.width * image.height) or []}
    assert len(colours) > 200  # a picture, not a blank
    for seat in SEATS:  # the score swatches and home labels are drawn in flat seat colours
        assert tuple(int(seat[i : i + 2], 16) for i in (1, 3, 5)) in colours, seat


def test_the_picture_has_scores_and_a_legend(rules: Rules) -> None:
    game = Game.new(rules, 4, 1)
    svg = game_svg(game, "Last Light")
    root = ET.fromstring(svg)
    texts = [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "Players" in texts and "Legend" in texts
    for seat, pl in enumerate(game.view(None).players):
        name = rules.cards[pl.faction].name if pl.faction else ""
        assert any(t.startswith(f"P{seat} {name}") for t in texts), (seat, texts)
    assert sum(t.startswith("light 0/20") for t in texts) == 4
    for words in ("planets", "deep space", "asteroids", "extractor", "Lumos", "ships"):
        assert any(words in t for t in texts), words


def _crowded(board_view: dict) -> dict:
    """Every sector full: all four seats and the Lumos with ships of every size."""
    ships = [[o, z] for o in (-1, 0, 1, 2, 3) for z in ("small", "medium", "large") for _ in "ab"]
    for info in board_view["sectors"].values():
        info["ships"] = list(ships)
    return board_view


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ships_never_cover_a_sector_label(rules: Rules, players: int) -> None:
    game = Game.new(rules, players, players)
    bot = RandomBot(players)
    views = []
    while not game.over and len(game.history) < 300:
        if len(game.history) % 25 == 0:
            views.append(public_view(game))
        game.apply(ask(bot, game))
    views.append(_crowded(public_view(game)))
    for rotation in range(game.board.period):
        views.append(_crowded({**public_view(game), "rotation": rotation}))
    for view in views:
        _elements, boxes = layout(game.board, view)
        labels = [b for b in boxes if b.kind == "label"]
        ships = [b for b in boxes if b.kind == "ship"]
        assert labels and ships
        for ship in ships:
            for label in labels:
                assert not ship.overlaps(label), (ship, label)


def test_a_long_title_stays_clear_of_the_home_tabs(rules: Rules) -> None:
    game = Game.new(rules, 4, 1)
    title = "Last Light - " + "a very long title " * 12
    svg = game_svg(game, title)
    _elements, boxes = layout(game.board, public_view(game))
    homes = [b for b in boxes if b.kind == "home"]
    assert len(homes) == 4
    assert all(b.y0 >= 0 and b.y1 <= BOARD for b in homes)  # the board, drawn below the bar
    root = ET.fromstring(svg)
    title_el = next(root.iter("{http://www.w3.org/2000/svg}text"))
    assert title_el.text == title and float(title_el.get("y", "0")) < TOP


def test_png_without_cairo_is_one_clear_error(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import sys

    monkeypatch.setitem(sys.modules, "cairosvg", None)  # import cairosvg now fails
    out = tmp_path / "b.png"
    result = CliRunner().invoke(main, ["board", "-o", str(out)])
    assert result.exit_code == 1
    assert "libcairo2" in result.output and "SVG output works" in result.output
    assert 'pip install "lastlight[png]"' in result.output
    assert not out.exists() and "Traceback" not in result.output
