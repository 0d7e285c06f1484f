import type { GradeFileResult } from './grade-file';

const pct = (x: number): string => `${(100 * x).toFixed(2)}%`;

/** The human summary `workbench grade` prints. */
export function formatGradeSummary(r: GradeFileResult, topRules = 12): string {
  const s = r.summary;
  const lines = [
    `graded ${s.n} items from ${r.predictions} (format ${r.format}, scorer ${r.scorer.id} ${r.scorer.version})`,
    `accuracy ${pct(s.accuracy)} (${s.correct}/${s.n}), 95% Wilson CI [${pct(s.accuracyCi95.low)}, ${pct(s.accuracyCi95.high)}]`,
  ];
  if (s.em !== undefined && s.f1 !== undefined) lines.push(`EM ${pct(s.em)}, F1 ${pct(s.f1)}`);
  lines.push(
    `outcomes: ${Object.entries(s.outcomes)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
    'rules:',
    ...Object.entries(s.rules)
      .slice(0, topRules)
      .map(([rule, count]) => `  ${String(count).padStart(5)}  ${rule}`),
  );
  const more = Object.keys(s.rules).length - topRules;
  if (more > 0) lines.push(`  … ${more} more rules in the JSON output`);
  const errors = r.items.filter((i) => i.outcome === 'error').slice(0, 5);
  for (const e of errors) lines.push(`error ${e.id}: ${e.rule}`);
  for (const w of r.warnings) lines.push(`warning: ${w}`);
  return lines.join('\n');
}
