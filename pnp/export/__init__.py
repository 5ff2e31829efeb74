"""Exports of the card faces to where players and designers take them next:
Tabletop Simulator (:mod:`pnp.export.tts`), print-on-demand services
(:mod:`pnp.export.services`, :mod:`pnp.export.printfiles`), the downloadable bundles
(:mod:`pnp.export.bundles`) and the other versions of the kit the downloads page
offers (:mod:`pnp.export.alternatives`). :func:`pnp.export.run.export` runs them.

Every image comes from the same face drawing as the PDFs (:mod:`pnp.kit.faces`),
rasterised with PDFium (:mod:`pnp.export.render`).

This package's ``__init__`` imports nothing, so that reading what the exports wrote
(:mod:`pnp.export.downloads`) needs no drawing code.
"""
