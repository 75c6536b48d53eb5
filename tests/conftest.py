"""Fixtures and set-up for every test. Helpers live in helpers.py (stacked
decks, cards from text) and apphelp.py (driving the app)."""

from __future__ import annotations

import gc
import os
import sys
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.errors import HypothesisSideeffectWarning

from ginrummies.tui.screens.curtain import CurtainScreen

# the tests import their helper modules (helpers, apphelp) from this folder
sys.path.insert(0, os.path.dirname(__file__))
from cssparse import keep_parsed_css
from frames import owe_frames

keep_parsed_css()

# The garbage collector: a test process builds hundreds of apps, each a
# web of widgets, and Python's default (a collection every 700 new objects,
# the oldest ones scanned again and again as the heap grows) spent a sixth
# of an app test scanning. Here a collection comes every 50,000 new objects,
# and after each test its garbage is collected and what lives on is frozen
# out of later scans (as is what exists once the tests are collected): each
# object is scanned about once. Nothing a test asserts depends on when
# garbage goes (the two tests that need it gone call gc.collect()).
gc.set_threshold(50_000, 20, 20)

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
# ``--dist worksteal`` each worker is first given its share of the list in
# order, and an idle worker takes the back half of another's queue: a long
# test near the end of a share can start last and make the run's tail. So
# the long ones go first in each share, spread so that the shares take
# about as long (the rest keep their order).
SLOW = {
    "tests/test_table_processes.py::"
    "test_a_whole_game_through_a_seat_killed_and_the_host_killed": 41,
    "tests/test_browser.py::test_a_hand_played_in_the_browser_is_saved_and_continues": 36,
    "tests/test_table_four.py::"
    "test_four_play_a_partnership_game_through_drops_a_lobby_a_killed_host_and_a_rematch": 25,
    "tests/test_hint_claims.py::test_what_a_hint_says_of_the_cards_is_true_of_its_view"
    "[skarney]": 23,
    "tests/test_coach.py::test_every_example_the_coach_shows_fits_its_habit": 22,
    "tests/test_hints.py::test_every_hint_of_every_variant_says_why[sequence]": 20,
    "tests/test_replay_formats.py::test_every_step_shows_the_cores_state[skarney3-80x24]": 19,
    "tests/test_net_table.py::test_every_frame_of_a_game_of_each_format_hides_what_it_must"
    "[skarney-partners-0]": 18,
    "tests/test_browser.py::test_a_tab_over_the_limit_is_told_and_another_page_cannot_play": 17,
    "tests/test_refusals.py::test_the_checks_agree_with_the_legal_moves[skarney]": 17,
    "tests/test_hint_truth.py::"
    "test_what_an_offer_hint_says_of_the_other_player_is_what_the_bots_do": 17,
    "tests/test_hint_truth.py::"
    "test_a_meld_is_said_to_stay_a_meld_only_when_its_other_cards_still_meld": 16,
    "tests/test_safeguards.py::test_hot_seat_frames_show_a_hand_only_to_its_owner"
    "[colonel-False]": 15,
    "tests/test_replay_formats.py::test_every_step_shows_the_cores_state[three-80x24]": 15,
    "tests/test_safeguards.py::test_hot_seat_frames_show_a_hand_only_to_its_owner"
    "[skarney-False]": 14,
    "tests/test_theme_build.py::test_the_sdist_carries_the_themes_and_builds_a_wheel_that_does": 14,
    "tests/test_stats.py::test_two_app_instances_on_one_data_folder": 14,
    "tests/test_replay_formats.py::test_every_step_shows_the_cores_state[partnership-80x24]": 14,
    "tests/test_app.py::test_hundreds_of_random_keys_never_break_the_game": 13,
    "tests/test_replay_formats.py::test_every_step_shows_the_cores_state[partnership-120x36]": 13,
    "tests/test_coach_screen.py::test_the_coach_reviews_the_rest_and_escape_stops_it": 12,
    "tests/test_hostile_names.py::test_any_names_render_the_table_and_the_result": 12,
    "tests/test_formats_app.py::test_hot_seat_shows_each_hand_only_to_its_owner[partnership]": 11,
    "tests/test_table_four.py::"
    "test_the_host_app_gives_a_seat_back_opens_its_table_again_and_asks_once": 11,
    "tests/test_replay_undo.py::test_replay_steps_through_every_move_with_both_hands_shown"
    "[colonel]": 11,
    "tests/test_hostile_names.py::test_every_table_screen_shows_hostile_names_as_text[names8]": 11,
    "tests/test_hint_truth.py::test_a_declined_card_is_not_offered_again_while_nothing_changes": 11,
    "tests/test_formats_app.py::test_hot_seat_shows_each_hand_only_to_its_owner[three]": 10,
    "tests/test_hint_truth.py::test_the_take_chance_against_hard_is_what_hard_does": 10,
    "tests/test_coach.py::test_the_last_releases_statistics_are_migrated_and_reviewed": 10,
    "tests/test_hostile_names.py::test_every_table_screen_shows_hostile_names_as_text[names0]": 10,
    "tests/test_saves.py::test_a_game_killed_hard_loses_no_move": 9,
    "tests/test_hostile_names.py::test_every_table_screen_shows_hostile_names_as_text[names2]": 9,
    "tests/test_hostile_names.py::test_every_table_screen_shows_hostile_names_as_text[names10]": 9,
    "tests/test_hostile_names.py::test_every_table_screen_shows_hostile_names_as_text[names4]": 9,
}


def expected_seconds(nodeid: str) -> int:
    """The longest of the SLOW entries ``nodeid`` falls under, else 0."""
    return max((s for name, s in SLOW.items() if nodeid.startswith(name)), default=0)


def pytest_configure(config: pytest.Config) -> None:
    """Hypothesis builds its tables of Unicode characters the first time a
    test draws text (1.4 s or more) and keeps them in .hypothesis/: built
    here once, before the workers start, not by each worker of a fresh
    clone (where it was counted against whichever test came first)."""
    if hasattr(config, "workerinput"):
        return

    @settings(max_examples=1, database=None)
    @given(st.text())
    def build(_: str) -> None:
        pass

    # Hypothesis warns of slow work while pytest starts: here it is the point
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", HypothesisSideeffectWarning)
        build()


def pytest_collection_finish(session: pytest.Session) -> None:
    gc.collect()
    gc.freeze()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> object:
    """After a test's own teardown: its garbage collected, the rest frozen."""
    result = yield
    gc.collect()
    gc.freeze()
    return result


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    workerinput = getattr(config, "workerinput", None)
    if workerinput is None or not items:
        return  # one process: the order does not matter
    workers = int(workerinput["workercount"])
    # the shares as worksteal deals them: each idle worker len(pending) // workers left
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
    terminalreporter.section(f"not marked slow, over {QUICK_MOST:g} s a call")
    if not _overlong:
        terminalreporter.write_line("none")
        return
    for nodeid, seconds in sorted(_overlong, key=lambda x: -x[1]):
        terminalreporter.write_line(f"{seconds:6.1f} s  {nodeid}")
