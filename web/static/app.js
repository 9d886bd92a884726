// The dicepoker advisor page. Every rule lives on the server: the page asks
// /api/advise for the ranking, /api/write to write a box and /api/review for
// the review, and only draws what they answer.
"use strict";

const $ = (sel) => document.querySelector(sel);
const el = (tag, props, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (k === "class") e.className = v;
    else if (k === "data") for (const [d, dv] of Object.entries(v)) e.dataset[d] = dv;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids.flat()) if (kid !== null && kid !== undefined) e.append(kid);
  return e;
};

const STORE = "dicepoker";
const EPS = 1e-9;
let games = {};      // name -> /api/games entry
let S = null;        // the position and game, what undo, reload and the URL keep
let undo = [], redo = [];
let view = null;     // the sheet as /api/sheet lays it out
let advice = null;   // /api/advise's answer for the position, or null
let cursor = 0;      // the die the keyboard sets next
let seq = 0;         // the latest request for the position
let renders = 0;     // the page's drawings, for tests to wait on

// newAim is what the advice plays for: the expected score ("score"), a
// final total ("target") or finishing ahead of opponents ("beat", their
// sheets one a line).
const newAim = () => ({ play: "score", target: "", opponents: "" });

function newState(game, rules, mode) {
  const g = games[game];
  return { game, rules: rules || [], sheet: "", dice: [1, 2, 3, 4, 5], rollsLeft: g.rolls - 1, fresh: true,
    mode: mode || "advise", aim: newAim(), held: [false, false, false, false, false], record: [], coach: "", review: null };
}

// --- the server -----------------------------------------------------------

// api calls the API at path, posting body when given; signal, when
// given, lets the call be abandoned, and the server then stops its work.
async function api(path, body, signal) {
  const res = await fetch(path, body === undefined ? { signal } :
    { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), signal });
  const data = await res.json().catch(() => ({ error: "the server's answer is not JSON" }));
  if (!res.ok) {
    const err = new Error(data.error || res.statusText);
    err.status = res.status;
    throw err;
  }
  return data;
}

function showStatus(text, error) {
  const s = $("#status");
  s.hidden = !text;
  s.textContent = text || "";
  s.classList.toggle("error", !!error);
}

// asking abandons the advice asked for last, once another is asked for:
// the server stops solving for an aim no one waits for.
let asking = null;

// adviseNow asks for the ranking of the position (request my), saying when the server
// is solving a strategy table meanwhile, and retrying while it does.
async function adviseNow(my) {
  if (!view || view.over) return;
  if (asking) asking.abort();
  const ask = new AbortController();
  asking = ask;
  const body = { game: S.game, rules: S.rules, sheet: S.sheet, dice: S.dice, rolls_left: S.rollsLeft };
  if (isSchool()) body.fresh = S.fresh;
  Object.assign(body, aimBody());
  const slow = setTimeout(async () => {
    if (body.target !== undefined || body.opponents) {
      if (my === seq) showStatus("Solving for the aim…");
      return;
    }
    try {
      const st = await api("/api/status");
      if (my === seq && st.solving.length) showStatus(`Solving the strategy of ${st.solving.join(", ")} (first use)…`);
    } catch (e) { /* the answer itself will tell */ }
  }, 300);
  for (;;) {
    try {
      const a = await api("/api/advise", body, ask.signal);
      if (my !== seq) return;
      advice = a;
      showStatus("");
      break;
    } catch (e) {
      if (my !== seq) return;
      if (e.status === 503) {
        showStatus(e.message.replace(/^the strategy/, "Solving the strategy").replace(/: ask again.*$/, "…"));
        await new Promise((r) => setTimeout(r, 1000));
        continue;
      }
      showStatus(e.message, true);
      break;
    } finally {
      clearTimeout(slow);
    }
  }
  render();
}

// opponentSheets returns the opponents' sheets typed, one a line.
const opponentSheets = () => S.aim.opponents.split("\n").map((l) => l.trim()).filter(Boolean);

// aimBody returns what /api/advise takes for the aim of the position: a
// target, opponents, or nothing for the expected score (and in play mode,
// whose coach counts points).
function aimBody() {
  if (isSchool() || S.mode !== "advise") return {};
  if (S.aim.play === "target" && /^\d+$/.test(S.aim.target)) return { target: Number(S.aim.target) };
  if (S.aim.play === "beat" && opponentSheets().length) return { opponents: opponentSheets() };
  return {};
}

// refresh redraws the sheet and the ranking of the position; the body's
// data-busy is 1 until both are drawn.
async function refresh() {
  const my = ++seq;
  advice = null;
  document.body.dataset.busy = "1";
  try {
    const v = await api("/api/sheet", { game: S.game, rules: S.rules, sheet: S.sheet });
    if (my !== seq) return;
    view = v;
  } catch (e) {
    showStatus(e.message, true);
    return;
  }
  render();
  await adviseNow(my);
  if (S.review === "pending") await finish();
  if (my === seq) document.body.dataset.busy = "0";
}

// --- state: undo, redo, storage and the URL ---------------------------------

function commit() {
  undo.push(JSON.stringify(S));
  if (undo.length > 500) undo.shift();
  redo = [];
}

function save() {
  const g = games[S.game];
  const q = new URLSearchParams({ game: S.game });
  if (S.rules.length) q.set("rules", S.rules.join(","));
  if (S.sheet) q.set("sheet", S.sheet);
  q.set("dice", S.dice.map((d) => g.faces[d - 1]).join(""));
  q.set("rolls", S.rollsLeft);
  if (isSchool()) q.set("fresh", S.fresh ? 1 : 0);
  if (S.mode !== "advise") q.set("mode", S.mode);
  if (S.aim.play === "target") q.set("target", S.aim.target);
  if (S.aim.play === "beat") for (const o of opponentSheets()) q.append("opponent", o);
  const search = "?" + q.toString();
  history.replaceState(null, "", search);
  try { localStorage.setItem(STORE, JSON.stringify({ S, undo, redo, search })); } catch (e) { /* private mode */ }
}

// fromURL reads a shared position, or returns null when the URL has none.
function fromURL() {
  const q = new URLSearchParams(location.search);
  const game = q.get("game");
  if (!game || !games[game]) return null;
  const g = games[game];
  const st = newState(game, q.get("rules") ? q.get("rules").split(",") : [], q.get("mode") === "play" ? "play" : "advise");
  st.sheet = q.get("sheet") || "";
  const dice = [...(q.get("dice") || "")].map((c) => g.faces.indexOf(c.toUpperCase()) + 1 || ("123456".indexOf(c) + 1));
  if (dice.length === 5 && dice.every((d) => d >= 1)) st.dice = dice;
  const rolls = parseInt(q.get("rolls"), 10);
  if (rolls >= 0 && rolls < g.rolls) st.rollsLeft = rolls;
  st.fresh = st.rollsLeft === g.rolls - 1 || q.get("fresh") === "1";
  if (q.has("target")) st.aim = { play: "target", target: q.get("target"), opponents: "" };
  else if (q.has("opponent")) st.aim = { play: "beat", target: "", opponents: q.getAll("opponent").join("\n") };
  return st;
}

function change(fn) {
  commit();
  fn();
  save();
  refresh();
}

function restore(json) {
  S = JSON.parse(json);
  S.aim = S.aim || newAim();
  save();
  refresh();
}

// --- what the dice and options say ----------------------------------------

const isSchool = () => S.game === "school";
const faceText = (d) => games[S.game].faces[d - 1];
const facesText = (ds) => ds.map(faceText).join(" ");
const bonusText = (b) => (b ? ` (+${b} bonus)` : "");

// optionText writes an action as advise does.
function optionText(o) {
  if (o.action === "keep") {
    if (o.keep.length === 0) return "reroll all five" + (isSchool() ? " (fresh)" : "");
    return `keep ${facesText(o.keep)}, reroll ${facesText(o.reroll)}`;
  }
  if (o.row) {
    let what;
    switch (o.mark) {
      case "x": case "r": what = "close" + (o.reserve ? `, reserve ${o.reserve > 0 ? "+" : ""}${o.reserve}` : ""); break;
      case "0": what = `zero (${o.points})`; break;
      case "-": what = "cross out"; break;
      default: what = `score ${o.mark}`;
    }
    return `${o.row} ${o.column}: ${what}${bonusText(o.bonus)}`;
  }
  return `score ${o.category} for ${o.points}${bonusText(o.bonus)}`;
}

// recordText writes an action of a game record: {"keep": [...]}, {"score": box} or {"cross": row}.
function recordText(a) {
  if (a.keep) return a.keep.length ? `keep ${facesText(a.keep)}` : "reroll all five";
  return a.cross ? `cross out ${a.cross}` : `write ${a.score}`;
}

const sorted = (ds) => [...ds].sort((a, b) => a - b);
const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

// findOption returns the ranked option of an action, or null.
function findOption(act) {
  if (!advice) return null;
  return advice.options.find((o) => {
    if (act.keep) return o.action === "keep" && same(o.keep, sorted(act.keep));
    if (o.action !== "score") return false;
    if (o.row) return o.row === act.box && (o.mark === "-") === !!act.cross;
    return o.category === act.box;
  }) || null;
}

// scoreOption returns the option that writes the dice in box (crossed out or not).
const scoreOption = (box, cross) => findOption({ box, cross });

// --- moves ----------------------------------------------------------------

function rollDice(keep) {
  const r = new Uint32Array(5);
  crypto.getRandomValues(r);
  return S.dice.map((d, i) => (keep[i] ? d : (r[i] % 6) + 1));
}

function recordLine(action) {
  return JSON.stringify({ game: S.game, options: view.rules, turn: view.turn, sheet: view.sheet,
    dice: sorted(S.dice), rolls_left: S.rollsLeft, action });
}

function coachLine(opt) {
  if (!opt || !advice) return "";
  if (opt.loss <= EPS) return opt.tie ? "✓ tied with the best move" : "✓ the best move";
  return `coach: the best was ${optionText(advice.best)}; that gave up ${opt.loss.toFixed(2)} points`;
}

async function write(box, cross) {
  if (!view || view.over) return;
  const opt = scoreOption(box, cross);
  let res;
  try {
    res = await api("/api/write", { game: S.game, rules: S.rules, sheet: S.sheet, dice: S.dice, fresh: isSchool() && S.fresh, box, cross: !!cross });
  } catch (e) {
    showStatus(e.message, true);
    return;
  }
  commit();
  $("#cross").setAttribute("aria-pressed", "false"); // a cross is for one write
  if (S.mode === "play") {
    S.record.push(recordLine(cross ? { cross: box } : { score: box }));
    S.coach = coachLine(opt);
  }
  S.sheet = res.next.sheet;
  S.rollsLeft = games[S.game].rolls - 1;
  S.fresh = true;
  S.held = [false, false, false, false, false];
  if (S.mode === "play") {
    if (res.next.over) S.review = "pending";
    else S.dice = rollDice(S.held);
  }
  save();
  refresh();
}

async function reroll() {
  if (S.mode !== "play" || S.rollsLeft <= 0 || !view || view.over) return;
  const keep = S.dice.filter((_, i) => S.held[i]);
  if (keep.length === 5) {
    S.coach = "keeping all five dice is not a reroll: write them in a box";
    render();
    return;
  }
  commit();
  S.record.push(recordLine({ keep: sorted(keep) }));
  S.coach = coachLine(findOption({ keep }));
  S.dice = rollDice(S.held);
  S.rollsLeft--;
  S.fresh = keep.length === 0;
  S.held = [false, false, false, false, false];
  save();
  refresh();
}

async function finish() {
  try {
    S.review = await api("/api/review", { record: S.record.join("\n") + "\n" });
  } catch (e) {
    S.review = null;
    showStatus(e.message, true);
  }
  save();
  render();
}

function startPlay() {
  commit();
  S = newState(S.game, S.rules, "play");
  S.dice = rollDice(S.held);
  save();
  refresh();
}

// --- drawing ----------------------------------------------------------------

function drawDie(i) {
  const d = S.dice[i];
  const card = S.game === "poker-dice";
  const b = el("button", { type: "button", class: `die f${d}${card ? " card" : ""}`, data: { i },
    "aria-label": `die ${i + 1}: ${faceText(d)}`, onclick: () => tapDie(i) });
  if (card) b.append(el("span", { class: "face" }, d === 2 ? "10" : faceText(d)));
  else for (let p = 1; p <= 9; p++) b.append(el("span", { class: `pip p${p}` }));
  if (S.mode === "advise" && i === cursor) b.classList.add("cursor");
  if (S.mode === "play" && S.held[i]) {
    b.classList.add("held");
    b.append(el("span", { class: "tag" }, "held"));
  }
  return b;
}

// markBest shows the best keep on the dice: which to keep, which to reroll.
function markBest(buttons) {
  if (S.mode !== "advise" || !advice || advice.best.action !== "keep") return;
  const keep = [...advice.best.keep];
  buttons.forEach((b, i) => {
    const k = keep.indexOf(S.dice[i]);
    if (k >= 0) keep.splice(k, 1);
    b.classList.add(k >= 0 ? "keep" : "reroll");
    b.append(el("span", { class: "tag" }, k >= 0 ? "keep" : "reroll"));
  });
}

function tapDie(i) {
  if (S.mode === "play") {
    if (S.rollsLeft <= 0 || !view || view.over) return;
    S.held[i] = !S.held[i];
    save();
    render();
    return;
  }
  change(() => {
    S.dice[i] = (S.dice[i] % 6) + 1;
    cursor = i;
  });
}

function drawTable() {
  const g = games[S.game];
  const dice = $("#dice");
  const buttons = S.dice.map((_, i) => drawDie(i));
  markBest(buttons);
  dice.replaceChildren(...buttons);

  const rolls = $("#rolls");
  rolls.replaceChildren(el("span", {}, "rerolls left"));
  for (let n = g.rolls - 1; n >= 0; n--) {
    rolls.append(el("button", { type: "button", "aria-pressed": String(S.rollsLeft === n), data: { n },
      disabled: S.mode === "play", onclick: () => change(() => {
        S.rollsLeft = n;
        S.fresh = n === g.rolls - 1; // a later roll is fresh only when it rerolled all five
      }) }, String(n)));
  }
  const fresh = $("#fresh");
  $("#fresh-box").hidden = !isSchool();
  fresh.checked = S.fresh;
  fresh.disabled = S.mode === "play" || S.rollsLeft === g.rolls - 1;

  const roll = $("#roll");
  roll.hidden = S.mode !== "play" || !view || view.over;
  roll.disabled = S.rollsLeft <= 0;
  roll.textContent = S.rollsLeft > 0 ? `Reroll (${S.rollsLeft} left)` : "Write the dice in a box";

  $("#hint").textContent = S.mode === "play"
    ? "Tap dice to hold them, then reroll; tap a box to write the dice there."
    : `Tap a die to change it${g.faces === "123456" ? " (or type 1–6)" : ` (or type ${g.faces.split("").join(" ")})`}; tap a box to write the dice there.`;

  const best = $("#best");
  best.replaceChildren();
  best.hidden = S.mode === "play" || !advice && !(view && view.over);
  if (view && view.over) best.textContent = `Game over: ${view.score} points.`;
  else if (advice) {
    best.append(el("span", { class: "what" }, "Best: " + optionText(advice.best)), " ");
    if (advice.probability !== undefined) {
      const of = advice.target !== undefined ? `of ${advice.target} or more` : `to beat ${advice.opponents.join(", ")}`;
      best.append(el("span", { class: "chance", data: { probability: advice.probability } }, `${pct(advice.probability)} chance ${of}`), " ");
    }
    best.append(
      el("span", { class: "exp" }, `expected final score ${advice.best.expected.toFixed(2)}${advice.strategy && advice.strategy !== "optimal" ? ` (${advice.strategy})` : ""}`));
  }
  const coach = $("#coach");
  coach.textContent = S.mode === "play" ? S.coach : "";
  coach.className = S.coach.startsWith("✓") ? "good" : S.coach ? "bad" : "";
}

const pct = (p) => `${(100 * p).toFixed(p > 0.001 && p < 0.999 ? 1 : 2)}%`;

// drawAim draws the "play for" control, for the single-sheet games' advice.
function drawAim() {
  $("#aim").hidden = isSchool() || S.mode !== "advise";
  for (const b of document.querySelectorAll("#aim [data-aim]")) b.setAttribute("aria-pressed", String(b.dataset.aim === S.aim.play));
  $("#target-box").hidden = S.aim.play !== "target";
  $("#opponents").hidden = S.aim.play !== "beat";
  if (document.activeElement !== $("#target")) $("#target").value = S.aim.target;
  if (document.activeElement !== $("#opponents")) $("#opponents").value = S.aim.opponents;
}

function drawRanking() {
  const box = $("#ranking-box");
  box.hidden = S.mode === "play" || !advice;
  const body = $("#ranking tbody");
  body.replaceChildren();
  if (!advice) return;
  $("#ranking-count").textContent = `(${advice.options.length})`;
  const aimed = advice.probability !== undefined;
  $("#ranking").classList.toggle("aimed", aimed);
  advice.options.forEach((o, i) => {
    const data = { i, expected: o.expected, loss: o.loss, tie: o.tie };
    if (aimed) data.probability = o.probability;
    body.append(el("tr", { class: i === 0 ? "first" : "", data },
      el("td", { class: "num" }, String(i + 1)),
      el("td", { class: "action" }, optionText(o), o.tie ? el("span", { class: "tie" }, "tie") : null),
      el("td", { class: "num chance" }, aimed ? pct(o.probability) : ""),
      el("td", { class: "num expected" }, o.expected.toFixed(2)),
      el("td", { class: "num loss" }, o.loss.toFixed(3))));
  });
}

function boxButton(b) {
  const filled = b.points !== null;
  const opt = filled ? null : scoreOption(b.name, false);
  const isBest = advice && opt && advice.best.action === "score" && advice.best.category === b.name;
  const cls = ["box", filled ? "filled" : "open", !filled && !opt && advice ? "closed" : "", isBest ? "best" : ""].join(" ");
  const pts = filled ? String(b.points) : opt ? String(opt.points) + (opt.bonus ? ` +${opt.bonus}` : "") : "";
  return el("button", { type: "button", class: cls, data: { box: b.name }, disabled: filled || (advice && !opt) || view.over,
    onclick: () => write(b.name, false) }, el("span", { class: "name" }, b.name), el("span", { class: "pts" }, pts));
}

function drawSingle(sheet) {
  const upper = view.boxes.filter((b) => b.upper).map(boxButton);
  const lower = view.boxes.filter((b) => !b.upper).map(boxButton);
  const up = view.upper_bonus
    ? `upper ${view.upper_total} / ${view.upper_threshold} for ${view.upper_bonus}${view.upper_total >= view.upper_threshold ? " ✓" : ""}`
    : `upper ${view.upper_total} (no bonus)`;
  const lowerExtra = view.bonus_key ? el("div", { class: "sum" }, el("span", {}, view.bonus_key), el("span", {}, String(view.five_bonus))) : null;
  sheet.append(el("div", { class: "sheet-cols" },
    el("div", { class: "boxes upper" }, upper, el("div", { class: "sum" }, el("span", {}, up))),
    el("div", { class: "boxes lower" }, lower, lowerExtra)));
  $("#totals").replaceChildren(el("span", {}, view.over ? "game over" : `turn ${view.turn} of ${view.turns}`),
    el("span", { class: "score" }, `score ${view.score}`));
}

function drawSchool(sheet) {
  const cols = view.columns.length;
  const cross = $("#cross").getAttribute("aria-pressed") === "true";
  const head = el("tr", {}, el("th", {}), [...Array(cols).keys()].map((j) => el("th", {}, String(j + 1))), el("th", {}, "bonus"));
  const bestW = advice && advice.best.action === "score" ? advice.best : null;
  const rows = view.rows.map((r) => {
    const cells = [];
    for (let j = 0; j < cols; j++) {
      if (j < r.cells.length) {
        const t = r.cells[j];
        cells.push(el("td", {}, el("span", { class: `cell written${t === "0" ? " neg" : ""}`, data: { row: r.name, col: j + 1 } }, t === "0" ? "-200" : t)));
      } else if (j === r.cells.length && !view.over) {
        const opt = scoreOption(r.name, cross);
        const isBest = bestW && bestW.row === r.name && (bestW.mark === "-") === cross;
        const label = opt ? (opt.mark === "-" ? "–" : opt.mark === "0" ? "-200" : opt.mark) : "";
        cells.push(el("td", {}, el("button", { type: "button", class: `cell next${isBest ? " best" : ""}`, data: { row: r.name, col: j + 1 },
          disabled: advice && !opt, "aria-label": `${r.name} ${j + 1}`, onclick: () => write(r.name, cross) }, el("span", { class: "pts" }, label))));
      } else {
        cells.push(el("td", {}, el("span", { class: "cell empty" }, " ")));
      }
    }
    const bonus = r.has_bonus ? bonusCell(r, r.name) : el("td", { class: "bonus" });
    return el("tr", { class: r.school ? "schoolrow" : "" }, el("th", { class: "name" }, r.name), cells, bonus);
  });
  const foot = el("tr", {}, el("th", { class: "name" }, "column bonus"),
    view.columns.map((c, j) => bonusCell(c, `column${j + 1}`)), el("td", {}));
  const colgroup = el("colgroup", {}, el("col", { class: "name" }), [...Array(cols).keys()].map(() => el("col", {})), el("col", { class: "bonus" }));
  sheet.append(el("table", { class: "grid" }, colgroup, el("thead", {}, head), el("tbody", {}, rows, foot)));
  $("#totals").replaceChildren(el("span", {}, `reserve ${view.reserve}`), el("span", {}, `bonuses ${view.bonuses}`),
    el("span", { class: "score" }, `score ${view.score}`));
}

// bonusCell draws a school bonus: its points once earned, else a button
// that marks it taken by another player (✕) or gives it back, while it is
// still to be had (·); one out of reach is struck (—).
function bonusCell(b, name) {
  if (b.bonus) return el("td", { class: "bonus earned" }, String(b.bonus));
  if (!b.in_reach && !b.taken) return el("td", { class: "bonus lost" }, "—");
  return el("td", { class: "bonus" }, el("button", { type: "button", class: `take${b.taken ? " taken" : ""}`, data: { bonus: name },
    "aria-label": `${name} bonus ${b.taken ? "taken by another player" : "still to be had"}`, title: b.taken ? "taken by another player: tap to give it back" : "tap when another player takes it",
    disabled: S.mode === "play", onclick: () => take(name) }, b.taken ? "✕" : "·"));
}

// take marks a school bonus taken by another player, or gives it back.
async function take(bonus) {
  let v;
  try {
    v = await api("/api/take", { game: S.game, rules: S.rules, sheet: S.sheet, bonus });
  } catch (e) {
    showStatus(e.message, true);
    return;
  }
  change(() => { S.sheet = v.sheet; });
}

function drawSheet() {
  const sheet = $("#sheet");
  sheet.replaceChildren();
  $("#cross").hidden = !isSchool();
  $("#undo").disabled = undo.length === 0;
  $("#redo").disabled = redo.length === 0;
  if (!view) return;
  if (view.rows) drawSchool(sheet);
  else drawSingle(sheet);
}

function drawReview() {
  const r = S.review;
  const box = $("#review");
  box.hidden = !r || r === "pending";
  if (box.hidden) return;
  const worst = r.decisions.filter((d) => !d.optimal).sort((a, b) => b.loss - a.loss).slice(0, 5);
  box.replaceChildren(el("h2", {}, "Review"),
    el("dl", {},
      el("dt", {}, "score"), el("dd", { class: "r-score" }, String(r.score)),
      el("dt", {}, r.note ? "estimated expected score" : "optimal expected score"), el("dd", { class: "r-expected" }, r.expected_score.toFixed(2)),
      el("dt", {}, "points given up"), el("dd", { class: "r-loss" }, r.total_loss.toFixed(3)),
      el("dt", {}, "decisions optimal"), el("dd", { class: "r-optimal" }, `${r.optimal} of ${r.decisions.length} (${(100 * r.optimal_share).toFixed(1)}%)`)),
    worst.length ? el("p", {}, "The costliest decisions:") : el("p", {}, "Every decision was optimal."),
    el("ol", {}, worst.map((d) => el("li", {}, `turn ${d.turn}, dice ${facesText(d.dice)}: ${recordText(d.taken)} (best: ${recordText(d.best)}) lost ${d.loss.toFixed(2)}`))),
    el("button", { type: "button", class: "primary", onclick: startPlay }, "Play again"));
}

function drawRules() {
  const g = games[S.game];
  const box = $("#rules");
  box.replaceChildren();
  $("#rules-box").hidden = g.options.length === 0;
  $("#rules-text").textContent = S.rules.length ? `(${S.rules.join(", ")})` : "(default)";
  for (const o of g.options) {
    if (o.kind === "flag") {
      const input = el("input", { type: "checkbox", name: o.name, checked: S.rules.includes(o.name) });
      input.addEventListener("change", () => setRule(o.name, input.checked ? o.name : null));
      box.append(el("label", {}, input, o.label));
    } else {
      const cur = S.rules.find((r) => r.startsWith(o.name + "="));
      const input = el("input", { type: "number", name: o.name, min: o.min, max: o.max, value: cur ? cur.split("=")[1] : o.default });
      input.addEventListener("change", () => {
        const n = parseInt(input.value, 10);
        if (n >= o.min && n <= o.max) setRule(o.name, n === o.default ? null : `${o.name}=${n}`);
      });
      box.append(el("label", {}, o.label, input));
    }
  }
}

function setRule(name, value) {
  const rules = S.rules.filter((r) => r !== name && !r.startsWith(name + "="));
  if (value) rules.push(value);
  commit();
  const aim = S.aim;
  S = newState(S.game, rules, S.mode);
  S.aim = aim;
  if (S.mode === "play") S.dice = rollDice(S.held);
  save();
  refresh();
}

function render() {
  $("#game").value = S.game;
  $("#mode-advise").setAttribute("aria-pressed", String(S.mode === "advise"));
  $("#mode-play").setAttribute("aria-pressed", String(S.mode === "play"));
  drawRules();
  drawTable();
  drawAim();
  drawSheet();
  drawRanking();
  drawReview();
  document.body.dataset.renders = String(++renders);
}

// --- input ------------------------------------------------------------------

function onKey(e) {
  if (e.target.closest("input, select, textarea")) return;
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "z") { e.preventDefault(); $("#undo").click(); return; }
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "y") { e.preventDefault(); $("#redo").click(); return; }
  if (S.mode !== "advise" || e.ctrlKey || e.metaKey || e.altKey) return;
  const faces = games[S.game].faces;
  let f = faces.indexOf(e.key.toUpperCase()) + 1;
  if (!f && /^[1-6]$/.test(e.key)) f = Number(e.key);
  if (f) {
    e.preventDefault();
    change(() => {
      S.dice[cursor] = f;
      cursor = (cursor + 1) % 5;
    });
  } else if (e.key === "Backspace" || e.key === "ArrowLeft") {
    cursor = (cursor + 4) % 5;
    render();
  } else if (e.key === "ArrowRight") {
    cursor = (cursor + 1) % 5;
    render();
  }
}

async function main() {
  const list = await api("/api/games");
  for (const g of list) {
    games[g.name] = g;
    $("#game").append(el("option", { value: g.name }, g.name));
  }
  // The game saved here, unless the URL brings another position.
  try {
    const saved = JSON.parse(localStorage.getItem(STORE));
    if (saved && games[saved.S.game] && (!location.search || location.search === saved.search)) ({ S, undo, redo } = saved);
  } catch (e) { /* nothing saved */ }
  if (!S) S = fromURL();
  if (!S) S = newState("yahtzee");
  S.aim = S.aim || newAim(); // saved before the page had aims
  $("#game").addEventListener("change", (e) => {
    commit();
    S = newState(e.target.value, [], S.mode);
    if (S.mode === "play") S.dice = rollDice(S.held);
    save();
    refresh();
  });
  $("#mode-advise").addEventListener("click", () => { if (S.mode !== "advise") change(() => { S.mode = "advise"; S.review = null; }); });
  $("#mode-play").addEventListener("click", () => { if (S.mode !== "play") startPlay(); });
  $("#fresh").addEventListener("change", (e) => change(() => { S.fresh = e.target.checked; }));
  $("#roll").addEventListener("click", reroll);
  for (const b of document.querySelectorAll("#aim [data-aim]")) {
    b.addEventListener("click", () => { if (S.aim.play !== b.dataset.aim) change(() => { S.aim = { ...S.aim, play: b.dataset.aim }; }); });
  }
  $("#target").addEventListener("change", (e) => change(() => { S.aim = { ...S.aim, target: e.target.value.trim() }; }));
  $("#opponents").addEventListener("change", (e) => change(() => { S.aim = { ...S.aim, opponents: e.target.value }; }));
  $("#undo").addEventListener("click", () => {
    if (!undo.length) return;
    redo.push(JSON.stringify(S));
    restore(undo.pop());
  });
  $("#redo").addEventListener("click", () => {
    if (!redo.length) return;
    undo.push(JSON.stringify(S));
    restore(redo.pop());
  });
  $("#new").addEventListener("click", () => (S.mode === "play" ? startPlay() : change(() => { S = { ...newState(S.game, S.rules), aim: S.aim }; })));
  $("#cross").addEventListener("click", (e) => {
    e.currentTarget.setAttribute("aria-pressed", String(e.currentTarget.getAttribute("aria-pressed") !== "true"));
    render();
  });
  document.addEventListener("keydown", onKey);
  save();
  refresh();
}

window.addEventListener("unhandledrejection", (e) => showStatus(String(e.reason), true));
window.addEventListener("error", (e) => showStatus(e.message, true));
main().catch((e) => showStatus("cannot start: " + e.message, true));
