"use strict";
// The table's page: it uses only the JSON interface (/api). A seat's token stays in the
// address's fragment, which is never sent to the server:
//   #table=ID&seat=N&token=T      one seat (a person's own device)
//   #table=ID&seats=0:T0,1:T1     every person's seat on one device (passed between turns)
//   #table=ID                     a spectator
const $ = (id) => document.getElementById(id);
const PACE_KEY = "pnp-table-pace";
const LARGE_KEY = "pnp-table-large-cards";
const LINKS_KEY = "pnp-table-links-";
const MANY_MOVES = 12; // more legal moves than this: a menu instead of buttons
const POLL_MS = 1500;

let games = [];
let here = null; // {table, seat, token, tokens: {seat: token} or null}
let view = null; // the view shown
let shown = []; // the events shown in the log, in order
let queue = []; // the events still to show, one at a time
let pacer = null;
let polling = null;
let busy = false;
let feedbackOff = false; // the server takes no answers (404): the form stays hidden

async function api(method, path, body, token) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = {};
  try { data = await response.json(); } catch { data = {}; }
  if (!response.ok) {
    const problem = new Error(data.error || `the server answered ${response.status}`);
    problem.status = response.status;
    throw problem;
  }
  return data;
}

function element(tag, text, className) {
  const made = document.createElement(tag);
  if (text !== undefined) made.textContent = text;
  if (className) made.className = className;
  return made;
}

// --- the first page --------------------------------------------------------------------

function chooseGame() {
  const game = games.find((g) => g.id === $("game").value);
  if (!game) return;
  $("summary").textContent = game.summary;
  $("players").min = game.players.min;
  $("players").max = game.players.max;
  $("players").value = game.players.default;
  $("variant").replaceChildren(new Option("none", ""));
  for (const variant of game.variants) {
    $("variant").append(new Option(`${variant.id}: ${variant.summary}`, variant.id));
  }
  // Each open rule decision of the game: its sides, the first (the game's own) chosen.
  const list = $("decision-list");
  list.replaceChildren();
  const decisions = Object.entries(game.decisions || {});
  $("decisions").hidden = decisions.length === 0;
  for (const [name, sides] of decisions) {
    const id = `decision-${name}`;
    const label = element("label", name.replaceAll("_", " "));
    label.htmlFor = id;
    const select = element("select");
    select.id = id;
    select.dataset.decision = name;
    sides.forEach((side, index) => {
      select.append(new Option(index === 0 ? `${side} (the game's)` : side, side));
    });
    list.append(label, select);
  }
  choosePeople();
}

// The variant words of the form: the variant, and each decision set to another side.
function variantWords() {
  const words = $("variant").value ? [$("variant").value] : [];
  for (const select of $("decision-list").querySelectorAll("select")) {
    if (select.selectedIndex > 0) words.push(`${select.dataset.decision}=${select.value}`);
  }
  return words;
}

// A table's tokens to the page's address: every seat's on a shared device, else the
// first seat's (the host's page lists the others' links).
function goTo(made, shared) {
  const entries = Object.entries(made.tokens);
  if (shared) {
    location.hash = `table=${made.table}&seats=${entries.map(([s, t]) => `${s}:${t}`).join(",")}`;
    return;
  }
  if (entries.length > 1) {
    sessionStorage.setItem(LINKS_KEY + made.table, JSON.stringify(made.tokens));
  }
  const [seat, token] = entries[0];
  location.hash = `table=${made.table}&seat=${seat}&token=${token}`;
}

async function resume(event) {
  event.preventDefault();
  $("resume-error").textContent = "";
  const file = $("save-file").files[0];
  if (!file) {
    $("resume-error").textContent = "Choose the save file first.";
    $("save-file").focus();
    return;
  }
  let save;
  try {
    save = JSON.parse(await file.text());
  } catch {
    $("resume-error").textContent = `${file.name} is not a save: it is not JSON.`;
    return;
  }
  if (save === null || typeof save !== "object" || typeof save.game !== "string") {
    $("resume-error").textContent = `${file.name} is not a save: it names no game.`;
    return;
  }
  try {
    goTo(await api("POST", "/api/tables", { game: save.game, save }), false);
  } catch (error) {
    $("resume-error").textContent = `${file.name}: ${error.message}`;
  }
}

function choosePeople() {
  $("humans").max = $("players").value;
  $("devices").hidden = Number($("humans").value) < 2;
}

function seatLink(table, seat, token) {
  return `${location.origin}${location.pathname}#table=${table}&seat=${seat}&token=${token}`;
}

async function start(event) {
  event.preventDefault();
  $("start-error").textContent = "";
  const players = Number($("players").value);
  const people = Number($("humans").value);
  if (!Number.isInteger(people) || people < 1 || people > players) {
    $("start-error").textContent = `The people at the table must be from 1 to ${players}.`;
    $("humans").focus();
    return;
  }
  const body = {
    game: $("game").value, players, bot: $("bot").value,
    humans: Array.from({ length: people }, (_, seat) => seat),
  };
  const words = variantWords();
  if (words.length) body.variant = words;
  if ($("seed").value !== "") body.seed = Number($("seed").value);
  const shared = people > 1
    && document.querySelector("input[name=devices]:checked").value === "shared";
  try {
    goTo(await api("POST", "/api/tables", body), shared);
  } catch (error) {
    $("start-error").textContent = error.message;
  }
}

// The host's page (the first seat's link, in the tab that made the table) lists the links.
async function showLinks(table) {
  const kept = sessionStorage.getItem(LINKS_KEY + table);
  const host = kept !== null && here.token && JSON.parse(kept)[here.seat] === here.token
    && here.seat === 0;
  $("links").hidden = !host;
  if (!host) return;
  const list = $("link-list");
  list.replaceChildren();
  if (["127.0.0.1", "localhost", "[::1]"].includes(location.hostname)) {
    list.append(element("li", "These links name this computer only (127.0.0.1): for phones "
      + "and other computers, start the table with pnp table --host 0.0.0.0 and open the "
      + "page at this computer's network address.", "note"));
  }
  for (const [seat, token] of Object.entries(JSON.parse(kept))) {
    const link = seatLink(table, seat, token);
    const who = `Player ${Number(seat) + 1}`;
    const item = element("li", undefined, "seat-link");
    item.append(element("h3", Number(seat) === 0 ? `${who} (this page: your link)` : who));
    const anchor = element("a", link);
    anchor.href = link;
    item.append(anchor);
    list.append(item);
    try {
      const response = await fetch("/api/qr", {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ text: link }),
      });
      if (!response.ok) continue;
      const image = element("img", undefined, "qr");
      image.src = URL.createObjectURL(await response.blob());
      image.alt = `QR code of ${who}'s link`;
      item.append(image);
    } catch { /* no QR code: the link is there */ }
  }
}

// --- the table -------------------------------------------------------------------------

function pace() {
  const kept = localStorage.getItem(PACE_KEY);
  return kept === null ? 0.8 : Number(kept);
}

function seatName(seat) {
  return `Player ${seat + 1}`;
}

// A move's label, its seats ("player 2": seats count from 0) named as the table names them.
function named(label) {
  return label.replace(/\bplayer (\d+)\b/g, (said, seat) => {
    const player = view && view.players[Number(seat)];
    if (!player) return said;
    return player.name === "You" ? "you" : player.name;
  });
}

function labelOf(action) {
  const found = view && view.legal.find((choice) => choice.action === action);
  return found ? named(found.label) : action;
}

function playable() {
  return !busy && queue.length === 0 && view && view.legal.length > 0;
}

// A new view: its new events are shown one at a time (the bots' pace), the moves after them.
// After a person's own move, its lines come at once (all of them when no one else moved).
function receive(next, first, own) {
  const sameSeat = view && view.seat === next.seat && view.table === next.table;
  const othersMoved = !own || !view || next.moves - view.moves > 1;
  const before = view;
  view = next;
  const events = next.events;
  let added = events;
  if (sameSeat && shown.length <= events.length && shown.every((line, i) => events[i] === line)) {
    added = events.slice(shown.length);
  } else {
    shown = [];
    $("events").replaceChildren();
  }
  if (first || !sameSeat || pace() === 0 || !othersMoved) {
    showEvents(added);
    queue = [];
  } else {
    if (own) showEvents(added.splice(0, 1));
    queue.push(...added);
  }
  if (queue.length && before && sameSeat) {
    // the board stays as it was, its cards unplayable, until the events are shown
    drawZones(before.zones || [], false);
    $("choices-box").hidden = true;
  } else if (queue.length) {
    draw(next, true); // a first view of the table: its cards wait, unplayable
  } // with nothing to wait for, settle() draws the table once
  if (queue.length) {
    $("skip").hidden = false;
    $("status").textContent = "The other players are moving…";
    if (!pacer) pacer = setTimeout(nextEvent, pace() * 1000);
  } else {
    settle();
  }
}

function showEvents(lines) {
  if (!lines.length) return;
  const list = $("events");
  for (const line of lines) list.append(element("li", line));
  shown.push(...lines);
  list.scrollTop = list.scrollHeight;
  $("newest").textContent = lines[lines.length - 1];
}

function nextEvent() {
  pacer = null;
  if (!queue.length) return;
  showEvents([queue.shift()]);
  if (queue.length) pacer = setTimeout(nextEvent, pace() * 1000);
  else settle();
}

function skip() {
  if (pacer) clearTimeout(pacer);
  pacer = null;
  showEvents(queue.splice(0));
  settle();
}

// The view drawn: who plays, the scores, the cards (or the terminal's lines).
function draw(next, cards) {
  $("play").hidden = false;
  const name = next.seat === null ? "watching" : next.players[next.seat].name;
  $("play-heading").textContent = name === "You" ? next.title : `${next.title}: ${name}`;
  const seats = $("seats");
  seats.replaceChildren(...next.players.map((player) => {
    const item = element("li", undefined, player.seat === next.to_act && !next.over ? "to-act" : "");
    const mine = player.seat === next.seat || (here.tokens && player.seat in here.tokens);
    const kind = player.human ? "person" : `bot, ${player.bot}`;
    item.append(element("span", player.seat === next.to_act && !next.over ? "▶ " : "", "marker"));
    const you = player.seat === next.seat && player.name !== "You";
    item.append(element("strong", you ? `${player.name} (you)` : player.name));
    item.append(element("span", ` · ${mine && player.seat !== next.seat ? "person here" : kind}`));
    if (player.seat === next.to_act && !next.over) item.append(element("span", " · to move", "word"));
    return item;
  }));
  const scores = next.scores || [];
  $("scores").hidden = scores.length === 0;
  $("scores").replaceChildren(...scores.map((score) => element("li", `${score.name}: ${score.text}`)));
  $("lines").textContent = next.lines.join("\n");
  const zones = next.zones || [];
  const text = $("lines-box"); // open when it is all there is; else as the person left it
  if (zones.length === 0) text.open = true;
  else if (text.classList.contains("only")) text.open = false;
  text.classList.toggle("only", zones.length === 0);
  if (cards) drawZones(zones, false);
}

function drawZones(zones, live) {
  if (!zones.length) $("preview").hidden = true;
  const box = $("zones");
  box.replaceChildren();
  zones.forEach((zone, index) => {
    const mine = zone.seat !== null && zone.seat === view.seat;
    const theirs = zone.seat !== null && zone.seat !== view.seat;
    const whose = mine ? " mine" : theirs ? " theirs" : "";
    const section = element("section", undefined, `zone zone-${zone.id}${whose}`);
    const heading = element("h3", zone.name);
    heading.id = `zone-${index}`;
    section.setAttribute("aria-labelledby", heading.id);
    if (zone.count !== zone.cards.length || zone.count === 0) {
      heading.append(element("span", ` (${zone.count} ${zone.count === 1 ? "card" : "cards"})`, "count"));
    }
    section.append(heading);
    const row = element("ul", undefined, "cards");
    for (const card of zone.cards) row.append(drawCard(card, live));
    if (zone.cards.length) section.append(row);
    box.append(section);
  });
}

function drawCard(card, live) {
  const item = element("li", undefined, "card-slot");
  const actions = live ? card.actions.filter((action) => view.legal.some((c) => c.action === action)) : [];
  const face = actions.length ? element("button", undefined, "card playable") : element("div", undefined, "card");
  if (card.face_down) face.classList.add("face-down");
  if (card.image) {
    const image = element("img");
    image.src = card.image;
    image.alt = card.text;
    image.loading = "lazy";
    // a picture that cannot be drawn: the card's name instead
    image.addEventListener("error", () => image.replaceWith(element("span", card.text, "card-text")));
    face.append(image);
    if (!card.face_down) {
      // on a wide screen, the card under the pointer or the focus is shown large beside
      const large = () => preview(card);
      face.addEventListener("mouseenter", large);
      face.addEventListener("focus", large);
    }
  } else {
    face.append(element("span", card.text, "card-text"));
  }
  if (actions.length) {
    face.type = "button";
    const first = labelOf(actions[0]);
    face.append(element("span", actions.length === 1 ? `▶ ${first}` : `▶ ${actions.length} moves`, "card-word"));
    face.setAttribute("aria-label", actions.length === 1 ? `${card.text}: ${first}`
      : `${card.text}: ${actions.length} moves`);
    if (actions.length === 1) {
      face.addEventListener("click", () => act(actions[0]));
    } else {
      face.setAttribute("aria-expanded", "false");
      face.addEventListener("click", () => openMenu(item, face, card, actions));
    }
  }
  item.append(face);
  return item;
}

function preview(card) {
  const box = $("preview");
  box.querySelector("img").src = card.image;
  box.querySelector("figcaption").textContent = card.text;
  box.hidden = false;
}

function openMenu(item, face, card, actions) {
  const wasOpen = face.getAttribute("aria-expanded") === "true";
  for (const open of document.querySelectorAll(".card-menu")) open.remove();
  for (const other of document.querySelectorAll(".card[aria-expanded=true]")) {
    other.setAttribute("aria-expanded", "false");
  }
  if (wasOpen) return; // a second click closes it
  const menu = element("div", undefined, "card-menu");
  menu.setAttribute("role", "group");
  menu.setAttribute("aria-label", `Moves with ${card.text}`);
  const close = () => {
    menu.remove();
    face.setAttribute("aria-expanded", "false");
    face.focus();
  };
  for (const action of actions) {
    const button = element("button", labelOf(action));
    button.type = "button";
    button.addEventListener("click", () => act(action));
    menu.append(button);
  }
  const cancel = element("button", "Cancel", "quiet");
  cancel.type = "button";
  cancel.addEventListener("click", close);
  menu.append(cancel);
  menu.addEventListener("keydown", (event) => { if (event.key === "Escape") close(); });
  item.append(menu);
  face.setAttribute("aria-expanded", "true");
  menu.querySelector("button").focus();
}

// A move written rather than picked (Chin Music's recitation): a text field and a button.
function drawTyped(move) {
  const form = element("form", undefined, "typed");
  const id = `typed-${move.prefix.replace(/[^a-z0-9]/gi, "-")}`;
  const label = element("label", move.label);
  label.htmlFor = id;
  const input = element("input");
  input.id = id;
  input.type = "text";
  input.autocomplete = "off";
  input.setAttribute("aria-describedby", `${id}-help`);
  const help = element("p", move.help, "help");
  help.id = `${id}-help`;
  const go = element("button", "Say it");
  go.type = "submit";
  form.append(label, input, help, go);
  if (move.words.length) {
    const words = element("details");
    words.append(element("summary", "The deck's words"), element("p", move.words.join(", ")));
    form.append(words);
  }
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    act(move.prefix + input.value.trim());
  });
  return form;
}

function drawChoices(legal, typed = []) {
  const choices = $("choices");
  choices.replaceChildren();
  const replaced = new Set(typed.flatMap((move) => move.replaces));
  for (const move of typed) choices.append(drawTyped(move));
  legal = legal.filter((choice) => !replaced.has(choice.action));
  $("choices-box").hidden = legal.length === 0 && typed.length === 0;
  if (legal.length > MANY_MOVES) {
    // a menu, its moves grouped by their kind (the verb of the action's text)
    const label = element("label", `Choose one of ${legal.length} moves`);
    label.htmlFor = "move-menu";
    const menu = element("select");
    menu.id = "move-menu";
    const none = new Option("(choose a move)", "", true, true);
    none.disabled = true;
    menu.append(none);
    const kinds = new Map();
    for (const choice of legal) {
      const kind = choice.action.split(":")[1] || "move";
      if (!kinds.has(kind)) kinds.set(kind, []);
      kinds.get(kind).push(choice);
    }
    for (const [kind, members] of kinds) {
      const group = kinds.size > 1 ? element("optgroup") : menu;
      if (kinds.size > 1) {
        group.label = `${kind} (${members.length})`;
        menu.append(group);
      }
      for (const choice of members) group.append(new Option(named(choice.label), choice.action));
    }
    const go = element("button", "Make this move");
    go.type = "button";
    go.addEventListener("click", () => {
      if (menu.value) act(menu.value);
      else {
        $("play-error").textContent = "Choose a move in the menu first.";
        menu.focus();
      }
    });
    choices.append(label, menu, go);
    return;
  }
  for (const choice of legal) {
    const button = element("button", named(choice.label));
    button.type = "button";
    button.addEventListener("click", () => act(choice.action));
    choices.append(button);
  }
}

// The events are all shown: the moves, the end, the next person.
function settle() {
  $("skip").hidden = true;
  const next = view;
  draw(next, false); // the players and scores as they are now
  const focusLost = document.activeElement === document.body
    || !document.activeElement || !document.activeElement.isConnected
    || $("zones").contains(document.activeElement) || $("choices").contains(document.activeElement);
  drawZones(next.zones || [], true);
  drawChoices(next.legal, next.typed || []);
  const toAct = next.to_act === null ? null : next.players[next.to_act];
  const mine = next.legal.length > 0;
  $("status").textContent = next.over ? "The game is over."
    : mine ? `▶ Your turn: choose ${(next.zones || []).length ? "a card or " : ""}a move.`
    : `Waiting for ${toAct ? toAct.name : "the next player"}.`;
  $("status").classList.toggle("your-turn", mine);
  document.title = mine ? "▶ Your turn · pnp table" : `${next.title} · pnp table`;
  drawResult(next);
  $("log-box").hidden = !next.over && next.players.filter((p) => p.human).length > 1;
  if (polling) clearTimeout(polling);
  polling = null;
  if (here.tokens && !next.over && next.to_act !== next.seat && next.to_act in here.tokens) {
    cover(next.to_act);
    return;
  }
  if (!next.over && !mine) polling = setTimeout(refresh, POLL_MS);
  if (next.over && focusLost) $("result-heading").focus();
  if (mine && focusLost) {
    const first = document.querySelector("#choices form.typed input")
      || document.querySelector("#zones .playable, #choices button, #choices select");
    if (first) first.focus();
  }
}

function drawResult(next) {
  const result = $("result");
  result.hidden = !next.result;
  if (!next.result) return;
  const lines = next.result.summary.filter((line, i) => i > 0 || line.trim());
  $("summary-lines").replaceChildren(element("pre", lines.join("\n"), "summary-lines"));
  const asked = next.feedback && next.feedback.asked && !next.feedback.given && !feedbackOff;
  $("feedback").hidden = !asked;
  $("feedback-done").hidden = !(next.feedback && next.feedback.given);
  const ends = $("ends");
  ends.replaceChildren();
  if (here.tokens) {
    for (const seat of Object.keys(here.tokens).map(Number)) {
      if (seat === next.seat) continue;
      const button = element("button", `Show ${seatName(seat)}'s end and questions`);
      button.type = "button";
      button.addEventListener("click", () => switchSeat(seat));
      ends.append(button);
    }
  }
}

// Everything but the cover takes no click and no focus while the cover is up.
function behindCover(covered) {
  for (const part of document.body.children) if (part.id !== "cover") part.inert = covered;
}

function cover(seat) {
  const who = seatName(seat);
  $("cover-heading").textContent = `Pass to ${who}`;
  $("cover-button").textContent = `I am ${who}: show my cards`;
  $("cover-button").onclick = () => switchSeat(seat);
  $("zones").replaceChildren();
  $("lines").textContent = "";
  $("choices").replaceChildren();
  $("cover").hidden = false;
  behindCover(true);
  $("cover-button").focus();
}

function switchSeat(seat) {
  here.seat = seat;
  here.token = here.tokens[seat];
  $("cover").hidden = true;
  behindCover(false);
  feedbackOff = false;
  refresh(true);
}

async function act(action) {
  if (!playable()) return;
  $("play-error").textContent = "";
  busy = true;
  for (const button of document.querySelectorAll("#choices button, #zones button")) button.disabled = true;
  try {
    const next = await api("POST", `/api/tables/${here.table}/actions`, { action }, here.token);
    busy = false;
    receive(next, false, true);
  } catch (error) {
    busy = false;
    $("play-error").textContent = error.message;
    settle();
  }
}

async function refresh(first) {
  if (!here) return;
  try {
    const next = await api("GET", `/api/tables/${here.table}/view`, undefined, here.token);
    if (!first && view && !busy && next.moves === view.moves && next.over === view.over
        && next.seat === view.seat && queue.length === 0) {
      if (!next.over) polling = setTimeout(refresh, POLL_MS);
      return;
    }
    receive(next, first === true, false);
  } catch (error) {
    if (!view) { // no table to show (a wrong link, or a server started again)
      $("start").hidden = false;
      $("start-error").textContent = `${error.message}. Start a new table here.`;
      return;
    }
    $("play-error").textContent = error.message;
    if (!view.over && error.status !== 403 && error.status !== 404) {
      polling = setTimeout(refresh, POLL_MS * 2); // the server may be back soon
    }
  }
}

async function sendFeedback(event) {
  event.preventDefault();
  $("feedback-error").textContent = "";
  const fun = document.querySelector("input[name=fun]:checked");
  const length = document.querySelector("input[name=length]:checked");
  if (!fun || !length) {
    $("feedback-error").textContent = "Choose how much fun it was and how its length felt.";
    return;
  }
  const body = { fun: Number(fun.value), length: length.value };
  if ($("note").value.trim()) body.note = $("note").value.trim();
  try {
    await api("POST", `/api/tables/${here.table}/feedback`, body, here.token);
    $("feedback").hidden = true;
    $("feedback-done").hidden = false;
    $("feedback-done").focus();
  } catch (error) {
    if (error.status === 404) {
      feedbackOff = true;
      $("feedback").hidden = true;
    } else {
      $("feedback-error").textContent = error.message;
    }
  }
}

function radios(box, name, values) {
  for (const [value, text] of values) {
    const label = element("label", undefined, "choice");
    const input = element("input");
    input.type = "radio";
    input.name = name;
    input.value = value;
    label.append(input, ` ${text}`);
    box.append(label);
  }
}

async function downloadLog(event) {
  event.preventDefault();
  $("play-error").textContent = "";
  try {
    const save = await api("GET", `/api/tables/${here.table}/log`, undefined, here.token);
    const blob = new Blob([JSON.stringify(save, null, 1)], { type: "application/json" });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = `${save.game}-${save.seed}.json`;
    link.click();
    URL.revokeObjectURL(link.href);
  } catch (error) {
    $("play-error").textContent = error.message;
  }
}

function readHash() {
  const found = new URLSearchParams(location.hash.slice(1));
  if (polling) clearTimeout(polling);
  if (pacer) clearTimeout(pacer);
  polling = pacer = null;
  view = null;
  shown = [];
  queue = [];
  feedbackOff = false;
  $("events").replaceChildren();
  $("cover").hidden = true;
  behindCover(false);
  const table = found.get("table");
  here = null;
  if (table) {
    const seats = found.get("seats");
    if (seats) {
      const tokens = Object.fromEntries(seats.split(",").map((pair) => pair.split(":"))
        .map(([seat, token]) => [Number(seat), token]));
      const first = Math.min(...Object.keys(tokens).map(Number));
      here = { table, tokens, seat: first, token: tokens[first] };
    } else {
      here = { table, tokens: null, seat: Number(found.get("seat")), token: found.get("token") };
    }
  }
  $("start").hidden = Boolean(here);
  $("play").hidden = true;
  if (here) {
    showLinks(table);
    refresh(true);
  } else {
    $("links").hidden = true;
  }
}

async function main() {
  $("pace").value = String(pace());
  if ($("pace").selectedIndex < 0) $("pace").value = "0.8";
  $("pace").addEventListener("change", () => localStorage.setItem(PACE_KEY, $("pace").value));
  $("skip").addEventListener("click", skip);
  // the skip link moves the focus only: the address's fragment holds the table and seat
  document.querySelector(".skip-link").addEventListener("click", (event) => {
    event.preventDefault();
    $("main").focus();
  });
  const large = (on) => document.body.classList.toggle("large-cards", on);
  $("large").checked = localStorage.getItem(LARGE_KEY) === "1";
  large($("large").checked);
  $("large").addEventListener("change", () => {
    localStorage.setItem(LARGE_KEY, $("large").checked ? "1" : "0");
    large($("large").checked);
  });
  $("feedback").addEventListener("submit", sendFeedback);
  radios($("fun"), "fun", [["1", "1 (no fun)"], ["2", "2"], ["3", "3"], ["4", "4"], ["5", "5 (great fun)"]]);
  radios($("length"), "length", [["too short", "too short"], ["about right", "about right"], ["too long", "too long"]]);
  $("log-link").addEventListener("click", downloadLog);
  window.addEventListener("hashchange", readHash);
  $("players").addEventListener("input", choosePeople);
  $("humans").addEventListener("input", choosePeople);
  $("new-table").addEventListener("submit", start);
  $("resume").addEventListener("submit", resume);
  try {
    games = (await api("GET", "/api/games")).games;
  } catch (error) {
    $("start-error").textContent = error.message;
    return;
  }
  for (const game of games) $("game").append(new Option(game.title, game.id));
  $("game").addEventListener("change", chooseGame);
  chooseGame();
  readHash();
}
main();
