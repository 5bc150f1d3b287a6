"""The `lastlight` command: one group, one module per subcommand.

No traceback reaches a user: content problems print located diagnostics, usage problems print
click's usage error (exit 2), and anything unexpected prints one line naming the failure (exit 70;
set LASTLIGHT_DEBUG=1 to see the traceback).
"""

from __future__ import annotations

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
    "diff": ("diff", "diff_command"),
    "ladder": ("ladder", "ladder_command"),
    "fuzz": ("fuzz", "fuzz_command"),
}


class LastlightGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        import importlib

        module, attr = COMMANDS[name]
        return getattr(importlib.import_module(f"lastlight.cli.{module}"), attr)

    def main(self, *args, **kwargs):  # type: ignore[no-untyped-def, override]
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


if __name__ == "__main__":
    main()
