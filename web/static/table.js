// The table: one game's scorecard for 1 to 6 players (school: 1 to 4, whose
// row and column bonuses go to the first to earn them), each player with a
// mode: pen (only the scores), assist (the advice shown) or peek (the
// advice hidden until the player taps to see it, and the choice compared
// with it after). The table lives in S.table, so that undo, redo and the
// browser's storage keep it with the rest of the page:
//
//   players  [{name, mode, win, sheet, record, cuts}]: record holds the
//            player's decisions as the lines of a game record; cuts, the
//            lines where another player took a bonus from the sheet, which
//            start a new part of the record
//   turn     the player to move
//   full     the dice last entered or rolled in this roll (five, or six), or null
//   rolls    whether the page rolls the dice (else the players enter theirs)
//   peeked   whether the player to move has tapped to see the advice
//   said     the comparison of the last choice with the best
//   over, reviews (by player, once the game is over)
//
// S.sheet, S.dice (0: a die not entered), S.rollsLeft, S.fresh and S.held
// (the dice kept from the roll before) are the position of the player to move.
"use strict";

const MODES = ["pen", "assist", "peek"];
const maxPlayers = () => (isSchool() ? 4 : 6);
let draft = null;    // the players being chosen: [{name, mode}]
let viewing = null;  // the player whose sheet is shown, when not the player to move
let seatViews = [];  // every player's sheet as /api/sheet lays it out

const player = () => S.table.players[S.table.turn];
const complete = (ds) => ds.every((d) => d > 0);
const newDraft = () => [{ name: "Player 1", mode: "assist" }, { name: "Player 2", mode: "assist" }];

// tableDice returns the dice the advice is for: those entered, or those
// of the roll while some are cleared to be rerolled; null before.
function tableDice() {
  if (!S.table || S.table.over) return null;
  return complete(S.dice) ? S.dice : S.table.full;
}

// tableAim plays to win against the other players' sheets for a player who asked.
function tableAim() {
  const others = S.table.players.filter((_, i) => i !== S.table.turn).map((p) => p.sheet);
  return player().win && !noAim() && others.length ? { opponents: others } : {};
}

const tableAdviceShown = () => !!S.table && !S.table.over && viewing === null &&
  (player().mode === "assist" || player().mode === "peek" && S.table.peeked);
const tableCanWrite = () => !!S.table && !S.table.over && viewing === null && complete(S.dice);

// shownSheet returns the sheet the page draws: the player's to move, or
// the one tapped at the table.
const shownSheet = () => (S.mode === "table" && S.table && viewing !== null ? S.table.players[viewing].sheet : S.sheet);

function tableHint() {
  if (!S.table || S.table.over) return "";
  if (S.table.rolls) return "Tap the dice to reroll, then Reroll; tap a box to write the dice there.";
  if (!complete(S.dice)) return `Tap the faces rolled, in any order (or type ${games[S.game].faces.split("").join(" ")}); tap a die to clear it.`;
  return S.rollsLeft > 0 ? "Tap a box to write the dice there; or tap the dice you reroll, then Reroll and enter their new faces."
    : "Tap a box to write the dice there.";
}

const tableCoach = () => (S.table && S.table.said) || "";

// startTurn sets the position of the player to move at the start of a turn.
function startTurn() {
  S.sheet = player().sheet;
  S.rollsLeft = games[S.game].rolls - 1;
  S.fresh = true;
  S.held = none(S.game, false);
  S.table.peeked = false;
  S.dice = none(S.game, 0);
  S.table.full = null;
  if (S.table.rolls) S.table.full = S.dice = rollDice(S.held);
}

function startTable() {
  const players = draft.map((d, i) => ({ name: d.name.trim() || `Player ${i + 1}`, mode: d.mode, win: false, sheet: "", record: [], cuts: [] }));
  viewing = null;
  change(() => {
    S = newState(S.game, S.rules, "table");
    S.table = { players, turn: 0, full: null, rolls: $("#page-rolls").checked, peeked: false, said: "", over: false, reviews: null };
    startTurn();
  });
}

// keepPlayers makes the table's players those chosen for the next game.
function keepPlayers() {
  if (S.table) draft = S.table.players.map((p) => ({ name: p.name, mode: p.mode }));
}

// newTable goes back to choosing the players, the same as before.
function newTable() {
  keepPlayers();
  viewing = null;
  change(() => { S = newState(S.game, S.rules, "table"); });
}

// say compares player p's choice (ranked option opt) with the best, for
// the players who see the advice.
function say(p, opt) {
  S.table.said = "";
  if (p.mode === "pen" || !opt || !advice) return;
  S.table.said = opt.loss <= EPS ? `✓ ${p.name}: ${opt.tie ? "tied with the best" : "the best"}`
    : `${p.name}: the best was ${optionText(advice.best)}; you gave up ${opt.loss.toFixed(2)} points`;
}

// decision writes a line of player p's record: the dice of the roll and the action.
const decision = (dice, action) => JSON.stringify({ game: S.game, options: view.rules, turn: view.turn, sheet: view.sheet,
  dice: sorted(dice), rolls_left: S.rollsLeft, action });

// holds reports whether the dice of a roll hold the dice kept (as multisets).
function holds(roll, kept) {
  const left = [...roll];
  return kept.every((d) => {
    const k = left.indexOf(d);
    if (k >= 0) left.splice(k, 1);
    return k >= 0;
  });
}

// tablePad enters face f in the first die to enter. Until the fifth, the
// sheets and the advice stay as they are: the page draws the dice without
// asking the server again.
function tablePad(f) {
  if (!S.table || S.table.over || viewing !== null || S.table.rolls) return;
  const i = S.dice.indexOf(0);
  if (i < 0) return;
  commit();
  S.dice[i] = f;
  if (complete(S.dice)) S.table.full = [...S.dice];
  save();
  if (complete(S.dice) || !view) refresh();
  else render();
}

function tableTapDie(i) {
  if (!S.table || S.table.over || viewing !== null || !S.dice[i] || S.held[i]) return;
  if (S.table.rolls && S.rollsLeft === 0) return;
  change(() => { S.dice[i] = 0; });
}

function tableKey(e) {
  const f = e.key.length === 1 && faceOf(games[S.game], e.key);
  if (f) {
    e.preventDefault();
    tablePad(f);
  } else if (e.key === "Backspace") {
    const i = S.dice.findLastIndex((d, k) => d && !S.held[k]);
    if (i >= 0) tableTapDie(i);
  }
}

// tableReroll rerolls the dice cleared, keeping the others: the page rolls
// them, or the player enters their new faces.
function tableReroll(dice = S.dice) {
  const full = S.table.full;
  if (S.table.over || S.rollsLeft <= 0 || !full) return;
  const keep = dice.filter((d) => d);
  if (keep.length === S.dice.length || !holds(full, keep)) return;
  const p = player();
  const opt = findOption({ keep });
  commit();
  p.record.push(decision(full, { keep: sorted(keep) }));
  say(p, opt);
  S.rollsLeft--;
  S.fresh = keep.length === 0;
  S.dice = [...dice];
  S.held = dice.map((d) => d > 0);
  S.table.full = null;
  S.table.peeked = false;
  if (S.table.rolls) S.table.full = S.dice = rollDice(S.held);
  save();
  refresh();
}

// keepAdvised clears the dice the advice rerolls, and rerolls them.
function keepAdvised() {
  if (!advice || advice.best.action !== "keep" || !complete(S.dice)) return;
  const keep = [...advice.best.keep];
  tableReroll(S.dice.map((d) => {
    const k = keep.indexOf(d);
    if (k < 0) return 0;
    keep.splice(k, 1);
    return d;
  }));
}

// earnedBonuses returns the school bonuses a write earned: the rows and
// columns with points after it (sheet view next) and none before.
function earnedBonuses(before, next) {
  const rows = next.rows.filter((r, i) => r.bonus && !before.rows[i].bonus).map((r) => r.name);
  const cols = next.columns.map((c, j) => (c.bonus && !before.columns[j].bonus ? `column${j + 1}` : null)).filter(Boolean);
  return rows.concat(cols);
}

// settled reports whether a school bonus is no longer to be had on a
// sheet (view v, as /api/sheet lays it out): earned there, or taken.
function settled(v, bonus) {
  const col = /^column(\d)$/.exec(bonus);
  const b = col ? v.columns[col[1] - 1] : v.rows.find((r) => r.name === bonus);
  return !!b.bonus || b.taken;
}

async function tableWrite(box, cross) {
  if (!tableCanWrite() || !view) return;
  const p = player(), t = S.table.turn;
  const opt = scoreOption(box, cross);
  const body = { game: S.game, rules: S.rules, dice: S.dice, fresh: isSchool() && S.fresh, box, cross: !!cross };
  const takes = [];
  let res;
  try {
    res = await api("/api/write", { ...body, sheet: S.sheet });
    // The first to earn a school bonus takes it from every other player.
    for (const bonus of isSchool() ? earnedBonuses(view, res.next) : []) {
      for (const [i, q] of S.table.players.entries()) {
        const was = takes.findLast((k) => k.i === i)?.view ?? seatViews[i];
        if (i === t || settled(was, bonus)) continue;
        takes.push({ i, view: await api("/api/take", { game: S.game, rules: S.rules, sheet: was.sheet, bonus }) });
      }
    }
  } catch (e) {
    showStatus(e.message, true);
    return;
  }
  commit();
  $("#cross").setAttribute("aria-pressed", "false");
  p.record.push(decision(S.dice, cross ? { cross: box } : { score: box }));
  say(p, opt);
  p.sheet = res.next.sheet;
  for (const k of takes) {
    const q = S.table.players[k.i];
    q.sheet = k.view.sheet;
    if (q.cuts.at(-1) !== q.record.length) q.cuts.push(q.record.length);
  }
  const n = S.table.players.length;
  S.table.turn = (t + 1) % n;
  S.table.over = res.next.over && S.table.turn === 0;
  startTurn();
  if (S.table.over) S.dice = none(S.game, 0);
  save();
  refresh();
}

// finishTable reviews the game of every player who saw the advice: each
// part of the player's record (a bonus taken by another player starts a
// new part) as review does, summed.
async function finishTable(my) {
  const reviews = {};
  try {
    for (const [i, p] of S.table.players.entries()) {
      if (p.mode === "pen" || !p.record.length) continue;
      const parts = [];
      for (const lines of recordParts(p)) parts.push(await api("/api/review", { record: lines.join("\n") + "\n" }));
      const decisions = parts.flatMap((r) => r.decisions);
      reviews[i] = { expected: parts[0].expected_score, estimated: !!parts[0].note, loss: parts.reduce((s, r) => s + r.total_loss, 0),
        optimal: parts.reduce((s, r) => s + r.optimal, 0), decisions: decisions.length,
        worst: decisions.filter((d) => !d.optimal).sort((a, b) => b.loss - a.loss).slice(0, 3) };
    }
  } catch (e) {
    showStatus(e.message, true);
    return;
  }
  if (my !== seq) return;
  S.table.reviews = reviews;
  save();
  render();
}

// recordParts returns player p's record in its parts: a bonus taken by
// another player starts a new part, each a game record of its own.
function recordParts(p) {
  const bounds = [0, ...p.cuts.filter((c) => c > 0 && c < p.record.length), p.record.length];
  return bounds.slice(1).map((b, k) => p.record.slice(bounds[k], b));
}

// saveRecord offers player i's record to save, a file a part, for
// dicepoker stats to read.
function saveRecord(i) {
  const p = S.table.players[i], name = `dicepoker-${stamp()}-${p.name.replace(/[^A-Za-z0-9]+/g, "-")}`;
  const parts = recordParts(p);
  parts.forEach((lines, k) => download(parts.length > 1 ? `${name}-${k + 1}.jsonl` : `${name}.jsonl`, lines));
}

// standings returns the players by score, highest first, with their sheets' views.
function standings() {
  return S.table.players.map((p, i) => ({ p, i, score: seatViews[i] ? seatViews[i].score : 0 })).sort((a, b) => b.score - a.score);
}

// shareText writes the result of the game for others to read.
function shareText() {
  const lines = [`dicepoker ${S.game}${S.rules.length ? ` (${S.rules.join(", ")})` : ""}: ${S.table.players.length} player${S.table.players.length > 1 ? "s" : ""}`];
  let rank = 0, last = null;
  standings().forEach((s, k) => {
    if (s.score !== last) rank = k + 1;
    last = s.score;
    const r = S.table.reviews && S.table.reviews[s.i];
    lines.push(`${rank}. ${s.p.name} ${s.score}` + (r ? ` (gave up ${r.loss.toFixed(2)} points in ${r.decisions} decisions, ${r.optimal} optimal)` : ""));
  });
  return lines.join("\n");
}

// share offers the result to the system's share sheet, else copies it,
// else shows it to copy by hand.
async function share() {
  const text = shareText();
  const box = $("#share-text");
  box.value = text;
  const said = $("#share-said");
  try {
    if (navigator.share) {
      await navigator.share({ title: "dicepoker", text });
      said.textContent = "shared";
      return;
    }
    await navigator.clipboard.writeText(text);
    said.textContent = "copied";
  } catch (e) {
    if (e.name === "AbortError") return; // the share sheet was closed
    box.hidden = false;
    box.select();
    said.textContent = "copy the text below";
  }
}

// --- drawing ----------------------------------------------------------------

function drawTableMode() {
  const table = S.mode === "table";
  $("#setup").hidden = !table || !!S.table;
  $("#seats").hidden = !table || !S.table;
  $("#standings").hidden = !table || !S.table || !S.table.over;
  $("#table").hidden = table && (!S.table || S.table.over || viewing !== null);
  $("#sheet-box").hidden = table && !S.table;
  $("#pad").hidden = !table || !S.table || S.table.rolls || S.table.over || viewing !== null;
  document.body.classList.toggle("at-table", table);
  document.body.classList.toggle("table-over", table && !!S.table && S.table.over);
  if (!table) return;
  if (!S.table) return drawSetup();
  drawSeats();
  if (S.table.over) drawStandings();
}

function drawSetup() {
  draft = draft || newDraft();
  if (draft.length > maxPlayers()) draft.length = maxPlayers();
  $("#setup-note").textContent = isSchool()
    ? "School: 1 to 4 players; a row's or a column's bonus goes to the first to earn it."
    : `${S.game}: 1 to 6 players, in the order they play.`;
  $("#add-player").disabled = draft.length >= maxPlayers();
  const list = $("#setup-players");
  if (list.contains(document.activeElement) && document.activeElement.matches("input") && list.children.length === draft.length) return; // typing a name
  list.replaceChildren(...draft.map((d, i) => {
    const name = el("input", { type: "text", class: "name", value: d.name, "aria-label": `player ${i + 1}'s name`, maxlength: 24, autocomplete: "off" });
    name.addEventListener("input", () => { d.name = name.value; });
    const mode = el("div", { class: "modes", role: "group", "aria-label": `player ${i + 1}'s mode` },
      MODES.map((m) => el("button", { type: "button", "aria-pressed": String(d.mode === m), data: { mode: m },
        onclick: () => { d.mode = m; render(); } }, m)));
    const remove = el("button", { type: "button", class: "remove", "aria-label": `remove player ${i + 1}`, disabled: draft.length === 1,
      onclick: () => { draft.splice(i, 1); render(); } }, "✕");
    return el("li", { data: { i } }, name, mode, remove);
  }));
}

function drawSeats() {
  const t = S.table;
  $("#seat-list").replaceChildren(...t.players.map((p, i) => {
    const v = seatViews[i];
    const moving = i === t.turn && !t.over;
    return el("li", {}, el("button", { type: "button", class: `seat${moving ? " moving" : ""}${viewing === i ? " viewing" : ""}`, data: { i },
      "aria-current": moving ? "true" : null, "aria-pressed": String(viewing === i),
      onclick: () => { viewing = viewing === i || i === t.turn && !t.over ? null : i; refresh(); } },
    el("span", { class: "who" }, p.name), el("span", { class: "mode" }, p.mode + (p.win && !noAim() ? " · to win" : "")),
    el("span", { class: "pts" }, v ? String(v.score) : "")));
  }));
  const p = player();
  const mine = viewing === null && !t.over;
  $("#turn-line").textContent = t.over ? `Game over: ${t.players[viewing ?? 0].name}'s sheet below (tap a name for another's)`
    : viewing !== null ? `${t.players[viewing].name}'s sheet (tap the name again to go back)`
      : `${p.name} to move${view ? `, turn ${view.turn} of ${view.turns}` : ""}`;
  $("#win-box").hidden = p.mode === "pen" || t.players.length < 2;
  $("#seat-tools").hidden = !mine || $("#win-box").hidden;
  $("#win").disabled = !!noAim();
  $("#win").checked = p.win && !noAim();
  $("#win-note").textContent = p.mode === "pen" || t.players.length < 2 ? ""
    : noAim() || (p.win ? "against the others' sheets (solved on each roll: slow early in a game)" : "");
}

function drawTableControls() {
  const t = S.table;
  if (!t) return;
  const g = games[S.game];
  const pad = $("#pad");
  const card = S.game === "poker-dice";
  pad.replaceChildren(...[1, 2, 3, 4, 5, 6].map((f) => el("button", { type: "button", class: `face f${f}`, data: { face: f },
    disabled: complete(S.dice), "aria-label": `face ${g.faces[f - 1]}`, onclick: () => tablePad(f) }, card && f === 2 ? "10" : g.faces[f - 1])));
  const roll = $("#roll");
  roll.hidden = t.over || S.rollsLeft <= 0 || !t.full || viewing !== null;
  roll.disabled = complete(S.dice) || !holds(t.full || [], S.dice.filter((d) => d));
  roll.textContent = `Reroll (${S.rollsLeft} left)`;
  $("#keep-best").hidden = !(adviceShown() && advice && advice.best.action === "keep" && complete(S.dice) && S.rollsLeft > 0);
  $("#peek").hidden = !(player().mode === "peek" && !t.peeked && !t.over && tableDice() && viewing === null);
}

function drawStandings() {
  const t = S.table;
  const box = $("#standings");
  const reviews = t.reviews || {};
  box.replaceChildren(el("h2", {}, "Standings"),
    el("ol", { class: "ranks" }, standings().map((s) => el("li", { data: { i: s.i, score: s.score } },
      el("span", { class: "who" }, s.p.name), el("span", { class: "pts" }, String(s.score))))),
    t.reviews ? "" : el("p", { class: "muted" }, "Reviewing the game…"),
    ...t.players.map((p, i) => {
      const r = reviews[i];
      if (!r) return "";
      return el("div", { class: "player-review", data: { i } }, el("h3", {}, `${p.name} (${p.mode})`),
        el("dl", {},
          el("dt", {}, r.estimated ? "estimated expected score" : "optimal expected score"), el("dd", { class: "r-expected" }, r.expected.toFixed(2)),
          el("dt", {}, "points given up"), el("dd", { class: "r-loss" }, r.loss.toFixed(3)),
          el("dt", {}, "decisions optimal"), el("dd", { class: "r-optimal" }, `${r.optimal} of ${r.decisions}`)),
        r.worst.length ? el("ol", {}, r.worst.map((d) => el("li", {},
          `turn ${d.turn}, dice ${facesText(d.dice)}: ${recordText(d.taken)} (best: ${recordText(d.best)}) lost ${d.loss.toFixed(2)}`)))
          : el("p", {}, "Every decision was optimal."),
        el("button", { type: "button", class: "save-record", onclick: () => saveRecord(i) }, `Save ${p.name}'s record`));
    }),
    el("div", { class: "bar" }, el("button", { type: "button", id: "share", class: "primary", onclick: share }, "Share the result"),
      el("span", { id: "share-said", class: "muted" }), el("button", { type: "button", onclick: newTable }, "Play again")),
    el("textarea", { id: "share-text", rows: 5, readonly: true, hidden: true, "aria-label": "the result, to copy" }));
}

function setupTable() {
  $("#mode-table").addEventListener("click", () => { if (S.mode !== "table") change(() => { S = newState(S.game, S.rules, "table"); }); });
  $("#add-player").addEventListener("click", () => {
    if (draft.length < maxPlayers()) draft.push({ name: `Player ${draft.length + 1}`, mode: "assist" });
    render();
  });
  $("#start-table").addEventListener("click", startTable);
  $("#win").addEventListener("change", (e) => change(() => { player().win = e.target.checked; }));
  $("#peek").addEventListener("click", () => change(() => {
    if (S.mode === "table") S.table.peeked = true;
    else S.peeked = true;
  }));
  $("#keep-best").addEventListener("click", keepAdvised);
}
