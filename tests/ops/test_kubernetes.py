"""The Kubernetes example (deploy/kubernetes.yaml) is valid against Kubernetes' own schemas, checked offline (the
schemas ship inside kubernetes-validate), and agrees with the service: its probes, grace periods and settings."""

from pathlib import Path

import kubernetes_validate
import yaml

from api import config

ROOT = Path(__file__).resolve().parents[2]
KUBERNETES = "1.37.0"


def documents():
    return [doc for doc in yaml.safe_load_all((ROOT / "deploy" / "kubernetes.yaml").read_text()) if doc]


def test_every_resource_is_valid_against_the_kubernetes_schemas_offline():
    docs = documents()
    assert {doc["kind"] for doc in docs} == {"ConfigMap", "Deployment", "Service", "PodDisruptionBudget"}
    for doc in docs:
        kubernetes_validate.validate(doc, KUBERNETES, strict=True)


def test_the_example_agrees_with_the_service():
    docs = documents()
    settings = next(doc for doc in docs if doc["kind"] == "ConfigMap")["data"]
    documented = (ROOT / "README.md").read_text()
    assert all(f"`{name}`" in documented for name in settings), "every setting is in the README's table"
    assert {name.removeprefix("DESKOVKA_") for name in settings} - {"LOG_FORMAT"} <= set(config.from_env({}))
    pods = {doc["metadata"]["name"]: doc["spec"]["template"]["spec"] for doc in docs if doc["kind"] == "Deployment"}
    api = pods["deskovka-api"]
    container = api["containers"][0]
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
    drain = float(settings["DESKOVKA_DRAIN_SECONDS"]) + float(settings["DESKOVKA_FINISH_SECONDS"])
    assert api["terminationGracePeriodSeconds"] > drain
    # A stopping worker finishes its job: the grace is above the longest a job may run.
    from api.storage.printing_queue import TIMEOUTS
    from worker import LARGE, SMALL

    assert pods["deskovka-worker-small"]["terminationGracePeriodSeconds"] > TIMEOUTS[SMALL]
    assert pods["deskovka-worker-large"]["terminationGracePeriodSeconds"] > TIMEOUTS[LARGE]
