"""`--plugin MODULE`: a module of one's own registers bots that `simulate` and `play` then know by name.

The module is imported before the arguments are parsed and, in `simulate`, again in every worker
process, so the bot plays with `--workers 2` whatever the start method (`--start-method`).
"""

from __future__ import annotations

import multiprocessing
import sys
import types
from pathlib import Path

import pytest

from tests.cli.support import run

PLUGIN = '''
from tablegames.bots.registry import register_bot


class FirstLegal:
    """Plays the first legal action, always."""

    name = "first-legal"

    def act(self, observation, rng):
        return observation.legal[0]


register_bot("{bot}", FirstLegal)
'''

SIMULATE = ("simulate", "american-sniff", "--players", "2", "-n", "8", "--seed", "4", "--no-progress")


def write_plugin(directory: Path, module: str, bot: str) -> None:
    """Write the module ``module`` registering a first-legal bot as ``bot`` in ``directory``."""
    (directory / f"{module}.py").write_text(PLUGIN.format(bot=bot))


@pytest.fixture
def plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, str]:
    """A plug-in module on the path (in this process and, by the path, in spawned ones): (module, bot)."""
    name = f"tg_plugin_{tmp_path.name.replace('-', '_')}"
    write_plugin(tmp_path, name, f"first-legal-{tmp_path.name}")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, name, raising=False)
    return name, f"first-legal-{tmp_path.name}"


def results(text: str) -> list[str]:
    """The summary's rows, without the timing line (which differs from run to run)."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("bot "))
    return [line for line in lines[start:] if not line.startswith("time per decision")]


def test_an_unknown_bot_without_its_plugin_is_refused(plugin: tuple[str, str]) -> None:
    """Without --plugin, the plug-in's bot is unknown: the usual one-line error, status 2."""
    _, bot = plugin
    done = run(*SIMULATE, "--bots", f"{bot},random")
    assert done.code == 2
    assert f"unknown bot {bot!r}" in done.err


def test_a_plugin_bot_plays_in_simulate(plugin: tuple[str, str]) -> None:
    """--plugin imports the module first: its bot is known to --bots and plays every game."""
    module, bot = plugin
    done = run(*SIMULATE, "--plugin", module, "--bots", f"{bot},random")
    assert done.code == 0, done
    rows = results(done.out)
    assert [row.split()[:2] for row in rows[1:]] == [[bot, "8"], ["random", "8"]]


def test_the_equals_form_and_several_plugins(tmp_path: Path, plugin: tuple[str, str]) -> None:
    """--plugin=MODULE works, and --plugin repeats: every module is imported."""
    module, bot = plugin
    write_plugin(tmp_path, f"{module}_two", f"{bot}-two")
    done = run(*SIMULATE, f"--plugin={module}", "--plugin", f"{module}_two", "--bots", f"{bot},{bot}-two")
    assert done.code == 0, done
    assert [row.split()[0] for row in results(done.out)[1:]] == [bot, f"{bot}-two"]


def test_the_help_lists_a_plugin_bot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The --bots help, made after the plug-ins are imported, names their bots."""
    write_plugin(tmp_path, "tg_help_plugin", "helpbot")  # no hyphen: the help may wrap at one
    monkeypatch.syspath_prepend(str(tmp_path))
    done = run("simulate", "american-sniff", "--plugin", "tg_help_plugin", "--help")
    assert done.code == 0
    text = " ".join(done.out.split())
    known = text[text.index("known: ") : text.index("; settings as")]
    assert "helpbot," in known and "greedy," in known
    assert "--plugin MODULE" in text and "--start-method METHOD" in text


@pytest.mark.parametrize("method", multiprocessing.get_all_start_methods())
def test_a_plugin_bot_plays_in_two_workers_under_every_start_method(plugin: tuple[str, str], method: str) -> None:
    """Each worker imports the plug-ins: with 2 workers, forked or started afresh, the results are one process's."""
    module, bot = plugin
    args = (*SIMULATE, "--plugin", module, "--bots", f"{bot},random")
    one = run(*args)
    two = run(*args, "--workers", "2", "--start-method", method)
    assert one.code == 0, one
    assert two.code == 0, two
    assert "8 games, seeds 4 to 11, 2 workers" in two.out
    assert results(two.out) == results(one.out)


VARIANT_PLUGIN = '''
from tablegames import register_variant
from tablegames.bots.registry import register_bot
from tablegames_all_fives.game import AllFives


@register_variant
class PluginFives(AllFives):
    """All Fives under another name: a variant known only through this plug-in."""

    name = "{variant}"


class LastLegal:
    name = "last-legal"

    def act(self, observation, rng):
        return observation.legal[-1]


register_bot("{bot}", LastLegal)
'''


@pytest.mark.parametrize("method", multiprocessing.get_all_start_methods())
def test_a_plugin_variant_and_bot_play_in_two_workers_under_every_start_method(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, method: str
) -> None:
    """A variant and a bot that only a plug-in registers: 2 workers under each start method write one process's file."""
    module = f"tg_variant_plugin_{tmp_path.name.replace('-', '_')}"
    variant, bot = f"plugin-fives-{tmp_path.name}", f"last-legal-{tmp_path.name}"
    (tmp_path / f"{module}.py").write_text(VARIANT_PLUGIN.format(variant=variant, bot=bot))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, module, raising=False)
    args = ("simulate", variant, "--plugin", module, "--bots", f"{bot},random", "-n", "6", "--seed", "2",
            "--no-progress")  # fmt: skip
    files: list[bytes] = []
    for name, extra in (("one", ()), (method, ("--workers", "2", "--start-method", method))):
        out = tmp_path / f"{name}.jsonl"
        done = run(*args, "--out", str(out), *extra)
        assert done.code == 0, done
        files.append(out.read_bytes())
    assert f"{variant} (" in done.out and "6 games, seeds 2 to 7, 2 workers" in done.out
    assert files[0] == files[1] and files[0].count(b"\n") == 6
    assert f'"{bot}"'.encode() in files[0]


def test_a_plugin_that_cannot_be_found_is_one_line() -> None:
    """A module that is not on the path: one line naming it, status 2, no traceback."""
    done = run(*SIMULATE, "--plugin", "no_such_tablegames_plugin", "--bots", "random")
    assert done.code == 2
    assert done.err.startswith("tablegames: error: cannot import plugin 'no_such_tablegames_plugin': ")
    assert "No module named 'no_such_tablegames_plugin'" in done.err
    assert done.err.count("\n") == 1


def test_a_plugin_whose_import_fails_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A module that raises as it is imported: one line with the exception, status 2."""
    (tmp_path / "tg_broken_plugin.py").write_text("raise RuntimeError('no luck')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    done = run(*SIMULATE, "--plugin", "tg_broken_plugin")
    assert done.code == 2
    assert done.err == "tablegames: error: cannot import plugin 'tg_broken_plugin': RuntimeError: no luck\n"


def test_a_plugin_a_spawned_worker_cannot_import_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """A module the parent has but a fresh worker cannot import (not on the path): one line, not a hang."""
    module = types.ModuleType("tg_memory_only_plugin")
    monkeypatch.setitem(sys.modules, "tg_memory_only_plugin", module)
    done = run(*SIMULATE, "--plugin", "tg_memory_only_plugin", "--workers", "2", "--start-method", "spawn")
    assert done.code == 2
    assert done.err.startswith(
        "tablegames: error: in a worker process: cannot import plugin 'tg_memory_only_plugin': No module named"
    )


def test_an_unknown_start_method_is_refused() -> None:
    """--start-method takes the platform's methods only."""
    done = run(*SIMULATE, "--start-method", "teleport")
    assert done.code == 2
    assert "argument --start-method: invalid choice: 'teleport'" in done.err


def test_a_plugin_bot_plays_in_play(plugin: tuple[str, str]) -> None:
    """play takes --plugin too: the bots watched may be the plug-in's."""
    module, bot = plugin
    done = run(
        "play",
        "american-sniff",
        "--players",
        "2",
        "--seed",
        "3",
        "--quiet",
        "--plugin",
        module,
        "--bots",
        f"{bot},random",
    )
    assert done.code == 0, done
    assert "(seed 3)" in done.out.strip().splitlines()[-1]


def test_an_abbreviated_flag_imports_too(plugin: tuple[str, str]) -> None:
    """--plu, which the parser takes for --plugin, imports the module before --bots is read."""
    module, bot = plugin
    done = run(*SIMULATE, "--plu", module, "--bots", f"{bot},random")
    assert done.code == 0, done


def test_a_plugin_printing_as_it_is_imported_prints_to_the_command_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a module prints as it is imported goes where the command's output goes."""
    (tmp_path / "tg_chatty_plugin.py").write_text("print('hello from a plugin')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    done = run(*SIMULATE, "-n", "1", "--plugin", "tg_chatty_plugin")
    assert done.code == 0, done
    assert done.out.startswith("hello from a plugin\n")


def test_a_plugin_bot_is_offered_by_the_server(plugin: tuple[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    """`serve --plugin` imports the module before the server starts: its bot is among the seats' bots."""
    import tablegames.cli
    from tablegames.server.app import offered_bots

    module, bot = plugin
    started: list[list[str]] = []

    def fake_serve(**settings: object) -> int:  # the server would run until stopped: note what it would offer
        started.append(offered_bots())
        return 0

    monkeypatch.setattr(tablegames.cli, "run_serve", fake_serve)
    result = run("serve", "--plugin", module, "--port", "8123")
    assert result.code == 0, result
    assert started and bot in started[0]
