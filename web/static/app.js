// The dicepoker advisor page. Every rule lives on the server: the page asks
// /api/advise for the ranking, /api/write to write a box and /api/review for
// the review, and only draws what they answer. Every such question goes
// through api(), whose backend another answerer (one compiled to
// WebAssembly, say) may replace by setting window.dicepokerBackend.
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
  return { game, rules: rules || [], sheet: "", dice: [1, 2, 3, 4, 5, 6].slice(0, diceOf(game)), rollsLeft: g.rolls - 1, fresh: true,
    mode: mode || "advise", aim: newAim(), held: none(game, false), record: [], coach: "", review: null, table: null, quiz: null,
    peeked: false };
}

// diceOf returns how many dice a roll of game has: five, or six.
const diceOf = (game) => games[game].dice || 5;

// none returns a value for each die of game: its dice not kept (false),
// or not entered (0).
const none = (game, v) => Array(diceOf(game)).fill(v);

// allDice writes how many dice a roll of game (by default the one played)
// has: "five", "six".
const allDice = (game = S.game) => ["five", "six"][diceOf(game) - 5] || String(diceOf(game));

// offered says whether game plays what the server plays with five dice
// only: the quiz, a target, opponents to beat.
const offered = (game) => diceOf(game) === 5;

// noAim says why the game is not played for a target or against
// opponents, or "" where it is: school, and games of six dice.
const noAim = () => (isSchool() ? "not offered for school" : offered(S.game) ? "" : `not offered for ${allDice()} dice`);

// --- the server -----------------------------------------------------------

// api asks the backend: path names the question ("/api/advise"), body is
// its JSON object (undefined for the GET questions); signal, when given,
// lets the question be abandoned, and the server then stops its work. It
// returns the answer's object, or throws an Error with the answer's message
// and status.
const api = (path, body, signal) => (window.dicepokerBackend || httpBackend)(path, body, signal);

// httpBackend asks the server the page came from.
async function httpBackend(path, body, signal) {
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

// advisable returns the dice of the position to advise on, or null where
// there is none (the game over, or the dice not entered yet).
function advisable() {
  if (!view || view.over) return null;
  return S.mode === "table" ? tableDice() : S.dice;
}

// adviseNow asks for the ranking of the position (request my), one that
// advisable() finds dice to advise on, saying when the server is solving
// a strategy table meanwhile, and retrying while it does; then draws the
// page.
async function adviseNow(my) {
  const dice = advisable();
  if (asking) asking.abort();
  const ask = new AbortController();
  asking = ask;
  const body = { game: S.game, rules: S.rules, sheet: S.sheet, dice, rolls_left: S.rollsLeft };
  if (isSchool()) body.fresh = S.fresh;
  Object.assign(body, S.mode === "table" ? tableAim() : aimBody());
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
  if (noAim() || S.mode !== "advise") return {};
  if (S.aim.play === "target" && /^\d+$/.test(S.aim.target)) return { target: Number(S.aim.target) };
  if (S.aim.play === "beat" && opponentSheets().length) return { opponents: opponentSheets() };
  return {};
}

// SHEETS is how many sheets' views the page keeps: a sheet's view is the
// same every time it is asked for, and a tap on a die or the dice pad
// leaves the sheets as they were.
const SHEETS = 64;
const sheetViews = new Map(); // JSON of [game, rules, sheet] -> /api/sheet's answer

// sheetView returns /api/sheet's view of sheet in game with rules: the
// one kept, or asked of the server (and then kept).
async function sheetView(game, rules, sheet) {
  const key = JSON.stringify([game, rules, sheet]);
  let v = sheetViews.get(key);
  if (v) {
    sheetViews.delete(key); // the latest used last
  } else {
    v = await api("/api/sheet", { game, rules, sheet });
    if (sheetViews.size >= SHEETS) sheetViews.delete(sheetViews.keys().next().value);
  }
  sheetViews.set(key, v);
  return v;
}

// DRAW_WAIT is how long, in milliseconds, the page waits for the advice
// before it draws what a tap did without it.
const DRAW_WAIT = 100;

// refresh redraws the sheet and the ranking of the position; the body's
// data-busy is 1 until both are drawn. The page is drawn once, with the
// advice, unless the advice takes longer than DRAW_WAIT.
async function refresh() {
  const my = ++seq;
  advice = null;
  document.body.dataset.busy = "1";
  if (S.mode === "quiz") { // the quiz asks its own questions
    view = null;
    await quizNow(my);
    if (my !== seq) return;
    render();
    document.body.dataset.busy = "0";
    return;
  }
  if (S.mode === "table" && !S.table) { // the players are being chosen
    view = null;
    render();
    document.body.dataset.busy = "0";
    return;
  }
  try {
    const v = await sheetView(S.game, S.rules, shownSheet());
    if (my !== seq) return;
    view = v;
    if (S.mode === "table") {
      const seats = await Promise.all(S.table.players.map((p) => sheetView(S.game, S.rules, p.sheet)));
      if (my !== seq) return;
      seatViews = seats;
    }
  } catch (e) {
    showStatus(e.message, true);
    return;
  }
  if (shownSheet() === S.sheet && advisable()) {
    const early = setTimeout(() => { if (my === seq && !advice) render(); }, DRAW_WAIT);
    await adviseNow(my);
    clearTimeout(early);
  } else render();
  if (S.review === "pending") await finish();
  if (S.mode === "table" && S.table.over && !S.table.reviews) await finishTable(my);
  if (my === seq) document.body.dataset.busy = "0";
}

// --- state: undo, redo, storage and the URL ---------------------------------

// The undo and redo stacks live in memory, each move the state before it
// as JSON. A tap only marks the state changed (save); the URL and the
// browser's storage are written at most once a second while the page is
// used, and at once when it is hidden or left (pagehide), which a reload
// and a switch to another app both do.

function commit() {
  notice("");
  undo.push(JSON.stringify(S));
  if (undo.length > 500) undo.shift();
  redo = [];
}

// SAVE_DELAY is how long, in milliseconds, a change waits before the URL
// and the browser's storage keep it.
const SAVE_DELAY = 1000;
let saving = null; // the timer of the next persist(), while one is due

// save marks the state changed: persist() writes it to the URL and the
// browser's storage soon.
function save() {
  saving ??= setTimeout(persist, SAVE_DELAY);
}

// persist writes the state to the URL and the browser's storage now, if it
// changed since it was last kept.
function persist() {
  if (saving === null) return;
  clearTimeout(saving);
  saving = null;
  store(search());
}

// search returns the URL's query for the state: the position, or for the
// table, which lives in the browser's storage, only the game.
function search() {
  const g = games[S.game];
  const q = new URLSearchParams({ game: S.game });
  if (S.rules.length) q.set("rules", S.rules.join(","));
  if (S.mode === "table") {
    q.set("mode", "table");
    return "?" + q.toString();
  }
  if (S.sheet) q.set("sheet", S.sheet);
  q.set("dice", S.dice.map((d) => g.faces[d - 1]).join(""));
  q.set("rolls", S.rollsLeft);
  if (isSchool()) q.set("fresh", S.fresh ? 1 : 0);
  if (S.mode !== "advise") q.set("mode", S.mode);
  if (S.aim.play === "target") q.set("target", S.aim.target);
  if (S.aim.play === "beat") for (const o of opponentSheets()) q.append("opponent", o);
  return "?" + q.toString();
}

// STORED_UNDO is about how many characters of the undo stack the browser's
// storage keeps: a table's game late on holds tens of kilobytes a move.
const STORED_UNDO = 200_000;

// MOVES is the storage's key of the undo and redo stacks, beside STORE's
// state: each stack its moves one a line (JSON holds no line breaks),
// undo's, an empty line, redo's.
const MOVES = STORE + "-moves";

// store keeps the game in the URL and the browser's storage: the position,
// and as much of the undo stack as the storage holds (the latest moves, at
// most STORED_UNDO characters of them), since a table's game with its
// records outgrows it. Beside the URL's new query (search) it keeps the
// one it replaces (from): a reload that began before the page was left
// loads that one (a link opened again does not).
function store(search) {
  const from = location.search;
  if (from !== search) history.replaceState(null, "", search);
  let kept = 0;
  for (let size = 0; kept < undo.length && (size += undo[undo.length - 1 - kept].length) <= STORED_UNDO;) kept++;
  try {
    localStorage.setItem(STORE, JSON.stringify({ S, search, from }));
  } catch (e) {
    return; // private mode
  }
  for (; ; kept = Math.floor(kept / 2)) {
    const moves = undo.slice(undo.length - kept).join("\n") + "\n\n" + (kept === undo.length ? redo.join("\n") : "");
    try {
      localStorage.setItem(MOVES, moves);
      return;
    } catch (e) {
      if (kept === 0) return localStorage.removeItem(MOVES);
    }
  }
}

// stored returns the game the browser's storage keeps, {S, undo, redo,
// search, from}, or null.
function stored() {
  try {
    const saved = JSON.parse(localStorage.getItem(STORE));
    if (!saved || !saved.S) return null;
    if (!saved.undo) { // kept with its moves beside it (before, inside)
      const [undone, redone] = (localStorage.getItem(MOVES) || "\n\n").split("\n\n");
      saved.undo = undone.split("\n").filter(Boolean);
      saved.redo = (redone || "").split("\n").filter(Boolean);
    }
    return saved;
  } catch (e) {
    return null;
  }
}

// URL_FIELDS are the fields of a position in the URL.
const URL_FIELDS = ["game", "rules", "sheet", "dice", "rolls", "fresh", "mode", "target", "opponent"];

// faceOf returns the face number (1..6) of a character of game g's dice,
// its face letter or digit, or 0.
const faceOf = (g, c) => g.faces.indexOf(c.toUpperCase()) + 1 || ("123456".indexOf(c) + 1);

// fromURL reads a shared position: null when the URL holds none, else the
// state and a message for every field it refused (the game defaults to
// yahtzee). The sheet and rules are checked by the server afterwards.
function fromURL() {
  const q = new URLSearchParams(location.search);
  if (![...q.keys()].length) return null;
  const refused = [];
  for (const k of new Set(q.keys())) if (!URL_FIELDS.includes(k)) refused.push(`${k}= is not a field of a position (${URL_FIELDS.join(", ")})`);
  let game = q.get("game") || "yahtzee";
  if (!games[game]) {
    refused.push(`game=${game} is not a game (${Object.keys(games).join(", ")})`);
    game = "yahtzee";
  }
  const g = games[game];
  let mode = q.get("mode") || "advise";
  if (!["advise", "play", "table", "quiz"].includes(mode)) {
    refused.push(`mode=${mode} is not advise, play, table or quiz`);
    mode = "advise";
  } else if (mode === "quiz" && !offered(game)) {
    refused.push(`mode=quiz: the quiz is not offered for ${allDice(game)} dice`);
    mode = "advise";
  }
  const st = newState(game, q.get("rules") ? q.get("rules").split(",") : [], mode);
  st.sheet = q.get("sheet") || "";
  if (q.has("dice")) {
    const dice = [...q.get("dice")].map((c) => faceOf(g, c));
    if (dice.length === diceOf(game) && dice.every((d) => d >= 1)) st.dice = dice;
    else refused.push(`dice=${q.get("dice")} is not ${allDice(game)} faces of ${game} (${g.faces.split("").join(" ")})`);
  }
  if (q.has("rolls")) {
    const r = q.get("rolls");
    if (/^\d$/.test(r) && Number(r) < g.rolls) st.rollsLeft = Number(r);
    else refused.push(`rolls=${r}: ${game} has 0 to ${g.rolls - 1} rerolls left`);
  }
  if (q.has("fresh") && (game !== "school" || !["0", "1"].includes(q.get("fresh")))) refused.push(`fresh=${q.get("fresh")}: only school has a fresh roll, 0 or 1`);
  st.fresh = st.rollsLeft === g.rolls - 1 || q.get("fresh") === "1";
  if (q.has("target") && q.has("opponent")) refused.push("target= and opponent= together: play for one aim");
  else if (q.has("target") || q.has("opponent")) {
    if (game === "school") refused.push("school has no target= or opponent=: it is not offered for school");
    else if (!offered(game)) refused.push(`${game} has no target= or opponent=: it is not offered for ${allDice(game)} dice`);
    else if (q.has("target") && !/^\d+$/.test(q.get("target"))) refused.push(`target=${q.get("target")} is not a total`);
    else if (q.has("target")) st.aim = { play: "target", target: q.get("target"), opponents: "" };
    else st.aim = { play: "beat", target: "", opponents: q.getAll("opponent").join("\n") };
  }
  return { st, refused };
}

// checkURLSheet asks the server about the rules and sheet read from the URL,
// and drops what it refuses, saying so in refused.
async function checkURLSheet(refused) {
  for (const drop of ["sheet", "rules"]) {
    try {
      await sheetView(S.game, S.rules, S.sheet);
      return;
    } catch (e) {
      if (e.status !== 400) return; // the advice will say what is wrong
      refused.push(`${drop === "sheet" ? `sheet=${S.sheet}` : `rules=${S.rules.join(",")}`}: ${e.message}`);
      if (drop === "sheet") S.sheet = "";
      else S.rules = [];
    }
  }
}

// notice says what the page could not do with what it was given, until the next change.
function notice(text) {
  $("#notice").hidden = !text;
  $("#notice").textContent = text || "";
}

function change(fn) {
  commit();
  fn();
  save();
  refresh();
}

function restore(json) {
  S = JSON.parse(json);
  viewing = null;
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
    if (o.keep.length === 0) return `reroll all ${allDice()}` + (isSchool() ? " (fresh)" : "");
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
  if (a.keep) return a.keep.length ? `keep ${facesText(a.keep)}` : `reroll all ${allDice()}`;
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
  const r = new Uint32Array(S.dice.length);
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
  if (S.mode === "table") return tableWrite(box, cross);
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
    S.peeked = false;
  }
  S.sheet = res.next.sheet;
  S.rollsLeft = games[S.game].rolls - 1;
  S.fresh = true;
  S.held = none(S.game, false);
  if (S.mode === "play") {
    if (res.next.over) S.review = "pending";
    else S.dice = rollDice(S.held);
  }
  save();
  refresh();
}

async function reroll() {
  if (S.mode === "table") return tableReroll();
  if (S.mode !== "play" || S.rollsLeft <= 0 || !view || view.over) return;
  const keep = S.dice.filter((_, i) => S.held[i]);
  if (keep.length === S.dice.length) {
    S.coach = `keeping all ${allDice()} dice is not a reroll: write them in a box`;
    render();
    return;
  }
  commit();
  S.record.push(recordLine({ keep: sorted(keep) }));
  S.coach = coachLine(findOption({ keep }));
  S.peeked = false;
  S.dice = rollDice(S.held);
  S.rollsLeft--;
  S.fresh = keep.length === 0;
  S.held = none(S.game, false);
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

// stamp writes the time now as a file's name does: 20260131-154502.
const stamp = () => new Date().toISOString().replace(/\..*$/, "").replace(/[-:]/g, "").replace("T", "-");

// download offers lines as a file called name to save, one a line.
function download(name, lines) {
  const a = el("a", { href: URL.createObjectURL(new Blob([lines.join("\n") + "\n"], { type: "application/jsonl" })), download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

// --- drawing ----------------------------------------------------------------

// adviceShown reports whether the page shows the advice now: always when
// advising; in play only once the player peeks (Show the advice), else
// the coach speaks after the choice; at the table as the player to move
// chose.
const adviceShown = () => S.mode === "advise" || S.mode === "play" && S.peeked || S.mode === "table" && tableAdviceShown();

// canWrite reports whether a tap on a box writes the dice there.
const canWrite = () => S.mode !== "table" || tableCanWrite();

function drawDie(i) {
  const d = S.dice[i];
  if (!d) { // not entered yet (the table's dice pad)
    return el("button", { type: "button", class: "die empty", data: { i }, "aria-label": `die ${i + 1}: not entered`, onclick: () => tapDie(i) });
  }
  const card = S.game === "poker-dice";
  const b = el("button", { type: "button", class: `die f${d}${card ? " card" : ""}`, data: { i },
    "aria-label": `die ${i + 1}: ${faceText(d)}`, onclick: () => tapDie(i) });
  if (card) b.append(el("span", { class: "face" }, d === 2 ? "10" : faceText(d)));
  else for (let p = 1; p <= 9; p++) b.append(el("span", { class: `pip p${p}` }));
  if (S.mode === "advise" && i === cursor) b.classList.add("cursor");
  if (S.mode !== "advise" && S.held[i]) {
    b.classList.add("held");
    b.append(el("span", { class: "tag" }, S.mode === "play" ? "held" : "kept"));
  }
  return b;
}

// markBest shows the best keep on the dice: which to keep, which to reroll.
function markBest(buttons) {
  if (!adviceShown() || !advice || advice.best.action !== "keep") return;
  const keep = [...advice.best.keep];
  buttons.forEach((b, i) => {
    if (!S.dice[i] || S.held[i] && S.mode === "table") return;
    const k = keep.indexOf(S.dice[i]);
    if (k >= 0) keep.splice(k, 1);
    b.classList.add(k >= 0 ? "keep" : "reroll");
    b.append(el("span", { class: "tag" }, k >= 0 ? "keep" : "reroll"));
  });
}

function tapDie(i) {
  if (S.mode === "table") return tableTapDie(i);
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
      disabled: S.mode !== "advise", onclick: () => change(() => {
        S.rollsLeft = n;
        S.fresh = n === g.rolls - 1; // a later roll is fresh only when it rerolled all five
      }) }, String(n)));
  }
  const fresh = $("#fresh");
  $("#fresh-box").hidden = !isSchool();
  fresh.checked = S.fresh;
  fresh.disabled = S.mode !== "advise" || S.rollsLeft === g.rolls - 1;

  const roll = $("#roll");
  roll.hidden = S.mode !== "play" || !view || view.over;
  roll.disabled = S.rollsLeft <= 0;
  roll.textContent = S.rollsLeft > 0 ? `Reroll (${S.rollsLeft} left)` : "Write the dice in a box";

  $("#hint").textContent = S.mode === "table" ? tableHint() : S.mode === "play"
    ? "Tap dice to hold them, then reroll; tap a box to write the dice there. The advice stays hidden until you choose, unless you peek."
    : `Tap a die to change it${g.faces === "123456" ? " (or type 1–6)" : ` (or type ${g.faces.split("").join(" ")})`}; tap a box to write the dice there.`;

  $("#peek").hidden = S.mode !== "play" || S.peeked || !view || view.over;
  $("#save-record").hidden = S.mode !== "play" || !S.record.length;
  const best = $("#best");
  best.replaceChildren();
  best.hidden = !adviceShown() || !advice && !(view && view.over);
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
  const said = S.mode === "play" ? S.coach : S.mode === "table" ? tableCoach() : "";
  coach.textContent = said;
  coach.className = said.startsWith("✓") ? "good" : said ? "bad" : "";
  if (S.mode === "table") drawTableControls();
}

const pct = (p) => `${(100 * p).toFixed(p > 0.001 && p < 0.999 ? 1 : 2)}%`;

// drawAim draws the "play for" control, for the single-sheet games' advice.
function drawAim() {
  $("#aim").hidden = isSchool() || S.mode !== "advise";
  const play = noAim() ? "score" : S.aim.play; // six dice: the expected score only
  for (const b of document.querySelectorAll("#aim [data-aim]")) {
    b.setAttribute("aria-pressed", String(b.dataset.aim === play));
    b.disabled = b.dataset.aim !== "score" && !!noAim();
  }
  $("#aim-note").textContent = noAim() && `target, beat: ${noAim()}`;
  $("#target-box").hidden = play !== "target";
  $("#opponents").hidden = play !== "beat";
  if (document.activeElement !== $("#target")) $("#target").value = S.aim.target;
  if (document.activeElement !== $("#opponents")) $("#opponents").value = S.aim.opponents;
  $("#target").placeholder = advice ? String(Math.round(advice.best.expected)) : "";
  $("#opponents").placeholder = `opponents' sheets, one a line: ${sheetExample()}`;
}

// sheetExample writes a sheet of a single-sheet game in the notation, for
// examples: its first two upper boxes, three of the first face and four
// points of the second (two dice, or four where a box counts the dice).
function sheetExample() {
  const upper = games[S.game].categories.filter((c) => c.upper);
  return upper.length < 2 ? "" : `${upper[0].name}=3,${upper[1].name}=4`;
}

function drawRanking() {
  const box = $("#ranking-box");
  box.hidden = !adviceShown() || !advice;
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
  const isBest = adviceShown() && advice && opt && advice.best.action === "score" && advice.best.category === b.name;
  const cls = ["box", filled ? "filled" : "open", !filled && !opt && advice ? "closed" : "", isBest ? "best" : ""].join(" ");
  const pts = filled ? String(b.points) : opt ? String(opt.points) + (opt.bonus ? ` +${opt.bonus}` : "") : "";
  return el("button", { type: "button", class: cls, data: { box: b.name }, disabled: filled || (advice && !opt) || view.over || !canWrite(),
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
  const bestW = adviceShown() && advice && advice.best.action === "score" ? advice.best : null;
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
          disabled: advice && !opt || !canWrite(), "aria-label": `${r.name} ${j + 1}`, onclick: () => write(r.name, cross) }, el("span", { class: "pts" }, label))));
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
    disabled: S.mode !== "advise", onclick: () => take(name) }, b.taken ? "✕" : "·"));
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
  $("#cross").hidden = !isSchool() || !!(view && view.over);
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
  keepPlayers();
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
  $("#mode-table").setAttribute("aria-pressed", String(S.mode === "table"));
  $("#mode-quiz").setAttribute("aria-pressed", String(S.mode === "quiz"));
  $("#mode-quiz").disabled = !offered(S.game);
  $("#mode-quiz").title = offered(S.game) ? "" : `the quiz: not offered for ${allDice()} dice`;
  drawRules();
  drawTableMode();
  drawTable();
  drawAim();
  drawSheet();
  drawRanking();
  drawReview();
  drawQuizMode();
  document.body.dataset.renders = String(++renders);
}

// --- input ------------------------------------------------------------------

function onKey(e) {
  if (e.target.closest("input, select, textarea")) return;
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "z") { e.preventDefault(); $("#undo").click(); return; }
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "y") { e.preventDefault(); $("#redo").click(); return; }
  if (S.mode === "play" || S.mode === "quiz" || e.ctrlKey || e.metaKey || e.altKey) return;
  if (S.mode === "table") return tableKey(e);
  const f = e.key.length === 1 && faceOf(games[S.game], e.key);
  if (f) {
    e.preventDefault();
    change(() => {
      S.dice[cursor] = f;
      cursor = (cursor + 1) % S.dice.length;
    });
  } else if (e.key === "Backspace" || e.key === "ArrowLeft") {
    cursor = (cursor + S.dice.length - 1) % S.dice.length;
    render();
  } else if (e.key === "ArrowRight") {
    cursor = (cursor + 1) % S.dice.length;
    render();
  }
}

async function main() {
  const list = await api("/api/games");
  for (const g of list) {
    games[g.name] = g;
    $("#game").append(el("option", { value: g.name }, g.name));
  }
  // The game saved here, unless the URL brings another position. The URL
  // it replaced (from) counts only on a reload, which may have begun
  // before the page wrote its URL; a link opened again brings its own.
  const saved = stored();
  const reload = performance.getEntriesByType("navigation")[0]?.type === "reload";
  if (saved && games[saved.S.game] && ["", saved.search, reload && saved.from].includes(location.search)) {
    ({ S, undo, redo } = saved);
    if (location.search !== saved.search) history.replaceState(null, "", saved.search);
  }
  const refused = [];
  if (!S) {
    const u = fromURL();
    if (u) {
      S = u.st;
      refused.push(...u.refused);
      await checkURLSheet(refused);
    }
  }
  if (!S) S = newState("yahtzee");
  if (refused.length) notice(`The link's position: ${refused.join("; ")}.`);
  S.aim = S.aim || newAim(); // saved before the page had aims
  $("#game").addEventListener("change", (e) => {
    keepPlayers();
    commit();
    S = newState(e.target.value, [], S.mode === "quiz" && !offered(e.target.value) ? "advise" : S.mode);
    if (S.mode === "play") S.dice = rollDice(S.held);
    save();
    refresh();
  });
  $("#mode-advise").addEventListener("click", () => {
    if (S.mode === "table") change(() => { S = newState(S.game, S.rules); });
    else if (S.mode !== "advise") change(() => { S.mode = "advise"; S.review = null; });
  });
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
  $("#save-record").addEventListener("click", () => download(`dicepoker-${stamp()}.jsonl`, S.record));
  $("#new").addEventListener("click", () => (S.mode === "table" ? newTable() : S.mode === "play" ? startPlay() : change(() => { S = { ...newState(S.game, S.rules), aim: S.aim }; })));
  $("#cross").addEventListener("click", (e) => {
    e.currentTarget.setAttribute("aria-pressed", String(e.currentTarget.getAttribute("aria-pressed") !== "true"));
    render();
  });
  document.addEventListener("keydown", onKey);
  window.addEventListener("pagehide", persist);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") persist(); });
  setupTable();
  setupQuiz();
  save();
  refresh();
}

window.addEventListener("unhandledrejection", (e) => showStatus(String(e.reason), true));
window.addEventListener("error", (e) => showStatus(e.message, true));
// The page starts once every script has run (table.js after this one).
document.addEventListener("DOMContentLoaded", () => main().catch((e) => showStatus("cannot start: " + e.message, true)));
