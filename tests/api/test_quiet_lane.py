"""The quiet lane (`api.serving.lanes`): a heavy client's request starts only when the worker's loop has nothing
else to do, one after another in their order, and never waits while the loop is idle."""

import gevent

from api.serving import lanes


def busy_turns(turns: int, seen: list[str]) -> None:
    """Another client's work: ready again at every loop turn, `turns` times."""
    for _ in range(turns):
        seen.append("other")
        gevent.sleep(0)
    seen.append("other done")


def heavy(quiet: lanes.Quiet, name: str, seen: list[str]) -> None:
    quiet.wait_turn()
    seen.append(name)


def test_a_heavy_clients_request_waits_until_nobody_else_has_work():
    quiet, seen = lanes.Quiet(), []
    waiting = gevent.spawn(heavy, quiet, "heavy", seen)
    other = gevent.spawn(busy_turns, 50, seen)
    gevent.joinall([waiting, other], timeout=5)
    assert seen.index("heavy") > seen.index("other done"), seen[-5:]


def test_heavy_requests_go_through_in_their_order_once_the_loop_is_idle():
    quiet, seen = lanes.Quiet(), []
    heavies = [gevent.spawn(heavy, quiet, f"heavy {n}", seen) for n in range(3)]
    gevent.sleep(0)  # all three are in the lane: the first waits for the loop to be idle, the others for it
    assert quiet.waiting() == 3
    other = gevent.spawn(busy_turns, 10, seen)
    gevent.joinall([*heavies, other], timeout=5)
    assert seen[-3:] == ["heavy 0", "heavy 1", "heavy 2"], "none started before the other's work was done"
    assert quiet.waiting() == 0


def test_a_heavy_request_on_an_idle_worker_starts_at_once():
    quiet, seen = lanes.Quiet(), []
    started = gevent.get_hub().loop.now()
    gevent.spawn(heavy, quiet, "heavy", seen).join(timeout=5)
    assert seen == ["heavy"] and gevent.get_hub().loop.now() - started < 1
