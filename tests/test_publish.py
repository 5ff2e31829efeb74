"""The publishing settings (``publish:`` of site/site.yaml, ``--site-url``): read from the
file, checked with a sentence, and what the commands do with a bad one."""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import pytest

from pnp.cli import main
from pnp.publish import PublishError, Release, chosen_url, load, site_url, tts_base
from tests.conftest import ROOT


def _settings(tmp_path: Path, block: str) -> Path:
    path = tmp_path / "site.yaml"
    path.write_text("look: {}\n" + block, encoding="utf-8")
    return path


def test_the_projects_file_names_a_release_and_its_date() -> None:
    found = load(ROOT / "site" / "site.yaml")
    assert found.release.number
    assert found.release.words().startswith(f"Release {found.release.number}, ")
    assert str(found.release.date.year) in found.release.words()


def test_a_release_in_words() -> None:
    assert Release("2.1", datetime.date(2027, 3, 9)).words() == "Release 2.1, 9 March 2027"


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("https://example.org", "https://example.org/"),
        ("https://example.org/games/", "https://example.org/games/"),
        (" http://cards.example.net/pnp ", "http://cards.example.net/pnp/"),
    ],
)
def test_an_address_ends_in_one_slash(given: str, expected: str) -> None:
    assert site_url(given) == expected
    assert tts_base(site_url(given)) == expected + "downloads/tts"


@pytest.mark.parametrize(
    ("given", "said"),
    [
        ("example.org", "whole web address"),
        ("ftp://example.org/", "whole web address"),
        ("file:///home/me/dist/site", "whole web address"),
        ("http://localhost:8000/", "names this computer"),
        ("http://127.0.0.1/", "names this computer"),
        ("https://example.org/?page=1", "no ?query"),
    ],
)
def test_an_address_others_cannot_open_is_refused(given: str, said: str) -> None:
    with pytest.raises(PublishError, match=re.escape(said)):
        site_url(given)


def test_the_option_wins_over_the_file(tmp_path: Path) -> None:
    path = _settings(tmp_path, "publish: {release: '3', date: 2026-01-02, url: https://a.org}\n")
    assert chosen_url(None, path) == "https://a.org/"
    assert chosen_url("https://b.org/x", path) == "https://b.org/x/"
    assert chosen_url("", path) is None  # an empty --site-url: no address for this run


@pytest.mark.parametrize(
    ("block", "said"),
    [
        ("", "has no publish: block"),
        ("publish: {release: '1'}\n", "publish.date must be the release's date as YYYY-MM-DD"),
        ("publish: {release: '1', date: 'soon'}\n", "publish.date must be"),
        ("publish: {date: 2026-01-02}\n", "publish.release must be the kit's release number"),
        ("publish: {release: '1', date: 2026-01-02, adress: x}\n", "has no setting adress"),
        ("publish: {release: '1', date: 2026-01-02, url: localhost}\n", "publish.url must be"),
    ],
)
def test_a_bad_setting_is_a_sentence(tmp_path: Path, block: str, said: str) -> None:
    with pytest.raises(PublishError, match=re.escape(said)) as raised:
        load(_settings(tmp_path, block))
    assert str(tmp_path / "site.yaml") in str(raised.value)


def test_kit_says_tts_base_url_became_site_url(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status = main(["kit", "--out", str(tmp_path), "--tts-base-url", "https://example.org/tts"])
    assert status == 2
    error = capsys.readouterr().err
    assert "--tts-base-url is replaced by --site-url" in error
    assert "Traceback" not in error
    assert not any(tmp_path.iterdir())


@pytest.mark.parametrize("command", ["kit", "site", "export"])
def test_a_local_site_url_stops_every_command_with_a_sentence(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    status = main([command, "--out", str(tmp_path / "out"), "--site-url", "http://localhost:8000"])
    assert status == 2
    error = capsys.readouterr().err
    said = "--site-url 'http://localhost:8000' names this computer"
    assert error.startswith(f"pnp {command}: {said}")
    assert not (tmp_path / "out").exists()
