"""This project's own games as plug-ins, one module each, declared in ``pyproject.toml``
under ``[project.entry-points."pnp.games"]`` like any installed package's games (see
:mod:`pnp.engines`). Nothing imports these modules but discovery."""
