"""Rules booklets: a game's hand-written rules set for print, one per game and paper,
as full pages and as a folded half-size booklet."""

from pnp.kit.booklet.document import BookletError, booklet_pdf, rules_pdf, saddle_order

__all__ = ["BookletError", "booklet_pdf", "rules_pdf", "saddle_order"]
