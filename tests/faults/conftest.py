"""Fixtures for the fault suite: a real `deskovka serve`, stopped (or killed, if a test broke it) afterwards."""

import pytest

from tests.faults.service import running


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    folder = tmp_path_factory.mktemp("serve")
    with running(folder / "data", folder / "serve.log") as server:
        yield server
