// The quiz: the questions of `dicepoker quiz --game G --seed S --questions N`,
// answered by taps. The server draws and judges them (/api/quiz, the same
// code as the command); the page only sends the answers in play's words
// ("keep 5 5", "keep none", "score chance", school's "score pair" and
// "cross pair") and draws what comes back. The quiz lives in S.quiz, so
// that reload, undo and the browser's storage keep it:
//
//   seed, questions   the quiz drawn
//   answers           the answers given, in play's words, in order
//   seen              how many of their judgments the player has read
//   stopped           whether the player ended the quiz early
//
// Q holds the server's last answer for S.quiz (the report, every
// question's position, over), and the sheet and the box points of the
// question shown.
"use strict";

let Q = null;           // {for, report, view, scores}: for is S.quiz's JSON the rest answers
let picked = [false, false, false, false, false, false]; // the dice tapped to keep
let crossing = false; // school: Cross out pressed, the row tapped is crossed out

const quizShown = () => S.mode === "quiz";

// quizBody is the request of /api/quiz for S.quiz.
const quizBody = () => ({ game: S.game, rules: S.rules, seed: S.quiz.seed, questions: S.quiz.questions, answers: S.quiz.answers, stop: !!S.quiz.stopped });

// quizNow asks the server about S.quiz, and the sheet and points of the
// question to draw, retrying while a table or the yardsticks are being
// made; then draws. The body's data-busy is 1 meanwhile.
async function quizNow(my) {
  if (!S.quiz) {
    Q = null;
    return;
  }
  const key = JSON.stringify([quizBody(), S.quiz.seen]);
  if (Q && Q.for === key) return;
  for (;;) {
    try {
      const report = await api("/api/quiz", quizBody());
      if (my !== seq) return;
      const p = report.positions[Math.min(S.quiz.seen, report.positions.length - 1)];
      const [view, scores] = await Promise.all([
        sheetView(S.game, S.rules, p.sheet),
        api("/api/score", { game: S.game, rules: S.rules, dice: p.dice, fresh: S.game === "school" && p.fresh })]);
      if (my !== seq) return;
      Q = { for: key, report, view, scores };
      showStatus("");
      return;
    } catch (e) {
      if (my !== seq) return;
      if (e.status === 503) {
        showStatus(e.message.replace(/: ask again.*$/, "…"));
        await new Promise((r) => setTimeout(r, 1000));
        continue;
      }
      showStatus(e.message, true);
      if (e.status === 400 && S.quiz.answers.length && e.message.startsWith(`answers[${S.quiz.answers.length - 1}]`)) { // the last answer refused: take it back
        S.quiz.answers.pop();
        S.quiz.seen = Math.min(S.quiz.seen, S.quiz.answers.length);
        save();
        continue;
      }
      return;
    }
  }
}

// startQuiz draws a new quiz of n questions with seed (a random one when
// none is given).
function startQuiz(n, seed) {
  if (!(seed >= 0)) seed = Math.floor(Math.random() * 2 ** 31);
  picked = none(S.game, false);
  change(() => { S.quiz = { seed, questions: n, answers: [], seen: 0, stopped: false }; });
}

// answerQuiz gives the answer text to the question shown.
function answerQuiz(text) {
  if (!Q || S.quiz.answers.length !== S.quiz.seen || Q.report.over) return;
  picked = none(S.game, false);
  crossing = false;
  change(() => { S.quiz.answers.push(text); });
}

// nextQuestion goes on from a judgment read.
function nextQuestion() {
  change(() => { S.quiz.seen++; });
}

// quizRecordLines returns the answers file's lines as the server wrote
// them (quiz.WriteAnswer): `dicepoker stats` reads them from a file named
// quiz-....
function quizRecordLines() {
  return Q.report.answers_file_lines.trimEnd().split("\n");
}

// --- drawing ----------------------------------------------------------------

function drawQuiz() {
  const box = $("#quiz");
  box.hidden = !quizShown();
  if (box.hidden) return;
  if (!S.quiz) return box.replaceChildren(...quizSetup());
  if (!Q) return box.replaceChildren(el("p", { class: "muted" }, "Drawing the questions…"));
  const r = Q.report, n = r.asked, i = S.quiz.seen;
  const head = el("p", { class: "quiz-head" }, el("strong", {}, r.over && i >= S.quiz.answers.length ? "Quiz over" : `Question ${i + 1} of ${n}`),
    el("span", { class: "muted" }, ` seed ${r.seed}`));
  if (i < S.quiz.answers.length) return box.replaceChildren(head, ...quizPosition(r.positions[i], false), quizJudged(r.questions[i], i));
  if (r.over) return box.replaceChildren(head, ...quizEnd());
  box.replaceChildren(head, ...quizPosition(r.positions[i], true));
}

// quizSetup draws the choice of a new quiz.
function quizSetup() {
  const n = el("input", { type: "number", id: "quiz-n", min: 1, max: 500, value: 10, inputmode: "numeric", "aria-label": "questions" });
  const seed = el("input", { type: "number", id: "quiz-seed", min: 0, placeholder: "random", inputmode: "numeric", "aria-label": "seed" });
  return [el("h2", {}, "Quiz"),
    el("p", {}, `Positions of ${S.game} where the choice matters, drawn from games of simulated players of varied strength. Answer each by tapping: the dice to keep, then Reroll; or the box to score. After each, the best action and the points your answer gave up; at the end your mean loss per decision, rated against the simulated players.`),
    el("div", { class: "bar" }, el("label", { class: "check" }, "questions ", n), el("label", { class: "check" }, "seed ", seed),
      el("button", { type: "button", id: "quiz-start", class: "primary", onclick: () => startQuiz(Number(n.value) || 10, seed.value === "" ? undefined : Number(seed.value)) }, "Start the quiz")),
    el("p", { class: "muted" }, "The same seed draws the same questions as dicepoker quiz --seed on the command line.")];
}

// quizPosition draws a question's position: where the game stands, the
// dice (tapped to keep while answering) and the sheet, its open boxes
// tapped to score while answering.
function quizPosition(p, answering) {
  const g = games[S.game];
  const roll = g.rolls - p.rolls_left;
  const line = el("p", { class: "quiz-where" }, `turn ${p.turn} of ${Q.view.turns}, roll ${roll} of ${g.rolls}, score ${Q.view.score}`);
  const dice = el("div", { id: "quiz-dice", class: "dice" }, p.dice.map((d, k) => {
    const card = S.game === "poker-dice";
    const b = el("button", { type: "button", class: `die f${d}${card ? " card" : ""}${picked[k] && answering ? " held" : ""}`, data: { i: k },
      "aria-label": `die ${k + 1}: ${faceText(d)}${picked[k] ? ", kept" : ""}`, disabled: !answering || p.rolls_left === 0,
      onclick: () => { picked[k] = !picked[k]; render(); } });
    if (card) b.append(el("span", { class: "face" }, d === 2 ? "10" : faceText(d)));
    else for (let q = 1; q <= 9; q++) b.append(el("span", { class: `pip p${q}` }));
    if (picked[k] && answering) b.append(el("span", { class: "tag" }, "keep"));
    return b;
  }));
  const out = [line, dice];
  if (answering && p.rolls_left > 0) {
    const keep = p.dice.filter((_, k) => picked[k]);
    out.push(el("div", { class: "bar quiz-keep" },
      el("button", { type: "button", id: "quiz-reroll", class: "primary", disabled: keep.length === p.dice.length,
        onclick: () => answerQuiz(keep.length ? `keep ${keep.join(" ")}` : "keep none") },
      keep.length ? `Keep ${facesText(keep)}, reroll ${p.dice.length - keep.length}` : `Reroll all ${allDice()}`)));
  }
  out.push(el("p", { class: "muted" }, answering ? (p.rolls_left > 0 ? "Tap the dice to keep, then reroll; or tap a box to score the dice there." : "Tap a box to score the dice there.") : ""));
  out.push(Q.view.rows ? quizSchool(p, answering) : quizBoxes(answering));
  return out;
}

// quizBoxes draws a single sheet: the open boxes with the points the dice
// score there, tapped to answer.
function quizBoxes(answering) {
  const v = Q.view;
  const box = (b) => {
    const open = b.points === null;
    const pts = open ? Q.scores.scores[b.name] : b.points;
    return el("button", { type: "button", class: `box ${open ? "open" : "filled"}`, data: { box: b.name }, disabled: !open || !answering,
      onclick: () => answerQuiz(`score ${b.name}`) }, el("span", { class: "name" }, b.name), el("span", { class: "pts" }, pts === undefined ? "" : String(pts)));
  };
  const up = v.upper_bonus ? `upper ${v.upper_total} / ${v.upper_threshold} for ${v.upper_bonus}` : `upper ${v.upper_total}`;
  return el("div", { class: "sheet-cols quiz-sheet" },
    el("div", { class: "boxes upper" }, v.boxes.filter((b) => b.upper).map(box), el("div", { class: "sum" }, el("span", {}, up))),
    el("div", { class: "boxes lower" }, v.boxes.filter((b) => !b.upper).map(box)));
}

// quizSchool draws a school sheet: each row's cells written, and its next
// cell, tapped to score the dice there, or to cross it out with Cross out
// pressed.
function quizSchool(p, answering) {
  const v = Q.view;
  const cross = el("button", { type: "button", id: "quiz-cross", "aria-pressed": String(crossing && answering), disabled: !answering,
    onclick: () => { crossing = !crossing; render(); } }, "Cross out");
  const cols = v.columns.length;
  const rows = v.rows.map((r) => {
    const cells = [];
    for (let j = 0; j < cols; j++) {
      if (j < r.cells.length) cells.push(el("td", {}, el("span", { class: "cell written" }, r.cells[j] === "0" ? "-200" : r.cells[j])));
      else if (j === r.cells.length) {
        // What the dice write there: a combination's points; a school row's x where they close it.
        const label = r.school ? (Q.scores.school[r.name].closed ? "x" : "") : String(Q.scores.scores[r.name]);
        cells.push(el("td", {}, el("button", { type: "button", class: "cell next", data: { row: r.name }, disabled: !answering, "aria-label": `${r.name} ${j + 1}`,
          onclick: () => answerQuiz(`${crossing ? "cross" : "score"} ${r.name}`) }, el("span", { class: "pts" }, label))));
      } else cells.push(el("td", {}, el("span", { class: "cell empty" }, " ")));
    }
    return el("tr", { class: r.school ? "schoolrow" : "" }, el("th", { class: "name" }, r.name), cells);
  });
  return el("div", {}, el("div", { class: "bar" }, cross, el("span", { class: "muted" }, `reserve ${v.reserve}`)),
    el("table", { class: "grid" }, el("tbody", {}, rows)));
}

// quizJudged draws the judgment of answer a to question i, as the
// command says it: the best action, the points the answer gave up, why.
function quizJudged(a, i) {
  const best = a.loss <= EPS;
  const last = i + 1 >= Q.report.asked || Q.report.over && i + 1 >= Q.report.questions.length;
  return el("div", { id: "quiz-judged", class: best ? "good" : "bad", data: { loss: a.loss } },
    el("p", { class: "quiz-answer" }, `your answer: ${a.answer}`),
    el("p", { class: "quiz-best" }, best ? `✓ best: ${a.best}, your answer` : `best: ${a.best}; your answer gave up ${a.loss.toFixed(2)} points`),
    a.why ? el("p", { class: "quiz-why" }, `why: ${a.why}`) : null,
    el("div", { class: "bar" }, el("button", { type: "button", id: "quiz-next", class: "primary", onclick: nextQuestion }, last ? "See the result" : "Next question"),
      last ? null : el("button", { type: "button", id: "quiz-stop", onclick: () => change(() => { S.quiz.stopped = true; S.quiz.seen = S.quiz.answers.length; }) }, "End the quiz here")));
}

// quizEnd draws the end of the quiz: the mean loss and its rating, the
// answers, and the answers file to save.
function quizEnd() {
  const r = Q.report;
  if (!r.rating) return [el("p", {}, "No answers: nothing to rate."), quizAgain()];
  return [el("p", { id: "quiz-summary" }, `${r.questions.length} of ${r.asked} questions answered, ${r.best_answers} with the best action; ${r.total_loss.toFixed(2)} points lost in all.`),
    el("p", { id: "quiz-rating", data: { mean: r.mean_loss } }, `mean loss per decision: ${r.rating.text}`),
    el("p", { class: "muted" }, `yardsticks, each simulated player's mean loss per decision on ${r.yardstick_basis.questions} questions: ` +
      r.rating.yardsticks.map((y) => `${y.player} ${y.mean_loss.toFixed(2)}`).join(", ")),
    el("ol", { id: "quiz-answers" }, r.questions.map((a) => el("li", { data: { loss: a.loss } }, `${a.answer} (best: ${a.best}) ${a.loss <= EPS ? "✓" : `lost ${a.loss.toFixed(2)}`}`))),
    el("div", { class: "bar" }, el("button", { type: "button", id: "quiz-save", onclick: () => download(`quiz-${stamp()}.jsonl`, quizRecordLines()) }, "Save the answers"),
      quizAgain())];
}

const quizAgain = () => el("button", { type: "button", class: "primary", onclick: () => change(() => { S.quiz = null; }) }, "New quiz");

// drawQuizMode draws the quiz, in quiz mode, in place of the advice and
// the sheet.
function drawQuizMode() {
  document.body.classList.toggle("in-quiz", quizShown());
  drawQuiz();
}

function setupQuiz() {
  $("#mode-quiz").addEventListener("click", () => { if (S.mode !== "quiz") change(() => { S = newState(S.game, S.rules, "quiz"); }); });
}
