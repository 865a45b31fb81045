"""Work run off the gevent worker's loop (`api.http.offload`) hands its answer or its error back and keeps nothing."""

import gc
import weakref

import gevent
import pytest

from api.http import offload


class Document:
    """Stands for a request's parsed body: what a refusal must not keep alive."""


def refuse(document: Document) -> None:
    raise ValueError("refused")


@pytest.fixture
def pooled(monkeypatch):
    """off_the_loop as under gevent workers: in gevent's pool of native threads."""
    monkeypatch.setattr(offload.monkey, "is_module_patched", lambda name: True)


def test_the_answer_comes_back_from_the_pool(pooled):
    assert offload.off_the_loop(lambda a, b: a + b, 2, 3) == 5


def test_a_refusal_from_the_pool_keeps_nothing_once_handled_without_the_cyclic_collector(pooled):
    # A refusal kept in the frame that raised it again holds itself through its traceback, and with it that frame's
    # arguments and every frame above it: freed only by a full collection, which under a flood of refused deck
    # uploads came so rarely that a worker held 80 MiB of their bodies.
    document = Document()
    alive = weakref.ref(document)
    gc.disable()
    try:
        try:
            offload.off_the_loop(refuse, document)
        except ValueError as error:
            assert str(error) == "refused"
        else:
            pytest.fail("not refused")
        del document
        gevent.sleep(0)  # the hub's loop runs the callbacks the pool's answer left it, as a worker's loop does
        assert alive() is None, "the refusal's traceback still holds the document"
    finally:
        gc.enable()
