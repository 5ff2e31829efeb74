"""Rules booklets: the site's hand-written rules set for print, one per game
and paper, as full pages and as a folded half-size booklet."""

from pnp.kit.booklet.document import BookletError, booklet_pdf, rules_pdf, saddle_order
from pnp.kit.booklet.parts import Sources

__all__ = ["BookletError", "Sources", "booklet_pdf", "rules_pdf", "saddle_order"]
