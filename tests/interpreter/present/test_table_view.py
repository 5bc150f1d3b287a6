"""One seat's view of the table: its own cards in full, nobody else's secrets, the sectors near
its pieces with the neighbours of the current rotation."""

from __future__ import annotations

from lastlight.interpreter.agents import HeuristicBot, ask
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.present.describe import card_name, event_line
from lastlight.interpreter.present.table_view import table_view, view_text


def _public_names(game: Game, seat: int) -> set[str]:
    """Card names seat may know of: its own cards, everything in play, face-up discards, and
    whatever its log names."""
    st = game.state
    names = set()
    me = st["players"][seat]
    for cid in [*me["tech_hand"], *(me.get("offer_a") or []), *(me.get("offer_f") or [])]:
        names.add(card_name(game, cid))
    for pl in st["players"]:
        for cid in [*pl["civ"], *filter(None, pl["ability"].values())]:
            names.add(card_name(game, cid))
        for mods in pl["mods"].values():
            names.update(card_name(game, c) for c in mods)
    names.update(card_name(game, c) for c in st["discard"])
    view = game.view(seat)
    log = " ".join(event_line(view, e) for e in game.log)
    return {n for n in names if n} | {
        card_name(game, c) for c in game.rules.tech_deck if card_name(game, c) in log
    }


def test_the_view_never_shows_another_players_secrets(rules: Rules) -> None:
    game = Game.new(rules, 3, 11)
    bots = [HeuristicBot(i) for i in range(3)]
    checked = secrets_seen = 0
    while not game.over and len(game.history) < 250:
        if game.state["stage"] not in ("faction", "achievement"):
            text = view_text(table_view(game.view(0)))
            public = _public_names(game, 0)
            for other in (1, 2):
                pl = game.state["players"][other]
                hidden = {card_name(game, c) for c in pl["tech_hand"]} - public
                secrets_seen += len(hidden)
                for name in hidden:
                    assert name not in text, (name, len(game.history))
                if pl["ach"] and pl["ach"] != game.state["players"][0]["ach"]:
                    assert card_name(game, pl["ach"]) not in text
            checked += 1
        game.apply(ask(bots[game.to_move], game))
    assert checked > 50 and secrets_seen > 0, "the test saw secrets it could have leaked"


def test_the_view_shows_my_cards_with_text_cost_and_exhausted_marks(rules: Rules) -> None:
    game = Game.new(rules, 2, 3)
    while game.state["stage"] in ("faction", "achievement"):
        game.apply(game.legal()[0])
    me = game.state["players"][0]
    view = table_view(game.view(0))
    mine = dict(view.mine)
    assert mine["achievement"].startswith(card_name(game, me["ach"]) + ":")
    techs = [text for label, text in view.mine if label == "tech in hand"]
    assert len(techs) == len(me["tech_hand"]) > 0 and all("(cost " in t for t in techs)
    assert (
        "colony space" not in mine["colony ship"]
        and "1 common: your extractor" in mine["colony ship"]
    )
    # an exhausted card in play is marked
    card = next(c for c in rules.tech_deck if rules.cards[c.split("#")[0]].type == "civilization")
    with game.edit() as st:
        st["players"][0]["civ"].append(card)
        st["players"][0]["exhausted"].append(card)
    marked = [t for label, t in table_view(game.view(0)).mine if label == "in play"]
    assert marked == [next(t for t in marked if "[exhausted]" in t)]


def test_near_sectors_list_the_neighbours_of_the_current_rotation(rules: Rules) -> None:
    game = Game.new(rules, 2, 3)
    board = game.eng.board
    home = game.state["homes"][0]
    for rot in (0, 1, 2):
        with game.edit() as st:
            st["rot"] = rot
        rows = {row.name.split()[0]: row for row in table_view(game.view(0)).near}
        assert home in rows, "your home is always shown"
        for sector, row in rows.items():
            expected = [n for n in board.neighbours(sector, rot) if n in game.state["sectors"]]
            assert row.neighbours.split() == expected
    assert any(board.neighbours(home, 0) != board.neighbours(home, r) for r in range(1, 4)) or any(
        board.neighbours(s, 0) != board.neighbours(s, 1) for s in board.sectors()
    )
