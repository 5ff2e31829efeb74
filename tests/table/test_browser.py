"""The table's page in a real browser (Debian's Chromium driven by Playwright), on a server
of the real card data: a whole game of each game played by clicking, the phone's layout,
two people on their own devices, the pass-the-device cover, the keyboard alone, the bots'
pacing, the cards of the view's zones, the end's questions, and axe-core's check.

One server (uvicorn in a thread) and one browser serve the whole module; the bots' pacing
is off (``localStorage``) except where the pacing is tested."""

from __future__ import annotations

import json
import re
import shutil
import socket
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from pnp.catalog import load_catalog
from pnp.table.app import create_app
from tests.conftest import CARDS
from tests.table.test_api import SEED, SHORT  # variants that keep a game to seconds

playwright = pytest.importorskip("playwright.sync_api")
uvicorn = pytest.importorskip("uvicorn")

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
LAPTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
#: What the page has to click next: an open card's menu, a card, a move button or menu.
NEXT_MOVE = (
    ".card-menu button:not(.quiet):not([disabled]), #zones button.playable:not([disabled]), "
    "#choices button:not([disabled])"
)
#: The first of the move buttons below the table (always there, cards or not).
CHOICE = "#choices button:not([disabled])"
OVER = "document.querySelector('#status').textContent.includes('over')"
READY = f"() => {OVER} || document.querySelector({json.dumps(NEXT_MOVE)}) !== null"
#: A tab's pacing: off, as the tests want it.
NO_PACING = "try { localStorage.setItem('pnp-table-pace', '0') } catch {}"


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(64)
    config = uvicorn.Config(create_app(load_catalog(CARDS)), log_level="warning", lifespan="off")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not running.started:
        time.sleep(0.02)
    yield f"http://127.0.0.1:{sock.getsockname()[1]}/"
    running.should_exit = True
    thread.join(5)
    sock.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium is needed for the browser tests: {CHROMIUM} is missing")
    with playwright.sync_playwright() as driver:
        launched = driver.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"],
        )  # fmt: skip
        yield launched
        launched.close()


@pytest.fixture
def open_page(browser: Any) -> Iterator[Callable[..., Any]]:
    """Opens pages in fresh browser contexts (pacing off unless ``pacing``); every page
    error fails the test."""
    contexts: list[Any] = []
    errors: list[str] = []

    def opened(url: str, viewport: dict[str, int] = LAPTOP, pacing: bool = False) -> Any:
        context = browser.new_context(viewport=viewport)
        if not pacing:
            context.add_init_script(NO_PACING)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(url)
        return page

    yield opened
    for context in contexts:
        context.close()
    assert errors == []


def new_table(server: str, game: str, humans: list[int], players: int = 2) -> dict[str, Any]:
    body = {"game": game, "players": players, "humans": humans, "seed": SEED}
    response = httpx.post(f"{server}api/tables", json={**body, "variant": SHORT[game]})
    assert response.status_code == 201, response.text
    made: dict[str, Any] = response.json()
    return made


def seat_link(server: str, made: dict[str, Any], seat: int) -> str:
    return f"{server}#table={made['table']}&seat={seat}&token={made['tokens'][str(seat)]}"


def fragment(link: str) -> dict[str, str]:
    """The keys of a link's part after ``#``."""
    return dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(link).fragment))


def api_view(server: str, made: dict[str, Any], seat: int) -> dict[str, Any]:
    token = made["tokens"][str(seat)]
    answer = httpx.get(
        f"{server}api/tables/{made['table']}/view", headers={"Authorization": f"Bearer {token}"}
    )
    view: dict[str, Any] = answer.json()
    return view


def move(page: Any, cards: bool = True) -> None:
    """Makes the first move the page offers: the first of a card's open menu, or else the
    first card or button (with the first move of the menu of many, where there is one);
    only the buttons below the table without ``cards``."""
    menu = page.locator(".card-menu button:not(.quiet)")
    if menu.count():
        menu.first.click()
        return
    if page.locator("#move-menu").count():
        page.select_option("#move-menu", index=1)
    page.locator(NEXT_MOVE if cards else CHOICE).first.click()


def play_out(
    page: Any, most: int = 400, labels: list[str] | None = None, cards: bool = True
) -> int:
    """Clicks the first move the page offers until the game is over; the moves made (and
    the labels of the moves offered, into ``labels``)."""
    for made in range(most):
        page.wait_for_function(READY)
        if page.evaluate(OVER):
            return made
        if labels is not None:
            labels += page.locator("#choices button, #choices option").all_inner_texts()
        move(page, cards)
    raise AssertionError(f"the game did not end in {most} moves")


def serious(page: Any) -> list[str]:
    """axe-core's serious and critical findings on the page."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page).response["violations"]
    return [
        f"{rule['id']}: {rule['help']} ({len(rule['nodes'])} places)"
        for rule in found
        if rule["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("game", sorted(SHORT))
def test_a_whole_game_through_the_page(server: str, open_page: Any, game: str) -> None:
    players = 3 if game == "joes-bar" else 2
    made = new_table(server, game, [0], players)
    page = open_page(seat_link(server, made, 0))
    page.wait_for_selector("#play:not([hidden])")
    assert page.locator("#seats li").count() == players
    labels: list[str] = []
    # the first card's first move in The Music Game Thingy bids each auction up, a long
    # game: there the page's buttons below the table play (its cards are played elsewhere)
    moves = play_out(page, labels=labels, cards=game != "music-game-thingy")
    view = api_view(server, made, 0)
    assert view["over"] and moves > 0
    # the moves name the seats as the table does (the engines' "player 1" is Ana's seat)
    assert [label for label in labels if re.search(r"\bplayer \d", label)] == []
    if game == "joes-bar":
        assert any(" Ana" in label for label in labels)
    summary = [line for line in view["result"]["summary"] if line.strip()]
    shown = page.locator("#summary-lines").inner_text()
    assert all(line.strip() in shown for line in summary)
    # the log scrolls back to the start, the newest line in view and told to screen readers
    assert page.locator("#events li").count() == len(view["events"])
    assert page.locator("#newest").inner_text() == view["events"][-1].strip()
    assert page.locator("#choices button, #zones button.playable").count() == 0


def test_the_first_page_starts_a_table_and_passes_axe(server: str, open_page: Any) -> None:
    page = open_page(server)
    page.wait_for_selector("#game option", state="attached")
    assert serious(page) == []
    page.select_option("#game", "chinchon")
    page.fill("#players", "2")
    page.select_option("#variant", "shorter-game")
    page.fill("#seed", str(SEED))
    page.get_by_role("button", name="Start").click()
    page.wait_for_function(READY)
    assert "table=" in page.url and page.locator("#start").is_hidden()
    assert page.locator("#links").is_hidden()  # one person: no links to hand out
    assert serious(page) == []
    play_out(page)
    assert page.locator("#result").is_visible()
    assert serious(page) == []


def test_the_phone_layout(server: str, open_page: Any) -> None:
    made = new_table(server, "music-game-thingy", [0])
    page = open_page(seat_link(server, made, 0), viewport=PHONE)
    page.wait_for_function(READY)
    for _ in range(3):  # into the game, past its first choices
        move(page)
        page.wait_for_function(READY)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    controls = page.locator(f"{NEXT_MOVE}, #choices select, #pace, #events, #log-link")
    assert controls.count() >= 4
    for index in range(controls.count()):
        control = controls.nth(index)
        control.scroll_into_view_if_needed()
        box = control.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    # large cards, for reading them on a phone: two to a row, and kept
    card = page.locator(".zone.mine .card").first
    small = card.bounding_box()["width"]
    page.get_by_label("Large cards").check()
    assert 2.5 * small > card.bounding_box()["width"] > 1.5 * small
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.reload()
    page.wait_for_function(READY)
    assert page.get_by_label("Large cards").is_checked()
    # with more than twelve moves the page offers a menu of them, labelled
    view = api_view(server, made, 0)
    assert (page.locator("#move-menu").count() == 1) == (len(view["legal"]) > 12)


def test_two_people_on_their_own_devices(server: str, open_page: Any) -> None:
    host = open_page(server)
    host.wait_for_selector("#game option", state="attached")
    host.select_option("#game", "chinchon")
    host.fill("#players", "2")
    host.fill("#humans", "2")
    host.get_by_label("each on their own phone or computer").check()
    host.select_option("#variant", "shorter-game")
    host.fill("#seed", str(SEED))
    host.get_by_role("button", name="Start").click()
    host.wait_for_function("document.querySelectorAll('#links:not([hidden]) img.qr').length == 2")
    links = host.locator("#link-list a")
    assert links.count() == 2
    qr = host.locator("img.qr")
    assert qr.count() == 2 and qr.first.get_attribute("alt") == "QR code of Player 1's link"
    drawn = "[...document.querySelectorAll('img.qr')].every((image) => image.naturalWidth > 0)"
    host.wait_for_function(drawn)
    guest_link = links.nth(1).get_attribute("href")
    assert guest_link and "seat=1" in guest_link
    guest = open_page(guest_link)
    for page, seat in ((host, 0), (guest, 1)):
        page.wait_for_selector("#play:not([hidden])")
        assert f"Player {seat + 1}" in page.locator("#play-heading").inner_text()
        assert page.locator("#links").is_visible() == (seat == 0)  # the guest has no links
    # each plays its turns; each page shows its own seat's table, never the other's
    hashes = [fragment(links.nth(seat).get_attribute("href") or "") for seat in (0, 1)]

    made = {"table": hashes[0]["table"], "tokens": {h["seat"]: h["token"] for h in hashes}}
    for _ in range(4):
        view = {seat: api_view(server, made, seat) for seat in (0, 1)}
        mover = view[0]["to_act"]
        for page, seat in ((host, 0), (guest, 1)):  # a waiting page follows on its own
            lines = json.dumps("\n".join(view[seat]["lines"]))
            page.wait_for_function(f"document.querySelector('#lines').textContent == {lines}")
        assert view[0]["lines"] != view[1]["lines"]
        page, other = (host, guest) if mover == 0 else (guest, host)
        page.wait_for_function(READY)
        assert other.locator(NEXT_MOVE).count() == 0
        with page.expect_response("**/actions"):
            page.locator(CHOICE).first.click()
    # the host's tab watching the table as a spectator: no moves, and no links
    host.goto(f"{server}#table={made['table']}")
    host.wait_for_function(
        "document.querySelector('#play-heading').textContent.endsWith('watching')"
    )
    assert host.locator("#links").is_hidden() and host.locator(NEXT_MOVE).count() == 0


def test_passing_one_device(server: str, open_page: Any) -> None:
    page = open_page(server)
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", "chinchon")
    page.fill("#players", "2")
    page.fill("#humans", "2")
    assert page.get_by_label("on this device, passing it between turns").is_checked()
    page.fill("#seed", str(SEED))
    page.get_by_role("button", name="Start").click()
    cover = page.locator("#cover")
    for _ in range(6):  # until the turn passes to the other person
        page.wait_for_function(f"() => !document.querySelector('#cover').hidden || ({READY})()")
        if cover.is_visible():
            break
        page.locator(CHOICE).first.click()
    assert cover.is_visible()
    heading = page.locator("#cover-heading").inner_text()
    assert heading in ("Pass to Player 1", "Pass to Player 2")
    assert page.evaluate("document.activeElement.id") == "cover-button"
    for _ in range(3):  # nothing behind the cover takes the keyboard's focus
        page.keyboard.press("Tab")
        focused = page.evaluate("document.activeElement.id || document.activeElement.tagName")
        assert focused in ("cover-button", "BODY")  # BODY: the browser's own controls
    assert page.locator("#zones").inner_text() == "" and page.locator("#lines").inner_text() == ""
    button = page.get_by_role("button", name=f"I am {heading[len('Pass to ') :]}: show my cards")
    button.click()
    page.wait_for_function(READY)
    assert cover.is_hidden()
    assert heading[len("Pass to ") :] in page.locator("#play-heading").inner_text()
    assert page.locator(NEXT_MOVE).count() > 0


def test_the_keyboard_alone(server: str, open_page: Any) -> None:
    made = new_table(server, "chinchon", [0])
    page = open_page(seat_link(server, made, 0))
    page.wait_for_function(READY)
    page.evaluate("document.querySelector('.skip-link').focus()")  # the page's first stop
    page.keyboard.press("Enter")  # skips to the table, and stays at it
    assert page.evaluate("document.activeElement.id") == "main" and "token=" in page.url
    tabs = 0  # from the top of the table to the first move, in order
    while not page.evaluate(f"document.activeElement.matches({json.dumps(NEXT_MOVE)})"):
        page.keyboard.press("Tab")
        tabs += 1
        assert tabs < 40, "the first move is not reached by Tab"
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"  # the focus is visible
    before = api_view(server, made, 0)["moves"]
    for _ in range(4):  # the page brings the focus back to the next move
        page.wait_for_function(READY)
        assert page.evaluate(f"document.activeElement.matches({json.dumps(NEXT_MOVE)})")
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => document.activeElement.matches({json.dumps(NEXT_MOVE)})")
    assert api_view(server, made, 0)["moves"] > before + 3


def test_the_bots_pace_and_skip(server: str, open_page: Any) -> None:
    made = new_table(server, "chinchon", [0], players=4)
    page = open_page(seat_link(server, made, 0), pacing=True)
    page.wait_for_function(READY)
    assert page.locator("#pace").input_value() == "0.8"  # the default
    page.select_option("#pace", "3")
    assert page.evaluate("localStorage.getItem('pnp-table-pace')") == "3"
    page.locator(CHOICE).first.click()  # a draw: only the person's move, told at once
    page.wait_for_function(READY)
    assert page.locator("#events li").count() == len(api_view(server, made, 0)["events"])
    before = page.locator("#events li").count()
    page.locator(CHOICE).first.click()  # a discard: then three bots move
    skip = page.locator("#skip")
    skip.wait_for(state="visible")
    # three bots moved: their events come one at a time, the moves wait for them
    assert page.locator(NEXT_MOVE).count() == 0
    assert page.locator("#events li").count() < len(api_view(server, made, 0)["events"])
    skip.click()
    page.wait_for_function(READY)
    assert skip.is_hidden()
    view = api_view(server, made, 0)
    assert page.locator("#events li").count() == len(view["events"]) > before
    page.reload()  # the pace is kept
    page.wait_for_function(READY)
    assert page.locator("#pace").input_value() == "3"


def _with_zones(route: Any) -> None:
    """Answers a view with zones made from its legal moves (as the contract gives them)."""
    answer = route.fetch()
    view = answer.json()
    legal = [choice["action"] for choice in view.get("legal", [])]
    back = f"/api/games/{view['game']}/cards/main/back.png"
    cards = [
        {"name": f"Card {n}", "text": f"Card {n} (to test)", "image": None, "face_down": False,
         "actions": [action]}
        for n, action in enumerate(legal)
    ]  # fmt: skip
    if len(legal) > 1:  # the first card starts two moves: a menu
        cards[0]["actions"] = legal[:2]
    cards.append({"name": "Face down", "text": "Face down", "image": back, "face_down": True,
                  "actions": []})  # fmt: skip
    view["zones"] = [
        {"id": "hand", "name": "Your hand", "seat": view["seat"], "cards": cards,
         "count": len(cards)},
        {"id": "stock", "name": "Stock", "seat": None, "cards": [], "count": 20},
    ]  # fmt: skip
    view["scores"] = [{"seat": 0, "name": "You", "text": "Total 0"}]
    route.fulfill(response=answer, json=view)


def test_cards_from_the_views_zones(server: str, open_page: Any) -> None:
    made = new_table(server, "chinchon", [0])
    page = open_page("about:blank")
    page.route("**/api/tables/*/view", _with_zones)
    page.route("**/api/tables/*/actions", _with_zones)
    page.goto(seat_link(server, made, 0))
    page.wait_for_function(READY)
    before = api_view(server, made, 0)
    legal = before["legal"]
    assert len(legal) == 2  # the opening choice of Chinchón: the stock or the discard
    hand = page.get_by_role("region", name="Your hand")
    assert hand.locator("img").get_attribute("alt") == "Face down"
    assert page.get_by_role("region", name="Stock (20 cards)").is_visible()
    assert page.locator("#scores").inner_text() == "You: Total 0"
    assert page.locator("#lines-box").get_attribute("open") is None  # the text is folded
    page.get_by_text("The table as text").click()  # opened, it stays open as the game goes on
    assert serious(page) == []
    # a card with two moves opens a menu of their labels; Escape closes it
    first = hand.locator("button.playable").first
    assert "2 moves" in first.inner_text()
    first.click()
    menu = page.get_by_role("group", name="Moves with Card 0 (to test)")
    assert menu.get_by_role("button").all_inner_texts() == [c["label"] for c in legal] + ["Cancel"]
    page.keyboard.press("Escape")
    assert menu.count() == 0
    assert page.evaluate("document.activeElement.getAttribute('aria-expanded')") == "false"
    # a card with one move takes it: the second card draws from the discard
    second = hand.locator("button.playable").nth(1)
    assert second.get_attribute("aria-label") == f"Card 1 (to test): {legal[1]['label']}"
    second.click()
    page.wait_for_function(READY)
    assert api_view(server, made, 0)["moves"] == before["moves"] + 1
    assert page.locator("#lines-box").get_attribute("open") is not None


def _no_answers(route: Any) -> None:
    """A server that takes no answers (404), as one without the playtests part."""
    route.fulfill(status=404, json={"error": "there is nothing at this path"})


@pytest.mark.parametrize("kept", [True, False])
def test_the_questions_at_the_end(server: str, open_page: Any, kept: bool) -> None:
    made = new_table(server, "chin-music", [0])
    page = open_page(seat_link(server, made, 0))
    if not kept:
        page.route("**/api/tables/*/feedback", _no_answers)
    play_out(page)
    assert page.evaluate("document.activeElement.id") == "result-heading"
    form = page.locator("#feedback")
    assert form.is_visible() and api_view(server, made, 0)["feedback"]["asked"]
    if kept:
        assert serious(page) == []
    form.get_by_role("button", name="Send").click()  # nothing chosen: a sentence says so
    assert "Choose how much fun" in page.locator("#feedback-error").inner_text()
    page.get_by_label("4", exact=True).check()
    page.get_by_label("too long").check()
    page.fill("#note", "The ruffians are a delight.")
    form.get_by_role("button", name="Send").click()
    form.wait_for(state="hidden")  # answered, or quietly gone where answers are not kept
    assert page.locator("#feedback-done").is_visible() == kept
    assert page.locator("#feedback-error").inner_text() == ""
    assert api_view(server, made, 0)["feedback"]["given"] == kept
    if kept:  # the page opened again does not ask twice
        page.reload()
        page.wait_for_function(OVER)
        assert form.is_hidden() and page.locator("#feedback-done").is_visible()


def test_the_qr_codes_of_the_links(server: str) -> None:
    import xml.etree.ElementTree as ElementTree

    import segno

    link = f"{server}#table=abc&seat=1&token=" + "x" * 22
    answer = httpx.post(f"{server}api/qr", json={"text": link})
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("image/svg+xml")
    svg = ElementTree.fromstring(answer.content)
    assert svg.tag.endswith("svg")
    # the code is the link's: as wide as segno's symbol of that text (scale 4, border 2)
    assert int(svg.get("width", "0")) == (segno.make(link, error="m").symbol_size(border=2)[0]) * 4
    for wrong, said in (({"text": ""}, "send the text"), ({"text": "x" * 2001}, "at most 2,000")):
        refused = httpx.post(f"{server}api/qr", json=wrong)
        assert refused.status_code == 400 and said in refused.json()["error"]


def test_a_cards_menu_on_a_phone(server: str, open_page: Any) -> None:
    made = new_table(server, "joes-bar", [0], players=3)
    page = open_page(seat_link(server, made, 0), viewport=PHONE)
    page.wait_for_function(READY)
    several = page.locator("#zones button.playable[aria-expanded]")
    assert several.count() > 0  # Joe's Bar's hand: a card starts its hits and its dodge
    boxes = [several.nth(index).bounding_box() for index in range(several.count())]
    rightmost = several.nth(max(range(len(boxes)), key=lambda index: boxes[index]["x"]))
    rightmost.click()  # the card nearest the right edge
    box = page.locator(".card-menu").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    rightmost.click()  # a second click closes it
    assert page.locator(".card-menu").count() == 0


def test_a_link_to_no_table(server: str, open_page: Any) -> None:
    page = open_page(f"{server}#table=gone&seat=0&token=nothing")
    page.wait_for_function("document.querySelector('#start-error').textContent !== ''")
    assert page.locator("#start").is_visible() and page.locator("#play").is_hidden()
    assert "there is no table 'gone'" in page.locator("#start-error").inner_text()


def test_a_rule_decisions_side_is_chosen_on_the_first_page(server: str, open_page: Any) -> None:
    page = open_page(server)
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", "chinchon")
    assert page.locator("#decisions").is_hidden()  # Chinchón has no open decisions
    page.select_option("#game", "joes-bar")
    assert page.locator("#decision-list select").count() == 7
    page.get_by_label("winning").select_option("older-draft")
    page.fill("#seed", str(SEED))
    page.get_by_role("button", name="Start").click()
    page.wait_for_function(READY)
    here = fragment(page.url)
    log = httpx.get(
        f"{server}api/tables/{here['table']}/log",
        headers={"Authorization": f"Bearer {here['token']}"},
    ).json()
    assert log["params"]["winning"] == "older-draft"
    assert log["params"]["dodging"] == "beta"  # a side left alone is the game's


def test_a_saved_game_goes_on_at_the_table(server: str, open_page: Any, tmp_path: Path) -> None:
    made = new_table(server, "chinchon", [0])
    token = made["tokens"]["0"]
    headers = {"Authorization": f"Bearer {token}"}
    for _ in range(3):
        legal = api_view(server, made, 0)["legal"]
        httpx.post(
            f"{server}api/tables/{made['table']}/actions",
            json={"action": legal[0]["action"]},
            headers=headers,
        )
    save = httpx.get(f"{server}api/tables/{made['table']}/log", headers=headers).json()
    path = tmp_path / "chinchon.json"
    path.write_text(json.dumps(save), encoding="utf-8")
    (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")
    page = open_page(server)
    page.wait_for_selector("#game option", state="attached")
    page.set_input_files("#save-file", str(tmp_path / "broken.json"))
    page.get_by_role("button", name="Go on").click()
    page.wait_for_selector("#resume-error:text('not JSON')")
    page.set_input_files("#save-file", str(path))
    page.get_by_role("button", name="Go on").click()
    page.wait_for_function(READY)
    here = fragment(page.url)
    assert here["table"] != made["table"]
    went_on = httpx.get(
        f"{server}api/tables/{here['table']}/view",
        headers={"Authorization": f"Bearer {here['token']}"},
    ).json()
    assert went_on["moves"] == len(save["actions"]) > 3  # the bots' moves came back too
    assert went_on["lines"] == api_view(server, made, 0)["lines"]


def test_a_recitation_is_written_in_a_field(server: str, open_page: Any) -> None:
    made = new_table(server, "chin-music", [0], players=3)
    page = open_page(seat_link(server, made, 0))
    page.wait_for_function(READY)
    page.locator("#zones button.playable").first.click()  # play a card: then recite
    field = page.get_by_label(re.compile("Recite the stack"))
    field.wait_for()
    assert page.get_by_role("button", name="recite the stack").count() == 0
    [top] = [zone for zone in api_view(server, made, 0)["zones"] if zone["id"] == "top"]
    word = top["cards"][0]["name"].split(",")[0]
    field.fill(word.upper())
    page.get_by_role("button", name="Say it").click()
    page.wait_for_function(READY)
    token = made["tokens"]["0"]
    log = httpx.get(
        f"{server}api/tables/{made['table']}/log", headers={"Authorization": f"Bearer {token}"}
    ).json()
    assert f"0:recite:{word.upper()}" in log["actions"]  # what was written, sent whole
