"""A store URL that cannot work is one sentence and exit status 78 (EX_CONFIG), never a traceback nor a restart loop."""

import subprocess
import sys

import pytest

from api.serving.supervisor import FATAL
from api.storage.connections import BadURL, check_url
from tests.ops.test_commands import env_for

CLUSTER = "redis+cluster://127.0.0.1:7000"


def deskovka(tmp_path, *args, **env):
    return subprocess.run(
        [sys.executable, "-m", "api.cli", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env=env_for(tmp_path, **env),
    )


@pytest.mark.parametrize(
    ("command", "env", "said"),
    [
        (
            ["worker", "--burst"],
            {"DESKOVKA_QUEUE_URL": "http://queue:6379"},
            "DESKOVKA_QUEUE_URL='http://queue:6379' is not a Redis URL",
        ),
        (["worker", "--burst"], {"DESKOVKA_QUEUE_URL": CLUSTER}, "DESKOVKA_QUEUE_URL names a Redis Cluster"),
        (["worker", "--burst"], {"DESKOVKA_REDIS_URL": CLUSTER}, "set DESKOVKA_QUEUE_URL"),
        (["keeper"], {"DESKOVKA_REDIS_URL": CLUSTER}, "set DESKOVKA_QUEUE_URL"),
        (["serve", "--port", "0"], {"DESKOVKA_REDIS_URL": CLUSTER}, "set DESKOVKA_QUEUE_URL"),
        (["api", "--port", "0"], {"DESKOVKA_REDIS_URL": CLUSTER}, "set DESKOVKA_QUEUE_URL"),
        (
            ["serve", "--port", "0"],
            {"DESKOVKA_REDIS_URL": CLUSTER, "DESKOVKA_QUEUE_URL": "redis+sentinel://s1:26379"},
            "does not name its Sentinels and service",
        ),
    ],
)
def test_a_store_url_that_cannot_work_is_one_sentence_and_a_config_exit(tmp_path, command, env, said):
    run = deskovka(tmp_path, *command, **env)
    assert run.returncode == FATAL, run.stderr
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("deskovka: ") and said in lines[0], run.stderr
    assert "Traceback" not in run.stderr


def test_a_queue_that_does_not_answer_is_one_sentence_and_a_plain_failure(tmp_path):
    run = deskovka(tmp_path, "worker", "--burst", DESKOVKA_QUEUE_URL="redis://:secret@127.0.0.1:1/0")
    assert run.returncode == 1, run.stderr
    assert "Traceback" not in run.stderr and "secret" not in run.stderr
    assert "the print queue at redis://***@127.0.0.1:1/0 does not answer" in run.stderr


@pytest.mark.parametrize(
    "url",
    ["redis://h:6379/0", "unix:///run/redis.sock", "redis+sentinel://a:26379,b:26379/queue/1", "rediss+sentinel://a/q"],
)
def test_urls_the_queue_can_use_pass(url):
    check_url(url, "DESKOVKA_QUEUE_URL", queue=True)


@pytest.mark.parametrize("url", ["redis+sentinel://a:x/q", "redis+sentinel:///q", "redis:/h", "localhost:6379"])
def test_urls_that_cannot_work_are_refused(url):
    with pytest.raises(BadURL):
        check_url(url, "DESKOVKA_QUEUE_URL", queue=True)
