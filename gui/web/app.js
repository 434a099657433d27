// Kaki board: wires the board, the panels and the server together, the window's layout, and
// the keyboard.

import { Board } from "./board.js";
import { act, getJSON, getText, listen } from "./net.js";
import { Panels } from "./panels.js";
import { Review } from "./review.js";

const $ = (id) => document.getElementById(id);
const t0 = performance.now();

const app = {
  state: null,
  pieces: {},           // set name -> pieces JSON (for the current rules)
  set: localStorage.getItem("kaki-set") || "kanji",
  flipped: localStorage.getItem("kaki-flipped") === "1",
  flipGame: localStorage.getItem("kaki-flipped-game"), // the game the board was last turned for
  info: new Map(),      // kind -> piece info (names, diagram, moves, promotesTo)
  pgnText: null,        // the last PGN file loaded (to choose another of its games)
  pgnKey: "",           // the file and game whose list of games is shown
};

// Measurements the browser test reads (window.kakiMetrics).
window.kakiMetrics = { loadMs: null, highlightMs: [], renders: 0 };

const board = new Board($("board"), {
  move: (m) => run("move", { from: m.from, to: m.to, mid: m.mid, pass: m.pass, promo: m.promo, ply: app.state.cursor }),
  choosePromotion: (m) => {
    const code = app.state.board[m.from], from = app.info.get(code >> 1);
    return panels.promotion(from, from && app.info.get(from.promotesTo), code & 1);
  },
  hover: (code, avoid) => panels.showPiece(app.info.get(code >> 1), code & 1, avoid),
  leave: () => panels.hidePiece(),
  metric: (ms) => window.kakiMetrics.highlightMs.push(ms),
});
const panels = new Panels({
  goto: (ply) => run("goto", { ply }),
  restart: (slot) => run("restart", { slot }),
  newGame: async (req) => show(await act("new", req)),
  loadGame: (game) => loadPgn(app.pgnText, game),
});

async function run(action, body) {
  try {
    show(await act(action, body));
  } catch (e) {
    panels.showError(e.message);
  }
}

function rulesKey(st) {
  return st.rules.map((r) => `${r.name}=${r.value}`).join(" ");
}

async function loadPieces(set) {
  const key = set + " " + rulesKey(app.state);
  if (!app.pieces[key]) app.pieces[key] = await getJSON("/api/pieces?set=" + set);
  const p = app.pieces[key];
  app.info = new Map(p.pieces.map((x) => [x.kind, x]));
  board.setPieces(p);
  document.querySelector(`input[name=set][value=${set}]`).checked = true;
  document.body.dataset.set = set;
}

// A new game where one person plays one side: that side at the bottom of the board (a flip
// by hand holds until the next game).
function autoFlip(st) {
  if (String(st.game) === app.flipGame) return;
  app.flipGame = String(st.game);
  localStorage.setItem("kaki-flipped-game", app.flipGame);
  const [sente, gote] = st.players;
  if (sente !== gote) setFlipped(gote === "human");
}

const review = new Review({
  start: (body) => run("review", body),
  cancel: () => run("review", { cancel: true }),
  goto: (ply) => run("goto", { ply }),
});

async function show(st) {
  if (app.state && st.version < app.state.version) return; // an older answer
  const rulesChanged = !app.state || rulesKey(app.state) !== rulesKey(st);
  const moved = !app.state || app.state.version !== st.version;
  app.state = st;
  if (rulesChanged) await loadPieces(app.set);
  autoFlip(st);
  if (moved) panels.hidePiece(); // what it said may be stale (a capture, a burn)
  board.setState(st);
  panels.setState(st, app.flipped);
  review.setState(st);
  if (st.think.valid) onThinking(st.think);
  else board.setArrow(null);
  showPgnGames(st);
  window.kakiMetrics.renders++;
  document.body.dataset.version = st.version;
  if (window.kakiMetrics.loadMs === null) {
    window.kakiMetrics.loadMs = performance.now() - t0;
    window.kakiMetrics.navigationMs = performance.now();
    document.body.dataset.ready = "1";
  }
}

function onThinking(t) {
  panels.setThinking(t);
  const best = t.valid && t.lines.length ? t.lines[0].best : null;
  board.setArrow(best);
}

// The list of the games of the PGN file loaded, when it changed.
async function showPgnGames(st) {
  const key = `${st.game} ${st.pgnFile.games} ${st.pgnFile.loaded}`;
  if (key === app.pgnKey) return;
  app.pgnKey = key;
  panels.setPgnGames(st.pgnFile.games > 1 ? await getJSON("/api/pgngames") : null);
}

// Loads a PGN text (game: its number, or 0 for the first that reads), refusing a text too big
// for one request with a message that says so.
function loadPgn(text, game = 0) {
  if (text === null) return panels.showError("load the file again to choose another of its games");
  const body = game ? { pgn: text, game } : { pgn: text };
  const size = new Blob([JSON.stringify(body)]).size, max = app.state.maxUpload;
  const mb = (n) => (n / 1048576).toFixed(1) + " MB";
  if (size > max)
    return panels.showError(`This PGN is ${mb(size)}: kaki-board loads PGN files up to ${mb(max)} ` +
                            "(split it into smaller files).");
  app.pgnText = text;
  return run("loadpgn", body);
}

async function resync() {
  show(await getJSON("/api/state"));
}

function download(name, text, type) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  document.body.appendChild(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

function setFlipped(f) {
  app.flipped = f;
  localStorage.setItem("kaki-flipped", app.flipped ? "1" : "0");
  board.setFlipped(app.flipped);
  if (app.state) panels.setState(app.state, app.flipped);
}

function flip() {
  setFlipped(!app.flipped);
}

function newGame() {
  panels.newGame();
}

function step(delta) {
  const st = app.state;
  const ply = Math.max(0, Math.min(st.plies.length, st.cursor + delta));
  if (ply !== st.cursor) run("goto", { ply });
}

// The board fills what the window leaves: the height of main, and its width minus the
// side's minimum (or, in a narrow window, the whole width).
function layout() {
  const main = document.querySelector("main"), side = $("side"), cs = getComputedStyle(main);
  const padH = parseFloat(cs.paddingTop) + parseFloat(cs.paddingBottom);
  const padW = parseFloat(cs.paddingLeft) + parseFloat(cs.paddingRight);
  const gap = parseFloat(cs.columnGap) || 0;
  let size;
  if (getComputedStyle(main).flexDirection === "column") size = main.clientWidth - padW;
  else {
    const sideMin = parseFloat(getComputedStyle(side).minWidth) || 0;
    size = Math.min(main.clientHeight - padH, main.clientWidth - padW - gap - sideMin);
  }
  $("board-area").style.setProperty("--bs", Math.max(200, Math.floor(size)) + "px");
}

function wire() {
  $("btn-new").addEventListener("click", newGame);
  $("btn-undo").addEventListener("click", () => run("undo"));
  $("btn-flip").addEventListener("click", flip);
  $("btn-resign").addEventListener("click", () => { if (confirm("Resign this game?")) run("resign"); });
  $("btn-analyse").addEventListener("click", () => run("analyse", { on: !app.state.analysing }));
  $("multipv").addEventListener("change", () => run("analyse", { multipv: Number($("multipv").value) }));
  $("btn-stop").addEventListener("click", () => run(app.state.paused ? "resume" : "stop"));
  $("nav-start").addEventListener("click", () => run("goto", { ply: 0 }));
  $("nav-back").addEventListener("click", () => step(-1));
  $("nav-fwd").addEventListener("click", () => step(1));
  $("nav-end").addEventListener("click", () => run("goto", { ply: app.state.plies.length }));
  for (const r of document.querySelectorAll("input[name=set]"))
    r.addEventListener("change", () => {
      app.set = r.value;
      localStorage.setItem("kaki-set", app.set);
      loadPieces(app.set).catch((e) => panels.showError(e.message));
    });
  $("btn-save-pgn").addEventListener("click", async () => download("kaki-board.pgn", await getText("/api/pgn"), "application/x-chess-pgn"));
  $("btn-save-tfen").addEventListener("click", () => download("position.tfen", app.state.tfen + "\n", "text/plain"));
  $("file-pgn").addEventListener("change", async (e) => {
    const f = e.target.files[0];
    if (f) loadPgn(await f.text());
    e.target.value = "";
  });
  $("btn-load-pgn").addEventListener("click", () => loadPgn($("pgn-text").value));
  $("btn-setup").addEventListener("click", () => run("setup", { tfen: $("tfen").value.trim() }));
  // any click hides the piece's tooltip
  document.addEventListener("pointerdown", () => panels.hidePiece(), true);
  document.addEventListener("keydown", (e) => {
    if (e.target.closest("input, textarea, select, dialog") || e.ctrlKey || e.metaKey || e.altKey) return;
    const keys = {
      ArrowLeft: () => step(-1), ArrowRight: () => step(1),
      Home: () => run("goto", { ply: 0 }), End: () => run("goto", { ply: app.state.plies.length }),
      f: flip, n: newGame, t: () => run("undo"), a: () => run("analyse", { on: !app.state.analysing }),
      s: () => run(app.state.paused ? "resume" : "stop"), b: () => $("board").focus(),
      1: () => document.querySelector("input[value=kanji]").click(),
      2: () => document.querySelector("input[value=mnemonic]").click(),
      3: () => document.querySelector("input[value=letters]").click(),
    };
    const fn = keys[e.key];
    if (fn) { fn(); e.preventDefault(); }
  });
  new ResizeObserver(layout).observe(document.querySelector("main"));
  window.addEventListener("resize", layout);
  layout();
}

async function start() {
  wire();
  board.setFlipped(app.flipped);
  try {
    await show(await getJSON("/api/state"));
  } catch (e) {
    panels.showError("cannot reach kaki-board: " + e.message);
  }
  try {
    review.setReview(await getJSON("/api/review"));
  } catch (e) { /* no review yet */ }
  listen(show, onThinking, resync, (r) => review.setReview(r));
}

start();
