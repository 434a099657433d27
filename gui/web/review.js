// The game review (gui/review.c does the work): the Review button with its depth and threshold,
// the progress, a Cancel button, the list of marked moves with the better move, and the marks
// ("?" / "??") in the move list, shown only while the game on the page is the game reviewed.

const $ = (id) => document.getElementById(id);

// Centipawns (the mover's view) as pawns, or a mate.
function pawns(cp) {
  if (Math.abs(cp) >= 29000) return (cp > 0 ? "+" : "−") + "mate";
  return (cp > 0 ? "+" : cp < 0 ? "−" : "") + (Math.abs(cp) / 100).toFixed(2);
}

export class Review {
  constructor(hooks) {
    this.hooks = hooks;   // start(body), cancel(), goto(ply)
    this.data = null;
    this.state = null;
    $("btn-review").addEventListener("click", () => this.hooks.start({
      depth: Number($("review-depth").value), threshold: Number($("review-threshold").value) }));
    $("btn-review-cancel").addEventListener("click", () => this.hooks.cancel());
  }

  // Is the game on the page the game reviewed (or one that goes on from it)?
  current() {
    const r = this.data, st = this.state;
    if (!r || !st || r.game !== st.game || r.moves.length > st.plies.length) return false;
    return r.moves.every((w, i) => st.plies[i].wire === w);
  }

  setReview(r) {
    this.data = r;
    this.render();
  }

  setState(st) {
    this.state = st;
    this.render();
  }

  render() {
    const r = this.data;
    const running = !!(r && r.running);
    $("btn-review").hidden = running;
    $("btn-review-cancel").hidden = !running;
    const cur = this.current();
    let text = "";
    if (r && r.total) {
      if (running) text = `reviewing at depth ${r.depth}: position ${r.done} of ${r.total}`;
      else if (r.error) text = `review stopped: ${r.error}`;
      else if (r.done < r.total) text = `review cancelled after ${r.done} of ${r.total} positions`;
      else text = `reviewed at depth ${r.depth}: ${r.marks.length} move${r.marks.length === 1 ? "" : "s"} lost more than ${(r.threshold / 100).toFixed(2)} pawns`;
      if (!cur) text += " (for another game)";
    }
    $("review-progress").textContent = text;
    const list = $("review-marks");
    list.textContent = "";
    const marks = cur ? r.marks : [];
    const sideAtStart = this.state && this.state.startTfen.endsWith(" w") ? 1 : 0;
    for (const m of marks) {
      const li = document.createElement("li");
      li.className = "line review-line " + (m.mark === "??" ? "blunder" : "mistake");
      li.dataset.ply = m.ply + 1;
      const no = Math.floor((m.ply + sideAtStart) / 2) + 1, dots = (m.ply + sideAtStart) % 2 ? "… " : ". ";
      li.innerHTML = '<span class="mv"></span> <span class="better"></span>';
      li.querySelector(".mv").textContent = `${no}${dots}${m.played}${m.mark} ${pawns(m.playedScore)}`;
      li.querySelector(".better").textContent = `better ${m.better} ${pawns(m.betterScore)}`;
      li.title = "scores from the mover's view; click to see the position before the move";
      li.addEventListener("click", () => this.hooks.goto(m.ply));
      list.appendChild(li);
    }
    // the marks in the move list
    for (const span of document.querySelectorAll("#moves .ply")) {
      span.classList.remove("mistake", "blunder");
      const old = span.querySelector(".review-mark");
      if (old) old.remove();
    }
    for (const m of marks) {
      const span = document.querySelector(`#moves .ply[data-ply="${m.ply + 1}"]`);
      if (!span) continue;
      span.classList.add(m.mark === "??" ? "blunder" : "mistake");
      const s = document.createElement("span");
      s.className = "review-mark";
      s.textContent = m.mark;
      span.appendChild(s);
      span.title = `${m.played}${m.mark} ${pawns(m.playedScore)}; better ${m.better} ${pawns(m.betterScore)} (mover's view)`;
    }
  }
}
