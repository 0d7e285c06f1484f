import type { StoredQuestion } from '../../shared/datasets';
import type { EvidenceTarget } from '../../shared/document/evidence';
import type { Document } from '../../shared/document';
import type { RoledTarget } from './html-evidence';
import { evidenceExcerpt } from './html-evidence';
import { clip, escapeHtml, escapeJson } from './html-escape';
import { REPORT_CSS } from './html-style';
import { programCells } from './program-cells';
import { methodLines } from '../../shared/runs/report-format';
import type { ReportMethod } from '../../shared/runs/method';
import type {
  TranscriptHeader,
  TranscriptLine,
  TranscriptVerdict,
} from '../../shared/runs/transcript';

/** What the report needs beyond the transcript lines: questions' evidence and documents. */
export interface HtmlSources {
  question(id: number): StoredQuestion | undefined;
  /** The document's model, or null when it cannot be opened (removed, not parsed). */
  document(id: number): Promise<Document | null>;
}

const MAX_OUTPUT_CHARS = 20_000;

const badge = (v: TranscriptVerdict | undefined) =>
  v
    ? `<span class="badge ${v.correct ? 'correct' : escapeHtml(v.outcome)}">${v.correct ? 'correct' : escapeHtml(v.outcome)}</span>`
    : '<span class="badge ungraded">not graded</span>';

const row = (k: string, v: string) => `<tr><th>${k}</th><td>${v}</td></tr>`;

function seconds(s: number): string {
  return s >= 60 ? `${Math.floor(s / 60)} min ${Math.round(s % 60)} s` : `${Math.round(s)} s`;
}

function verdictTable(verdicts: TranscriptVerdict[]): string {
  if (verdicts.length === 0)
    return '<p class="muted">No verdicts (not submitted or not graded).</p>';
  return `<table class="verdicts"><thead><tr><th>Scorer</th><th>Outcome</th><th>Score</th><th>Rule</th><th>Extracted</th><th>Prediction (normalised)</th><th>Gold (normalised)</th></tr></thead><tbody>
${verdicts
  .map(
    (v) =>
      `<tr><td>${escapeHtml(v.scorer)} <span class="muted">${escapeHtml(v.scorerVersion)}</span></td><td>${badge(v)}</td><td>${v.score}</td><td>${escapeHtml(v.rule)}</td><td>${escapeHtml(v.extracted)}</td><td>${escapeHtml(v.predNormalized)}</td><td>${escapeHtml(v.goldNormalized)}</td></tr>`,
  )
  .join('\n')}
</tbody></table>`;
}

function humanPart(l: TranscriptLine): string {
  const h = l.human;
  if (!h) return '';
  return `<h3>Expert answer</h3><table class="kv">
${row('Answer', `${escapeHtml(h.value)} <span class="muted">unit</span> ${escapeHtml(h.unit || '—')} <span class="muted">scale</span> ${escapeHtml(h.scale || '—')}`)}
${row('Confidence', h.confidence === null ? '—' : `${h.confidence} / 5`)}
${row('Submitted', h.submitted ? `yes, ${escapeHtml(h.submittedAt)}${h.late ? ' (after the budget was used up)' : ''}` : 'no')}
${row('Active time', seconds(h.activeSeconds))}
${row('Evidence marked', String(h.evidence.length))}
${h.notes ? row('Notes', `<pre>${escapeHtml(clip(h.notes, MAX_OUTPUT_CHARS))}</pre>`) : ''}
</table>`;
}

function modelPart(l: TranscriptLine): string {
  if (l.source.kind !== 'run') return '';
  const exec = l.execution;
  return `<h3>Model</h3><table class="kv">
${row('Latency', l.latencyMs === null ? '—' : `${l.latencyMs} ms`)}
${l.usage ? row('Tokens', `${l.usage.inputTokens ?? '?'} in, ${l.usage.outputTokens ?? '?'} out${l.usage.costUsd !== undefined ? `, $${l.usage.costUsd.toFixed(4)}` : ''}`) : ''}
${l.error ? row('Error', escapeHtml(l.error)) : ''}
</table>
<details${l.program ? '' : ' open'}><summary>Model output</summary><pre>${escapeHtml(clip(l.output ?? '(no output)', MAX_OUTPUT_CHARS))}</pre></details>
${
  l.program
    ? `<details open><summary>Program</summary><pre>${escapeHtml(clip(l.program, MAX_OUTPUT_CHARS))}</pre></details>
<p><b>Execution:</b> ${exec ? (exec.ok ? `ran, result <code>${escapeJson(exec.result)}</code>` : `failed${exec.error ? `: ${escapeHtml(exec.error)}` : ''}`) : '—'}.
<span class="muted">Trace: runs keep no sandbox read trace yet; cells a JavaScript program names by position are outlined below.</span></p>`
    : ''
}`;
}

async function itemHtml(l: TranscriptLine, primary: string, src: HtmlSources): Promise<string> {
  const q = l.questionId === null ? undefined : src.question(l.questionId);
  const v = l.verdicts.find((x) => x.scorer === primary) ?? l.verdicts[0];
  let evidence = '<p class="muted">The question is no longer in the workspace.</p>';
  if (q) {
    const doc = q.documentId === null ? null : await src.document(q.documentId);
    if (!doc) evidence = '<p class="muted">The document is not in the workspace.</p>';
    else {
      const targets: RoledTarget[] = [
        ...q.evidence.flatMap((e) =>
          e.target ? [{ role: 'gold' as const, target: e.target }] : [],
        ),
        ...(l.human?.evidence ?? []).map((t) => ({ role: 'expert' as const, target: t })),
        ...programCells(l.program, doc).map((t: EvidenceTarget) => ({
          role: 'program' as const,
          target: t,
        })),
      ];
      evidence = evidenceExcerpt(doc, targets);
    }
  }
  const gold = l.gold
    ? `${escapeJson(l.gold.answer)}${l.gold.scale ? ` <span class="muted">(${escapeHtml(l.gold.scale)})</span>` : ''}`
    : '—';
  const answer =
    l.answer === null || l.answer === undefined
      ? '<span class="muted">none</span>'
      : `${escapeJson(l.answer)}${l.answerScale ? ` <span class="muted">(${escapeHtml(l.answerScale)})</span>` : ''}`;
  return `<section class="item" id="item-${l.position}">
<h2>${l.position + 1}. ${escapeHtml(l.externalId)} ${badge(v)}</h2>
<p class="q">${escapeHtml(l.question ?? '(question removed from the dataset)')}</p>
<table class="kv">
${row('Gold', gold)}
${row('Answer graded', `${answer} <span class="muted">${escapeHtml(l.answerKind)}</span>`)}
</table>
${verdictTable(l.verdicts)}
${humanPart(l)}
${modelPart(l)}
<h3>Evidence</h3>
${evidence}
</section>`;
}

/**
 * The Method list (the run report's and the session results' text, shared/runs/report-format.ts
 * `methodLines`): one escaped line per scorer and the default-scorer row; stale lines marked.
 */
function methodHtml(m: ReportMethod | undefined): string {
  if (!m) return '';
  const stale = new Set(m.scorers.flatMap((s, i) => ((s.stale ?? 0) > 0 ? [i] : [])));
  return `<h2>Method</h2>
<ul class="method">
${methodLines(m)
  .map((line, i) => `<li${stale.has(i) ? ' class="stale"' : ''}>${escapeHtml(line)}</li>`)
  .join('\n')}
</ul>
`;
}

/**
 * The self-contained HTML report: inline CSS, no script at all (a Content-Security-Policy
 * forbids scripts and every network load besides), and every text from a model, a program, a
 * filing or an expert escaped. The summary is written last (its counts come from the stream)
 * and shown first by the flex order.
 */
export async function* htmlPieces(
  header: TranscriptHeader,
  lines: AsyncIterable<TranscriptLine>,
  src: HtmlSources,
  generatedAt: string,
): AsyncGenerator<string> {
  const primary = header.scorers[0] ?? '';
  yield `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(header.title)}</title>
<style>${REPORT_CSS}</style></head><body><main>
`;
  const counts = new Map<string, { correct: number; graded: number }>();
  let items = 0;
  for await (const l of lines) {
    items++;
    for (const v of l.verdicts) {
      const c = counts.get(v.scorer) ?? { correct: 0, graded: 0 };
      c.graded++;
      if (v.correct) c.correct++;
      counts.set(v.scorer, c);
    }
    yield `${await itemHtml(l, primary, src)}\n`;
  }
  const accuracy = [...counts.entries()]
    .map(
      ([s, c]) =>
        `<tr><td>${escapeHtml(s)}</td><td>${c.correct} / ${items}</td><td>${items === 0 ? '—' : ((100 * c.correct) / items).toFixed(2)}%</td><td>${c.graded}</td></tr>`,
    )
    .join('\n');
  yield `<section class="summary">
<h1>${escapeHtml(header.title)}</h1>
<table class="kv">
${row('Dataset', `${escapeHtml(header.datasetName)} <span class="muted">(${escapeHtml(header.datasetFormat)}${header.datasetId !== null ? `, #${header.datasetId}` : ', removed'})</span>`)}
${row(header.kind === 'run' ? 'Model' : 'Expert', escapeHtml(header.by))}
${header.mode ? row('Mode', escapeHtml(header.mode)) : ''}
${header.activeSeconds !== null ? row('Active time', seconds(header.activeSeconds)) : ''}
${row('Items', String(items))}
${row('Generated', escapeHtml(generatedAt))}
</table>
<h2>Accuracy</h2>
<table class="verdicts"><thead><tr><th>Scorer</th><th>Correct</th><th>Accuracy</th><th>Graded</th></tr></thead><tbody>
${accuracy}
</tbody></table>
${methodHtml(header.method)}<p class="legend muted">Evidence: <span class="ev-g">gold evidence</span><span class="ev-e">marked by the expert</span><span class="ev-p">named by the program</span></p>
<h2>Reviewer overrides</h2>
<p class="muted">None: no reviewer has overridden a verdict (the workbench has no reviewer overrides yet).</p>
</section>
</main></body></html>
`;
}
