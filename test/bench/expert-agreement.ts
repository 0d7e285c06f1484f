// Agreement of our free-text grader with FinanceBench's human experts: real GPT-4, Claude-2 and
// Llama-2 answers in ../shared/data/financebench/human_graded_results, each labelled Correct
// Answer / Incorrect Answer / Refusal. Prints, per model file and overall, agreement on all
// questions and on the numeric "metrics-generated" ones, the confusion table and the
// disagreements by rule, for the analyst scorer (the default for free text) and, as the
// baseline, the strict scorer. Deterministic; no model calls.
//
// The files are split by model (test/fixtures/grading/financebench-split.json): rules are
// chosen on the tuning part (GPT-4's five files); the check part (Claude-2, Llama-2) is only
// reported. Agreement is printed for each part apart, and the disagreements listed by
// --items are the tuning part's unless --check is given.
//
//   node --import tsx test/bench/expert-agreement.ts [--scorer ID] [--items] [--all-items] [--check]
import {
  EXPERT_LABELS,
  agreement,
  type Agreement,
  type LabelledItem,
} from '../../main/grading/expert-agreement';
import { getScorer } from '../../shared/grading/scorers';
import { ruleKey } from '../../shared/grading/summarize';
import { OUTCOMES } from '../../shared/grading/verdict';
import { hasData, noDataMessage } from '../support/data-dir';
import { financebenchPart, type Part } from '../support/grading-split';
import {
  agreeFile,
  gradedFiles,
  hasGradedResults,
  type FileAgreement,
} from '../support/financebench-graded';

const args = process.argv.slice(2);
const scorerIds = args.includes('--scorer')
  ? [args[args.indexOf('--scorer') + 1] ?? 'analyst']
  : ['analyst', 'strict'];
const pct = (a: Agreement) =>
  a.n === 0 ? '–' : `${((100 * a.agree) / a.n).toFixed(1)}% (${a.agree}/${a.n})`;

function confusionTable(a: Agreement): string[] {
  const cols = OUTCOMES;
  return [
    `| expert \\ ours | ${cols.join(' | ')} |`,
    `|---|${cols.map(() => '---').join('|')}|`,
    ...EXPERT_LABELS.map((l) => `| ${l} | ${cols.map((c) => a.confusion[l][c]).join(' | ')} |`),
  ];
}

function partLines(label: string, files: FileAgreement[]): string[] {
  const all = agreement(
    files.flatMap((f) => f.items),
    ruleKey,
  );
  const metrics = agreement(
    files.flatMap((f) => f.items.filter((i) => i.metrics)),
    ruleKey,
  );
  return [
    ...files.map(
      (f) => `| ${f.file} | ${label} | ${f.all.n} | ${pct(f.all)} | ${pct(f.metrics)} |`,
    ),
    `| **${label} part** | | ${all.n} | **${pct(all)}** | **${pct(metrics)}** |`,
  ];
}

function report(id: string): void {
  const scorer = getScorer(id);
  if (!scorer) throw new Error(`unknown scorer ${id}`);
  const files: (FileAgreement & { part: Part | undefined })[] = gradedFiles().map((f) => ({
    ...agreeFile(f, scorer),
    part: financebenchPart(f),
  }));
  const tune = files.filter((f) => f.part === 'tune');
  const check = files.filter((f) => f.part === 'check');
  const unsplit = files.filter((f) => f.part === undefined);
  const all: LabelledItem[] = files.flatMap((f) => f.items);
  const metrics = files.flatMap((f) => f.items.filter((i) => i.metrics));
  const overall = agreement(all, ruleKey);
  const overallMetrics = agreement(metrics, ruleKey);
  const tuneMetrics = agreement(
    tune.flatMap((f) => f.items.filter((i) => i.metrics)),
    ruleKey,
  );
  const lines = [
    `### Scorer \`${scorer.id}\` (${scorer.version})`,
    '',
    '| file | part | n | agreement, all questions | metrics-generated |',
    '|---|---|---|---|---|',
    ...partLines('tune', tune),
    ...partLines('check', check),
    ...(unsplit.length ? partLines('not in the split', unsplit) : []),
    `| **overall** | | ${overall.n} | **${pct(overall)}** | **${pct(overallMetrics)}** |`,
    '',
    'Confusion, metrics-generated, tuning part (rows: experts; columns: ours; no-answer counts as refusal):',
    '',
    ...confusionTable(tuneMetrics),
    '',
    'Confusion, metrics-generated, both parts:',
    '',
    ...confusionTable(overallMetrics),
    '',
    'Confusion, all questions, both parts:',
    '',
    ...confusionTable(overall),
    '',
    'Disagreements by rule, metrics-generated, tuning part:',
    '',
    ...Object.entries(tuneMetrics.disagreements).map(([k, v]) => `- ${k} ×${v}`),
    '',
  ];
  console.log(lines.join('\n'));
  if (args.includes('--items') || args.includes('--all-items')) {
    // The check part's items are listed only on request: rules are not chosen by them.
    const shown = args.includes('--check') ? check : tune;
    const pool = args.includes('--all-items')
      ? shown.flatMap((f) => f.items.map((i) => ({ f, i })))
      : shown.flatMap((f) => f.items.filter((i) => i.metrics).map((i) => ({ f, i })));
    for (const { f, i } of pool) {
      const ours = i.graded.outcome === 'no-answer' ? 'refusal' : i.graded.outcome;
      if (ours === i.label) continue;
      console.log(
        `--- ${f.file} ${i.id} expert=${i.label} ours=${i.graded.outcome} gold=${i.gold}\n  rule: ${i.graded.rule}\n  extracted: ${i.graded.extracted ?? ''}\n  Q: ${i.question.slice(0, 300)}\n  A: ${i.output.replace(/\n/g, ' / ').slice(-600)}`,
      );
    }
  }
}

if (!hasData || !hasGradedResults) console.log(`[skip] ${noDataMessage}`);
else {
  console.log('## Agreement with FinanceBench human experts (free-text grading)\n');
  for (const id of scorerIds) report(id);
}
