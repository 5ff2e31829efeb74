"""The game ``pnp new`` writes (:mod:`pnp.new`): a small, complete game folder to start from."""
