"""Fixtures for the fault suite: a real `deskovka serve`, stopped (or killed, if a test broke it) afterwards."""

import pytest

from tests.faults.service import Service


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    folder = tmp_path_factory.mktemp("serve")
    server = Service(folder / "data", folder / "serve.log")
    server.start()
    yield server
    try:
        server.stop()
    finally:
        server.kill_everything()
