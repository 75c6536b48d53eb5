"""Fixtures and set-up for every test. Helpers live in helpers.py (stacked
decks, cards from text) and apphelp.py (driving the app)."""

from __future__ import annotations

import os
import sys

import pytest
from hypothesis import settings

from ginrummies.tui.screens.curtain import CurtainScreen

# the tests import their helper modules (helpers, apphelp) from this folder
sys.path.insert(0, os.path.dirname(__file__))
from frames import owe_frames

settings.register_profile("ci", max_examples=60, deadline=None)
settings.register_profile("dev", max_examples=30, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture(autouse=True)
def _private_data_dir(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No test ever reads or writes the user's own saves, settings or statistics."""
    monkeypatch.setenv("GINRUMMIES_DATA_DIR", str(tmp_path_factory.mktemp("data")))


@pytest.fixture(autouse=True)
def _no_curtain_guard(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pilot presses keys faster than a person: the curtain's guard
    against a double Enter is off in tests (test_safeguards turns it on to
    test it)."""
    monkeypatch.setattr(CurtainScreen, "GUARD", 0.0)


@pytest.fixture(autouse=True)
def _frames_when_looked_at(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """An app test draws its frames when it looks at the screen (frames.py),
    unless it is marked ``every_frame``."""
    if request.node.get_closest_marker("every_frame") is None:
        owe_frames(monkeypatch)


# --- the order of the run ------------------------------------------------------------

# The longest tests (seconds on a busy two-core machine, roughly; a test
# named by its function counts for each of its cases). Under
# ``--dist worksteal`` each worker is first given a third of the list in
# order, and an idle worker takes the back half of another's queue: a long
# test near the end of a third can start last and make the run's tail. So
# the long ones go first in each third, shared so that the thirds take
# about as long (the rest keep their order).
SLOW = {
    "tests/test_net_table.py::test_every_frame_of_a_game_of_each_format_hides_what_it_must"
    "[skarney-partners": 14,
    # mostly waiting: two seat processes move at a person's pace (tests/netseat.py)
    "tests/test_table_processes.py::test_a_whole_game_through_a_seat_killed_and_the_host": 29,
    "tests/test_browser.py::test_a_hand_played_in_the_browser_is_saved_and_continues": 24,
    "tests/test_app.py::test_hot_seat_hides_each_hand_behind_a_curtain[gin]": 18,
    "tests/test_refusals.py::test_the_checks_agree_with_the_legal_moves[skarney]": 17,
    "tests/test_properties.py::test_random_games_end_and_replay": 16,
    "tests/test_app.py::test_hundreds_of_random_keys_never_break_the_game": 15,
    "tests/test_replay_formats.py::test_every_step_shows_the_cores_state[skarney3-80x24]": 14,
    "tests/test_replay_formats.py::test_every_step_shows_the_cores_state[partnership-120x36]": 11,
    "tests/test_replay_formats.py::test_every_step_shows_the_cores_state[three-80x24]": 11,
    "tests/test_snapshots.py::test_screen[result]": 14,
    "tests/test_safeguards.py::test_hot_seat_frames_show_a_hand_only_to_its_owner[skarney": 14,
    "tests/test_safeguards.py::test_hot_seat_frames_show_a_hand_only_to_its_owner[colonel": 12,
    "tests/test_replay_undo.py::test_replay_steps_through_every_move_with_both_hands_shown": 12,
    "tests/test_review_screen.py::test_the_result_opens_the_review_which_rates_every_decision": 11,
    "tests/test_screen_intact.py::test_an_esc_that_comes_with_the_enter_that_opened": 10,
    "tests/test_replay_formats.py::test_every_step_shows_the_cores_state[partnership-80x24]": 10,
    "tests/test_hostile_names.py::test_any_names_render_the_table_and_the_result": 10,
    "tests/test_browser.py::test_a_tab_over_the_limit_is_told_and_another_page_cannot_play": 10,
    "tests/test_formats_app.py::test_hot_seat_shows_each_hand_only_to_its_owner[partnership]": 9,
    "tests/test_formats_app.py::test_hot_seat_shows_each_hand_only_to_its_owner[three]": 9,
    "tests/test_stats.py::test_two_app_instances_on_one_data_folder": 9,
    "tests/test_hostile_names.py::test_every_table_screen_shows_hostile_names_as_text": 9,
    "tests/test_formats_app.py::test_a_whole_game_of_three_or_four_with_keys[partnership]": 8,
    "tests/test_app.py::test_a_whole_hand_against_the_computer_with_keys[skarney]": 8,
    "tests/test_coach_screen.py::test_the_coach_reviews_the_rest_and_escape_stops_it": 8,
    "tests/test_review_cli.py::test_only_the_costly_decisions_without_all_and_the_computer": 6,
    "tests/test_app.py::test_a_whole_hand_against_the_computer_with_keys[colonel]": 6,
}


def expected_seconds(nodeid: str) -> int:
    """The longest of the SLOW entries ``nodeid`` falls under, else 0."""
    return max((s for name, s in SLOW.items() if nodeid.startswith(name)), default=0)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    workerinput = getattr(config, "workerinput", None)
    if workerinput is None or not items:
        return  # one process: the order does not matter
    workers = int(workerinput["workercount"])
    # the thirds as worksteal deals them: each idle worker len(pending) // workers left
    sizes, left = [], len(items)
    for i in range(workers):
        sizes.append(left // (workers - i))
        left -= sizes[-1]
    long = sorted(
        (i for i in items if expected_seconds(i.nodeid)),
        key=lambda i: -expected_seconds(i.nodeid),
    )
    shares: list[list[pytest.Item]] = [[] for _ in range(workers)]
    loads = [0] * workers
    for item in long:  # the longest first, each to the share with the least so far
        w = min((w for w in range(workers) if len(shares[w]) < sizes[w]), key=lambda w: loads[w])
        shares[w].append(item)
        loads[w] += expected_seconds(item.nodeid)
    chosen = {id(i) for i in long}
    rest = iter(i for i in items if id(i) not in chosen)
    order: list[pytest.Item] = []
    for w in range(workers):
        order += shares[w]
        order += [next(rest) for _ in range(sizes[w] - len(shares[w]))]
    assert len(order) == len(items)
    items[:] = order


# --- the quick loop stays quick ------------------------------------------------------

QUICK_MOST = 2.0  # seconds a test not marked slow may take before it is reported
_overlong: list[tuple[str, float]] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Note each test not marked slow whose call took longer than QUICK_MOST
    (with xdist the workers' reports reach the controller here)."""
    quick = report.when == "call" and "slow" not in report.keywords
    if quick and report.duration > QUICK_MOST:
        _overlong.append((report.nodeid, report.duration))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """A report at the end, not a failure: tests the quick loop
    (``-m "not slow"``) should not hold, to be made cheaper or marked slow."""
    if not _overlong:
        return
    terminalreporter.section(f"not marked slow, over {QUICK_MOST:g} s a call")
    for nodeid, seconds in sorted(_overlong, key=lambda x: -x[1]):
        terminalreporter.write_line(f"{seconds:6.1f} s  {nodeid}")
