"""A score sheet of running totals: a column pair (points, total) for each
player of the largest table, a row per hand, and room to note re-entries."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from pnp.kit.extras.base import INK, RULE, Extra, PageFrame, heading
from pnp.kit.fonts import BODY, BODY_BOLD, text_width
from pnp.kit.geometry import MM, Rect

ROW = 8 * MM


class ScoreSheet(Extra):
    """Running totals for every player; the back of the page is a second sheet."""

    def draw(self, canvas: Canvas, part: int, frame: PageFrame) -> None:
        del part
        players = self.game.spec.players.max
        top = heading(
            canvas, frame, f"{self.game.title} score sheet",
            "Write each player's name at the top. After every hand write the points the "
            "hand cost them, then the running total. Note a re-entry at the foot of the "
            "player's column, with the total they come back on.",
        )  # fmt: skip
        area = frame.printable.inset(4 * MM, 0)
        table = Rect(area.x, area.y + 2 * MM, area.width, top - area.y - 2 * MM)
        hand = 11 * MM
        column = (table.width - hand) / players
        canvas.setStrokeColor(INK)
        canvas.setFillColor(INK)
        name_row = 11 * MM
        labels_row = 5 * MM
        foot = 2 * ROW
        rows = int((table.height - name_row - labels_row - foot) // ROW)
        y_top = table.top
        grid_bottom = y_top - name_row - labels_row - rows * ROW - foot
        canvas.setLineWidth(1.0)
        canvas.rect(table.x, grid_bottom, table.width, y_top - grid_bottom, stroke=1, fill=0)
        canvas.setFont(BODY_BOLD, 8)
        canvas.drawCentredString(table.x + hand / 2, y_top - name_row + 3 * MM, "Player")
        labels_y = y_top - name_row - labels_row
        canvas.drawCentredString(table.x + hand / 2, labels_y + 1.4 * MM, "Hand")
        for index in range(players):
            left = table.x + hand + index * column
            canvas.setLineWidth(1.0)
            canvas.line(left, grid_bottom, left, y_top)
            canvas.setLineWidth(0.4)
            canvas.setStrokeColor(RULE)
            canvas.line(
                left + column / 2, grid_bottom + foot, left + column / 2, labels_y + labels_row
            )
            canvas.setStrokeColor(INK)
            canvas.setFont(BODY, 7)
            for offset, label in ((0.25, "points"), (0.75, "total")):
                canvas.drawCentredString(left + column * offset, labels_y + 1.4 * MM, label)
        canvas.setLineWidth(1.0)
        canvas.line(table.x, y_top - name_row, table.right, y_top - name_row)
        canvas.line(table.x, labels_y, table.right, labels_y)
        canvas.setFont(BODY, 8)
        for row in range(rows):
            y = labels_y - (row + 1) * ROW
            canvas.setLineWidth(0.4)
            canvas.setStrokeColor(RULE)
            canvas.line(table.x, y, table.right, y)
            canvas.setStrokeColor(INK)
            canvas.drawCentredString(table.x + hand / 2, y + 2.6 * MM, str(row + 1))
        canvas.setLineWidth(1.0)
        canvas.line(table.x, grid_bottom + foot, table.right, grid_bottom + foot)
        canvas.setFont(BODY_BOLD, 7)
        label = "Re-entry"
        canvas.drawString(table.x + (hand - text_width(label, BODY_BOLD, 7)) / 2,
                          grid_bottom + foot / 2 - 1.2 * MM, label)  # fmt: skip
