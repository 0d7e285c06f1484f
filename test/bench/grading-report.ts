// Grading parity and honest numbers: runs the parity scorers against the official verdicts
// recorded in ../shared/data/model_outputs, and our strict scorer beside them, and prints the
// markdown section of docs/BENCHMARKS.md.
//
//   node --import tsx test/bench/grading-report.ts [--out FILE]
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gradeItems, readPredictions } from '../../main/grading/grade-file';
import type { PredictionFormat } from '../../main/grading/grade-record';
import { pyRound } from '../../shared/grading/python/py-float';
import { docmathScorer, strictScorer, tatqaScorer } from '../../shared/grading/scorers';
import { compareTwoNumbers } from '../../shared/grading/scorers/docmath/compare-two-numbers';
import { ruleKey, type GradedItem } from '../../shared/grading/summarize';
import type { Scorer } from '../../shared/grading/verdict';
import { dataPath, hasData, noDataMessage } from '../support/data-dir';

const pct = (k: number, n: number) => (n === 0 ? '–' : `${((100 * k) / n).toFixed(2)}`);
const count = (items: GradedItem[]) => items.filter((i) => i.correct).length;

function grade(format: PredictionFormat, file: string, scorer: Scorer, raw = false): GradedItem[] {
  return gradeItems(readPredictions(format, readFileSync(file, 'utf8'), { raw }).items, scorer);
}

/** "rule ×count" for items one side accepted and the other rejected, keyed by `side`'s rule. */
function moved(a: GradedItem[], b: GradedItem[], side: 'a' | 'b', aAccepts: boolean): string {
  const counts = new Map<string, number>();
  a.forEach((x, i) => {
    const y = b[i] as GradedItem;
    if (x.correct === aAccepts && y.correct === !aAccepts) {
      const key = ruleKey(side === 'a' ? x.rule : y.rule);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  });
  const parts = [...counts.entries()].sort((p, q) => q[1] - p[1]).map(([k, v]) => `${k} ×${v}`);
  return parts.length ? parts.join('; ') : '–';
}

/** Same test as test/integration/grading/docmath-parity.test.ts (kept short here). */
function explainedByRounding(
  pRec: number,
  gRec: number,
  acc: number,
  predRounded: boolean,
): boolean {
  const h = 0.0005;
  const grid = (c: number) => [
    c,
    ...Array.from({ length: 81 }, (_, i) => c - h + (2 * h * i) / 80),
  ];
  const partners = (x: number) =>
    Array.from({ length: 17 }, (_, i) => 10 ** (i - 8)).flatMap((f) => [x * f, -x * f]);
  const ps = predRounded ? grid(pRec) : [pRec];
  const gs = grid(gRec);
  const pairs: [number, number][] = [
    ...ps.flatMap((p) => gs.map((g): [number, number] => [p, g])),
    ...ps.flatMap((p) => partners(p).map((g): [number, number] => [p, g])),
    ...gs.flatMap((g) => partners(g).map((p): [number, number] => [p, g])),
  ];
  return pairs.some(([p, g]) => {
    if ((predRounded ? pyRound(p, 3) !== pRec : p !== pRec) || pyRound(g, 3) !== gRec) return false;
    try {
      return (compareTwoNumbers(p, g) !== 'no-match') === (acc === 1);
    } catch {
      return acc === 0;
    }
  });
}

interface DocmathRecord {
  question_id: string;
  ground_truth: number;
  result: { acc: number; prediction_executed_result?: number | string | null };
}

function financemath(kind: 'cot' | 'pot'): string[] {
  const dir = dataPath('model_outputs', 'financemath_validation', `processed_${kind}_outputs`);
  const rows: string[] = [];
  for (const f of readdirSync(dir)
    .filter((x) => x.endsWith('.json'))
    .sort()) {
    const file = join(dir, f);
    const recs = JSON.parse(readFileSync(file, 'utf8')) as DocmathRecord[];
    const official = recs.reduce((a, r) => a + r.result.acc, 0);
    const parity = grade('docmath-processed', file, docmathScorer);
    const strict = grade('docmath-processed', file, strictScorer);
    const same = parity.filter((p, i) => Number(p.correct) === recs[i]?.result.acc).length;
    let note = `${same}/${recs.length} items equal`;
    if (kind === 'pot') {
      const explained = parity.filter((p, i) => {
        const r = recs[i] as DocmathRecord;
        const v = r.result.prediction_executed_result;
        if (Number(p.correct) === r.result.acc || v === null || v === undefined) return false;
        return explainedByRounding(Number(v), r.ground_truth, r.result.acc, typeof v === 'number');
      }).length;
      note += `; other ${recs.length - same}: ${explained} explained by 3-dp rounding of the recorded values`;
    }
    const rawCell =
      kind === 'cot'
        ? ` ${pct(count(grade('docmath-processed', file, strictScorer, true)), recs.length)} |`
        : '';
    rows.push(
      `| ${f.replace(/\.json$/, '')} | ${recs.length} | ${pct(official, recs.length)} | ${pct(count(parity), recs.length)} (${note}) | ${pct(count(strict), recs.length)} |${rawCell} ${moved(parity, strict, 'b', true)} | ${moved(parity, strict, 'b', false)} |`,
    );
  }
  return rows;
}

function tatqa(): string[] {
  const rows: string[] = [];
  const files: [PredictionFormat, string, string][] = [
    ['tatqa-pot', 'tatqa_s0_e-1_11_08_11_09.jsonl', 'PoT code-davinci-002'],
    ['tatqa-pred', 'tatqa_cot_gpt3_s0_e-1_11_13_21_05.jsonl', 'CoT text-davinci-002'],
  ];
  for (const [format, name, label] of files) {
    const file = dataPath('model_outputs', 'tatqa_dev', name);
    const official = grade(format, file, tatqaScorer);
    const strict = grade(format, file, strictScorer);
    const n = official.length;
    const em = official.reduce((a, i) => a + (i.em ?? 0), 0);
    const f1 = official.reduce((a, i) => a + (i.f1 ?? 0), 0);
    rows.push(
      `| ${label} (\`${format}\`) | ${n} | EM ${pct(em, n)} / F1 ${pct(f1, n)} (EM over the 1,668 dev questions: ${pct(em, 1668)}) | ${pct(count(strict), n)} | ${moved(official, strict, 'b', true)} | ${moved(official, strict, 'b', false)} |`,
    );
  }
  return rows;
}

/** Counts behind the "known faults" notes, computed from the data rather than asserted. */
function findings(): string[] {
  const pot = dataPath('model_outputs', 'tatqa_dev', 'tatqa_s0_e-1_11_08_11_09.jsonl');
  const cot = dataPath('model_outputs', 'tatqa_dev', 'tatqa_cot_gpt3_s0_e-1_11_13_21_05.jsonl');
  const rows = [pot, cot].flatMap((f) =>
    readFileSync(f, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as { answer: unknown; pred_answer: unknown }),
  );
  const zeroPreds = rows.filter((r) => r.pred_answer === 0).length;
  const commaNegatives = rows.filter(
    (r) =>
      Array.isArray(r.answer) &&
      r.answer.some((a) => typeof a === 'string' && /\(\$?\d{1,3}(,\d{3})+(\.\d+)?\)/.test(a)),
  ).length;
  const unitRejected = [
    ...grade('tatqa-pot', pot, tatqaScorer),
    ...grade('tatqa-pred', cot, tatqaScorer),
  ].filter((i) => i.rule.startsWith('value in another unit rejected')).length;
  const cotDir = dataPath('model_outputs', 'financemath_validation', 'processed_cot_outputs');
  const accepted = new Map<string, number>();
  for (const f of readdirSync(cotDir).filter((x) => x.endsWith('.json'))) {
    for (const i of grade('docmath-processed', join(cotDir, f), docmathScorer)) {
      if (!i.correct || !/accepted|percent vs fraction/.test(i.rule)) continue;
      const key = /sign flipped/.test(i.rule)
        ? 'sign flips'
        : /percent|×10\^-?2,/.test(i.rule)
          ? 'percent-vs-fraction (×100) errors'
          : 'other exact ×10^k scale errors';
      accepted.set(key, (accepted.get(key) ?? 0) + 1);
    }
  }
  return [
    `- DocMath CoT, all four models: the official comparison accepted ${[...accepted.entries()].map(([k, v]) => `${v} ${k}`).join(', ')} (800 items).`,
    `- TAT-QA, both runs (3,334 items): ${unitRejected} answers given in another unit were rejected by the official 2-decimal rounding before scaling; ${zeroPreds} predictions of 0 were scored 0 unseen (\`if not prediction\`); ${commaNegatives} gold spans are accounting negatives with thousands separators, e.g. "(1,212)", which the official to_number reads as positive (its "(x)" pattern does not allow commas).`,
  ];
}

function report(): string {
  const cmd = 'node --import tsx test/bench/grading-report.ts';
  return [
    '## Grading parity and honest numbers',
    '',
    `Reproduce: \`${cmd}\` (reads \`WORKBENCH_DATA_DIR\`, default \`../shared/data\`). Single items:`,
    '`workbench grade --format docmath-processed --predictions FILE --scorer docmath|strict [--raw]`,',
    '`workbench grade --format tatqa-pot|tatqa-pred --predictions FILE --scorer tatqa|strict`.',
    '"Parity" is our port of the official scorer; "strict" is our default scorer (equal to the',
    "gold's displayed precision, explicit units, sign and ×10^k errors wrong). The last two",
    'columns count the items the two disagree on, by the strict rule that decided them.',
    '',
    "### FinanceMath validation, CoT (official verdict = `result.acc` on gpt-3.5's extracted answer)",
    '',
    '| model | n | official acc % | parity acc % (docmath) | strict acc % (same extracted answer) | strict acc % (raw output, our extractor) | official ✓ strict ✗ | official ✗ strict ✓ |',
    '|---|---|---|---|---|---|---|---|',
    ...financemath('cot'),
    '',
    '### FinanceMath validation, PoT (official verdict on the unrounded program result)',
    '',
    '| model | n | official acc % | parity acc % (docmath on recorded 3-dp result) | strict acc % | official ✓ strict ✗ | official ✗ strict ✓ |',
    '|---|---|---|---|---|---|---|',
    ...financemath('pot'),
    '',
    '### How parity was checked',
    '',
    '- FinanceMath CoT: `docmath` on the recorded `extracted_pred_answer` reproduces the recorded',
    '  `result.acc` on every item of every model (test/integration/grading/docmath-parity.test.ts).',
    '- FinanceMath PoT: the official script stores `round(result, 3)` and the dataset rounds',
    '  `ground_truth` to 3 decimals, but `acc` was computed on the unrounded values. Scoring the',
    '  recorded values therefore cannot reproduce every verdict (e.g. 0.0175 vs 175 is a ×10^4',
    '  match, 0.018 vs 175 is not; -8184.000000000007 vs 8184 is no sign-flip match, -8184.0',
    '  vs 8184.0 is). The test requires every differing item to be explained: some pair of',
    '  values that round to the recorded ones must give the recorded acc. No difference comes',
    '  from execution failures: those have a null result, acc 0, execution_rate 0, reproduced.',
    '- TAT-QA: the files carry no per-item official verdicts. Scored over the 1,668 dev',
    '  questions (one has no prediction and counts 0, as in tatqa_eval.py) the PoT run gives the',
    '  EM the Program-of-Thoughts README publishes (0.689). During development each item of both',
    '  files was also compared with the official tatqa_metric.py run in CPython: 0 differences',
    '  in EM or F1 on 3,334 items (that check needs Python, so it is not part of the test suite).',
    '',
    '### Known faults of the official scorers, counted on this data',
    '',
    ...findings(),
    '',
    '### TAT-QA dev, Program-of-Thoughts outputs',
    '',
    '| run | n | official EM / F1 % (tatqa parity) | strict acc % | official EM ✓ strict ✗ | official EM ✗ strict ✓ |',
    '|---|---|---|---|---|---|',
    ...tatqa(),
    '',
  ].join('\n');
}

if (!hasData) {
  process.stderr.write(`${noDataMessage}\n`);
  process.exitCode = 1;
} else {
  const md = report();
  const outIndex = process.argv.indexOf('--out');
  const out = outIndex >= 0 ? process.argv[outIndex + 1] : undefined;
  if (out) writeFileSync(out, md);
  process.stdout.write(md);
}
