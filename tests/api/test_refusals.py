"""The refusals a worker answers 503 each second (api/serving/refusals.py): a few to one client, a bound in all."""

import socket

import pytest

from api.serving import refusals


def test_a_client_is_answered_its_few_refusals_a_second_and_the_worker_its_bound_in_all(monkeypatch):
    now = [100.2]
    monkeypatch.setattr(refusals.time, "monotonic", lambda: now[0])
    answered = refusals.Refusals(per_client=3, in_all=5)
    assert [answered.answer("127.0.0.2") for _ in range(4)] == [True, True, True, False]
    assert [answered.answer("127.0.0.3") for _ in range(3)] == [True, True, False], "the worker's 5 are spent"
    assert answered.answer(None) is False, "a full worker's refusals count in all"
    now[0] = 101.0
    assert [answered.answer("127.0.0.2") for _ in range(4)] == [True, True, True, False], "a new second"
    assert [answered.answer(None) for _ in range(3)] == [True, True, False]


def test_spent_says_what_answer_would_without_counting(monkeypatch):
    now = [100.2]
    monkeypatch.setattr(refusals.time, "monotonic", lambda: now[0])
    answered = refusals.Refusals(per_client=2, in_all=3)
    assert [answered.spent("127.0.0.2") for _ in range(5)] == [False] * 5, "asking counts nothing"
    assert [answered.answer("127.0.0.2") for _ in range(2)] == [True, True]
    assert answered.spent("127.0.0.2") is True and answered.spent("127.0.0.3") is False
    assert answered.answer("127.0.0.3") is True
    assert answered.spent("127.0.0.3") is True and answered.spent(None) is True, "the worker's 3 are spent"
    now[0] = 101.0
    assert answered.spent("127.0.0.2") is False and answered.spent(None) is False, "a new second"


def test_a_reset_connection_is_closed_with_a_reset():
    with socket.create_server(("127.0.0.1", 0)) as listener:
        client = socket.create_connection(listener.getsockname())
        accepted, _ = listener.accept()
        refusals.reset(accepted)
        with client, pytest.raises(ConnectionResetError):
            client.recv(10)  # an orderly close (FIN) would read b""
