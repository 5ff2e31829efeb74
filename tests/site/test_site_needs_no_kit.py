"""The site takes what it says about cards from the catalog: building it
imports no kit code (faces, sheets, PDFs)."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT


def test_the_site_imports_no_kit_module() -> None:
    probe = (
        "import sys, pnp.site.build, pnp.site.tables\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('pnp.kit'))))"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""
