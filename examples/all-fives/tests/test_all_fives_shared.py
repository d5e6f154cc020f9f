"""All Fives is a user of the library's draw-game machinery, not a copy: its shared names are the library's."""

from __future__ import annotations

import tablegames_all_fives as af

from tablegames.mechanics import dominoes, line, match


def test_the_draw_games_events_are_the_librarys() -> None:
    """``tile_played``, ``tile_drawn``, ``passed``, ``hand_ended`` and ``game_ended`` are re-exported, not redefined."""
    assert af.TilePlayed is dominoes.TilePlayed and af.TileDrawn is dominoes.TileDrawn
    assert af.Passed is dominoes.Passed and af.HandEnded is dominoes.HandEnded
    assert af.GameEnded is match.GameEnded


def test_the_play_action_and_tile_text_are_the_librarys() -> None:
    """All Fives' ``Play``, ``play`` and ``render_tiles`` are the line's and the mechanic's."""
    assert af.Play is line.Play and af.play is line.play and af.render_tiles is dominoes.render_tiles
    assert af.END_IDS == line.ARM_IDS
