"""A digest of a game's card data as loaded: what a playtest report was made from.

The digest is taken over the loaded models (every field of ``game.yaml`` but the game's
look on the site, every card and every table, and the card kinds a game declares in
data), not over the files, so the same data in another folder, or with other comments
and spacing, gives the same digest, and any change a player or an engine could see gives
another. Each model is written as canonical JSON (keys sorted, the model's kind named)
and the whole hashed with SHA-256.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Mapping
from pathlib import PurePath
from typing import Any

from pydantic import BaseModel

from pnp.catalog.model import Game

#: Changed whenever what the digest covers changes, so old digests never match.
DIGEST_VERSION = 2


def _canonical(value: Any) -> Any:
    if isinstance(value, BaseModel):
        fields = {name: _canonical(getattr(value, name)) for name in type(value).model_fields}
        return {"kind": type(value).__name__, "fields": fields}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: _canonical(getattr(value, f.name)) for f in dataclasses.fields(value)}
        return {"kind": type(value).__name__, "fields": fields}
    if isinstance(value, Mapping):
        pairs = ([_canonical(key), _canonical(item)] for key, item in value.items())
        return {"mapping": sorted(pairs, key=json.dumps)}
    if isinstance(value, (set, frozenset)):
        return {"set": sorted((_canonical(item) for item in value), key=json.dumps)}
    if isinstance(value, (list, tuple)):
        return [_canonical(item) for item in value]
    if isinstance(value, PurePath):
        return value.as_posix()
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return repr(value)


def game_digest(game: Game) -> str:
    """The SHA-256 (hex) of ``game``'s card data as loaded, whatever folder holds it."""
    content = {
        "version": DIGEST_VERSION,
        "id": game.id,
        # the look on the site (colours, cover, rights) changes no figure of a playtest
        "spec": _canonical(game.spec.model_copy(update={"site": None})),
        "decks": _canonical(game.decks),
        "tables": _canonical(game.tables),
    }
    if game.kinds:  # only then, so that the digests of games without kinds.yaml stay as they were
        content["kinds"] = _canonical(dict(game.kinds))
    text = json.dumps(content, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
