"""One export of Chin Music (its Bout cards have their own backs, its facing cards
share one) for every print service with proofs, shared by the export tests, and a
second identical one for the rebuild test."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from pnp.catalog import Catalog, Game, load_catalog
from pnp.export.run import ExportOptions, ExportResult, export
from tests.conftest import CARDS

BASE_URL = "https://example.org/tts"


@dataclass(frozen=True)
class Exported:
    catalog: Catalog
    game: Game
    out: Path
    result: ExportResult


def _options(out: Path) -> ExportOptions:
    return ExportOptions(
        out=out, games=("chin-music",), base_url=BASE_URL, proofs=True, tts_format="png", jobs=2
    )


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    return load_catalog(CARDS)


@pytest.fixture(scope="session")
def exported(catalog: Catalog, tmp_path_factory: pytest.TempPathFactory) -> Exported:
    out = tmp_path_factory.mktemp("export")
    return Exported(catalog, catalog.game("chin-music"), out, export(catalog, _options(out)))


@pytest.fixture(scope="session")
def exported_again(catalog: Catalog, tmp_path_factory: pytest.TempPathFactory) -> Exported:
    out = tmp_path_factory.mktemp("export-again")
    return Exported(catalog, catalog.game("chin-music"), out, export(catalog, _options(out)))
