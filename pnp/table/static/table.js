"use strict";
// The table's page: it uses only the JSON interface (/api); a seat's token stays in the
// address's fragment (#table=ID&seat=N&token=T), which is never sent to the server.
const $ = (id) => document.getElementById(id);
let games = [];
let here = null; // {table, seat, token}
let polling = null;

async function api(method, path, body, token) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || `the server answered ${response.status}`);
  return data;
}

function chooseGame() {
  const game = games.find((g) => g.id === $("game").value);
  if (!game) return;
  $("summary").textContent = game.summary;
  $("players").min = game.players.min;
  $("players").max = game.players.max;
  $("players").value = game.players.default;
  $("humans").max = game.players.max;
  $("variant").replaceChildren(new Option("none", ""));
  for (const variant of game.variants) {
    $("variant").append(new Option(`${variant.id}: ${variant.summary}`, variant.id));
  }
}

async function start(event) {
  event.preventDefault();
  $("start-error").textContent = "";
  const players = Number($("players").value);
  const people = Math.max(1, Math.min(players, Number($("humans").value)));
  const body = {
    game: $("game").value, players, bot: $("bot").value,
    humans: Array.from({ length: people }, (_, seat) => seat),
  };
  if ($("variant").value) body.variant = $("variant").value;
  if ($("seed").value !== "") body.seed = Number($("seed").value);
  try {
    const made = await api("POST", "/api/tables", body);
    const list = $("link-list");
    list.replaceChildren();
    for (const [seat, token] of Object.entries(made.tokens)) {
      const link = `${location.origin}${location.pathname}#table=${made.table}&seat=${seat}&token=${token}`;
      const item = document.createElement("li");
      const anchor = document.createElement("a");
      anchor.href = link;
      anchor.textContent = `Seat ${Number(seat) + 1}: ${link}`;
      item.append(anchor);
      list.append(item);
    }
    $("links").hidden = people < 2;
    const [seat, token] = Object.entries(made.tokens)[0];
    location.hash = `table=${made.table}&seat=${seat}&token=${token}`;
  } catch (error) {
    $("start-error").textContent = error.message;
  }
}

function show(view) {
  $("play").hidden = false;
  $("play-heading").textContent = `${view.title}, seat ${view.seat === null ? "(watching)" : view.seat + 1}`;
  const toAct = view.to_act === null ? null : view.players[view.to_act];
  $("status").textContent = view.over ? "The game is over."
    : view.legal.length ? "Your turn: choose below."
    : `Waiting for ${toAct ? toAct.name : "the next player"}.`;
  $("lines").textContent = view.lines.join("\n");
  const choices = $("choices");
  choices.replaceChildren();
  for (const choice of view.legal) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = choice.label;
    button.title = choice.action;
    button.addEventListener("click", () => act(choice.action));
    choices.append(button);
  }
  const events = $("events");
  events.replaceChildren(...view.events.map((line) => {
    const item = document.createElement("li");
    item.textContent = line;
    return item;
  }));
  events.scrollTop = events.scrollHeight;
  const result = $("result");
  result.hidden = !view.result;
  if (view.result) {
    result.replaceChildren(...view.result.summary.map((line) => {
      const p = document.createElement("p");
      p.textContent = line;
      return p;
    }));
  }
  $("log-link").hidden = !view.over && view.players.filter((p) => p.human).length > 1;
  if (polling) clearTimeout(polling);
  if (!view.over && !view.legal.length) polling = setTimeout(refresh, 1500);
}

async function act(action) {
  $("play-error").textContent = "";
  // one move at a time: a second click before the answer would be refused
  for (const button of $("choices").querySelectorAll("button")) button.disabled = true;
  try {
    show(await api("POST", `/api/tables/${here.table}/actions`, { action }, here.token));
    const first = $("choices").querySelector("button");
    if (first) first.focus();
  } catch (error) {
    $("play-error").textContent = error.message;
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
    for (const button of $("choices").querySelectorAll("button")) button.disabled = false;
  }
}

async function refresh() {
  if (!here) return;
  try {
    show(await api("GET", `/api/tables/${here.table}/view`, undefined, here.token));
  } catch (error) {
    $("play-error").textContent = error.message;
  }
}

function readHash() {
  const found = new URLSearchParams(location.hash.slice(1));
  here = found.get("table") ? { table: found.get("table"), token: found.get("token") } : null;
  $("start").hidden = Boolean(here);
  if (here) refresh();
}

async function main() {
  try {
    games = (await api("GET", "/api/games")).games;
  } catch (error) {
    $("start-error").textContent = error.message;
    return;
  }
  for (const game of games) $("game").append(new Option(game.title, game.id));
  $("game").addEventListener("change", chooseGame);
  $("new-table").addEventListener("submit", start);
  $("log-link").addEventListener("click", downloadLog);
  window.addEventListener("hashchange", readHash);
  chooseGame();
  readHash();
}
main();
