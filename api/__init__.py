"""The HTTP API: Flask app factory, one blueprint per resource, the Redis game store, errors and auth."""
