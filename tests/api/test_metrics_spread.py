"""The store-wide totals are counted over several hashes (each its own Cluster slot) and added up at the scrape."""

from api.storage import metrics


def test_totals_spread_over_several_slots_and_add_up(redis_client):
    for key in (metrics.KEY, *metrics.SPREAD):
        redis_client.delete(key)
    redis_client.hincrby(metrics.KEY, "actions", 5)  # counted in a commit's script, on a single Redis
    for _ in range(200):
        metrics.count(redis_client, "actions")
    assert sum(redis_client.exists(key) for key in metrics.SPREAD) > 1
    assert f"deskovka_actions_total {205}" in metrics.store_totals(redis_client)
