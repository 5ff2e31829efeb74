"""The command reference, made from the ``pnp`` command's own argparse parsers."""

from __future__ import annotations

import argparse

from pnp.cli import build_parser


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _option_name(action: argparse.Action) -> str:
    if not action.option_strings:
        return f"`{action.metavar or action.dest}`"
    metavar = action.metavar
    if metavar is None and action.nargs != 0:
        metavar = action.dest.upper()
    names = ", ".join(
        f"`{name} {metavar}`" if metavar and action.nargs != 0 else f"`{name}`"
        for name in action.option_strings
    )
    return names


def _cell(text: str) -> str:
    return " ".join(text.replace("|", "\\|").split())


def _help(action: argparse.Action) -> str:
    text = (action.help or "") % {"default": action.default, "prog": "pnp"}
    if action.choices is not None and not isinstance(action, argparse._SubParsersAction):
        choices = ", ".join(f"`{choice}`" for choice in action.choices)
        text += f" (one of {choices})"
    return _cell(text)


def command_markdown(name: str, parser: argparse.ArgumentParser) -> str:
    """One command: its usage, its description and a table of its arguments."""
    usage = parser.format_usage().removeprefix("usage: ").strip()
    lines = [f"## `pnp {name}`", "", "```text", " ".join(usage.split()), "```", ""]
    if parser.description:
        # as argparse prints a description: %(prog)s filled in, every other % as written
        description = parser.description.replace("%(prog)s", f"pnp {name}")
        lines += [_cell(description), ""]
    rows = [action for action in parser._actions if not isinstance(action, argparse._HelpAction)]
    if rows:
        lines += ["| argument | what it does |", "|---|---|"]
        lines += [f"| {_option_name(action)} | {_help(action)} |" for action in rows]
        lines.append("")
    return "\n".join(lines)


def commands_markdown() -> str:
    """Every command of ``pnp``, in the order ``pnp --help`` lists them."""
    parser = build_parser()
    commands = _subcommands(parser)
    summary = ["| command | what it does |", "|---|---|"]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                anchor = f"pnp-{choice.dest}"
                summary.append(f"| [`pnp {choice.dest}`](#{anchor}) | {_cell(choice.help or '')} |")
    parts = ["\n".join(summary), ""]
    parts += [command_markdown(name, sub) for name, sub in commands.items()]
    return "\n".join(parts)


def command_names() -> list[str]:
    """The names of the commands, for the tests."""
    return list(_subcommands(build_parser()))
