// The panels beside the board: players and clocks, status, move list, analysis with its
// evaluation graph, the new-game dialog (players, clock, the rules options) and the piece
// tooltip.  They show what the server says; none of them knows a rule.

const $ = (id) => document.getElementById(id);
const SIDE = ["Sente", "Gote"];

export function formatScore(cp) {
  if (cp === null || cp === undefined) return "–";
  if (cp >= 100000) return `mate in ${cp - 100000}`;
  if (cp <= -100000) return `mated in ${-cp - 100000}`;
  return (cp >= 0 ? "+" : "") + (cp / 100).toFixed(2);
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
    this.hooks = hooks; // {goto(ply), restart(slot), loadGame(n)}
    this.state = null;
    this.flipped = false;
    this.clockBase = 0;
    setInterval(() => this.tickClocks(), 100);
    $("graph").addEventListener("click", (e) => this.graphClick(e));
    $("pgn-games").addEventListener("change", (e) => this.hooks.loadGame(Number(e.target.value)));
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

  tickClocks() {
    const st = this.state;
    if (!st) return;
    for (const id of ["player-bottom", "player-top"]) {
      const box = $(id), c = Number(box.dataset.side), clock = box.querySelector(".clock");
      if (!st.clock.timed[c]) {
        clock.textContent = st.clock.kind === "depth" && st.players[c] === "engine" ? `depth ${st.clock.depth}` : "";
        clock.className = "clock";
        continue;
      }
      let left = st.clock.left[c];
      const running = st.clock.running === c;
      if (running) left -= performance.now() - this.clockBase;
      clock.textContent = formatClock(left);
      clock.className = "clock" + (running ? " running" : "") + (left < 10000 ? " low" : "");
    }
  }

  drawStatus() {
    const st = this.state;
    let text;
    if (st.over && st.cursor === st.plies.length) text = `${st.result} — ${st.ending}`;
    else if (st.cursor < st.plies.length) text = `Viewing move ${st.cursor} of ${st.plies.length}` +
        (st.over ? ` (game over: ${st.result})` : "") + ". Moving here continues the game from this position.";
    else if (st.paused) text = `Paused (${st.pauseReason}). ${SIDE[st.side]} to move.`;
    else text = `${SIDE[st.side]} to move` + (st.players[st.side] === "engine" ? " (engine thinking)" : "") + ".";
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

  setThinking(t) {
    if (!t.valid) {
      $("think-depth").textContent = "depth –";
      $("think-score").textContent = "score –";
      $("think-nps").textContent = "– nodes/s";
      $("think-pv").textContent = this.state?.analysing ? "thinking…" : "";
      return;
    }
    // scores in the side to move's view become sente's view (+ = good for sente)
    const side = this.state && t.at === this.state.cursor ? this.state.side : 0;
    const sente = side === 0 ? t.score : -t.score;
    $("think-depth").textContent = `depth ${t.depth}`;
    $("think-score").textContent = `score ${formatScore(sente)} (sente's view)`;
    $("think-nps").textContent = `${Math.round(t.nps).toLocaleString("en")} nodes/s`;
    $("think-pv").textContent = t.pv;
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

  // The new-game dialog, filled from the current state; resolves with the request or null.
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
    const dlg = $("dlg-new");
    dlg.showModal();
    return new Promise((resolve) => {
      dlg.addEventListener("close", () => {
        if (dlg.returnValue !== "ok") return resolve(null);
        const rules = {};
        for (const r of st.rules) rules[r.name] = form["rule-" + r.name].value;
        const req = {
          sente: form.sente.value, gote: form.gote.value, rules,
          clock: { kind: form.clock.value, base: Math.round(form.base.value * 60000),
                   inc: Math.round(form.inc.value * 1000), move: Math.round(form.move.value * 1000),
                   depth: Number(form.depth.value) },
        };
        if (form.tfen.value.trim()) req.tfen = form.tfen.value.trim();
        resolve(req);
      }, { once: true });
    });
  }

  // Promote?  Resolves true, false, or null (cancelled).
  promotion() {
    const dlg = $("dlg-promo");
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

  // The piece's names and moves next to the pointer.
  showPiece(info, colour, x, y) {
    const tip = $("tip");
    if (!info) return;
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
    tip.hidden = false;
    const w = tip.offsetWidth, hgt = tip.offsetHeight;
    tip.style.left = Math.min(window.innerWidth - w - 8, x + 16) + "px";
    tip.style.top = Math.max(8, Math.min(window.innerHeight - hgt - 8, y + 16)) + "px";
  }

  hidePiece() {
    $("tip").hidden = true;
  }
}
