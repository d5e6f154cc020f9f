"""Reusable rules machinery that knows no variant: the line-building domino layout."""

from tablegames.mechanics.line import (
    ARM_IDS,
    EAST,
    NORTH,
    SOUTH,
    WEST,
    ArmEnd,
    LineLayout,
    arm_index,
)

__all__ = ["ARM_IDS", "EAST", "NORTH", "SOUTH", "WEST", "ArmEnd", "LineLayout", "arm_index"]
