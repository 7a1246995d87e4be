"""Shell completion: `sherwood-tui --completion SHELL` prints a script for bash, zsh and
fish, written from the command line's own parser. Each script is checked by its shell
where that shell is installed: its syntax, then what it completes (the commands, a
game's name)."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from sherwood_tui.catalog import GAMES
from sherwood_tui.commands.parser import SHELLS
from tests.test_cli import refused, run_cli

COMMANDS = ["play", "resume", "replay", "saves", "simulate", "tournament", "tune", "analyse", "soak", "assets", "host", "serve"]
GAME_IDS = [game.id for game in GAMES]


def script(shell: str, tmp_path) -> str:
    """The completion script of `shell`, written to a file (returned: its path)."""
    done = run_cli("--completion", shell)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    path = tmp_path / f"sherwood-tui.{shell}"
    path.write_text(done.stdout)
    return str(path)


def in_shell(shell: str, *command: str, cwd=None) -> subprocess.CompletedProcess:
    """`shell` runs `command` without the user's start-up files."""
    if shutil.which(shell) is None:
        pytest.skip(f"{shell} is not installed on this machine")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("BASH_", "ZDOTDIR", "fish_"))}
    env["HOME"] = str(cwd)  # fish and zsh keep their state there
    return subprocess.run([shell, *command], capture_output=True, text=True, cwd=cwd, env=env,
                          stdin=subprocess.DEVNULL, timeout=60)


@pytest.mark.parametrize("shell", SHELLS)
def test_each_shell_gets_a_script_that_names_every_command_but_the_hosts_own(shell, tmp_path):
    text = open(script(shell, tmp_path)).read()
    for command in COMMANDS:
        assert command in text, command
    assert "--ticket" not in text and "--socket" not in text  # nothing of `seat`, the host's own command
    assert "sherwood-tui" in text


@pytest.mark.parametrize(("shell", "check"), [("bash", ["-n"]), ("zsh", ["-n"]), ("fish", ["--no-execute"])])
def test_each_script_is_valid_for_its_shell(shell, check, tmp_path):
    done = in_shell(shell, *check, script(shell, tmp_path), cwd=tmp_path)
    assert done.returncode == 0 and done.stderr == "", done.stderr


def bash_completes(path: str, line: str, tmp_path) -> list[str]:
    """What bash offers after `line` (the completion function called as bash would)."""
    words = line.split(" ")
    code = (f"source {path}\nCOMP_LINE='{line}'; COMP_POINT=${{#COMP_LINE}}\n"
            f"COMP_WORDS=({' '.join(repr(w) for w in words)}); COMP_CWORD={len(words) - 1}\n"
            f"_shtab_sherwood_tui sherwood-tui {words[-1]!r} {words[-2]!r}\n"
            'printf "%s\\n" "${COMPREPLY[@]}"')
    done = in_shell("bash", "--norc", "--noprofile", "-c", code, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_bash_completes_the_commands_and_a_games_name(tmp_path):
    path = script("bash", tmp_path)
    assert sorted(bash_completes(path, "sherwood-tui ", tmp_path)) == sorted(COMMANDS)
    assert bash_completes(path, "sherwood-tui simulate sh", tmp_path) == ["sheriff", "sherwood"]
    assert "--report" in bash_completes(path, "sherwood-tui simulate sheriff --re", tmp_path)


def fish_completes(path: str, line: str, tmp_path) -> list[str]:
    """What fish offers after `line` (its `complete -C`), without the descriptions."""
    done = in_shell("fish", "--no-config", "-c", f"source {path}; complete -C '{line}'", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    return [row.split("\t")[0] for row in done.stdout.splitlines()]


def test_fish_completes_the_commands_and_a_games_name(tmp_path):
    path = script("fish", tmp_path)
    assert sorted(fish_completes(path, "sherwood-tui ", tmp_path)) == sorted(COMMANDS)
    assert fish_completes(path, "sherwood-tui simulate ", tmp_path) == GAME_IDS
    assert "--report" in fish_completes(path, "sherwood-tui simulate sheriff --re", tmp_path)


# zsh completes only at its line editor: an interactive zsh in a pseudo-terminal (zpty) is
# set up as a user's .zshrc would be (compinit, then `eval "$(sherwood-tui --completion zsh)"`),
# types each line and a tab; compadd, wrapped, writes what is offered to a file. Each step
# waits for a word the shell prints after it (spelt in two pieces as typed, so the echo of
# the typing is not taken for it).
ZSH_DRIVER = r"""
zmodload zsh/zpty
zpty z zsh -f -i
zpty -w z 'PROMPT=; autoload -Uz compinit; compinit -u -D'
zpty -w z 'eval "$(<SCRIPT)"'
zpty -w z 'compadd () { local -a hits; builtin compadd -A hits "$@"; print -rl -- ${^hits} >> $offered; builtin compadd "$@" }'
zpty -w z 'print -r -- READ""Y'
zpty -r z out '*READY*' || exit 1
for i line in LINES; do
  zpty -w z "offered=offered$i.txt"
  zpty -n -w z "$line"$'\t'
  zpty -w z $'\C-u'"print -r -- END$i""END"
  zpty -r z out "*END${i}END*" || exit 1
done
zpty -d z
"""


def zsh_completes(path: str, lines: list[str], tmp_path) -> list[list[str]]:
    """What zsh offers after each of `lines`."""
    numbered = " ".join(f"{i} {line!r}" for i, line in enumerate(lines))
    driver = tmp_path / "driver.zsh"
    driver.write_text(ZSH_DRIVER.replace("SCRIPT", path).replace("LINES", numbered))
    done = in_shell("zsh", "-f", str(driver), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    offered = [tmp_path / f"offered{i}.txt" for i in range(len(lines))]
    return [sorted(set(file.read_text().split())) if file.exists() else [] for file in offered]


def test_zsh_completes_the_commands_and_a_games_name_once_the_script_is_evaluated(tmp_path):
    """As a user's .zshrc would: `eval "$(sherwood-tui --completion zsh)"` after compinit."""
    path = script("zsh", tmp_path)
    commands, games = zsh_completes(path, ["sherwood-tui ", "sherwood-tui simulate sh"], tmp_path)
    assert commands == sorted(COMMANDS) and games == ["sheriff", "sherwood"]


def test_a_shell_without_a_script_is_refused_in_one_line():
    assert "argument --completion: invalid choice: 'tcsh'" in refused(run_cli("--completion", "tcsh"))


def test_the_help_offers_completion():
    said = " ".join(run_cli("--help").stdout.split())
    assert "--completion SHELL" in said and "(bash, zsh, fish)" in said
