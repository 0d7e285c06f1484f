import { csvDocument } from '../export/csv';
import { judgesMarkdown } from './judge-format';
import { modelTimeText } from './model-time';
import type { MethodScorer, ReportMethod, RunComparison, RunReport } from './report';
import { IMPORTED_SCORER_ID } from './run';

const f2 = (x: number) => x.toFixed(2);
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

/** One Table 2 row: a run shown through one scorer. */
export interface Table2Row {
  model: string;
  mode: string | null;
  scorer: string;
  values: Record<string, number | null>;
  average: number;
  n: number;
}

export function table2Rows(
  reports: readonly RunReport[],
  scorers?: readonly string[],
): Table2Row[] {
  return reports.flatMap((r) =>
    r.scorers
      .filter((s) => !scorers || scorers.includes(s.scorer))
      .map((s) => ({
        model: r.model,
        mode: r.mode,
        scorer: s.scorer,
        values: Object.fromEntries(
          r.subsets.columns.map((c) => [c, r.subsets.accuracy[s.scorer]?.[c] ?? null]),
        ),
        average: s.accuracy,
        n: s.n,
      })),
  );
}

/**
 * DocMath-Eval's Table 2 layout: rows model × mode (× scorer here), columns the subsets, then
 * the average over all items. Columns are the union of every row's subsets, first seen first.
 */
export function table2Markdown(rows: readonly Table2Row[], columnsIn?: readonly string[]): string {
  const columns = columnsIn ? [...columnsIn] : [];
  if (!columnsIn)
    for (const r of rows)
      for (const c of Object.keys(r.values)) if (!columns.includes(c)) columns.push(c);
  const head = `| model | mode | scorer | ${columns.map(cell).join(' | ')} | average | n |`;
  const rule = `|---|---|---|${columns.map(() => '---:').join('|')}|---:|---:|`;
  const body = rows.map(
    (r) =>
      `| ${cell(r.model)} | ${r.mode ?? '–'} | ${r.scorer === IMPORTED_SCORER_ID ? 'imported (official)' : r.scorer} | ${columns
        .map((c) => {
          const v = r.values[c];
          return v === null || v === undefined ? '–' : f2(v);
        })
        .join(' | ')} | ${f2(r.average)} | ${r.n} |`,
  );
  return [head, rule, ...body].join('\n');
}

export const ROLE_TEXT: Record<MethodScorer['role'], string> = {
  default: 'default scorer',
  parity: 'official scorer’s port',
  imported: 'the file’s own verdicts',
  other: 'asked for by name',
};

/** A gold version as a Method list prints it (null: graded before versions were recorded). */
const goldText = (g: string | null) => g ?? 'no gold version recorded';

/** Gold versions a Method list names before it counts the rest. */
const GOLDS_SHOWN = 3;

/**
 * What a session's Method row says it graded against: the verdict count and the gold versions
 * (one per question, as a gold version hashes what the scorer reads of its question), the first
 * three named (null: a run's row, which names its dataset instead).
 */
export function methodGoldText(s: MethodScorer): string | null {
  if (!s.goldVersions) return null;
  const n = s.verdicts ?? 0;
  const golds = s.goldVersions;
  const named = golds.slice(0, GOLDS_SHOWN).map(goldText).join(', ');
  const more = golds.length > GOLDS_SHOWN ? `, … ${golds.length - GOLDS_SHOWN} more` : '';
  return `${n} verdict${n === 1 ? '' : 's'} against ${
    golds.length === 1 ? `gold ${named}` : `${golds.length} gold versions (${named}${more})`
  }`;
}

/**
 * What a Method list says of one scorer after its id and version: its role and what it graded
 * against (a run's dataset hash; a session's verdict count and gold versions).
 */
export function methodScorerText(s: MethodScorer): string {
  const gold = methodGoldText(s);
  const against = s.gradedAgainst
    ? `, graded against dataset ${s.gradedAgainst.slice(0, 12)}`
    : gold
      ? `, ${gold}`
      : '';
  return `${ROLE_TEXT[s.role]}${against}`;
}

/** What a Method list says of a scorer's stale verdicts (null: none). */
export function methodStaleText(s: MethodScorer): string | null {
  const n = s.stale ?? 0;
  if (n === 0) return null;
  return `stale: ${n} verdict${n === 1 ? '' : 's'} graded by an older scorer version or another gold than the question has now (workbench regrade --stale grades ${n === 1 ? 'it' : 'them'} again)`;
}

/** The default-scorer table's row as a Method list's last line says it. */
export function methodDefaultText(d: ReportMethod['defaults']): string {
  return `Default scorer for ${d.label}: ${d.scorer}${d.parity ? ` (beside it, ${d.parity}: the official scorer’s port)` : ''}, for every question type (${d.questionTypes}); the Ask panel, expert sessions and the gap view grade with it too. ${d.why}.`;
}

/**
 * The Method list as plain lines (no markup; the HTML export escapes each): each scorer with
 * its version, role, what it graded against and any stale verdicts, then the default-scorer
 * table's row for the dataset's format (shared/grading/default-scorers.ts).
 */
export function methodLines(m: ReportMethod): string[] {
  return [
    ...m.scorers.map((s) => {
      const stale = methodStaleText(s);
      return `${s.id} ${s.version}: ${methodScorerText(s)}${stale ? `; ${stale}` : ''}`;
    }),
    methodDefaultText(m.defaults),
  ];
}

/**
 * The Method list in Markdown: each scorer with its version and role, and the default-scorer
 * table's row for the dataset's format (shared/grading/default-scorers.ts).
 */
export function methodMarkdown(m: ReportMethod): string[] {
  const d = m.defaults;
  return [
    ...m.scorers.map((s) => {
      const stale = methodStaleText(s);
      return `- **${s.id}** ${s.version}: ${methodScorerText(s)}${stale ? `; **${stale}**` : ''}`;
    }),
    `- Default scorer for ${d.label}: **${d.scorer}**${d.parity ? ` (beside it, ${d.parity}: the official scorer’s port)` : ''}, for every question type (${d.questionTypes}); the Ask panel, expert sessions and the gap view grade with it too. ${d.why}.`,
  ];
}

/** `workbench report --format md`. */
export function reportMarkdown(r: RunReport, comparison?: RunComparison): string {
  const out: string[] = [];
  out.push(`# Run #${r.runId}: ${r.model}${r.mode ? ` (${r.mode})` : ''} on ${r.datasetName}`);
  out.push('');
  out.push(
    `${r.source} run, ${r.status}; ${r.n} of ${r.total} items${r.unanswered > 0 ? `; ${r.unanswered} questions of the dataset not answered` : ''}.`,
  );
  if (r.datasetChanged)
    out.push(
      '',
      '**The dataset changed since this run was made**: re-grade to grade against the current gold.',
    );
  out.push('', '## Method', '', ...methodMarkdown(r.method));
  out.push('', '## Accuracy by subset (DocMath-Eval Table 2 layout)', '');
  out.push(table2Markdown(table2Rows([r]), r.subsets.columns));
  out.push(
    '',
    `Subset sizes: ${r.subsets.columns.map((c) => `${c} ${r.subsets.n[c]}`).join(', ')}.`,
  );
  out.push(
    '',
    '## 95% intervals',
    '',
    '| scorer | accuracy % | Wilson | bootstrap (by document) | documents |',
    '|---|---:|---|---|---:|',
  );
  for (const s of r.scorers) {
    const i = r.intervals[s.scorer]!;
    out.push(
      `| ${s.scorer} | ${f2(s.accuracy)} (${s.correct}/${s.n}) | ${f2(i.wilson.low)}–${f2(i.wilson.high)} | ${f2(i.bootstrap.low)}–${f2(i.bootstrap.high)} | ${i.clusters} |`,
    );
  }
  if (r.executionRate !== null) out.push('', `Program execution rate: ${f2(r.executionRate)}%.`);
  if (r.modelTime.timed + r.modelTime.cached > 0)
    out.push('', `Model time: ${modelTimeText(r.modelTime)}.`);
  for (const b of r.breakdowns) {
    const ids = r.scorers.map((s) => s.scorer);
    out.push(
      '',
      `## By ${b.by}`,
      '',
      `| ${b.by} | n | ${ids.join(' | ')} |`,
      `|---|---:|${ids.map(() => '---:').join('|')}|`,
    );
    for (const g of b.groups)
      out.push(
        `| ${cell(g.value)} | ${g.n} | ${ids.map((id) => f2(g.accuracy[id] ?? 0)).join(' | ')} |`,
      );
  }
  out.push('', `## Failures (${r.scorer})`, '');
  if (r.failures.length === 0) out.push('None.');
  else {
    out.push('| cause | items | e.g. |', '|---|---:|---|');
    for (const f of r.failures)
      out.push(`| ${f.cause} | ${f.count} | ${f.examples.map(cell).join(', ')} |`);
  }
  if (r.judges && Object.keys(r.judges).length > 0) out.push('', judgesMarkdown(r.judges));
  if (comparison) out.push('', compareMarkdown(comparison));
  return `${out.join('\n')}\n`;
}

export function compareMarkdown(c: RunComparison): string {
  const out = [
    `## Compared with run #${c.runB} (${c.scorer})`,
    '',
    `${c.paired} questions in both runs${c.onlyA + c.onlyB > 0 ? ` (${c.onlyA} only in #${c.runA}, ${c.onlyB} only in #${c.runB})` : ''}.`,
    `Accuracy #${c.runA} ${f2(c.accuracyA)}% vs #${c.runB} ${f2(c.accuracyB)}%: difference ${f2(c.difference)} points, paired bootstrap 95% interval ${f2(c.bootstrap.low)} to ${f2(c.bootstrap.high)} (by document, p = ${c.bootstrap.pValue.toPrecision(3)}).`,
    `Exact McNemar: ${c.mcnemar.aOnly} right only in #${c.runA}, ${c.mcnemar.bOnly} right only in #${c.runB}, p = ${c.mcnemar.pValue.toPrecision(3)}.`,
    ...(c.modelTime.a.timed + c.modelTime.a.cached + c.modelTime.b.timed + c.modelTime.b.cached > 0
      ? [
          `Model time on these questions: #${c.runA} ${modelTimeText(c.modelTime.a)}; #${c.runB} ${modelTimeText(c.modelTime.b)}.`,
        ]
      : []),
    '',
    `### Flips (${c.flips.length})`,
    '',
  ];
  if (c.flips.length === 0) out.push('None.');
  else {
    out.push(
      `| question | right in | #${c.runA} answer | #${c.runA} rule | #${c.runB} answer | #${c.runB} rule |`,
      '|---|---|---|---|---|---|',
    );
    for (const f of c.flips)
      out.push(
        `| ${cell(f.externalId)} | #${f.rightIn === 'a' ? c.runA : c.runB} | ${cell(f.a.answer ?? '–')} | ${cell(f.a.rule)} | ${cell(f.b.answer ?? '–')} | ${cell(f.b.rule)} |`,
      );
  }
  return out.join('\n');
}

/**
 * `workbench report --format csv`: one line per item, a correct/outcome/rule triple per scorer,
 * written by the app's one CSV writer (shared/export/csv.ts: RFC 4180, CRLF, formula guard).
 */
export function reportCsv(r: RunReport): string {
  const ids = r.scorers.map((s) => s.scorer);
  const head = [
    'question_id',
    'external_id',
    'subset',
    'answer',
    ...ids.flatMap((id) => [`${id}_correct`, `${id}_outcome`, `${id}_rule`]),
  ];
  return csvDocument(
    head,
    r.items.map((it) => [
      it.questionId,
      it.externalId,
      it.subset,
      it.answer,
      ...ids.flatMap((id) => {
        const v = it.verdicts[id];
        return v ? [v.correct ? 1 : 0, v.outcome, v.rule] : [null, null, null];
      }),
    ]),
  );
}
