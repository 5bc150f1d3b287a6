"""The `lastlight` command: one group, one module per subcommand.

No traceback reaches a user: content problems print located diagnostics, usage problems print
click's usage error (exit 2), and anything unexpected prints one line naming the failure (exit 70;
set LASTLIGHT_DEBUG=1 to see the traceback).
"""

from __future__ import annotations

import gc
import os
import sys

import click

EXIT_OK = 0
EXIT_CONTENT = 1
EXIT_USAGE = 2
EXIT_INTERNAL = 70


#: Subcommands by name: (module, attribute). Imported only when used, so `lint` stays quick.
COMMANDS: dict[str, tuple[str, str]] = {
    "lint": ("lint", "lint_command"),
    "show": ("show", "show_command"),
    "schema": ("schema_cmd", "schema_command"),
    "board": ("board", "board_command"),
    "play": ("play", "play_command"),
    "replay": ("replay", "replay_command"),
    "record": ("record", "record_command"),
    "test": ("test_cmd", "test_command"),
    "coverage": ("coverage_cmd", "coverage_command"),
    "view": ("view", "view_command"),
    "sim": ("sim", "sim_command"),
    "balance": ("balance", "balance_command"),
    "ablate": ("ablate", "ablate_command"),
    "restrict": ("restrict", "restrict_command"),
    "diff": ("diff", "diff_command"),
    "ladder": ("ladder", "ladder_command"),
    "fuzz": ("fuzz", "fuzz_command"),
    "serve": ("serve", "serve_command"),
    "actions": ("actions_cmd", "actions_command"),
}


#: Each command's one line in `--help`. The listing reads it here, so it imports no command
#: module (`lastlight --help` starts at once); the command is given the same line when loaded.
SHORT_HELP: dict[str, str] = {
    "ablate": "Measure an item: paired games with it and with a blank.",
    "actions": "Print the action catalogue and observation layout (RL).",
    "balance": "Balance figures of a sweep, with intervals; CI bands.",
    "board": "Draw the board of a seed or of a saved game (SVG, PNG).",
    "coverage": "Play bot games and list the content that never fired.",
    "diff": "What changed between two packs, and what it did to games.",
    "fuzz": "Play random games and load mutated files; report crashes.",
    "ladder": "Rate bots against each other on mixed tables.",
    "lint": "Check a content pack or one file: every error, located.",
    "play": "Play a game: bots, or you at the terminal.",
    "record": "Turn a moment of a saved game into a scenario test.",
    "replay": "Re-play a saved game and check that it reproduces.",
    "restrict": "Measure a choice: a seat forced to keep it, against free.",
    "serve": "Serve the playtest table: play in the browser, with bots.",
    "schema": "Print or export the JSON Schemas of the content kinds.",
    "show": "Show one item, or list a kind.",
    "sim": "Play bot games in parallel: one row per player per game.",
    "test": "Run scenario tests.",
    "view": "Write a saved game as one HTML page to step through.",
}


class LastlightGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command listing of `--help`, from SHORT_HELP: no command module is imported."""
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows = []
        for name in names:
            if name in SHORT_HELP:
                line = click.Command(name, short_help=SHORT_HELP[name]).get_short_help_str(limit)
                rows.append((name, line))
            else:  # a command without its line here is imported to ask it
                command = self.get_command(ctx, name)
                rows.append((name, command.get_short_help_str(limit) if command else ""))
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        import importlib

        module, attr = COMMANDS[name]
        command: click.Command = getattr(importlib.import_module(f"lastlight.cli.{module}"), attr)
        if name in SHORT_HELP:
            command.short_help = SHORT_HELP[name]
        return command

    def main(self, *args, **kwargs):
        try:
            return super().main(*args, **kwargs)
        except (KeyboardInterrupt, EOFError):
            click.echo("\ninterrupted", err=True)
            sys.exit(130)
        except SystemExit:
            raise
        except Exception as exc:  # the last guard: never show a traceback to a user
            if os.environ.get("LASTLIGHT_DEBUG"):
                raise
            click.echo(f"lastlight: internal error: {type(exc).__name__}: {exc}", err=True)
            click.echo("(set LASTLIGHT_DEBUG=1 to see the traceback; please report it)", err=True)
            sys.exit(EXIT_INTERNAL)


@click.group(cls=LastlightGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="lastlight")
def main() -> None:
    """lastlight: the Last Light rules interpreter, its content tools and its players."""


def run() -> None:
    """The `lastlight` command (the console script): `main`, then an exit that does not walk
    the heap once more.

    When Python exits it runs the cycle collector over every object still alive: after a lint or
    a sim that is the whole loaded pack, tens of thousands of containers, and it cost about 120 ms
    of a 580 ms cold `lastlight lint` (`benchmarks/bench_startup.py`). Nothing in them needs
    that collection: files are written and closed by the commands themselves (`load/fileio.py`),
    and the atexit hooks (Ray's shutdown among them) still run. So the objects are frozen
    (`gc.freeze`) on the way out and the process ends as before, less that walk. Only here, in
    the process's own entry point: tests call `main` in a process that goes on."""
    try:
        main()
    finally:
        gc.freeze()


if __name__ == "__main__":
    run()
