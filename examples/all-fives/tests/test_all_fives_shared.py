"""All Fives is a user of the library's draw-game machinery, not a copy: its shared names are the library's."""

from __future__ import annotations

import tablegames_all_fives as af

from tablegames.mechanics import dominoes, drawgame, line, match


def test_the_draw_games_events_are_the_librarys() -> None:
    """``tile_played``, ``tile_drawn``, ``passed``, ``hand_ended`` and ``game_ended`` are re-exported, not redefined."""
    assert af.TilePlayed is dominoes.TilePlayed and af.TileDrawn is dominoes.TileDrawn
    assert af.Passed is dominoes.Passed and af.HandEnded is dominoes.HandEnded
    assert af.GameEnded is match.GameEnded


def test_the_play_action_and_tile_text_are_the_librarys() -> None:
    """All Fives' ``Play``, ``play``, ``render_tiles`` and ``render_layout`` are the line's and the mechanics'."""
    assert af.Play is line.Play and af.play is line.play and af.render_tiles is dominoes.render_tiles
    assert af.render_layout is drawgame.render_layout


def test_the_game_is_the_draw_game_base_with_its_rules() -> None:
    """All Fives is a ``DrawGame``: its scores and last layout are the base's, its rules a few hooks."""
    assert issubclass(af.AllFives, drawgame.DrawGame)
    assert af.Scored is drawgame.Scored and af.LastLayout is drawgame.LastLayout
    own = {"choose_leader", "settle_hand", "layout_count", "shuffle", "view", "describe_event"}
    assert own <= set(vars(af.AllFives)) and not {"perform", "why_illegal", "compute_legal"} & set(vars(af.AllFives))
