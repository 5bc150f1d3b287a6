import click


@click.group()
def main() -> None:
    """lastlight"""


@main.command()
def hello() -> None:
    from lastlight.interpreter import paths

    click.echo(paths.content_dir())
