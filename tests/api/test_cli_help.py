"""Every `--help` of the `deskovka` command is written for its users: what a command does, not how it is built."""

import argparse
import re

from api.cli import parser

# The words of the old texts ("the top room of `api`: it may import every other room (`api.serving`, ...)").
BUILDERS_WORDS = re.compile(r"\broom\b|may import|\bimports\b|\bmodules?\b|\bapi\.\w|gunicorn|supervis")


def every_parser(top: argparse.ArgumentParser, path: str = "deskovka"):
    yield path, top
    for action in top._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from every_parser(sub, f"{path} {name}")


def test_no_help_speaks_of_the_code():
    helps = {path: command.format_help() for path, command in every_parser(parser())}
    assert len(helps) > 10
    for path, text in helps.items():
        words = " ".join(text.lower().split())
        found = BUILDERS_WORDS.findall(words)
        assert not found, f"`{path} --help` speaks of {found}"


def test_the_top_help_says_what_deskovka_is_and_where_to_start():
    text = " ".join(parser().format_help().split())
    assert "board and card games" in text and "deskovka serve" in text and "http://127.0.0.1:8000/" in text
