"""The contract's schemas: the answers' and requests' marshmallow schemas, the per-game half generated from the
engine, the print spec's, and the blueprint that documents and parses with them.

May import api.problems, api.config, printing and engine; never the resources, the middleware or the limits.
"""
