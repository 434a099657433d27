// The panels beside the board: players and clocks, status, move list, analysis with its
// evaluation graph, the new-game dialog (players, clock, the rules options), the promotion
// dialog and the piece tooltip.  They show what the server says; none of them knows a rule.
// Every score is from sente's view (+ = good for sente), as the server sends it.

const $ = (id) => document.getElementById(id);
const SIDE = ["Sente", "Gote"];

// A score from sente's view (centipawns; mate 100000+N): "+1.20", "−0.35", "sente mates in 3".
export function formatScore(cp) {
  if (cp === null || cp === undefined) return "–";
  if (cp >= 100000) return `sente mates in ${cp - 100000}`;
  if (cp <= -100000) return `gote mates in ${-cp - 100000}`;
  return (cp > 0 ? "+" : cp < 0 ? "−" : "") + (Math.abs(cp) / 100).toFixed(2);
}

function scoreTitle(cp) {
  if (Math.abs(cp) >= 100000) return "sente's view";
  return cp > 0 ? "sente is better (sente's view)" : cp < 0 ? "gote is better (sente's view)" : "level";
}

function formatClock(ms) {
  const neg = ms < 0;
  ms = Math.abs(ms);
  const s = Math.floor(ms / 1000), m = Math.floor(s / 60), h = Math.floor(m / 60);
  const t = h ? `${h}:${String(m % 60).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`
              : `${m}:${String(s % 60).padStart(2, "0")}`;
  return (neg ? "-" : "") + t + (ms < 10000 ? "." + Math.floor((ms % 1000) / 100) : "");
}

export class Panels {
  constructor(hooks) {
    this.hooks = hooks; // {goto(ply), restart(slot), newGame(request) -> Promise, loadGame(n)}
    this.state = null;
    this.flipped = false;
    this.clockBase = 0;
    setInterval(() => this.tickClocks(), 100);
    $("graph").addEventListener("click", (e) => this.graphClick(e));
    $("pgn-games").addEventListener("change", (e) => this.hooks.loadGame(Number(e.target.value)));
    this.wireNewGame();
  }

  setState(st, flipped) {
    this.state = st;
    this.flipped = flipped;
    this.clockBase = performance.now();
    this.drawPlayers();
    this.drawStatus();
    this.drawMoves();
    this.drawGraph();
    if (!st.think.valid) this.setThinking(st.think);
    $("tfen").value = st.tfen;
    $("btn-analyse").setAttribute("aria-pressed", st.analysing ? "true" : "false");
    if (document.activeElement !== $("multipv")) $("multipv").value = String(st.multipv || 1);
    $("btn-stop").textContent = st.paused ? "Go on" : "Stop";
  }

  playerName(c) {
    const st = this.state;
    if (st.players[c] === "human") return `${SIDE[c]}: person`;
    const e = st.engines[st.slotOf[c]];
    return `${SIDE[c]}: ${e.name}${e.state === "dead" ? " (stopped)" : e.state === "thinking" ? " (thinking)" : ""}`;
  }

  drawPlayers() {
    const st = this.state;
    const bottom = this.flipped ? 1 : 0;
    for (const [id, c] of [["player-bottom", bottom], ["player-top", 1 - bottom]]) {
      const box = $(id);
      box.querySelector(".who").textContent = this.playerName(c);
      box.classList.toggle("to-move", !st.over && st.side === c);
      box.dataset.side = c;
    }
    this.tickClocks();
  }

  // The clocks: dark while counting down, red when little is left (only a clock that runs
  // down the game: in fixed time per move the engine's clock counts its move's time and is
  // never red), grey before the game's first move.
  tickClocks() {
    const st = this.state;
    if (!st) return;
    const c = st.clock;
    for (const id of ["player-bottom", "player-top"]) {
      const box = $(id), side = Number(box.dataset.side), clock = box.querySelector(".clock");
      if (!c.timed[side]) {
        clock.textContent = c.kind === "depth" && st.players[side] === "engine" ? `depth ${c.depth}` : "";
        clock.className = "clock";
        clock.title = "";
        continue;
      }
      const running = c.running === side;
      let left = c.left[side];
      if (running) left -= performance.now() - this.clockBase;
      let cls = "clock";
      if (c.kind === "permove") {
        clock.textContent = running ? formatClock(left) : `${c.move / 1000} s/move`;
        clock.title = "the engine's time for each move";
        if (running) cls += left <= 0 ? " flagged" : " running";
      } else {
        clock.textContent = formatClock(left);
        clock.title = c.started ? "" : "the clocks start with the first move";
        const low = left < Math.min(10000, c.base / 6);
        if (!c.started) cls += " waiting";
        else if (left <= 0) cls += " flagged";
        else if (running) cls += low ? " running low" : " running";
        else if (low) cls += " low";
      }
      clock.className = cls;
    }
  }

  drawStatus() {
    const st = this.state;
    let text;
    if (st.over && st.cursor === st.plies.length) text = `${st.result} — ${st.ending}`;
    else if (st.cursor < st.plies.length) text = `Viewing move ${st.cursor} of ${st.plies.length}` +
        (st.over ? ` (game over: ${st.result})` : st.clock.running >= 0 ? ` (${SIDE[st.clock.running]}'s clock is running)` : "") +
        ". Moving here continues the game from this position.";
    else if (st.paused) text = `Paused (${st.pauseReason}). ${SIDE[st.side]} to move.`;
    else text = `${SIDE[st.side]} to move` + (st.players[st.side] === "engine" ? " (engine thinking)" : "") + "." +
        (c => c.timed[0] || c.timed[1] ? (c.started ? "" : " The clocks start with the first move.") : "")(st.clock);
    $("status").textContent = text;
    $("notice").textContent = st.notice;
    // a stopped engine: a button to start it again (the game is kept)
    const box = $("engine-actions");
    box.textContent = "";
    st.engines.forEach((e, slot) => {
      if (e.state !== "dead") return;
      const b = document.createElement("button");
      b.textContent = `Restart engine ${slot + 1} (${e.name})`;
      b.title = e.error;
      b.addEventListener("click", () => this.hooks.restart(slot));
      box.appendChild(b);
    });
  }

  showError(msg) {
    $("notice").textContent = msg;
  }

  drawMoves() {
    const st = this.state, ol = $("moves");
    ol.textContent = "";
    const sideAtStart = st.startTfen.endsWith(" w") ? 1 : 0;
    let li = null;
    st.plies.forEach((p, i) => {
      const sente = (i + sideAtStart) % 2 === 0;
      if (sente || !li) {
        li = document.createElement("li");
        li.value = Math.floor((i + sideAtStart) / 2) + 1;
        ol.appendChild(li);
        if (!sente) li.appendChild(document.createTextNode("… "));
      }
      const span = document.createElement("span");
      span.className = "ply" + (i + 1 === st.cursor ? " current" : "");
      span.textContent = p.hodges;
      span.title = `${p.wire}${p.note ? "  " + p.note : ""}`;
      span.dataset.ply = i + 1;
      span.addEventListener("click", () => this.hooks.goto(i + 1));
      li.appendChild(span);
    });
    const cur = ol.querySelector(".current");
    if (cur) cur.scrollIntoView({ block: "nearest" });
  }

  // The engine's thinking: depth and speed, then its lines (MultiPV: the best first), each a
  // score from sente's view and the moves from the position shown.
  setThinking(t) {
    const list = $("think-lines");
    const lines = t.valid ? t.lines : [];
    $("think-depth").textContent = lines.length ? `depth ${lines[0].depth}` : "depth –";
    $("think-nps").textContent = t.valid && t.nps > 0 ? `${Math.round(t.nps).toLocaleString("en")} nodes/s` : "– nodes/s";
    $("think-note").textContent = t.valid && !t.current ? `(its last line was for move ${t.at})` : "";
    while (list.children.length > Math.max(1, lines.length)) list.lastElementChild.remove();
    while (list.children.length < lines.length) {
      const li = document.createElement("li");
      li.className = "line";
      li.innerHTML = '<span class="score"></span> <span class="pv"></span>';
      list.appendChild(li);
    }
    if (!lines.length) {
      $("think-score").textContent = "–";
      $("think-score").title = "";
      $("think-pv").textContent = this.state?.analysing && !t.valid ? "thinking…" : "";
      return;
    }
    lines.forEach((l, i) => {
      const li = list.children[i];
      li.querySelector(".score").textContent = formatScore(l.score);
      li.querySelector(".score").title = scoreTitle(l.score);
      li.querySelector(".pv").textContent = l.pv;
      li.dataset.depth = l.depth;
    });
  }

  drawGraph() {
    const st = this.state, g = $("graph");
    const n = Math.max(1, st.evals.length - 1);
    const y = (cp) => 40 - Math.max(-1, Math.min(1, cp / 2000)) * 36;
    let pts = "", dots = "";
    st.evals.forEach((v, i) => {
      if (v === null) return;
      pts += `${(i / n) * 300},${y(v)} `;
      dots += `<circle cx="${(i / n) * 300}" cy="${y(v)}" r="2" fill="#a33"/>`;
    });
    const x = (st.cursor / n) * 300;
    g.innerHTML = `<line x1="0" y1="40" x2="300" y2="40" stroke="#bbb" stroke-width="1"/>` +
      `<line x1="${x}" y1="0" x2="${x}" y2="80" stroke="#1c5fa8" stroke-width="1.5"/>` +
      (pts ? `<polyline points="${pts}" fill="none" stroke="#a33" stroke-width="1.5"/>${dots}` : "");
  }

  graphClick(e) {
    const st = this.state;
    if (!st) return;
    const r = $("graph").getBoundingClientRect();
    const n = Math.max(1, st.evals.length - 1);
    this.hooks.goto(Math.round(((e.clientX - r.left) / r.width) * n));
  }

  // The games of the last PGN file loaded (labels from /api/pgngames): a choice when there
  // are several.
  setPgnGames(list) {
    const row = $("pgn-games-row"), sel = $("pgn-games");
    row.hidden = !list || list.games.length < 2;
    if (row.hidden) return;
    sel.textContent = "";
    list.games.forEach((label, i) => {
      const o = document.createElement("option");
      o.value = i + 1;
      o.textContent = `${i + 1}. ${label}`;
      o.selected = i + 1 === list.loaded;
      sel.appendChild(o);
    });
  }

  // The new-game dialog: only the fields of the chosen clock are shown; Start sends the
  // request and closes the dialog only when the server accepts it (an error is shown in the
  // dialog, with everything typed kept).
  wireNewGame() {
    const form = $("form-new"), dlg = $("dlg-new");
    $("clock-kind").addEventListener("change", () => this.showClockFields());
    $("new-cancel").addEventListener("click", () => dlg.close("cancel"));
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      if (!form.reportValidity()) return;
      $("new-error").textContent = "";
      $("new-ok").disabled = true;
      try {
        await this.hooks.newGame(this.newGameRequest());
        dlg.close("ok");
      } catch (err) {
        $("new-error").textContent = err.message;
      } finally {
        $("new-ok").disabled = false;
      }
    });
  }

  showClockFields() {
    const kind = $("clock-kind").value;
    for (const label of document.querySelectorAll("#dlg-new label[data-clocks]")) {
      const on = label.dataset.clocks.split(" ").includes(kind);
      label.hidden = !on;
      label.querySelector("input").disabled = !on;
    }
    $("clock-help").textContent = {
      increment: "Each side has this many minutes, and the seconds are added after each of its moves.",
      sudden: "Each side has this many minutes for the whole game.",
      permove: "The engine thinks this long for every move; people are not timed.",
      depth: "The engine searches this many plies deep; nobody is timed.",
      none: "Nobody is timed; the engine thinks up to 10 s a move.",
    }[kind];
  }

  newGameRequest() {
    const st = this.state, form = $("form-new");
    const rules = {};
    for (const r of st.rules) rules[r.name] = form["rule-" + r.name].value;
    const kind = form.clock.value, clock = { kind };
    if (kind === "increment" || kind === "sudden") clock.base = Math.round(form.base.value * 60000);
    if (kind === "increment") clock.inc = Math.round(form.inc.value * 1000);
    if (kind === "permove") clock.move = Math.round(form.move.value * 1000);
    if (kind === "depth") clock.depth = Number(form.depth.value);
    const req = { sente: form.sente.value, gote: form.gote.value, rules, clock };
    if (form.tfen.value.trim()) req.tfen = form.tfen.value.trim();
    return req;
  }

  // Opens the dialog, filled from the current state (the server starts the game).
  newGame() {
    const st = this.state, form = $("form-new"), box = $("rules");
    box.textContent = "";
    for (const r of st.rules) {
      const label = document.createElement("label");
      const sel = document.createElement("select");
      sel.name = "rule-" + r.name;
      for (const v of r.values) {
        const o = document.createElement("option");
        o.value = o.textContent = v;
        o.selected = v === r.value;
        sel.appendChild(o);
      }
      label.append(`${r.name} `, sel);
      const help = document.createElement("span");
      help.className = "help";
      help.textContent = r.help;
      label.appendChild(help);
      box.appendChild(label);
    }
    form.sente.value = st.players[0];
    form.gote.value = st.players[1];
    form.clock.value = st.clock.kind;
    if (st.clock.base) form.base.value = st.clock.base / 60000;
    form.inc.value = st.clock.inc / 1000;
    if (st.clock.move) form.move.value = st.clock.move / 1000;
    if (st.clock.depth) form.depth.value = st.clock.depth;
    $("new-error").textContent = "";
    this.showClockFields();
    this.hidePiece();
    $("dlg-new").showModal();
  }

  // Promote?  Both pieces are shown, with their names.  Resolves true, false, or null
  // (cancelled).  from / to: piece info ({kind, english, ...}) of the piece and what it
  // would become; colour: the mover's.
  promotion(from, to, colour) {
    const dlg = $("dlg-promo");
    this.hidePiece();
    const pic = (id, kind) => $(id).setAttribute("href", `#p${kind}-${colour}`);
    if (from && to) {
      pic("promo-no-pic", from.kind);
      pic("promo-yes-pic", to.kind);
      $("promo-no-name").textContent = from.english;
      $("promo-yes-name").textContent = to.english.replace(/ \(\+.*\)$/, "");
      $("promo-question").textContent = `Promote the ${from.english}?`;
    }
    dlg.returnValue = "";
    dlg.showModal();
    return new Promise((resolve) => {
      const key = (e) => {
        if (e.key === "+" || e.key === "y") { dlg.close("yes"); e.preventDefault(); }
        if (e.key === "=" || e.key === "n") { dlg.close("no"); e.preventDefault(); }
      };
      dlg.addEventListener("keydown", key);
      dlg.addEventListener("close", () => {
        dlg.removeEventListener("keydown", key);
        resolve(dlg.returnValue === "yes" ? true : dlg.returnValue === "no" ? false : null);
      }, { once: true });
    });
  }

  // The piece's names and moves, placed where it covers no square of the board if the
  // window has room beside, below or above it; else in a corner of the window that covers
  // none of `avoid` (the marked targets and the square pointed at, as screen rectangles);
  // else not at all.
  showPiece(info, colour, avoid = []) {
    const tip = $("tip");
    if (!info || document.querySelector("dialog[open]")) return;
    tip.innerHTML = "";
    const h = document.createElement("h3");
    h.textContent = `${info.english} (${info.abbrev})`;
    const ja = document.createElement("p");
    ja.className = "ja";
    ja.lang = "ja";
    ja.textContent = `${info.kanji} ${info.romaji}`;
    const who = document.createElement("p");
    who.textContent = `${SIDE[colour]}'s piece, worth ${(info.value / 100).toFixed(0)} pawns`;
    const moves = document.createElement("p");
    moves.textContent = info.moves;
    tip.append(h, ja, who);
    tip.insertAdjacentHTML("beforeend", info.diagram);
    tip.appendChild(moves);
    tip.style.left = "0px";
    tip.style.top = "0px";
    tip.hidden = false;
    const w = tip.offsetWidth, hgt = tip.offsetHeight, gap = 8;
    const W = window.innerWidth, H = window.innerHeight;
    const b = $("board").getBoundingClientRect();
    const midY = Math.max(gap, Math.min(H - hgt - gap, b.top + b.height / 2 - hgt / 2));
    const midX = Math.max(gap, Math.min(W - w - gap, b.left + b.width / 2 - w / 2));
    const spots = [[b.right + gap, midY], [b.left - w - gap, midY], [midX, b.bottom + gap], [midX, b.top - hgt - gap],
                   [W - w - gap, gap], [gap, gap], [W - w - gap, H - hgt - gap], [gap, H - hgt - gap]];
    const overlaps = (x, y, r) => x < r.right && x + w > r.left && y < r.bottom && y + hgt > r.top;
    const fits = ([x, y], i) => x >= 0 && y >= 0 && x + w <= W && y + hgt <= H &&
                               (i < 4 ? !overlaps(x, y, b) : !avoid.some((r) => overlaps(x, y, r)));
    const spot = spots.find(fits);
    if (!spot) return this.hidePiece();
    tip.style.left = spot[0] + "px";
    tip.style.top = spot[1] + "px";
  }

  hidePiece() {
    $("tip").hidden = true;
  }
}
