"""Lost Cities: Roll & Write: six expeditions, artefacts and dice on one score sheet per player."""

from engine.lost_cities.rules import LostCities

__all__ = ["LostCities"]
