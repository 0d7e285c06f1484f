// Agreement of our free-text grader with FinanceBench's human experts: real GPT-4, Claude-2 and
// Llama-2 answers in ../shared/data/financebench/human_graded_results, each labelled Correct
// Answer / Incorrect Answer / Refusal. Prints, per model file and overall, agreement on all
// questions and on the numeric "metrics-generated" ones, the confusion table and the
// disagreements by rule, for the analyst scorer (the default for free text) and, as the
// baseline, the strict scorer. Deterministic; no model calls.
//
//   node --import tsx test/bench/expert-agreement.ts [--scorer ID] [--items] [--all-items]
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

function report(id: string): void {
  const scorer = getScorer(id);
  if (!scorer) throw new Error(`unknown scorer ${id}`);
  const files: FileAgreement[] = gradedFiles().map((f) => agreeFile(f, scorer));
  const all: LabelledItem[] = files.flatMap((f) => f.items);
  const metrics = files.flatMap((f) => f.items.filter((i) => i.metrics));
  const overall = agreement(all, ruleKey);
  const overallMetrics = agreement(metrics, ruleKey);
  const lines = [
    `### Scorer \`${scorer.id}\` (${scorer.version})`,
    '',
    '| file | n | agreement, all questions | metrics-generated |',
    '|---|---|---|---|',
    ...files.map((f) => `| ${f.file} | ${f.all.n} | ${pct(f.all)} | ${pct(f.metrics)} |`),
    `| **overall** | ${overall.n} | **${pct(overall)}** | **${pct(overallMetrics)}** |`,
    '',
    'Confusion, metrics-generated (rows: experts; columns: ours; no-answer counts as refusal):',
    '',
    ...confusionTable(overallMetrics),
    '',
    'Confusion, all questions:',
    '',
    ...confusionTable(overall),
    '',
    'Disagreements by rule, metrics-generated:',
    '',
    ...Object.entries(overallMetrics.disagreements).map(([k, v]) => `- ${k} ×${v}`),
    '',
    'Disagreements by rule, all questions (top 15):',
    '',
    ...Object.entries(overall.disagreements)
      .slice(0, 15)
      .map(([k, v]) => `- ${k} ×${v}`),
    '',
  ];
  console.log(lines.join('\n'));
  if (args.includes('--items') || args.includes('--all-items')) {
    const pool = args.includes('--all-items')
      ? files.flatMap((f) => f.items.map((i) => ({ f, i })))
      : files.flatMap((f) => f.items.filter((i) => i.metrics).map((i) => ({ f, i })));
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
