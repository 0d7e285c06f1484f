import type { EvidenceShare, GapReport } from './gap-report';

const f2 = (x: number) => x.toFixed(2);
const pv = (p: number) => (p < 0.0001 ? '<0.0001' : p.toFixed(4));
/** Markdown table cell: pipes escaped, one line. Untrusted text (answers) goes through it. */
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
const sec = (s: number | null) => (s === null ? '–' : `${f2(s)} s`);
const maybe = (x: number | null) => (x === null ? '–' : `${f2(x)}%`);

function shareLine(name: string, s: EvidenceShare): string {
  return `| ${name} | ${s.items} | ${s.inGold}/${s.units} | ${maybe(s.precision)} | ${s.goldHit}/${s.goldTargets} | ${maybe(s.recall)} |`;
}

/** `workbench gap --format md`. */
export function gapMarkdown(r: GapReport): string {
  const lines: string[] = [];
  lines.push(
    `# Gap: session #${r.sessionId} (${cell(r.expert)}${r.expertSignature === 'unsigned' ? ', unsigned bundle' : ''}) vs run #${r.runId} (${cell(r.model)}${r.mode ? `, ${r.mode}` : ''})`,
    '',
    `Dataset ${cell(r.datasetName)}. Scorers: expert ${r.scorer.human}, model ${r.scorer.model}. ` +
      `${r.counts.questions} session questions: ${r.counts.paired} answered by both, ` +
      `${r.counts.humanOnly} by the expert only, ${r.counts.modelOnly} by the model only, ${r.counts.neither} by neither.`,
    '',
    `| group | n | expert % | 95% Wilson | model % | 95% Wilson | diff (pp) | bootstrap 95% | McNemar b/c | p | expert median s | model median s |`,
    '|---|---:|---:|---|---:|---|---:|---|---|---:|---:|---:|',
  );
  for (const g of r.groups)
    lines.push(
      `| ${g.by === 'all' ? 'all' : `${g.by}: ${cell(g.value)}`} | ${g.n} | ${f2(g.human.accuracy)} | ${f2(g.human.wilson.low)}–${f2(g.human.wilson.high)} | ${f2(g.model.accuracy)} | ${f2(g.model.wilson.low)}–${f2(g.model.wilson.high)} | ${f2(g.difference)} | ${f2(g.bootstrap.low)} to ${f2(g.bootstrap.high)} | ${g.mcnemar.humanOnly}/${g.mcnemar.modelOnly} | ${pv(g.mcnemar.pValue)} | ${sec(g.humanMedianSeconds)} | ${sec(g.modelMedianSeconds)} |`,
    );
  lines.push(
    '',
    `McNemar b = expert right and model wrong, c = model right and expert wrong (exact, two-sided). ` +
      `Bootstrap: ${r.iterations} paired resamples of whole documents, seed ${r.seed}.`,
    '',
    `Time on paired questions: expert ${f2(r.time.humanTotalSeconds)} s active; model ${
      r.time.modelTotalSeconds === null
        ? 'no latency recorded'
        : `${f2(r.time.modelTotalSeconds)} s over ${r.time.modelTimed} timed items`
    }${r.time.modelCached > 0 ? `; ${r.time.modelCached} answers from the cache (not timed)` : ''}.`,
    '',
    '## Evidence overlap',
    '',
    '| who | items | units in gold | precision | gold targets hit | recall |',
    '|---|---:|---:|---:|---:|---:|',
    shareLine('expert marks', r.overlap.expertVsGold),
    shareLine('model reads', r.overlap.modelVsGold),
    '',
    `Expert ∩ model: ${r.overlap.expertVsModel.both} shared of ${r.overlap.expertVsModel.expert} marked and ${r.overlap.expertVsModel.model} read on ${r.overlap.expertVsModel.items} items (Jaccard ${maybe(r.overlap.expertVsModel.jaccard)}). ` +
      `Model evidence from: trace ${r.overlap.modelSources.trace}, program literals ${r.overlap.modelSources.literals}, none ${r.overlap.modelSources.none}.`,
    '',
    `## Disagreements (${r.disagreements.length})`,
    '',
  );
  if (r.disagreements.length === 0)
    lines.push('None: on every paired question both were right or both wrong.');
  else {
    lines.push(
      '| question | subset | right | expert answer | model answer | gold |',
      '|---|---|---|---|---|---|',
    );
    for (const d of r.disagreements)
      lines.push(
        `| ${cell(d.externalId)} | ${cell(d.subset)} | ${d.human.correct ? 'expert' : 'model'} | ${cell(d.human.answer ?? '–')} | ${cell(d.model?.answer ?? '–')} | ${cell(d.gold)} |`,
      );
  }
  if (r.notes.length > 0) lines.push('', ...r.notes.map((n) => `Note: ${n}.`));
  return `${lines.join('\n')}\n`;
}
