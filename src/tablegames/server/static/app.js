// The page: draws the state the server sends (the seat's view, its redacted log and its legal
// actions, all in tablegames' published JSON forms) and sends back actions' JSON forms.
//
// Nothing here knows a variant by heart: the menu and the option form come from /api/variants
// (each variant's options JSON Schema), and any variant is drawn by the generic table below,
// laid out from its view's JSON Schema. A variant may ship its own drawing instead, a module
// the page loads from the server (see `loadRenderer`); the built-in variants do.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const SUIT_SYMBOL = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
const SUIT_NAME = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const PIPS = {
  0: [],
  1: [[1, 1]],
  2: [[0, 0], [2, 2]],
  3: [[0, 0], [1, 1], [2, 2]],
  4: [[0, 0], [0, 2], [2, 0], [2, 2]],
  5: [[0, 0], [0, 2], [1, 1], [2, 0], [2, 2]],
  6: [[0, 0], [0, 1], [0, 2], [2, 0], [2, 1], [2, 2]],
  7: [[0, 0], [0, 1], [0, 2], [1, 1], [2, 0], [2, 1], [2, 2]],
  8: [[0, 0], [0, 1], [0, 2], [1, 0], [1, 2], [2, 0], [2, 1], [2, 2]],
  9: [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2], [2, 0], [2, 1], [2, 2]],
};
const U = 36; // one domino half, in SVG units
const GAP = 3;

// The JSON forms of pieces (tablegames' notation): a tile is "6-4" (any double-N set), a card is
// rank then suit ("AS", "10H") or a joker ("JK1").
const TILE = /^(\d{1,2})-(\d{1,2})$/;
const CARD = /^(10|[2-9AKQJ])([SHDC])$/;
const JOKER = /^JK(\d+)$/;

const S = {
  game: null,
  token: null,
  watching: false, // a spectator: no seat, the public state only
  state: null, // the latest state from the server
  lines: [], // every event's line shown so far, in order
  events: [], // every event's JSON form shown so far
  queue: [], // events received and not shown yet: { index, event, text }
  freshFrom: 0, // the index of the first event the latest state brought
  animating: false,
  stream: null, // the AbortController of the open event stream
  refused: null, // a token the server refused a stream for good (401, 403, 404): not offered again
  ui: { selected: null }, // the person's choices on the table shown (a chosen piece): new with each state
  busy: false,
  variants: new Map(), // name -> the server's description (players, summary, options schema, bots)
  fields: [], // the option form's fields: { name, kind, input, label, prop }
};

const $ = (id) => document.getElementById(id);

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "text") node.textContent = value;
    else if (key === "style") node.style.cssText = value; // through the CSSOM, which the page's CSP allows
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "text") node.textContent = value;
    else if (key === "style") node.style.cssText = value; // through the CSSOM, which the page's CSP allows
    else node.setAttribute(key, value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

// ---- talking to the server -------------------------------------------------------------
//
// A seat's token is sent in the Authorization header only, and kept in this browser's
// localStorage (never in the address, which shows `#game=<id>` or `#watch=<id>`). Each action
// names the version (the event count) of the state it was chosen on; the server answers a stale
// one with 409 and the current state, which the page then shows.

const TOKEN_KEY = (game) => `tablegames.seat.${game}`;

class ApiError extends Error {
  constructor(status, data) {
    super(data.message || `the server answered ${status}`);
    this.status = status;
    this.kind = data.error;
    this.state = data.state || null;
  }
}

async function api(method, path, body) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (S.token) headers.Authorization = `Bearer ${S.token}`;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data;
  try {
    data = await response.json();
  } catch {
    throw new Error(`the server answered ${response.status} ${response.statusText} without JSON`);
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

function showError(message) {
  const box = $("error");
  box.textContent = message;
  box.hidden = !message;
}

function showNote(message) {
  const box = $("note");
  box.textContent = message;
  box.hidden = !message;
}

// Who sits where in a new game: the person's seat, and the chosen bot (or "open", a seat other
// people take from the lobby) in every other seat.
function seatsRequest() {
  const players = $("seat").options.length;
  const mine = Number($("seat").value);
  return Array.from({ length: players }, (_, i) => (i === mine ? "me" : $("bots").value));
}

async function newGame(event) {
  event.preventDefault();
  let request;
  try {
    request = { variant: $("variant").value, options: readOptions(), seats: seatsRequest() };
    const seed = $("seed").value.trim();
    if (!$("seed-field").hidden && seed !== "") {
      if ($("seed").validity.badInput || !Number.isSafeInteger(Number(seed))) {
        throw new Error(`the seed must be a whole number, got ${JSON.stringify($("seed").value)}`);
      }
      request.seed = Number(seed);
    }
  } catch (error) {
    showError(error.message);
    return;
  }
  try {
    setBusy(true);
    S.token = null;
    const data = await api("POST", "api/games", request);
    sit(data.game, data.token, data.seat);
    showError("");
    reset();
    setBusy(false);
    await accept(data.state);
  } catch (error) {
    showError(error.message);
  } finally {
    setBusy(false);
  }
}

// Takes a seat: remembers its token in this browser and shows the game's id in the address.
function sit(game, token, seat) {
  stopStream();
  S.game = game;
  S.token = token;
  S.watching = false;
  localStorage.setItem(TOKEN_KEY(game), JSON.stringify({ token, seat }));
  history.replaceState(null, "", `#game=${game}`);
}

async function send(action) {
  if (S.busy || S.animating || !S.game || !S.state || S.watching) return;
  try {
    setBusy(true, "The bots are playing\u2026");
    showNote("");
    const state = await api("POST", `api/games/${S.game}/actions`, { action, version: S.state.version });
    showError("");
    setBusy(false);
    await accept(state);
  } catch (error) {
    if (error instanceof ApiError && error.state) {
      // A stale or refused action: the answer carries the current state, shown as it is now.
      showNote(error.kind === "Stale"
        ? "The table moved on before your move arrived; here it is now."
        : error.message);
      setBusy(false);
      await accept(error.state);
    } else {
      showError(error.message);
      render();
    }
  } finally {
    setBusy(false);
  }
}

// Opens the game in the address (`#game=<id>` with a token kept here, or `#watch=<id>`).
async function resume() {
  const seat = /^#game=([\w-]+)$/.exec(location.hash);
  const watch = /^#watch=([\w-]+)$/.exec(location.hash);
  if (!seat && !watch) return;
  const game = (seat || watch)[1];
  if (game === S.game && Boolean(watch) === S.watching) return;
  stopStream();
  reset();
  S.game = game;
  S.watching = Boolean(watch);
  S.token = null;
  if (seat) {
    const kept = JSON.parse(localStorage.getItem(TOKEN_KEY(game)) || "null");
    if (!kept) {
      showError("this browser holds no seat of that game: join it from the lobby, or watch it");
      S.game = null;
      return;
    }
    S.token = kept.token;
  }
  try {
    const state = await api("GET", S.watching ? `api/games/${game}/watch?since=0` : `api/games/${game}?since=0`);
    if ($("variant").value !== state.variant) $("variant").value = state.variant;
    buildSetup();
    fillOptions(state.options);
    showError("");
    await accept(state, { animate: false });
  } catch (error) {
    S.game = null;
    showError(`could not open that game: ${error.message}`);
  }
}

function setBusy(busy, note) {
  S.busy = busy;
  document.body.classList.toggle("busy", busy || S.animating);
  if (busy && note) $("status").textContent = note;
}

// Forgets the events of the game shown (before another one is opened).
function reset() {
  S.state = null;
  S.lines = [];
  S.events = [];
  S.queue = [];
}

// ---- events, one by one ------------------------------------------------------------------------
//
// Events reach the page from two places: a state (the answer to an action, or a fetch) and the
// seat's event stream. Each event has an index in the game's log, so the page keeps each once, in
// order, and shows new ones one at a time (the bots' moves play out, each with its line) before
// it draws the table of the latest state.

// The delay between two events shown, in milliseconds (a test may set window.TABLEGAMES_STEP_MS).
function stepMs(waiting) {
  const base = typeof window.TABLEGAMES_STEP_MS === "number" ? window.TABLEGAMES_STEP_MS : 450;
  return waiting > 12 ? base / 3 : base;
}

// Queues the events from index `from` on (their JSON forms and lines) that the page lacks.
function ingest(from, events, lines) {
  const known = S.lines.length + S.queue.length;
  for (let i = Math.max(0, known - from); i < events.length; i += 1) {
    S.queue.push({ index: from + i, event: events[i], text: lines[i] });
  }
  return from <= known;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Shows the queued events one by one (unless `animate` is false), then the latest state's table.
async function play(animate) {
  if (S.animating) return;
  S.animating = true;
  document.body.classList.add("busy");
  try {
    while (S.queue.length) {
      const item = S.queue.shift();
      S.events.push(item.event);
      S.lines.push(item.text);
      if (animate && S.state && S.queue.length + 1 > 0 && item.index >= S.freshFrom) {
        showMove(item);
        renderLog(S.state);
        await sleep(stepMs(S.queue.length));
      }
    }
  } finally {
    S.animating = false;
    $("move").hidden = true;
    for (const node of document.querySelectorAll(".seat.acting")) node.classList.remove("acting");
    document.body.classList.toggle("busy", S.busy);
  }
  render();
}

// One move as it happens: its line over the table, its seat lit up.
function showMove(item) {
  const box = $("move");
  box.textContent = youLine(item.text);
  box.hidden = false;
  for (const node of document.querySelectorAll(".seat.acting")) node.classList.remove("acting");
  const seat = item.event && typeof item.event.seat === "number" ? item.event.seat : null;
  if (seat !== null) {
    const node = document.querySelector(`.seat[data-seat="${seat}"]`);
    if (node) node.classList.add("acting");
  }
}

// Takes a state from the server: its events join the page's, then the table is drawn.
async function accept(state, { animate = true } = {}) {
  if (!ingest(state.events_from, state.events, state.log_text)) {
    // The page missed events between the ones it has and these: fetch them all again.
    reset();
    const full = await api("GET", S.watching ? `api/games/${S.game}/watch?since=0` : `api/games/${S.game}?since=0`);
    return accept(full, { animate: false });
  }
  S.freshFrom = state.events_from;
  const first = S.state === null;
  S.state = state;
  if ($("variant").value !== state.variant) {
    $("variant").value = state.variant;
    buildSetup();
  }
  if (!S.watching) {
    syncSeats(state.players);
    $("seat").value = String(state.seat);
  }
  S.ui = { selected: null };
  await loadRenderer(state.variant);
  if (first) render();
  await play(animate && !first);
  announce(state, first);
  if (!state.is_over) startStream();
}

// ---- the event stream (Server-Sent Events, read with fetch so the token goes in a header) --------

function stopStream() {
  if (S.stream) S.stream.abort();
  S.stream = null;
}

function startStream() {
  // A token the server refused for good is not offered again (a reconnection already timed, or the
  // end of an animation, would otherwise ask once more).
  if (S.stream || !S.game || (S.refused !== null && S.token === S.refused)) return;
  const controller = new AbortController();
  S.stream = controller;
  const game = S.game;
  follow(game, controller).catch(() => true).then((again) => {
    if (S.stream === controller) S.stream = null;
    // Streams end after a while (and with the game); the page reconnects while the game goes on,
    // unless the server refused the stream for good (a token it no longer takes, say).
    if (again !== false && S.game === game && S.state && !S.state.is_over && !controller.signal.aborted) {
      setTimeout(startStream, 1000);
    }
  });
}

async function follow(game, controller) {
  if (S.watching) {
    // A spectator polls the public state: it holds no token for a stream.
    while (!controller.signal.aborted && S.state && !S.state.is_over) {
      await sleep(1500);
      if (controller.signal.aborted || S.busy || S.animating) continue;
      const state = await api("GET", `api/games/${game}/watch?since=${S.lines.length + S.queue.length}`);
      if (state.version > S.state.version && !controller.signal.aborted) await acceptQuietly(state);
    }
    return;
  }
  const since = S.lines.length + S.queue.length;
  const response = await fetch(`api/games/${game}/events?since=${since}`, {
    headers: { Authorization: `Bearer ${S.token}` },
    signal: controller.signal,
  });
  if (response.status >= 400 && response.status < 500) {
    // A token the server does not take, or a game it no longer has, is refused for good; a limit
    // (429: too many streams) is not, and the page's next state may open the stream again.
    if ([401, 403, 404].includes(response.status)) S.refused = S.token;
    const data = await response.json().catch(() => ({}));
    showError(`this page no longer follows the game: ${data.message || `the server answered ${response.status}`}`);
    return false;
  }
  if (!response.ok || !response.body) return true;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let cut;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const message = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      await onMessage(game, message);
    }
  }
}

// One Server-Sent Events message: an `event` (index, event, text) or a `version`.
async function onMessage(game, message) {
  let kind = "message";
  let data = "";
  for (const line of message.split("\n")) {
    if (line.startsWith("event: ")) kind = line.slice(7);
    else if (line.startsWith("data: ")) data += line.slice(6);
  }
  if (!data || S.game !== game) return;
  const body = JSON.parse(data);
  if (kind === "version" && S.state && body.version > S.state.version && !S.busy) {
    // Another seat moved (a person in the lobby's game, or bots after them): fetch the new state.
    const state = await api("GET", `api/games/${game}?since=${S.lines.length + S.queue.length}`);
    if (S.game === game && state.version > S.state.version) await acceptQuietly(state);
  }
}

async function acceptQuietly(state) {
  if (S.busy) return;
  await accept(state);
}

// ---- the lobby ---------------------------------------------------------------------------------

async function refreshLobby() {
  const list = $("lobby");
  try {
    const data = await api("GET", "api/lobby");
    list.replaceChildren(...data.games.map((g) => el("li", { "data-game": g.game },
      el("span", { text: `${g.variant} \u00b7 open: ${g.open_seats.join(", ")}` }),
      el("button", { class: "join", onclick: () => join(g.game, g.open_seats[0]) }, "Join"),
      el("button", { class: "watch", onclick: () => { location.hash = `#watch=${g.game}`; } }, "Watch"))));
    if (!data.games.length) list.append(el("li", { class: "none", text: "No game has an open seat." }));
  } catch (error) {
    list.replaceChildren(el("li", { class: "none", text: `The lobby is not available: ${error.message}` }));
  }
}

async function join(game, seat) {
  try {
    setBusy(true);
    S.token = null;
    const data = await api("POST", `api/games/${game}/join`, { seat });
    sit(data.game, data.token, data.seat);
    reset();
    const state = await api("GET", `api/games/${game}?since=0`);
    showError("");
    setBusy(false);
    await accept(state, { animate: false });
  } catch (error) {
    showError(`could not join: ${error.message}`);
  } finally {
    setBusy(false);
    refreshLobby();
  }
}

// ---- who sits where -----------------------------------------------------------------------

// Who holds a seat, as the state's `seats` says: "person" (a person), "open" (nobody yet, a
// seat for the lobby) or "bot:<name>".
function occupant(seat) {
  const held = S.state.seats[seat];
  if (held.startsWith("bot:")) return held.slice(4);
  return held === "open" ? "open seat" : "player";
}

function seatName(seat) {
  const st = S.state;
  if (seat === st.seat) return "You";
  return `Seat ${seat} \u00b7 ${occupant(seat)}`;
}

function sideName(side) {
  const st = S.state;
  const seats = st.side_of_seat.map((s, i) => [s, i]).filter(([s]) => s === side).map(([, i]) => i);
  if (seats.length === 1) return seats[0] === st.seat ? "You" : `Seat ${seats[0]}`;
  return seats.includes(st.seat) ? `You + seat ${seats.find((s) => s !== st.seat)}` : `Seats ${seats.join(" + ")}`;
}

// Where a seat sits around the table: the person at the bottom, the others clockwise (to the
// person's left first). Tables of more than six put every other seat along the top.
const PLACES = {
  1: ["bottom"],
  2: ["bottom", "top"],
  3: ["bottom", "left", "right"],
  4: ["bottom", "left", "top", "right"],
  5: ["bottom", "left", "top-left", "top-right", "right"],
  6: ["bottom", "left", "top-left", "top", "top-right", "right"],
};

function position(seat) {
  const n = S.state.players;
  const offset = (seat - S.state.seat + n) % n;
  if (PLACES[n]) return PLACES[n][offset];
  return offset === 0 ? "bottom" : "top";
}

// ---- drawing pieces -----------------------------------------------------------------------

function halves(tile) {
  const [a, b] = tile.split("-").map(Number);
  return [a, b];
}

// A domino at (x, y) (its top-left corner): `first` is the left (or top) half.
function dominoSvg(x, y, first, second, vertical, extraClass) {
  const w = vertical ? U : 2 * U;
  const h = vertical ? 2 * U : U;
  const group = svg("g", { class: `domino ${extraClass || ""}`, transform: `translate(${x},${y})` });
  group.append(svg("rect", { class: "face", x: 1, y: 1, width: w - 2, height: h - 2, rx: 6 }));
  group.append(vertical
    ? svg("line", { class: "bar", x1: 5, y1: U, x2: U - 5, y2: U })
    : svg("line", { class: "bar", x1: U, y1: 5, x2: U, y2: U - 5 }));
  [first, second].forEach((value, i) => {
    const ox = vertical ? 0 : i * U;
    const oy = vertical ? i * U : 0;
    if (!PIPS[value]) {
      // Beyond nine pips (double-twelve sets and up) the half shows its number.
      group.append(svg("text", { class: "pip-number", x: ox + U / 2, y: oy + U / 2 + 6, "text-anchor": "middle", text: String(value) }));
      return;
    }
    for (const [r, c] of PIPS[value]) {
      // Rows and columns in the half's own 3 x 3 grid; vertical tiles turn the grid.
      const [gx, gy] = vertical ? [c, r] : [r, c];
      group.append(svg("circle", { class: "pip", cx: ox + 8 + gx * 10, cy: oy + 8 + gy * 10, r: 3.4 }));
    }
  });
  return group;
}

function tileButtonSvg(tile) {
  const [a, b] = halves(tile);
  const root = svg("svg", { width: U * 1.5, height: U * 3, viewBox: `0 0 ${U} ${2 * U}`, role: "img" });
  root.append(svg("title", { text: tile }));
  root.append(dominoSvg(0, 0, a, b, true));
  return root;
}

// A small horizontal domino, for a tile named in the table's facts or an action.
function miniTileEl(tile) {
  const [a, b] = halves(tile);
  const root = svg("svg", { width: U * 1.2, height: U * 0.6, viewBox: `0 0 ${2 * U} ${U}`, role: "img" });
  root.append(svg("title", { text: tile }), dominoSvg(0, 0, a, b, false));
  return el("span", { class: "mini-tile", "data-piece": tile }, root);
}

function cardEl(card, small) {
  const joker = JOKER.exec(card);
  if (joker) {
    return el("div", { class: `card joker${small ? " small" : ""}`, title: `joker ${joker[1]}` },
      el("span", { class: "corner" }, "JK", el("br"), joker[1]),
      el("span", { class: "pipbig" }, "\u2605"));
  }
  const rank = card.slice(0, -1);
  const suit = card.slice(-1);
  const symbol = SUIT_SYMBOL[suit];
  return el("div", { class: `card suit-${suit}${small ? " small" : ""}`, title: `${rank} of ${SUIT_NAME[suit]}` },
    el("span", { class: "corner" }, rank, el("br"), symbol),
    el("span", { class: "pipbig" }, symbol),
    small ? null : el("span", { class: "corner br" }, rank, el("br"), symbol));
}

// "tile", "card" or null: what kind of piece the JSON string `text` names.
function pieceKind(text) {
  if (typeof text !== "string") return null;
  if (TILE.test(text)) return "tile";
  if (CARD.test(text) || JOKER.test(text)) return "card";
  return null;
}

// A piece drawn as it looks on the table: a domino or a card (small for facts), else its text.
function pieceEl(piece, small) {
  const kind = pieceKind(piece);
  if (kind === "tile") return small ? miniTileEl(piece) : tileButtonSvg(piece);
  if (kind === "card") {
    const card = cardEl(piece, small);
    card.setAttribute("data-piece", piece);
    return card;
  }
  return el("span", { class: "piece-text", text: piece });
}

// Every piece named anywhere in JSON data (an action, a view, an event).
function piecesIn(data, found = new Set()) {
  if (pieceKind(data)) found.add(data);
  else if (Array.isArray(data)) for (const item of data) piecesIn(item, found);
  else if (data && typeof data === "object") for (const item of Object.values(data)) piecesIn(item, found);
  return found;
}

// What the table is played with, for the backs of the other seats' pieces: the kind of the
// first piece in the seat's view, else in its log.
function tableKind(st) {
  for (const source of [st.view ? st.view.hand : [], st.view || {}, S.events]) {
    for (const piece of piecesIn(source)) return pieceKind(piece);
  }
  return "card";
}

// ---- a line of dominoes, rows of them, a trick -------------------------------------------------
//
// The drawings of the mechanics' published view forms, for the generic table and for any
// variant's own drawing (they are in the kit):
// * a line: its `opening` tile and its `arms`, each {"id", "tiles", "value", "open"}: "W" and "E"
//   grow from the opening tile, "N" and "S" branch across the first spinner, "N5" and "S5"
//   across a later spinner 5-5 (the line mechanic's end ids);
// * rows: any other list of {"id", "tiles", ...} (trains, say), each drawn from its start;
// * a trick: a list of {"seat", <piece>}, each piece before the seat that played it.

const BEND_AFTER = 5; // a line arm turns a corner after this many tiles, as on a real table

// Lays out one arm: `tiles` outward from a starting edge, each matching the previous outer value
// (`inner` for the first). `start.dir` is the direction of growth; for a horizontal direction
// `start.y` is the axis and `start.x` the edge to grow from (the other way round for vertical).
// `bend`, if given, turns the arm to `bend.dir` after `bend.after` tiles. Doubles lie crosswise.
// Returns the tiles' boxes and `next`, where one more (ordinary) tile would go.
function chain(tiles, inner, start, bend) {
  const boxes = [];
  let dir = start.dir;
  let axis = dir[0] !== 0 ? start.y : start.x;
  let cursor = dir[0] !== 0 ? start.x : start.y;
  const step = (double) => {
    if (bend && boxes.length === bend.after && dir !== bend.dir) {
      const last = boxes[boxes.length - 1];
      axis = dir[0] < 0 ? last.x + U / 2 : last.x + last.w - U / 2;
      cursor = bend.dir[1] > 0 ? last.y + last.h : last.y;
      dir = bend.dir;
    }
    const horizontal = dir[0] !== 0;
    const w = horizontal === double ? U : 2 * U;
    const h = horizontal === double ? 2 * U : U;
    let x;
    let y;
    if (horizontal) {
      y = axis - h / 2;
      x = dir[0] < 0 ? cursor - GAP - w : cursor + GAP;
      cursor = dir[0] < 0 ? x : x + w;
    } else {
      x = axis - w / 2;
      y = dir[1] < 0 ? cursor - GAP - h : cursor + GAP;
      cursor = dir[1] < 0 ? y : y + h;
    }
    return { x, y, w, h, dir, vertical: w === U };
  };
  let value = inner;
  for (const tile of tiles) {
    const [a, b] = halves(tile);
    const outer = a === value ? b : a;
    const box = step(a === b);
    const backwards = box.dir[0] < 0 || box.dir[1] < 0; // drawn with its outer half first
    boxes.push({ ...box, tile, left: backwards ? outer : value, right: backwards ? value : outer });
    value = outer;
  }
  return { boxes, next: step(false) };
}

// The value of the spinner two branches grow across: the value both start from (an empty
// branch's `value`, else a half of its first tile), a double of which lies in `placed`.
function branchValue(arms, ids, placed) {
  const starts = ids.map((id) => arms.find((a) => a.id === id)).filter(Boolean)
    .map((arm) => (arm.tiles.length ? halves(arm.tiles[0]) : [arm.value]));
  if (!starts.length) return null;
  const common = starts.reduce((acc, values) => acc.filter((v) => values.includes(v)));
  return common.find((v) => placed.some((p) => p.tile === `${v}-${v}`)) ?? null;
}

// Places every tile of a line: it runs west and east from the opening tile and turns a corner
// when long, doubles lie crosswise, and each spinner's branches grow from it at right angles to
// the stretch it lies in. Returns the tiles' boxes, the spinners and, per arm, where its next
// tile would go.
function linePlacements(line) {
  if (!line.opening) return { placed: [], next: {}, spinners: new Set() };
  const arms = Array.isArray(line.arms) ? line.arms : [];
  const arm = (id) => (arms.find((a) => a.id === id) || { tiles: [] }).tiles;
  const [hi, lo] = halves(line.opening);
  const ow = hi === lo ? U : 2 * U;
  const oh = hi === lo ? 2 * U : U;
  const opening = { tile: line.opening, x: -ow / 2, y: -oh / 2, w: ow, h: oh, dir: [1, 0], vertical: hi === lo, left: hi, right: lo };
  const onLine = [opening, ...arm("W").map((tile) => ({ tile })), ...arm("E").map((tile) => ({ tile }))];
  const first = branchValue(arms, ["N", "S"], onLine);
  const firstSpinner = first === null ? null : `${first}-${first}`;
  const bendAt = (id) => Math.max(BEND_AFTER, arm(id).indexOf(firstSpinner) + 3);
  const west = chain(arm("W"), hi, { dir: [-1, 0], x: opening.x, y: 0 }, { after: bendAt("W"), dir: [0, 1] });
  const east = chain(arm("E"), lo, { dir: [1, 0], x: opening.x + ow, y: 0 }, { after: bendAt("E"), dir: [0, -1] });
  const placed = [opening, ...west.boxes, ...east.boxes];
  const next = { W: west.next, E: east.next };
  const spinners = new Set();
  // Each pair of branches: N and S (the first spinner), then "N<v>" and "S<v>" (the spinner v-v).
  const pairs = [["N", "S", first]];
  for (const a of arms) {
    const later = /^N(\d+)$/.exec(a.id);
    if (later) pairs.push([a.id, `S${later[1]}`, Number(later[1])]);
  }
  let pending = pairs.filter(([, , v]) => v !== null);
  while (pending.length) {
    const waiting = [];
    for (const [north, southId, v] of pending) {
      const spinner = placed.find((p) => p.tile === `${v}-${v}`);
      if (!spinner) {
        waiting.push([north, southId, v]);
        continue;
      }
      spinners.add(spinner.tile);
      const cx = spinner.x + spinner.w / 2;
      const cy = spinner.y + spinner.h / 2;
      const across = spinner.dir[0] !== 0; // the spinner lies in a horizontal stretch
      const up = chain(arm(north), v, across ? { dir: [0, -1], x: cx, y: spinner.y } : { dir: [-1, 0], x: spinner.x, y: cy });
      const down = chain(arm(southId), v, across ? { dir: [0, 1], x: cx, y: spinner.y + spinner.h } : { dir: [1, 0], x: spinner.x + spinner.w, y: cy });
      placed.push(...up.boxes, ...down.boxes);
      next[north] = up.next;
      next[southId] = down.next;
    }
    if (waiting.length === pending.length) break; // a spinner not on the table (never, in a true view)
    pending = waiting;
  }
  return { placed, next, spinners };
}

// An SVG of placed dominoes and targets, fitted to them.
function boxesSvg(placed, targets, classes, extraWidth) {
  const boxes = placed.concat(targets);
  const minX = Math.min(...boxes.map((p) => p.x)) - 6;
  const minY = Math.min(...boxes.map((p) => p.y)) - 6;
  const maxX = Math.max(...boxes.map((p) => p.x + p.w)) + 6 + (extraWidth || 0);
  const maxY = Math.max(...boxes.map((p) => p.y + p.h)) + 6;
  const width = maxX - minX;
  const height = maxY - minY;
  const root = svg("svg", {
    viewBox: `${minX} ${minY} ${width} ${height}`,
    style: `aspect-ratio: ${width} / ${height}; max-width: ${Math.round(width * 1.5)}px; margin: 0 auto;`,
  });
  for (const p of placed) {
    const node = dominoSvg(p.x, p.y, p.left, p.right, p.vertical, classes(p));
    node.setAttribute("data-tile", p.tile);
    node.append(svg("title", { text: p.title || p.tile }));
    root.append(node);
  }
  for (const t of targets) {
    const group = svg("g", { class: "end-target", "data-end": t.end, onclick: () => send(t.action) });
    group.append(svg("rect", { x: t.x, y: t.y, width: t.w, height: t.h, rx: 6 }));
    group.append(svg("text", { x: t.x + t.w / 2, y: t.y + t.h / 2 + 5, "text-anchor": "middle", text: t.end }));
    root.append(group);
  }
  return root;
}

// A line of dominoes (`line`: {opening, arms}), with `targets` ({end, action}: a place to click
// for a legal play at that end), the `fresh` tiles lit, the `marked` ones outlined.
function lineEl(line, { id = null, targets = [], fresh = new Set(), marked = new Set(), empty = "The table is empty: the leader opens the hand." } = {}) {
  const box = el("div", { class: "layout", id });
  const { placed, next, spinners } = linePlacements(line);
  if (!placed.length) {
    box.append(el("p", { class: "empty-layout", text: empty }));
    return box;
  }
  const spots = targets.filter((t) => next[t.end]).map((t) => ({ ...t, ...next[t.end] }));
  box.append(boxesSvg(placed, spots, (p) => [
    fresh.has(p.tile) ? "fresh" : "",
    spinners.has(p.tile) ? "spinner" : "",
    marked.has(p.tile) ? "marked" : "",
  ].join(" ")));
  return box;
}

// The half of a row's first tile that faces its start (the hub, the engine): the half its second
// tile does not take, else the one its open end does not show.
function rowStart(row) {
  const [a, b] = halves(row.tiles[0]);
  if (row.tiles.length > 1) {
    const [c, d] = halves(row.tiles[1]);
    return a === c || a === d ? b : a;
  }
  const end = typeof row.end === "number" ? row.end : row.value;
  return a === end ? b : a;
}

// Rows of dominoes (trains), one a line: its name (`label(row)`), its tiles from its start, and
// where a legal play (`targets`) would put a tile.
function rowsEl(rows, { id = null, label = (row) => String(row.id), targets = [], fresh = new Set() } = {}) {
  const box = el("div", { class: "rows", id });
  for (const row of rows) {
    const tiles = row.tiles || [];
    const chips = [];
    if (row.open === true) chips.push(el("span", { class: "row-chip", text: "open" }));
    const end = typeof row.end === "number" ? row.end : row.value;
    if (typeof end === "number") chips.push(el("span", { class: "row-end", text: `end ${end}` }));
    const line = el("div", { class: "row", "data-row": String(row.id) },
      el("div", { class: "row-name" }, el("b", { text: label(row) }), ...chips));
    const { boxes, next } = tiles.length
      ? chain(tiles, rowStart(row), { dir: [1, 0], x: 0, y: U / 2 })
      : { boxes: [], next: { x: GAP, y: 0, w: 2 * U, h: U } };
    const spots = targets.filter((t) => String(t.end) === String(row.id)).map((t) => ({ ...t, ...next }));
    if (boxes.length || spots.length) {
      const drawing = boxesSvg(boxes, spots, (p) => (fresh.has(p.tile) ? "fresh" : ""));
      drawing.style.maxHeight = `${U * 1.3}px`; // through the CSSOM, which the page's CSP allows
      drawing.style.margin = "0";
      line.append(drawing);
    } else {
      line.append(el("span", { class: "none", text: "no tiles yet" }));
    }
    box.append(line);
  }
  return box;
}

// The key of an object's piece ("card", "tile"): the field whose value is a piece.
function pieceField(item) {
  return Object.keys(item).find((key) => pieceKind(item[key])) || null;
}

// The trick in play: each piece before the seat that played it.
function trickEl(trick, { id = "trick" } = {}) {
  const box = el("div", { class: `trick players-${S.state.players}`, id });
  for (const played of trick) {
    const piece = played[pieceField(played)];
    box.append(el("div", { class: `slot pos-${position(played.seat)}`, "data-seat": played.seat, title: seatName(played.seat) },
      pieceEl(piece, false)));
  }
  return box;
}

// A finished trick, small, in play order: each piece with its seat under it.
function trickRowEl(trick) {
  return el("div", { class: "last-trick" }, ...trick.map((played) => el("div", { class: "trick-card" },
    pieceEl(played[pieceField(played)], true), el("span", { class: "trick-seat", text: seatName(played.seat) }))));
}

// ---- scores and the paper tally ------------------------------------------------------------

// The paper tally: a stroke per 5 points in groups of five; 50 is a big X with a small x in
// each of its four spaces.
function tallySvg(score) {
  const size = Math.abs(score);
  const fifties = Math.floor(size / 50);
  const strokes = Math.floor((size % 50) / 5);
  const root = svg("svg", { height: 36, role: "img" });
  root.append(svg("title", { text: `${score} points` }));
  let x = 2;
  const marks = svg("g", { class: score < 0 ? "negative" : "" });
  root.append(marks);
  if (score < 0) {
    marks.append(svg("text", { class: "minus", x: 2, y: 25, text: "\u2212" }));
    x += 16;
  }
  for (let i = 0; i < fifties; i += 1) {
    const g = svg("g", { transform: `translate(${x},3)` });
    g.append(svg("path", { class: "x-mark", d: "M0 0 L30 30 M30 0 L0 30" }));
    for (const [cx, cy] of [[15, 5], [25, 15], [15, 25], [5, 15]]) {
      g.append(svg("path", { class: "x-small", d: `M${cx - 2.5} ${cy - 2.5} L${cx + 2.5} ${cy + 2.5} M${cx + 2.5} ${cy - 2.5} L${cx - 2.5} ${cy + 2.5}` }));
    }
    marks.append(g);
    x += 40;
  }
  for (let i = 0; i < strokes; i += 1) {
    if (i === 5) x += 8;
    marks.append(svg("path", { class: "stroke", d: `M${x + 2} 5 L${x + 2} 31` }));
    x += 6;
  }
  root.setAttribute("width", Math.max(x + 4, 10));
  return root;
}

function renderScores(st) {
  const box = $("scores");
  box.replaceChildren();
  const mySide = st.side_of_seat[st.seat];
  const target = st.view && typeof st.view.target === "number" ? st.view.target : null;
  const paperTally = S.variants.get(st.variant).paper_tally;
  st.scores.forEach((score, side) => {
    const row = el("div", {
      class: `score-row${side === mySide ? " mine" : ""}${st.winner === side ? " won" : ""}`,
      "data-side": side,
    },
    el("span", { class: "score-name", text: sideName(side) }),
    el("span", { class: "score-num", "data-score": score, text: String(score) }));
    if (paperTally) row.append(el("div", { class: "tally" }, tallySvg(score)));
    if (target !== null) {
      const bar = el("div", {});
      bar.style.width = `${Math.max(0, Math.min(100, (100 * score) / target))}%`;
      row.append(el("div", { class: "progress" }, bar));
    }
    box.append(row);
  });
  if (target !== null) box.append(el("div", { class: "target-note", text: `First to ${target} wins.` }));
}

// ---- seats, log, status ---------------------------------------------------------------------

// The seats around the table: whose turn it is, the dealer (a view's `dealer`), each seat's call
// in an auction (a view's `bids`, `{"seat", "amount"}` with null for a pass) and the backs of
// the other seats' pieces.
function renderSeats(st) {
  const seats = $("seats");
  seats.replaceChildren();
  const view = st.view || { current_player: st.current_player, hand_sizes: [] }; // a spectator has no view
  const noun = tableKind(st);
  const bids = Array.isArray(view.bids) ? view.bids.filter((b) => b && "seat" in b && "amount" in b) : [];
  for (let seat = 0; seat < st.players; seat += 1) {
    const mine = seat === st.seat;
    const badge = el("span", { class: "badge" }, mine ? "You" : seatName(seat));
    if (view.dealer === seat) badge.append(el("span", { class: "chip", title: "dealer", text: "D" }));
    const node = el("div", {
      class: `seat pos-${position(seat)}${view.current_player === seat ? " turn" : ""}`,
      "data-seat": seat,
    }, badge);
    if (!PLACES[st.players] && !mine) {
      const offset = (seat - st.seat + st.players) % st.players;
      node.style.left = `${(100 * offset) / st.players}%`;
    }
    if (!mine && typeof view.hand_sizes[seat] === "number") {
      const size = view.hand_sizes[seat];
      badge.title = `${size} ${noun}${size === 1 ? "" : "s"}`;
      const backs = el("div", { class: "backs" });
      for (let i = 0; i < size; i += 1) backs.append(el("span", { class: `back-${noun}` }));
      node.append(backs);
    }
    const call = bids.find((b) => b.seat === seat);
    if (call) node.append(el("span", { class: "call", text: call.amount === null ? "passed" : `bid ${call.amount}` }));
    seats.append(node);
  }
}

function renderLog(st) {
  const list = $("log");
  list.replaceChildren();
  S.lines.forEach((line, i) => {
    const seat = /^seat (\d)/.exec(line);
    const start = /^hand \d+( dealt|, dealt)/.test(line);
    list.append(el("li", { class: `${start ? "hand-start" : ""}${i >= S.freshFrom ? " fresh" : ""}` },
      el("span", { class: `dot ${seat ? `seat-c${seat[1]}` : ""}` }), el("span", { text: youLine(line) })));
  });
  list.scrollTop = list.scrollHeight;
}

// A verb after "seat N" (third person) as it reads after "you".
function ownVerb(verb) {
  const irregular = { is: "are", was: "were", has: "have", does: "do" };
  if (Object.hasOwn(irregular, verb)) return irregular[verb];
  if (/(ss|sh|ch|x|o)es$/.test(verb)) return verb.slice(0, -2);
  if (/[^s]s$/.test(verb)) return verb.slice(0, -1);
  return verb; // a past tense ("bid", "went") reads the same
}

// A line of the log as the person at the page's seat reads it: "seat 0 plays 6-4" is "You play
// 6-4", "seat 0 bid 4 and was set" is "You bid 4 and were set", "passes to seat 0" is "passes to
// you". Other seats keep their numbers.
function youLine(line) {
  const st = S.state;
  if (!st || typeof st.seat !== "number") return line;
  const me = new RegExp(`\\bseat ${st.seat}\\b( [a-z]+)?(( [^;,.()]*?)? and (was|is|has)\\b)?`, "g");
  const text = line.replace(me, (whole, verb, tail, between, second) => {
    if (!verb) return "you";
    const word = verb.trim();
    const known = /^(bid|went|made|passed|won|took|played|is|was|has|does|[a-z]+s)$/.test(word);
    if (!known) return `you${verb}${tail || ""}`; // "seat 0 in the lead": not a verb
    let out = `you ${ownVerb(word)}`;
    if (tail) out += `${between || ""} and ${ownVerb(second)}`;
    return out;
  });
  return text.startsWith("you") ? `Y${text.slice(1)}` : text;
}

function renderStatus(st) {
  const status = $("status");
  status.replaceChildren();
  if (st.is_over) {
    status.append("The match is over.");
  } else if (S.watching) {
    status.append(el("b", { text: "Watching." }), ` Seat ${st.current_player} to play. You see what every seat sees, and no hand.`);
  } else if (st.current_player === st.seat) {
    status.append(el("b", { text: "Your turn." }), ` ${rendererFor(st.variant).hint(st)}`);
  } else {
    status.append(`Waiting for ${seatName(st.current_player)}.`);
  }
  const winner = $("winner");
  winner.hidden = !st.is_over;
  if (st.is_over) {
    winner.replaceChildren(
      el("h2", { text: !S.watching && st.side_of_seat[st.seat] === st.winner ? "You win!" : "Game over" }),
      el("p", { id: "winner-text", "data-winner": st.winner, text: `${sideName(st.winner)} won, ${finalScore(st)}.` }),
      el("button", { class: "primary", onclick: (e) => newGame(e) }, "Play again"));
  }
}

// The final score, the winner's first: "35 to 5".
function finalScore(st) {
  const others = st.scores.filter((_, side) => side !== st.winner);
  return [st.scores[st.winner], ...others].join(" to ");
}

function announce(st, fresh) {
  const banner = $("banner");
  const lines = S.lines.slice(S.freshFrom).map(youLine);
  const news = lines.filter((line) => /ends|hand \d+, trump|thrown in|wins|won/.test(line));
  if (fresh || !news.length) {
    banner.hidden = true;
    return;
  }
  banner.textContent = news.join(" \u2014 ");
  banner.hidden = false;
}

function render() {
  const st = S.state;
  if (!st) return;
  $("welcome").hidden = true;
  $("felt").classList.toggle("no-side-seats", st.players === 2);
  for (const id of ["center", "hand", "actions"]) $(id).replaceChildren();
  let renderer = S.watching ? WATCHING : rendererFor(st.variant);
  try {
    renderer.table(st);
  } catch (error) {
    if (renderer === GENERIC || renderer === WATCHING) throw error;
    showError(`the drawing of ${st.variant} failed (${error.message}): the generic table draws it`);
    for (const id of ["center", "hand", "actions"]) $(id).replaceChildren();
    renderer = GENERIC;
    renderer.table(st);
  }
  $("felt").dataset.renderer = renderer.name;
  renderSeats(st);
  renderScores(st);
  let shown = false;
  try {
    shown = Boolean(renderer.lastHand && renderer.lastHand(st));
  } catch (error) {
    showError(`the drawing of ${st.variant} failed on the last hand (${error.message})`);
  }
  $("last-hand-panel").hidden = !shown;
  renderLog(st);
  renderStatus(st);
}

// ---- drawings: a variant's own, or the generic table ------------------------------------------
//
// A variant may ship its own drawing of the table: an ECMAScript module in its package, which
// the server serves from the address /api/variants names as its `page_script`. The module's
// default export takes the kit below and returns the renderer: `table(st)` draws the centre,
// the hand and the action buttons; `lastHand(st)`, optional, fills the "Last hand" panel and
// says whether it did; `hint(st)`, optional, says what to do on the person's turn. A variant
// without one (or whose drawing fails) is drawn by the generic table. The page loads a drawing
// the first time it shows a game of that variant.

// What the page lends a variant's drawing: its ways of drawing pieces, layouts and tricks, of
// naming seats and sides, of sending an action, and the page's record of the game.
const KIT = Object.freeze({
  el, svg, U, GAP, SUIT_SYMBOL, SUIT_NAME,
  halves, dominoSvg, tileButtonSvg, miniTileEl, cardEl, pieceEl, pieceKind, piecesIn,
  lineEl, rowsEl, trickEl, trickRowEl, valueEl, handEl, actionButtons, describeAction, actionLabel,
  seatName, sideName, position, youLine,
  send: (action) => send(action),
  redraw: () => render(),
  busy: () => S.busy, // whether an action is on its way (buttons are disabled meanwhile)
  ui: () => S.ui, // a scratch object for the drawing's choices (a chosen piece): new with each state
  events: () => S.events, // every event's JSON form shown so far, in order
  lines: () => S.lines, // and its line of text
  freshEvents: () => S.events.slice(S.freshFrom), // those the latest state brought
  node: (name) => $({ center: "center", hand: "hand", actions: "actions", lastHand: "last-hand" }[name]),
  hint: (st) => pieceHint(st),
  generic: (st) => renderGeneric(st),
});

// What the person is asked to do on their turn.
function pieceHint(st) {
  const kinds = new Set(st.legal_actions.map((a) => a.type));
  if (kinds.has("bid") || (kinds.has("pass") && !kinds.has("play"))) return "Bid or pass.";
  if (kinds.has("discard")) return "Choose the cards to discard, then press Discard.";
  return "Pieces you may play are outlined in gold.";
}

const GENERIC = {
  name: "generic",
  table: renderGeneric,
  lastHand: null,
  hint: () => "Press an action below, or a piece of yours that only one action uses.",
};

// A spectator's table: no view (a view is one seat's), so the public events tell the game.
const WATCHING = {
  name: "watching",
  table: (st) => $("center").append(el("div", { class: "generic-table" },
    el("div", { class: "fact-label", text: `${st.variant} \u00b7 ${S.lines.length} events` }),
    el("p", { id: "last-line", text: S.lines.length ? S.lines[S.lines.length - 1] : "" }))),
  lastHand: null,
  hint: () => "",
};

const renderers = new Map(); // variant name -> its renderer (its own drawing, or GENERIC)

// Loads the drawing of `variant` the first time (its module, from the server), else GENERIC.
async function loadRenderer(variant) {
  if (renderers.has(variant)) return renderers.get(variant);
  const info = S.variants.get(variant);
  let renderer = GENERIC;
  if (info && info.page_script) {
    try {
      const module = await import(new URL(info.page_script, document.baseURI).href);
      const made = typeof module.default === "function" ? module.default(KIT) : null;
      if (!made || typeof made.table !== "function") throw new Error("its default export gave no table(st)");
      renderer = { lastHand: null, hint: pieceHint, ...made, name: variant };
    } catch (error) {
      showError(`the drawing of ${variant} failed (${error.message}): the generic table draws it`);
    }
  }
  renderers.set(variant, renderer);
  return renderer;
}

function rendererFor(variant) {
  return renderers.get(variant) || GENERIC;
}

// ---- the generic table ------------------------------------------------------------------------
//
// Laid out from the view and its JSON Schema (the variant's `view_schema`): a trick (a list of
// {seat, piece}) in the middle, a line (`opening` and `arms`) or rows (any other list of {id,
// tiles}) of dominoes, the person's pieces, a button for each legal action, and every other
// field as a fact. Each field drawn on the table is named in its element's `data-drawn`.

// View fields that the generic table shows elsewhere (the hand, the seats, the scores, the
// status, the action buttons) rather than on the table.
const SHOWN_ELSEWHERE = new Set(["seat", "hand", "hand_number", "hand_sizes", "scores", "current_player", "legal_actions", "winner"]);

// "tricks_won" as a person reads it: "tricks won".
function humanise(key) {
  return String(key).replace(/_/g, " ");
}

// The schema `node` of `schema` with its local reference followed, and a nullable `anyOf`
// (X or null) taken as X.
function schemaNode(schema, node) {
  if (!schema || !node) return {};
  let current = resolveRef(schema, node);
  if (Array.isArray(current.anyOf)) {
    const others = current.anyOf.map((n) => resolveRef(schema, n)).filter((n) => n.type !== "null");
    if (others.length === 1) current = others[0];
  }
  return current;
}

// Whether `node` describes a piece: a string among tiles or cards (by its enum, or its title).
function isPieceNode(schema, node) {
  const n = schemaNode(schema, node);
  if (n.type !== "string") return false;
  if (Array.isArray(n.enum) && n.enum.length) return n.enum.every((v) => pieceKind(v) !== null);
  return n.title === "Tile" || n.title === "Card";
}

// Whether `node` describes a suit: a string among the four suits' letters.
function isSuitNode(schema, node) {
  const n = schemaNode(schema, node);
  return n.type === "string" && Array.isArray(n.enum) && n.enum.length === 4 && n.enum.every((v) => SUIT_SYMBOL[v]);
}

// What a field of an object described by `node` is, to the generic table: "trick" (a list of
// {seat, piece}), "layout" (a list of {id, tiles}), "pieces" (a list of pieces) or "fact".
function fieldKind(schema, node) {
  const n = schemaNode(schema, node);
  if (n.type !== "array" || !n.items) return "fact";
  if (isPieceNode(schema, n.items)) return "pieces";
  const item = schemaNode(schema, n.items);
  const props = item.properties || {};
  if (props.seat && Object.entries(props).some(([key, p]) => key !== "seat" && isPieceNode(schema, p))) return "trick";
  if (props.id && props.tiles && isPieceNode(schema, schemaNode(schema, props.tiles).items)) return "layout";
  return "fact";
}

// The properties of the object `node` describes (resolved), or {}.
function propertiesOf(schema, node) {
  return schemaNode(schema, node).properties || {};
}

// Any JSON value, readably: pieces drawn small, a trick as its pieces with their seats, a line
// or rows of dominoes drawn small, lists in a row, objects as definition lists. `node`, if
// known, is the value's schema, which says what it is.
function valueEl(value, schema, node) {
  if (value === null || value === undefined) return el("span", { class: "none", text: "\u2014" });
  if (typeof value === "boolean") return el("span", { text: value ? "yes" : "no" });
  if (pieceKind(value)) return pieceEl(value, true);
  if (typeof value === "string" && SUIT_SYMBOL[value] && isSuitNode(schema, node)) {
    return el("span", { class: `suit suit-${value}`, title: SUIT_NAME[value], text: SUIT_SYMBOL[value] });
  }
  if (typeof value !== "object") return el("span", { text: String(value) });
  const kind = schema ? fieldKind(schema, node) : fieldKindOf(value);
  if (Array.isArray(value)) {
    if (!value.length) return el("span", { class: "none", text: "none" });
    if (kind === "trick") return trickRowEl(value);
    const items = schemaNode(schema, node).items;
    return el("ol", { class: "values" }, ...value.map((item) => el("li", {}, valueEl(item, schema, items))));
  }
  const props = propertiesOf(schema, node);
  const list = el("dl", { class: "nested" });
  const kindOf = (key) => (schema ? fieldKind(schema, props[key]) : fieldKindOf(value[key]));
  const layout = Object.keys(value).find((key) => kindOf(key) === "layout" && Array.isArray(value[key]));
  for (const [key, item] of Object.entries(value)) {
    if (layout && key === layout) {
      list.append(el("dd", { class: "small-layout" }, layoutOf(value, layout, { small: true })));
      continue;
    }
    if (layout && key === "opening" && pieceKind(item)) continue; // drawn in the line
    list.append(el("dt", { text: humanise(key) }), el("dd", {}, valueEl(item, schema, props[key])));
  }
  return list;
}

// The layout field `key` of `holder` drawn: a line if `holder` has an `opening` tile and the
// line's arms ("W" and "E"), else rows.
function layoutOf(holder, key, { small = false, targets = [], fresh = new Set(), id = null } = {}) {
  const list = holder[key];
  const line = "opening" in holder && list.some((a) => a.id === "W");
  if (line || ("opening" in holder && !list.length)) {
    const drawn = lineEl({ opening: holder.opening, arms: list }, { id, targets, fresh });
    if (small) drawn.classList.add("small");
    return drawn;
  }
  return rowsEl(list, {
    id,
    targets,
    fresh,
    label: (row) => (typeof row.owner === "number" ? `${seatName(row.owner)}` : humanise(row.id)),
  });
}

// A readable text of an action's JSON form, for an action whose variant gives it no label:
// {"type": "play", "tile": "6-4", "end": "W"} reads "play, tile 6-4, end W".
function describeAction(action) {
  const text = (value) => {
    if (value === null) return "none";
    if (Array.isArray(value)) return value.map(text).join(" ");
    return typeof value === "object" ? JSON.stringify(value) : String(value);
  };
  const rest = Object.entries(action).filter(([key]) => key !== "type").map(([key, value]) => `${humanise(key)} ${text(value)}`);
  return [action.type, ...rest].join(", ");
}

function actionLabel(st, index) {
  const label = st.labels ? st.labels[index] : null;
  return label === null || label === undefined ? describeAction(st.legal_actions[index]) : label;
}

// The person's pieces: a piece that only one legal action uses plays it; one that several use
// is chosen (`ui().selected`), which picks out their buttons (and places on the table).
function handEl(st) {
  const legal = st.legal_actions;
  const uses = legal.map((action) => piecesIn(action));
  const hand = $("hand");
  for (const piece of st.view.hand) {
    const kind = pieceKind(piece);
    const mine = legal.map((_, i) => i).filter((i) => uses[i].has(piece));
    hand.append(el("button", {
      class: `piece ${kind === "tile" ? "tile" : "card-piece"}${mine.length ? " legal" : ""}${S.ui.selected === piece ? " selected" : ""}${legal.length ? "" : " idle"}`,
      "data-piece": piece,
      "data-tile": kind === "tile" ? piece : null,
      "data-card": kind === "card" ? piece : null,
      disabled: mine.length === 0 || S.busy,
      title: mine.map((i) => actionLabel(st, i)).join(" / ") || `${piece} cannot be played now`,
      onclick: () => {
        if (mine.length === 1) send(legal[mine[0]]);
        else {
          S.ui.selected = S.ui.selected === piece ? null : piece;
          render();
        }
      },
    }, pieceEl(piece, false)));
  }
  return hand;
}

// A button for each legal action (only those that use the chosen piece, if one is chosen).
function actionButtons(st) {
  const bar = $("actions");
  const selected = S.ui.selected;
  st.legal_actions.forEach((action, i) => {
    if (selected !== null && selected !== undefined && !piecesIn(action).has(selected)) return;
    bar.append(el("button", {
      class: "action-btn",
      "data-index": i,
      "data-type": action.type,
      disabled: S.busy,
      onclick: () => send(action),
    }, actionLabel(st, i)));
  });
  if (selected !== null && selected !== undefined) {
    bar.append(el("button", { class: "show-all", onclick: () => { S.ui.selected = null; render(); } }, "Show every action"));
  }
  return bar;
}

// Where the chosen piece may go on a drawn layout: each legal action that uses it and names an
// arm or row of `list` (by any of its fields), as {end, action}.
function targetsOn(st, list) {
  const piece = S.ui.selected;
  if (piece === null || piece === undefined) return [];
  const ids = new Set(list.map((row) => String(row.id)));
  const out = [];
  for (const action of st.legal_actions) {
    if (!piecesIn(action).has(piece)) continue;
    const end = Object.entries(action).find(([key, value]) => key !== "type" && value !== null && typeof value !== "object" && ids.has(String(value)));
    if (end) out.push({ end: String(end[1]), action });
  }
  return out;
}

// The pieces the latest state's events played: those of each new event that names one piece.
function freshPieces() {
  const fresh = new Set();
  for (const event of S.events.slice(S.freshFrom)) {
    const named = piecesIn(event);
    if (named.size === 1) fresh.add([...named][0]);
  }
  return fresh;
}

// The table of any variant, from its view and the view's schema.
function renderGeneric(st) {
  const view = st.view;
  const info = S.variants.get(st.variant);
  const schema = info && info.view_schema ? info.view_schema : null;
  const props = schema ? propertiesOf(schema, schema) : {};
  const kinds = {};
  for (const [key, value] of Object.entries(view)) {
    kinds[key] = schema && key in props ? fieldKind(schema, props[key]) : fieldKindOf(value);
  }
  const table = el("div", { class: "generic-table" },
    el("div", { class: "fact-label", id: "hand-number", text: `Hand ${view.hand_number}` }));
  const trick = Object.keys(view).find((key) => kinds[key] === "trick" && !SHOWN_ELSEWHERE.has(key));
  if (trick) table.append(el("div", { class: "trick-center", "data-drawn": trick }, trickEl(view[trick])));
  const layout = Object.keys(view).find((key) => kinds[key] === "layout" && Array.isArray(view[key]));
  const drawn = new Set([trick, layout]);
  if (layout) {
    const holder = el("div", { class: "table-layout", "data-drawn": "opening" in view ? `opening ${layout}` : layout });
    holder.append(layoutOf(view, layout, { id: "layout", targets: targetsOn(st, view[layout]), fresh: freshPieces() }));
    table.append(holder);
    if ("opening" in view) drawn.add("opening");
  }
  const facts = el("dl", { class: "view-fields", id: "view-fields" });
  for (const [key, value] of Object.entries(view)) {
    if (SHOWN_ELSEWHERE.has(key) || drawn.has(key)) continue;
    const title = schema && props[key] ? props[key].description || schemaNode(schema, props[key]).description : null;
    facts.append(el("dt", { "data-field": key, title: title ? String(title).split("\n")[0] : null, text: humanise(key) }),
      el("dd", { "data-field": key }, valueEl(value, schema, props[key])));
  }
  table.append(facts);
  $("center").append(table);
  handEl(st);
  actionButtons(st);
}

// A field's kind from its value alone (for a view without a schema): its first item says.
function fieldKindOf(value) {
  if (!Array.isArray(value) || !value.length) return "fact";
  const item = value[0];
  if (pieceKind(item)) return "pieces";
  if (!item || typeof item !== "object") return "fact";
  if (typeof item.seat === "number" && pieceField(item)) return "trick";
  if ("id" in item && Array.isArray(item.tiles)) return "layout";
  return "fact";
}

// ---- the setup form, from the variants the server offers ---------------------------------------

// The node a local "$ref" ("#/$defs/Name") of `schema` points to, or `node` itself.
function resolveRef(schema, node) {
  let current = node;
  for (let hops = 0; current && typeof current.$ref === "string"; hops += 1) {
    if (hops > 20 || !current.$ref.startsWith("#/")) throw new Error(`cannot follow the schema reference ${current.$ref}`);
    current = current.$ref.slice(2).split("/").reduce((n, key) => (n ? n[key] : undefined), schema);
  }
  if (!current) throw new Error(`a schema reference of ${schema.$id} leads nowhere`);
  return current;
}

// One field of the option form for the option `name` described by the schema `prop`: booleans
// are checkboxes, enums and small integer ranges are menus, other numbers and strings are
// inputs (bounded by minimum and maximum), anything else is typed as JSON. Defaults are filled
// in; a field left on "default" is not sent, so the variant's own default applies.
function optionField(name, prop) {
  const id = $(name) ? `option-${name}` : name;
  const label = prop.title && prop.title !== name ? prop.title : humanise(name);
  const help = typeof prop.description === "string" ? prop.description.split("\n")[0] : null;
  const hasDefault = "default" in prop;
  const blank = () => el("option", { value: "", text: "default" });
  const span = prop.maximum - prop.minimum;
  let kind;
  let input;
  if (Array.isArray(prop.enum)) {
    kind = "enum";
    const choices = prop.enum.map((v) => {
      const option = el("option", { value: String(v), text: String(v), selected: hasDefault && v === prop.default });
      option.enumValue = v; // the JSON value (an enum may hold numbers as well as strings)
      return option;
    });
    input = el("select", { id, name }, hasDefault ? null : blank(), ...choices);
  } else if (prop.type === "boolean") {
    kind = "boolean";
    input = el("input", { id, name, type: "checkbox", checked: prop.default === true });
  } else if (prop.type === "integer" && Number.isInteger(span) && span >= 0 && span <= 12) {
    kind = "integer";
    const values = Array.from({ length: span + 1 }, (_, i) => prop.minimum + i);
    input = el("select", { id, name }, hasDefault ? null : blank(),
      ...values.map((v) => el("option", { value: String(v), text: String(v), selected: hasDefault && v === prop.default })));
  } else if (prop.type === "integer" || prop.type === "number") {
    kind = "number";
    input = el("input", {
      id, name, type: "number", min: prop.minimum, max: prop.maximum, step: prop.type === "integer" ? 1 : "any",
      value: hasDefault ? String(prop.default) : null, placeholder: "default",
    });
  } else if (prop.type === "string") {
    kind = "string";
    input = el("input", { id, name, type: "text", value: hasDefault ? prop.default : null, placeholder: "default" });
  } else {
    kind = "json";
    input = el("input", { id, name, type: "text", value: hasDefault ? JSON.stringify(prop.default) : null, placeholder: "default (JSON)" });
  }
  const node = el("label", { class: `option option-${kind}`, title: help }, label, input);
  return { name, kind, input, label, node };
}

// The options the form sets: every field that holds a value (one left blank or on "default" is
// not sent, so the variant's own default applies).
function readOptions() {
  const options = {};
  for (const field of S.fields) {
    const raw = field.input.value.trim();
    if (field.kind === "boolean") options[field.name] = field.input.checked;
    else if (field.kind === "number" && field.input.validity.badInput) {
      throw new Error(`${field.label} must be a number, got ${JSON.stringify(field.input.value)}`);
    } else if (raw === "") continue;
    else if (field.kind === "integer" || field.kind === "number") options[field.name] = Number(raw);
    else if (field.kind === "enum") options[field.name] = field.input.selectedOptions[0].enumValue;
    else if (field.kind === "string") options[field.name] = field.input.value;
    else {
      try {
        options[field.name] = JSON.parse(raw);
      } catch (error) {
        throw new Error(`${field.label} must be JSON: ${error.message}`);
      }
    }
  }
  return options;
}

// Sets the form to the options of a game (its log's `options`).
function fillOptions(options) {
  for (const field of S.fields) {
    if (!(field.name in options)) continue;
    const value = options[field.name];
    if (field.kind === "boolean") field.input.checked = value === true;
    else if (field.kind === "json") field.input.value = JSON.stringify(value);
    else field.input.value = String(value);
  }
}

// The seats the person may take: as many as the form's `players` option, else the variant's
// most (the core's rule for how many seats a game has).
function syncSeats(players) {
  const variant = S.variants.get($("variant").value);
  const field = S.fields.find((f) => f.name === "players");
  const chosen = field ? Number(field.input.value) : NaN;
  const count = players || (Number.isInteger(chosen) && field.input.value !== "" ? chosen : variant.max_players);
  const seat = $("seat");
  const keep = seat.value;
  seat.replaceChildren(...Array.from({ length: count }, (_, i) => el("option", { value: String(i), text: String(i) })));
  seat.value = Number(keep) < count ? keep : "0";
}

// Builds the option form, the seats and the bots of the chosen variant from its description.
function buildSetup() {
  const variant = S.variants.get($("variant").value);
  $("options").replaceChildren();
  S.fields = [];
  const schema = variant.options_schema;
  const root = resolveRef(schema, schema);
  for (const [name, prop] of Object.entries(root.properties || {})) {
    const field = optionField(name, resolveRef(schema, prop));
    S.fields.push(field);
    $("options").append(field.node);
  }
  $("variant-summary").textContent = variant.summary;
  const bots = $("bots");
  const keep = bots.value;
  bots.replaceChildren(...variant.bots.map((name) => el("option", { value: name, text: name })),
    el("option", { value: "open", text: OPEN_SEATS }));
  if (variant.bots.includes(keep) || keep === "open") bots.value = keep;
  syncSeats();
}

// The choice, beside the bots, of seats that people take from the lobby.
const OPEN_SEATS = "open seats (people join)";

async function start() {
  $("setup").addEventListener("submit", newGame);
  $("lobby-refresh").addEventListener("click", refreshLobby);
  try {
    const data = await api("GET", "api/variants");
    $("seed-field").hidden = !data.allow_seed; // a server chooses the seed unless its operator allows
    for (const variant of data.variants) S.variants.set(variant.name, variant);
    $("variant").replaceChildren(...data.variants.map((v) => el("option", { value: v.name, title: v.summary, text: v.name })));
    buildSetup();
  } catch (error) {
    showError(`could not load the variants: ${error.message}`);
    return;
  }
  $("variant").addEventListener("change", buildSetup);
  $("options").addEventListener("change", () => syncSeats());
  window.addEventListener("hashchange", () => resume());
  refreshLobby();
  await resume();
}

start();
