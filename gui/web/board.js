// The board: drawing (squares, pieces, marks) and move entry by clicks, drag and drop or
// keys.  It knows no rules: a click, or a drop (which does what a click on that square does),
// is matched against the server's list of legal moves, each with its effects (captures,
// burns, suicide, promotion choice).

const NS = "http://www.w3.org/2000/svg";
const S = 60;          // square size (viewBox units)
const M = 22;          // margin for the coordinates
const SIZE = 2 * M + 16 * S;
const DRAG_PX = 6;     // a press that moves further is a drag
// The geometry, for the tests: a square's centre is at M + (col + 0.5) * S of SIZE.
window.kakiGeometry = { size: SIZE, margin: M, square: S };

const fileOf = (sq) => sq & 15;
const rankOf = (sq) => sq >> 4;
// Hodges squares (docs/RULES.md §1.1): files 16..1 from sente's left, ranks a..p from the top.
export const hodgesSquare = (sq) => `${16 - fileOf(sq)}${"abcdefghijklmnop"[15 - rankOf(sq)]}`;

function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

export class Board {
  constructor(svg, hooks) {
    this.svg = svg;
    this.hooks = hooks;      // {move(m), choosePromotion(m), hover(code, avoid), leave(), metric(ms)}
    this.flipped = false;
    this.state = null;
    this.sel = -1;           // selected square
    this.leg = -1;           // chosen first-leg square of a two-leg move
    this.cursor = 8 + 3 * 16;
    this.pieceSet = null;
    this.burntShownFor = -1;
    svg.setAttribute("viewBox", `0 0 ${SIZE} ${SIZE}`);
    this.defs = el("defs", {}, svg);
    this.gSquares = el("g", {}, svg);
    this.gUnder = el("g", {}, svg);
    this.gPieces = el("g", {}, svg);
    this.gOver = el("g", {}, svg);
    this.gArrow = el("g", {}, svg);
    this.gBurnt = el("g", {}, svg);
    this.gDrag = el("g", {}, svg);
    this.press = null;       // a press on a piece that may become a drag
    this.drag = null;        // the drag under way
    this.drawSquares();
    svg.addEventListener("pointerdown", (e) => this.onPointer(e));
    svg.addEventListener("pointermove", (e) => this.onPointerMove(e));
    svg.addEventListener("pointerup", (e) => this.onPointerUp(e));
    svg.addEventListener("pointercancel", () => this.cancelDrag());
    svg.addEventListener("pointerleave", () => { clearTimeout(this.hoverTimer); this.hooks.leave(); });
    svg.addEventListener("keydown", (e) => this.onKey(e));
    svg.addEventListener("blur", () => { this.keyboard = false; this.drawMarks(); });
    svg.addEventListener("contextmenu", (e) => e.preventDefault());
  }

  // x, y of a square's top-left corner on the picture
  xy(sq) {
    const col = this.flipped ? 15 - fileOf(sq) : fileOf(sq);
    const row = this.flipped ? rankOf(sq) : 15 - rankOf(sq);
    return [M + col * S, M + row * S];
  }

  // the picture's coordinates of a pointer event
  point(evt) {
    const pt = this.svg.createSVGPoint();
    pt.x = evt.clientX;
    pt.y = evt.clientY;
    return pt.matrixTransform(this.svg.getScreenCTM().inverse());
  }

  squareAt(evt) {
    const p = this.point(evt);
    const col = Math.floor((p.x - M) / S), row = Math.floor((p.y - M) / S);
    if (col < 0 || col > 15 || row < 0 || row > 15) return -1;
    const file = this.flipped ? 15 - col : col, rank = this.flipped ? row : 15 - row;
    return rank * 16 + file;
  }

  drawSquares() {
    const g = this.gSquares;
    g.textContent = "";
    el("rect", { x: M, y: M, width: 16 * S, height: 16 * S, class: "sq" }, g);
    // the promotion zones: five ranks at each end (docs/RULES.md §1.5)
    el("rect", { x: M, y: M, width: 16 * S, height: 5 * S, class: "zone" }, g);
    el("rect", { x: M, y: M + 11 * S, width: 16 * S, height: 5 * S, class: "zone" }, g);
    for (let i = 0; i <= 16; i++) {
      el("line", { x1: M, y1: M + i * S, x2: M + 16 * S, y2: M + i * S, class: "grid" }, g);
      el("line", { x1: M + i * S, y1: M, x2: M + i * S, y2: M + 16 * S, class: "grid" }, g);
    }
    for (let i = 0; i < 16; i++) {
      const file = this.flipped ? 1 + i : 16 - i;        // Hodges file numbers
      const rank = "abcdefghijklmnop"[this.flipped ? 15 - i : i];
      for (const y of [M - 8, SIZE - 8]) {
        const t = el("text", { x: M + i * S + S / 2, y, class: "coord" }, g);
        t.textContent = file;
      }
      for (const x of [M / 2, SIZE - M / 2]) {
        const t = el("text", { x, y: M + i * S + S / 2 + 6, class: "coord" }, g);
        t.textContent = rank;
      }
    }
  }

  // pieces: {set, pieces: [{kind, svg: [sente, gote]}]}
  setPieces(pieces) {
    this.pieceSet = pieces;
    this.defs.textContent = "";
    // a flame: what a fire demon burns, and a mover that burns next to an enemy demon
    const flame = el("symbol", { id: "flame", viewBox: "0 0 40 40" }, this.defs);
    el("path", { d: "M20 2 C10 14 6 22 11 31 C13 36 18 38 20 38 C27 38 33 33 33 25 C33 18 28 14 26 8 " +
                    "C24 14 22 16 20 18 C21 12 21 7 20 2 Z", fill: "#f06a0f", stroke: "#9c2a00", "stroke-width": 2 }, flame);
    el("path", { d: "M20 38 C14 38 12 33 14 28 C16 24 19 23 20 19 C23 24 27 27 26 32 C25 36 23 38 20 38 Z",
                 fill: "#ffd23f" }, flame);
    const parser = new DOMParser();
    for (const p of pieces.pieces) {
      p.svg.forEach((text, colour) => {
        const doc = parser.parseFromString(text, "image/svg+xml");
        const sym = el("symbol", { id: `p${p.kind}-${colour}`, viewBox: "0 0 100 100" }, this.defs);
        for (const child of Array.from(doc.documentElement.childNodes))
          sym.appendChild(document.importNode(child, true));
      });
    }
    this.drawPieces();
  }

  setFlipped(f) {
    this.flipped = f;
    this.svg.dataset.flipped = f ? "1" : "0";
    this.drawSquares();
    this.draw();
  }

  setState(state) {
    const moved = !this.state || this.state.cursor !== state.cursor || this.state.tfen !== state.tfen;
    this.state = state;
    if (moved) {
      this.sel = -1;
      this.leg = -1;
      this.press = null;
      this.cancelDrag();
    }
    this.draw();
    if (moved) this.showBurnt();
  }

  draw() {
    this.drawPieces();
    this.drawMarks();
  }

  drawPieces() {
    const g = this.gPieces;
    g.textContent = "";
    if (!this.state || !this.pieceSet) return;
    this.state.board.forEach((code, sq) => {
      if (!code) return;
      const [x, y] = this.xy(sq);
      const dragged = this.drag && this.drag.from === sq;
      const u = el("use", { href: `#p${code >> 1}-${code & 1}`, x: x + 2, y: y + 2, width: S - 4, height: S - 4,
                            class: dragged ? "pc dragged" : "pc" }, g);
      if (this.flipped) u.setAttribute("transform", `rotate(180 ${x + S / 2} ${y + S / 2})`);
      u.dataset.sq = sq;
    });
  }

  // the legal moves of the selected piece (and first leg)
  movesFrom(sq) {
    return (this.state?.legal || []).filter((m) => m.from === sq);
  }

  drawMarks(preview = null) {
    const under = this.gUnder, over = this.gOver;
    under.textContent = "";
    over.textContent = "";
    const st = this.state;
    if (!st) return;
    const rect = (sq, cls, parent, inset = 0) => {
      const [x, y] = this.xy(sq);
      return el("rect", { x: x + inset, y: y + inset, width: S - 2 * inset, height: S - 2 * inset, class: cls }, parent);
    };
    const circle = (sq, r, cls, parent) => {
      const [x, y] = this.xy(sq);
      return el("circle", { cx: x + S / 2, cy: y + S / 2, r, class: cls }, parent);
    };
    if (st.lastMove) {
      rect(st.lastMove.from, "lastmove", under, 2);
      rect(st.lastMove.to, "lastmove", under, 2);
      if (st.lastMove.mid >= 0) rect(st.lastMove.mid, "lastmove", under, 2);
    }
    if (this.sel >= 0) {
      rect(this.sel, "selected", under);
      const moves = this.movesFrom(this.sel);
      if (this.leg < 0) {
        for (const m of moves) {
          if (m.pass) circle(m.from, S / 2 - 4, "passmark", over);
          else if (m.mid >= 0) circle(m.mid, S / 2 - 5, "leg", over);
          else this.markDest(m, rect, circle, over);
        }
      } else {
        rect(this.leg, "selected", under);
        for (const m of moves) if (m.mid === this.leg) this.markDest(m, rect, circle, over);
        for (const m of moves) if (m.mid < 0 && !m.pass && m.to === this.leg) this.markDest(m, rect, circle, over);
      }
    }
    if (this.drag && this.drag.over >= 0) rect(this.drag.over, "droptarget", over, 1);
    if (preview) {
      for (const sq of preview.cap) rect(sq, "victim", over, 4);
      for (const sq of preview.burn) rect(sq, "burnpreview", over, 2);
      if (preview.suicide) rect(preview.to, "burnpreview", over, 2);
    }
    if (this.keyboard) rect(this.cursor, "cursor", over, 2);
  }

  // A target: a ring where the move captures the piece on that square, a ring of another
  // colour on the mover's own square (igui: it captures and stays), else a dot.
  markDest(m, rect, circle, over) {
    if (m.cap.includes(m.to)) circle(m.to, S / 2 - 5, "dest-cap", over);
    else if (m.to === m.from) circle(m.to, S / 2 - 7, "dest-back", over);
    else circle(m.to, 9, "dest", over);
    if (m.burn.length || m.suicide) { // this move burns (or the mover burns): a small flame
      const [x, y] = this.xy(m.to);
      el("use", { href: "#flame", x: x + S - 24, y: y + 2, width: 22, height: 22, class: m.suicide ? "burnbadge suicide" : "burnbadge" }, over);
    }
  }

  // Candidate moves for a click on sq in the current selection state.
  candidates(sq) {
    const moves = this.movesFrom(this.sel);
    if (this.leg >= 0) {
      if (sq === this.leg) return moves.filter((m) => m.mid < 0 && !m.pass && m.to === sq);
      return moves.filter((m) => m.mid === this.leg && m.to === sq);
    }
    if (sq === this.sel) return moves.filter((m) => m.pass);
    return moves.filter((m) => m.mid < 0 && !m.pass && m.to === sq);
  }

  async click(sq, t0) {
    const st = this.state;
    if (!st || sq < 0) return;
    if (this.sel >= 0) {
      const moves = this.movesFrom(this.sel);
      const legs = this.leg < 0 && moves.some((m) => m.mid === sq);
      if (legs) { // the first leg of a lion-type move: choose the second
        this.leg = sq;
        this.drawMarks();
        this.measure(t0);
        return;
      }
      const cands = this.candidates(sq);
      if (cands.length) {
        let m = cands[0];
        if (cands.length > 1) { // a promotion choice: the only case of two moves here
          this.hooks.leave();
          const promote = await this.hooks.choosePromotion(cands[0]);
          if (promote === null) return;
          m = cands.find((c) => c.promo === promote) || cands[0];
        }
        this.sel = this.leg = -1;
        this.drawMarks();
        this.hooks.move(m);
        return;
      }
    }
    const own = st.legal.some((m) => m.from === sq);
    this.sel = own && sq !== this.sel ? sq : -1;
    this.leg = -1;
    this.drawMarks();
    this.measure(t0);
  }

  measure(t0) {
    if (t0 === undefined) return;
    requestAnimationFrame(() => this.hooks.metric(performance.now() - t0));
  }

  // Would a click on sq make a move or choose a first leg of the selected piece?
  isTarget(sq) {
    if (this.sel < 0 || sq < 0) return false;
    if (this.candidates(sq).length) return true;
    return this.leg < 0 && this.movesFrom(this.sel).some((m) => m.mid === sq);
  }

  // A press: on a target it acts at once; on a piece it selects it (a drag may follow); on
  // the selected piece or its chosen first leg it waits for the release (a click there is a
  // pass, an igui, a capture-and-stop or a deselection; a drag carries the piece).
  onPointer(e) {
    if (e.button !== 0) return;
    const t0 = performance.now();
    this.keyboard = false;
    clearTimeout(this.hoverTimer);
    this.hooks.leave();
    this.cancelDrag();
    const sq = this.squareAt(e);
    const p = { sq, x: e.clientX, y: e.clientY, from: this.sel, clickOnUp: false };
    if (this.sel >= 0 && sq >= 0 && (sq === this.sel || sq === this.leg)) {
      p.clickOnUp = true;
    } else {
      this.click(sq, t0);
      p.from = this.sel === sq && this.leg < 0 ? sq : -1;
    }
    if (p.from >= 0 || p.clickOnUp) {
      this.press = p;
      try { this.svg.setPointerCapture(e.pointerId); } catch (err) { /* a synthetic event */ }
    }
    // long press: the piece's names and moves
    clearTimeout(this.pressTimer);
    if (e.pointerType !== "mouse") {
      this.pressTimer = setTimeout(() => { if (!this.drag) this.hoverPiece(sq); }, 550);
      const cancel = () => clearTimeout(this.pressTimer);
      this.svg.addEventListener("pointerup", cancel, { once: true });
    }
  }

  onPointerUp(e) {
    const p = this.press;
    this.press = null;
    if (!p) return;
    const t0 = performance.now();
    if (this.drag) {
      const sq = this.squareAt(e);
      this.cancelDrag();
      if (sq >= 0 && sq !== p.from && this.isTarget(sq)) this.click(sq, t0); // the drop: as a click
      else this.drawMarks();                                                  // back: still selected
      return;
    }
    if (p.clickOnUp) this.click(p.sq, t0);
  }

  startDrag(e) {
    const from = this.press.from >= 0 ? this.press.from : this.sel;
    const code = this.state?.board[from];
    if (!code || from !== this.sel) return;
    clearTimeout(this.hoverTimer);
    this.hooks.leave();
    this.drag = { from, over: -1 };
    this.svg.classList.add("dragging");
    const u = el("use", { href: `#p${code >> 1}-${code & 1}`, width: S - 4, height: S - 4, class: "dragpiece" }, this.gDrag);
    this.drag.el = u;
    this.drawPieces();
    this.moveDrag(e);
  }

  moveDrag(e) {
    const p = this.point(e), u = this.drag.el;
    const x = p.x - (S - 4) / 2, y = p.y - (S - 4) / 2;
    u.setAttribute("x", x);
    u.setAttribute("y", y);
    if (this.flipped) u.setAttribute("transform", `rotate(180 ${p.x} ${p.y})`);
    const sq = this.squareAt(e);
    if (sq !== this.drag.over) {
      this.drag.over = sq;
      const cands = sq >= 0 ? this.candidates(sq) : [];
      this.drawMarks(cands.length ? cands[0] : null);
    }
  }

  cancelDrag() {
    if (!this.drag) return;
    this.drag = null;
    this.gDrag.textContent = "";
    this.svg.classList.remove("dragging");
    this.drawPieces();
  }

  onPointerMove(e) {
    if (this.press && !this.drag && this.sel >= 0 &&
        Math.hypot(e.clientX - this.press.x, e.clientY - this.press.y) > DRAG_PX)
      this.startDrag(e);
    if (this.drag) {
      this.moveDrag(e);
      return;
    }
    const sq = this.squareAt(e);
    if (sq === this.hoverSq) return;
    this.hoverSq = sq;
    // the effects of the move onto this square, before it is made
    const cands = this.sel >= 0 && sq >= 0 ? this.candidates(sq) : [];
    this.drawMarks(cands.length ? cands[0] : null);
    clearTimeout(this.hoverTimer);
    this.hooks.leave();
    if (e.pointerType === "mouse" && sq >= 0 && this.state?.board[sq] && !this.press)
      this.hoverTimer = setTimeout(() => this.hoverPiece(sq), 450);
  }

  // Screen rectangles the piece's tooltip must not cover: the marked targets and square sq.
  avoidRects(sq) {
    const rects = Array.from(this.gOver.children, (c) => c.getBoundingClientRect());
    if (sq >= 0) {
      const r = this.svg.getBoundingClientRect(), [x, y] = this.xy(sq), k = r.width / SIZE;
      rects.push(new DOMRect(r.left + x * k, r.top + y * k, S * k, S * k));
    }
    return rects;
  }

  hoverPiece(sq) {
    if (sq >= 0 && this.state?.board[sq] && !this.drag) this.hooks.hover(this.state.board[sq], this.avoidRects(sq));
  }

  onKey(e) {
    const step = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[e.key];
    if (step) {
      const dir = this.flipped ? -1 : 1;
      const f = Math.min(15, Math.max(0, fileOf(this.cursor) + dir * step[0]));
      const r = Math.min(15, Math.max(0, rankOf(this.cursor) + dir * step[1]));
      this.cursor = r * 16 + f;
      this.keyboard = true;
      const cands = this.sel >= 0 ? this.candidates(this.cursor) : [];
      this.drawMarks(cands.length ? cands[0] : null);
      e.preventDefault();
      e.stopPropagation();
    } else if (e.key === "Enter" || e.key === " ") {
      this.keyboard = true;
      this.click(this.cursor, performance.now());
      e.preventDefault();
      e.stopPropagation();
    } else if (e.key === "Escape") {
      this.sel = this.leg = -1;
      this.drawMarks();
    } else if (e.key === "i") {
      this.hoverPiece(this.cursor);
    }
  }

  // A short mark where pieces burned or a mover died (they are already gone from the board).
  showBurnt() {
    this.gBurnt.textContent = "";
    const lm = this.state?.lastMove;
    if (!lm || this.burntShownFor === this.state.version) return;
    this.burntShownFor = this.state.version;
    const squares = [...lm.burn];
    if (lm.suicide) squares.push(lm.to);
    for (const sq of squares) {
      const [x, y] = this.xy(sq);
      const u = el("use", { href: "#flame", x: x + 6, y: y + 6, width: S - 12, height: S - 12, class: "burnt" }, this.gBurnt);
      u.dataset.burnt = sq;
    }
  }

  // The best move of the analysis as an arrow (null: none).
  setArrow(best) {
    this.gArrow.textContent = "";
    if (!best || best.from < 0) return;
    const c = (sq) => { const [x, y] = this.xy(sq); return [x + S / 2, y + S / 2]; };
    const pts = [c(best.from)];
    if (best.mid >= 0) pts.push(c(best.mid));
    if (!best.pass) pts.push(c(best.to));
    if (pts.length < 2) { // a pass: a ring
      el("circle", { cx: pts[0][0], cy: pts[0][1], r: S / 2 - 3, class: "arrow" }, this.gArrow);
      return;
    }
    const [ax, ay] = pts[pts.length - 2], [bx, by] = pts[pts.length - 1];
    const len = Math.hypot(bx - ax, by - ay) || 1, ux = (bx - ax) / len, uy = (by - ay) / len;
    const end = [bx - ux * 16, by - uy * 16];
    const d = pts.slice(0, -1).map((p, i) => `${i ? "L" : "M"}${p[0]} ${p[1]}`).join(" ") + ` L${end[0]} ${end[1]}`;
    el("path", { d, class: "arrow" }, this.gArrow);
    el("path", { d: `M${bx} ${by} L${end[0] - uy * 14} ${end[1] + ux * 14} L${end[0] + uy * 14} ${end[1] - ux * 14} Z`, class: "arrowhead" }, this.gArrow);
  }
}
