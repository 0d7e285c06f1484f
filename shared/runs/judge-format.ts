import type { EloTable, JudgeSummary } from './judge';

const f2 = (x: number) => x.toFixed(2);
const f1 = (x: number) => x.toFixed(1);
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

/**
 * The report's judge block in Markdown: under its own heading, each judge model named, so its
 * numbers are never read as a scorer's accuracy.
 */
export function judgesMarkdown(judges: Record<string, JudgeSummary>): string {
  const out = [
    '## LLM judge (not a scorer: kept apart from the accuracy above)',
    '',
    '| judge model | rubric | judged correct % | 95% Wilson | mean score | correct / partially / incorrect | unreadable | refused |',
    '|---|---|---:|---|---:|---|---:|---:|',
  ];
  for (const j of Object.values(judges))
    out.push(
      `| ${cell(j.judgeModel)} | ${cell(j.rubricId)}${j.stale > 0 ? ` (${j.stale} stale: answer or gold changed since; judge again)` : ''} | ${f2(j.accuracy)} (${j.correct}/${j.n}) | ${f2(j.interval.low)}–${f2(j.interval.high)} | ${j.meanScore === null ? '–' : j.meanScore.toFixed(3)} | ${j.correct} / ${j.partially} / ${j.incorrect} | ${j.unreadable} | ${j.refused} |`,
    );
  return out.join('\n');
}

/** `workbench report --elo A,B,… --format md`. */
export function eloMarkdown(t: EloTable): string {
  const out = [
    `# Elo of runs ${t.runIds.map((id) => `#${id}`).join(', ')} (judge ${t.judgeModel}, rubric ${t.rubricId})`,
    '',
    `Bradley–Terry ratings on the Elo scale (mean 1000; 400 points = 10:1 odds) from ${t.outcomes} pairwise outcomes on ${t.questions} questions, each the two orders combined (a tie when they disagree: ${t.positionDisagreements} times); ${t.unreadable} pairs left out for an unreadable or refused reply. Prior: ${t.prior} virtual tie per pair. 95% intervals: ${t.iterations} bootstrap resamples of questions.`,
    '',
    '| rank | run | model | mode | Elo | 95% interval | wins | losses | ties |',
    '|---:|---|---|---|---:|---|---:|---:|---:|',
  ];
  t.rows.forEach((r, i) =>
    out.push(
      `| ${i + 1} | #${r.runId} | ${cell(r.model)} | ${r.mode ?? '–'} | ${f1(r.rating)} | ${r.low === null || r.high === null ? '–' : `${f1(r.low)}–${f1(r.high)}`} | ${r.wins} | ${r.losses} | ${r.ties} |`,
    ),
  );
  return `${out.join('\n')}\n`;
}
