"""Sphinx configuration for the tablegames documentation."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

from sphinx.util import logging

import tablegames

logger = logging.getLogger(__name__)

# The package the "Writing a variant" tutorial builds, for its examples.
sys.path.insert(0, str(Path(__file__).resolve().parent / "tutorial"))

project = "tablegames"
author = "The tablegames developers"
copyright = "2026, The tablegames developers"
release = tablegames.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
]

exclude_patterns = ["_build"]
html_theme = "alabaster"
nitpicky = True

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False

# No intersphinx (the build machines reach no web site): outside names stay unlinked.
nitpick_ignore = [
    ("py:class", "tablegames.cli.executors.T"),  # the executors' type variables (items and results)
    ("py:class", "tablegames.cli.executors.R"),
    ("py:class", "tablegames.mechanics.bidding._C"),  # Calling's type variable (a call's type)
    ("py:class", "tablegames.mechanics.line._V_co"),  # Layout's type variable (its arm views' type)
    ("py:class", "tablegames.core.memo._V"),  # IdentityMemo's type variable (its values' type)
    ("py:class", "argparse.ArgumentParser"),
    ("py:class", "argparse.Namespace"),
    ("py:class", "cattrs.BaseValidationError"),
    ("py:class", "cattrs.Converter"),
    ("py:class", "cattrs.converters.Converter"),
    ("py:class", "collections.abc.Iterable"),
    ("py:class", "collections.abc.Callable"),
    ("py:class", "collections.abc.Iterator"),
    ("py:class", "collections.abc.Mapping"),
    ("py:class", "collections.abc.Sequence"),
    ("py:class", "random.Random"),
    ("py:class", "hypothesis.strategies.SearchStrategy"),
    ("py:class", "hypothesis._settings.settings"),
    ("py:class", "_pytest.config.Config"),
    ("py:class", "_pytest.config.argparsing.Parser"),
    # the rl extra's libraries (no intersphinx: the docs build offline)
    ("py:class", "numpy.ndarray"),
    ("py:class", "np.ndarray"),  # the array games' host arrays, as their annotations spell them
    ("py:class", "np.dtype"),
    ("py:class", "np.uint32"),
    ("py:class", "numpy.dtype"),
    ("py:class", "numpy.uint32"),
    ("py:class", "numpy.int64"),
    ("py:class", "gymnasium.Env"),
    ("py:class", "gymnasium.spaces.space.Space"),
    ("py:class", "gymnasium.vector.sync_vector_env.SyncVectorEnv"),
    ("py:class", "pettingzoo.utils.env.AECEnv"),
    ("py:class", "gymnasium.vector.VectorEnv"),
    ("py:class", "gymnasium.vector.vector_env.VectorEnv"),
    ("py:class", "pyspiel.Game"),
    ("py:class", "pyspiel.IIGObservationType"),
    # private type variables in signatures
    ("py:class", "tablegames.bots.random._A"),
    ("py:class", "tablegames.core.events._E"),
    ("py:class", "tablegames.core.events._H"),
    ("py:class", "tablegames.core.events._T"),
    ("py:class", "tablegames.core.rng._T"),
    ("py:class", "tablegames.core.converter._T"),
    ("py:class", "jax.Array"),
    ("py:class", "tablegames.core.memo._K"),
    ("py:class", "importlib.resources.abc.Traversable"),
    ("py:class", "jax.jaxlib._jax.Array"),
    ("py:class", "tablegames.testing.properties._G"),
    ("py:class", "tablegames.testing.properties._P"),
    ("py:class", "pathlib.Path"),
    ("py:class", "starlette.applications.Starlette"),
    ("py:class", "starlette.responses.JSONResponse"),
]


def _point_to_definition(app, what, name, obj, options, lines):  # noqa: PLR0917 - the event's signature
    """Replace the docstring of a top-level re-export by a link to where it is defined."""
    package, _, short = name.rpartition(".")
    module = getattr(obj, "__module__", package)
    if package == "tablegames" and short in tablegames.__all__ and module != "tablegames":
        role = {"class": "class", "exception": "exc"}.get(what, "func")
        lines[:] = [f"Re-exported from :{role}:`{module}.{obj.__qualname__}`."]


def _check_public_names(app, env):
    """Warn about a name in a documented module's ``__all__`` that the reference lacks.

    Packages other than ``tablegames`` itself are skipped: their names are re-exports,
    documented in the modules that define them.
    """
    objects = env.get_domain("py").objects
    for modname in sorted(env.get_domain("py").modules):
        module = importlib.import_module(modname)
        if hasattr(module, "__path__") and modname != "tablegames":
            continue
        for name in getattr(module, "__all__", ()):
            obj = getattr(module, name)
            home = f"{getattr(obj, '__module__', '')}.{getattr(obj, '__qualname__', '')}"
            if f"{modname}.{name}" not in objects and home not in objects:
                logger.warning("public name %s.%s is not in the reference", modname, name)


def setup(app):
    app.connect("autodoc-process-docstring", _point_to_definition)
    app.connect("env-check-consistency", _check_public_names)
