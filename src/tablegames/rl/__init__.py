"""Reinforcement learning on any variant (the ``rl`` extra).

* :mod:`tablegames.rl.decisions`: a seat's choice as integer ids (no NumPy needed).
* :mod:`tablegames.rl.episodes`: each variant's default episode, reward and step limit.
* :mod:`tablegames.rl.text`: the environments' text rendering.
* :mod:`tablegames.rl.pettingzoo`: a PettingZoo AEC environment, ``env(name, **options)``.
* :mod:`tablegames.rl.gymnasium`: a Gymnasium single-agent environment against bots or
  policies, a vectorised one, and every variant registered with Gymnasium.
* :mod:`tablegames.rl.policy`: :class:`~tablegames.rl.policy.PolicyBot`, a trained policy as a
  bot.

A variant takes part through :meth:`~tablegames.core.game.Game.action_ids` and
:meth:`~tablegames.core.game.Game.observation_spec` where it provides them, else through the
defaults derived from what it publishes (:mod:`tablegames.core.derived`); nothing here knows a
variant. Nothing in the core imports this package.
"""
