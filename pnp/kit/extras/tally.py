"""A knockout tally for Joe's Bar: the patrons each player has lost, the
knockouts counted round the table (the game's end), and the final score as
the printed rule counts it. Three games to a page."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from pnp.catalog.schemas.joes_bar import PointsWin, game_end_words, printed_rule
from pnp.kit.drawings.typeset import TextBox
from pnp.kit.extras.base import INK, RULE, Extra, PageFrame, heading
from pnp.kit.fonts import BODY, BODY_BOLD, DISPLAY
from pnp.kit.geometry import MM, Rect

GAMES_A_PAGE = 3
#: Boxes to tick for lost patrons: more than any player loses before the end.
LOST_BOXES = 6


class KnockoutTally(Extra):
    """Three tallies a page, and three more on its back."""

    def score_words(self) -> str:
        rule = printed_rule(self.game, "winning")
        if isinstance(rule, PointsWin):
            return (
                f"Score: {rule.start} \u2212 {rule.per_lost_patron} \u00d7 patrons lost "
                f"\u2212 {rule.per_missing_bl} \u00d7 BL missing"
            )
        return "Winner: the patron with the most BL"

    def draw(self, canvas: Canvas, part: int, frame: PageFrame) -> None:
        del part
        top = heading(
            canvas, frame, f"{self.game.title}: knockout tally",
            "Tick a box each time a player's patron is knocked out, and one of the table's "
            f"boxes for every knockout. {game_end_words(self.game)}",
        )  # fmt: skip
        area = frame.printable.inset(4 * MM, 1 * MM)  # the frames' strokes stay inside too
        height = (top - area.y) / GAMES_A_PAGE
        for number in range(GAMES_A_PAGE):
            block = Rect(area.x, top - (number + 1) * height, area.width, height - 4 * MM)
            self._block(canvas, block)

    def _block(self, canvas: Canvas, block: Rect) -> None:
        players = self.game.spec.players.max
        canvas.setStrokeColor(INK)
        canvas.setFillColor(INK)
        canvas.setLineWidth(1.0)
        canvas.roundRect(block.x, block.y, block.width, block.height, 2 * MM, stroke=1, fill=0)
        canvas.setFont(DISPLAY, 11)
        canvas.drawString(block.x + 3 * MM, block.top - 7 * MM, "Game")
        canvas.setLineWidth(0.5)
        canvas.line(block.x + 17 * MM, block.top - 7 * MM, block.x + 70 * MM, block.top - 7 * MM)
        # the table's knockouts: one box per knockout the game can see before it ends
        canvas.setFont(BODY_BOLD, 8)
        canvas.drawString(block.x + 78 * MM, block.top - 7 * MM, "Knockouts round the table")
        for box in range(players):
            x = block.x + 118 * MM + box * 7 * MM
            canvas.rect(x, block.top - 8.2 * MM, 5 * MM, 5 * MM, stroke=1, fill=0)
        columns = (
            ("Player", 0.0), ("Patrons lost", 0.3), ("BL missing", 0.66), ("Score", 0.82)
        )  # fmt: skip
        header = block.top - 14 * MM
        canvas.setFont(BODY_BOLD, 8)
        for label, fraction in columns:
            canvas.drawString(block.x + 3 * MM + fraction * (block.width - 6 * MM), header, label)
        row = (header - 3 * MM - block.y - 8 * MM) / players
        canvas.setLineWidth(0.4)
        for index in range(players):
            y = header - 2 * MM - (index + 1) * row
            canvas.setStrokeColor(RULE)
            canvas.line(block.x + 3 * MM, y, block.right - 3 * MM, y)
            canvas.setStrokeColor(INK)
            lost_x = block.x + 3 * MM + 0.3 * (block.width - 6 * MM)
            side = min(row - 2 * MM, 5 * MM)
            for box in range(LOST_BOXES):
                canvas.rect(lost_x + box * (side + 1.5 * MM), y + 1 * MM, side, side, stroke=1,
                            fill=0)  # fmt: skip
        TextBox(self.score_words(), Rect(block.x + 3 * MM, block.y + 1.5 * MM,
                                         block.width - 6 * MM, 5 * MM),
                font=BODY, size=8, colour=INK).draw(canvas, "the knockout tally")  # fmt: skip
