"""The card images of the table: drawn one at a time, each once, whatever asks at once."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from pnp.catalog import load_catalog
from pnp.table import cards
from tests.conftest import CARDS


def test_faces_asked_for_at_once_are_drawn_one_at_a_time_and_each_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The server answers card requests on several threads, and a page asks for a hand's
    cards at once: PDFium and the fonts' subsetting crashed the server when two faces
    were drawn together."""
    drawing = 0
    most = 0
    drawn: list[str] = []
    count = threading.Lock()

    def slow_draw(game: Any, deck_id: str, face: str) -> bytes:
        nonlocal drawing, most
        with count:
            drawing += 1
            most = max(most, drawing)
            drawn.append(face)
        time.sleep(0.01)
        with count:
            drawing -= 1
        return face.encode()

    monkeypatch.setattr(cards, "_draw", slow_draw)
    game = load_catalog(CARDS).games[0]
    deck = game.decks[0]
    images = cards.CardImages()
    faces = [side.name for side in deck.sides()][:6] * 3  # each face asked for three times
    answers: dict[int, bytes] = {}

    def ask(number: int, face: str) -> None:
        answers[number] = images.png(game, deck.id, face)

    threads = [threading.Thread(target=ask, args=item) for item in enumerate(faces)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert most == 1
    assert sorted(drawn) == sorted(set(faces))
    assert [answers[number] for number in range(len(faces))] == [f.encode() for f in faces]


def test_a_face_is_a_png_of_the_kit_drawing() -> None:
    game = load_catalog(CARDS).games[0]
    deck = game.decks[0]
    face = next(iter(deck.sides())).name
    image = cards.CardImages().png(game, deck.id, face)
    assert image.startswith(b"\x89PNG\r\n\x1a\n")
