"""Chronology: grow your own chronology from three stacks of war, culture and science cards, with powers."""

from engine.chronology.rules import Chronology

__all__ = ["Chronology"]
