"""``ginrummies serve``: its options, what it runs for each tab and what it says."""

from __future__ import annotations

import os
import re
import shlex
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from browser import answers, free_port, wait_for
from procs import Proc

from ginrummies.cli import build_parser, main
from ginrummies.store.files import LOCK_NAME, FolderError, check_writable
from ginrummies.web import serve
from ginrummies.web.serve import (
    addresses,
    app_command,
    build_serve_parser,
    exposure_warning,
    is_local,
)
from ginrummies.web.tabs import TabServer


def tab_args(command: str) -> list[str]:
    """The options a tab's app gets, without the Python that runs it."""
    words = shlex.split(command)
    assert words[:4] == [sys.executable, "-P", "-m", "ginrummies"]
    return words[4:]


def test_each_tab_runs_the_app_with_the_options_given(tmp_path: Path) -> None:
    argv = ["--data-dir", str(tmp_path), "--rules", "oklahoma", "--opponent", "hard"]
    argv += ["--hot-seat", "--theme", "light", "--ascii", "--seed", "42"]
    args = build_serve_parser().parse_args(argv)
    options = tab_args(app_command(args, tmp_path))
    app = build_parser().parse_args(options)  # what the tab's app reads
    assert app.served and app.hot_seat and app.ascii
    assert (app.rules, app.opponent, app.theme, app.seed) == ("oklahoma", "hard", "light", 42)
    assert app.data_dir == str(tmp_path)


@pytest.mark.parametrize(
    ("argv", "resume"),
    [([], False), (["--theme", "dark"], False), (["--rules", "gin"], True), (["--hot-seat"], True)],
)
def test_a_tab_asked_for_a_game_goes_on_with_the_one_in_progress(
    argv: list[str], resume: bool, tmp_path: Path
) -> None:
    """A tab reloaded mid-hand on ``serve --rules gin`` goes on with the
    hand (--continue) rather than asking to leave it; without a game asked
    for, the menu opens, whose Continue goes on."""
    args = build_serve_parser().parse_args(argv)
    assert build_parser().parse_args(tab_args(app_command(args, tmp_path))).resume is resume


def test_a_tab_runs_the_installed_game_whatever_the_folder_it_starts_in(
    tmp_path: Path,
) -> None:
    """``serve`` started in a checkout (as the README does) after ``pip
    install .``: the tab's Python must not take the checkout's source
    folder for the package (it has no themes, and is maybe another version)."""
    decoy = tmp_path / "ginrummies"
    decoy.mkdir()
    (decoy / "__init__.py").write_text("raise ImportError('the source folder, not the install')")
    (decoy / "__main__.py").write_text("raise SystemExit(3)")
    words = shlex.split(app_command(build_serve_parser().parse_args([]), tmp_path))
    python = words[: words.index("ginrummies") + 1]
    done = subprocess.run(
        [*python, "--help"], cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert "usage: ginrummies" in done.stdout


def test_without_a_data_folder_the_tabs_use_the_usual_ones(tmp_path: Path) -> None:
    args = build_serve_parser().parse_args([])
    app = build_parser().parse_args(tab_args(app_command(args, tmp_path)))
    # the settings stay in the user's config folder, as in the terminal
    assert app.data_dir is None and app.rules is None and app.served


def test_a_folder_with_spaces_is_one_word_for_the_shell(tmp_path: Path) -> None:
    folder = tmp_path / "my games; rm -rf"
    args = build_serve_parser().parse_args(["--data-dir", str(folder)])
    assert "--data-dir" in (words := tab_args(app_command(args, folder)))
    assert words[words.index("--data-dir") + 1] == str(folder)


@pytest.mark.parametrize(
    ("host", "local"),
    [
        ("127.0.0.1", True),
        ("localhost", True),
        ("::1", True),
        ("0.0.0.0", False),
        ("192.168.1.5", False),
        ("gin.example", False),
    ],
)
def test_only_loopback_is_this_machine_alone(host: str, local: bool) -> None:
    assert is_local(host) is local


def test_the_addresses_to_open() -> None:
    assert addresses("127.0.0.1", 8123) == ["http://127.0.0.1:8123"]
    assert addresses("::1", 8123) == ["http://[::1]:8123"]
    everywhere = addresses("0.0.0.0", 8123)
    assert everywhere[0] == "http://localhost:8123"
    assert all(a.endswith(":8123") for a in everywhere)


def test_every_interface_shows_the_address_a_tablet_reaches(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(serve, "outward_ip", lambda: "192.168.1.20")
    assert "http://192.168.1.20:8123" in addresses("0.0.0.0", 8123)
    monkeypatch.setattr(serve, "outward_ip", lambda: None)  # no network at all
    assert "http://localhost:8123" in addresses("::", 8123)


def test_with_no_route_the_network_address_is_the_names_or_none(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_route(self: socket.socket, address: object) -> None:
        raise OSError("Network is unreachable")

    monkeypatch.setattr(socket.socket, "connect", no_route)
    monkeypatch.setattr(socket, "gethostbyname", lambda name: "10.0.0.7")
    assert serve.outward_ip() == "10.0.0.7"
    monkeypatch.setattr(socket, "gethostbyname", lambda name: "127.0.1.1")  # Debian's own name
    assert serve.outward_ip() is None


def test_the_warning_says_who_can_play_and_see_what(tmp_path: Path) -> None:
    words = exposure_warning("0.0.0.0", 8123, tmp_path)
    assert "Anyone who can reach this machine on port 8123" in words
    assert "no password" in words and "statistics" in words and str(tmp_path) in words


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--port", "0"], "--port must be from 1 to 65535"),
        (["--host", "no-such-host.invalid"], "no-such-host.invalid: no such address"),
        (["--rules", "gin", "--format", "captains"], "Captains"),
        (["--people", "3"], "--people must be from 0 to 2"),
        (["--rules", "gin", "--hot-seat", "--people", "1"], "--hot-seat seats 2 people"),
    ],
)
def test_bad_options_are_refused_before_serving(
    argv: list[str], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", "--data-dir", str(tmp_path), *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ginrummies serve: ") and said in err


def test_a_port_in_use_is_said_plainly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        assert main(["serve", "--data-dir", str(tmp_path), "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert f"cannot listen on 127.0.0.1 port {port}" in err
    assert "try --port " in err and "while attempting" not in err


def test_without_the_web_extra_serve_says_how_to_get_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)  # import fails
    assert main(["serve", "--data-dir", str(tmp_path)]) == 2
    assert "pip install 'ginrummies[web]'" in capsys.readouterr().err


@pytest.mark.slow
def test_listening_beyond_this_machine_warns(tmp_path: Path) -> None:
    pytest.importorskip("textual_serve")
    port = free_port()
    command = [sys.executable, "-m", "ginrummies", "serve", "--host", "0.0.0.0"]
    command += ["--port", str(port), "--data-dir", str(tmp_path)]
    server = Proc(command, tmp_path / "serve.out", dict(os.environ))
    warning = re.compile(r"^Warning:.*\n", re.MULTILINE)
    try:
        said = server.wait_for(
            lambda text: warning.search(text) is not None, "the server's warning"
        )
        found = warning.search(said)
        assert found is not None
        printed = said[: found.end()]  # what the server printed up to its warning
        wait_for(lambda: answers(port), "the server to answer")
        # a tablet on the network opens the page by this machine's name: the
        # page's links lead back there (not to 0.0.0.0)
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/", headers={"Host": f"gin-table.local:{port}"}
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            page = response.read().decode("utf-8")
    finally:
        server.stop(gently=True)
    assert "Open in a web browser:" in printed
    assert f"http://localhost:{port}" in printed
    assert f"Games are saved in {tmp_path.resolve()}" in printed
    assert "Warning: listening on 0.0.0.0" in printed
    assert f'data-session-websocket-url="ws://gin-table.local:{port}/ws"' in page
    assert "<title>ginrummies</title>" in page
    assert "googleapis" not in page  # the font comes from the server itself


def _serving_recorded(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Stand in for the server's run: the list records that it would serve."""
    from textual_serve.server import Server

    served: list[object] = []
    monkeypatch.setattr(Server, "serve", lambda self, debug=False: served.append(self))
    return served


def test_a_data_folder_whose_lock_file_cannot_be_made_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder each tab's game would refuse (its lock file's name taken by
    a folder, which stops root as well) is refused once, before serving."""
    served = _serving_recorded(monkeypatch)
    (tmp_path / LOCK_NAME).mkdir()
    assert main(["serve", "--data-dir", str(tmp_path), "--port", str(free_port())]) == 2
    err = capsys.readouterr().err
    assert not served
    assert len(err.strip().splitlines()) == 1
    assert err.startswith(f"ginrummies serve: cannot use the data folder {tmp_path}: ")
    assert LOCK_NAME in err and "--data-dir" in err


def test_a_data_folder_that_cannot_be_written_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    served = _serving_recorded(monkeypatch)
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        try:
            check_writable(folder)
        except FolderError:
            pass
        else:  # root: the test above refuses a folder in the way root meets
            pytest.skip("this user writes into a read-only folder (root)")
        assert main(["serve", "--data-dir", str(folder), "--port", str(free_port())]) == 2
    finally:
        folder.chmod(0o755)
    err = capsys.readouterr().err
    assert not served
    assert f"cannot use the data folder {folder}: it cannot be written" in err


def test_a_writable_data_folder_is_served(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    served = _serving_recorded(monkeypatch)
    assert main(["serve", "--data-dir", str(tmp_path), "--port", str(free_port())]) == 0
    assert len(served) == 1 and capsys.readouterr().err == ""


def test_the_tab_limit_is_an_option(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert build_serve_parser().parse_args([]).max_tabs == serve.DEFAULT_MAX_TABS == 4
    assert "--max-tabs" in build_serve_parser().format_help()
    served = _serving_recorded(monkeypatch)
    argv = ["serve", "--data-dir", str(tmp_path), "--port", str(free_port())]
    assert main([*argv, "--max-tabs", "0"]) == 2
    assert "--max-tabs must be 1 or more" in capsys.readouterr().err
    assert main([*argv, "--max-tabs", "9"]) == 0
    server = served[0]
    assert isinstance(server, TabServer) and server.places.most == 9
    # not an option of the tab's game: the server keeps the count
    args = build_serve_parser().parse_args(["--max-tabs", "9"])
    assert "--max-tabs" not in app_command(args, tmp_path)
