"""Where the kit is published and which release it is: the ``publish:`` block of
``site/site.yaml``.

- ``url``: the public address the site will be published at (``--site-url`` on
  ``pnp kit``, ``pnp site`` and ``pnp export`` gives it for one run). The site's canonical
  links and ``sitemap.xml`` use it, and the Tabletop Simulator saved objects the site
  offers load their images from ``<url>downloads/tts/<game>/``, where the site serves
  them. Without it the site names no address at all, and offers no Tabletop Simulator
  bundle (its images would point at the computer that built it).
- ``release`` and ``date``: the kit's release number and its date, printed in every
  PDF's credits and on the downloads page. Taken from the file, never from the clock,
  so the same inputs make the same files.

Nothing here draws: the kit, the export and the site all read it.
"""

from __future__ import annotations

import datetime
import functools
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

#: The tool's own site settings.
SITE_FILE = Path(__file__).resolve().parents[1] / "site" / "site.yaml"
#: Where, under the site's address, the Tabletop Simulator images are served.
TTS_PATH = "downloads/tts"
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December")  # fmt: skip


class PublishError(ValueError):
    """A publishing setting that cannot be used, in a sentence."""


@dataclass(frozen=True)
class Release:
    number: str
    date: datetime.date

    def words(self) -> str:
        """How the kit names its release: "Release 1.0, 3 December 2026"."""
        day = self.date
        return f"Release {self.number}, {day.day} {MONTHS[day.month - 1]} {day.year}"


@dataclass(frozen=True)
class Publishing:
    url: str | None
    release: Release


def site_url(text: str, option: str = "--site-url") -> str:
    """``text`` as the site's address, ending in ``/``; :class:`PublishError` for an
    address a browser cannot open from elsewhere."""
    parts = urlsplit(text.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise PublishError(
            f"{option} must be the site's whole web address, such as "
            f"https://example.org/games/, not {text!r}"
        )
    if parts.query or parts.fragment:
        raise PublishError(f"{option} must be an address with no ?query or #part: {text!r}")
    host = (parts.hostname or "").lower()
    if host in ("localhost", "127.0.0.1", "::1") or host.endswith(".localhost"):
        raise PublishError(
            f"{option} {text!r} names this computer: give the address the site will be "
            "published at, where others can reach it"
        )
    return text.strip().rstrip("/") + "/"


def tts_base(url: str) -> str:
    """Where the site serves the Tabletop Simulator images (``<url>downloads/tts``)."""
    return f"{url}{TTS_PATH}"


def _read(path: Path) -> Publishing:
    try:
        data = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
    except (OSError, YAMLError) as error:
        raise PublishError(f"{path} cannot be read: {error}") from error
    block = data.get("publish") if isinstance(data, dict) else None
    if not isinstance(block, dict):
        raise PublishError(f"{path} has no publish: block (release:, date:, and url: once known)")
    unknown = sorted(set(block) - {"url", "release", "date"})
    if unknown:
        raise PublishError(f"{path}: publish: has no setting {', '.join(unknown)} "
                           "(it takes url, release and date)")  # fmt: skip
    number, date = block.get("release"), block.get("date")
    if not isinstance(number, str | int | float) or isinstance(number, bool) or not str(number):
        raise PublishError(f"{path}: publish.release must be the kit's release number, "
                           f"such as \"1.0\", not {number!r}")  # fmt: skip
    if not isinstance(date, datetime.date) or isinstance(date, datetime.datetime):
        raise PublishError(
            f"{path}: publish.date must be the release's date as YYYY-MM-DD, not {date!r}"
        )
    url = block.get("url")
    if url is not None and not isinstance(url, str):
        raise PublishError(f"{path}: publish.url must be a web address, not {url!r}")
    return Publishing(
        site_url(url, f"{path}: publish.url") if url else None, Release(str(number), date)
    )


@functools.cache
def _cached(path: Path) -> Publishing:
    return _read(path)


def load(path: Path = SITE_FILE) -> Publishing:
    """The publishing settings of ``path`` (read once per process)."""
    return _cached(path.resolve())


def chosen_url(given: str | None, path: Path = SITE_FILE) -> str | None:
    """The site's address for a run: ``--site-url`` when given, otherwise the file's."""
    if given is not None:
        return site_url(given) if given.strip() else None
    return load(path).url
