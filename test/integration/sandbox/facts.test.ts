import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeHtml } from '../../../main/ingest/ingest-bytes';
import { ingestSecHtml } from '../../../main/ingest/sec-html/ingest-sec-html';
import { Sandbox } from '../../../main/sandbox';
import { PythonSandbox, type PythonResult } from '../../../main/sandbox/python';
import { gridPositions } from '../../../shared/document/grid-layout';
import type { Document } from '../../../shared/document';
import { buildFactIndex, type SandboxFact } from '../../../shared/sandbox/fact-index';
import { FactSet, parsePeriod } from '../../../shared/sandbox/fact-lookup';
import { FACTS_PROMPT_EXAMPLE } from '../../../shared/sandbox/prompt-help';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';
import { ixbrlFilingsIn, readTagTruth } from '../ingest/support/ixbrl-tag-truth';

// Issue 27, done when 2: fact() returns the tag's value for every tagged cell of the sec/
// filings, in both sandboxes; a missing concept or period answers the nearest ones with their
// periods. The truth is the tag as an independent walk of the filing reads it
// (ixbrl-tag-truth.ts), not the reader's own cell.xbrl.

if (!hasData) console.warn(`[skip] ${noDataMessage}`);

interface Query {
  concept: string;
  period: string;
  dims: Record<string, string>;
  /** The tag's value in base units, sign included. */
  want: number;
  /** The tag's decimals: a more precise duplicate of the fact may be answered instead. */
  decimals: number | 'INF' | null;
  cell: { tableId: string; row: number; col: number };
}

interface Filing {
  label: string;
  doc: Document;
  facts: SandboxFact[];
  queries: Query[];
}

const local = (c: string) => c.slice(c.indexOf(':') + 1);

/** The tag's value equals the answer, or the answer rounded to the tag's decimals does. */
function sameValue(got: number, want: number, decimals: Query['decimals']): boolean {
  if (got === want) return true;
  if (typeof decimals !== 'number') return false;
  const rounded = Number((Math.round(Number(`${got}e${decimals}`)) + `e${-decimals}`).toString());
  return rounded === want;
}

function load(label: string, path: string): Filing {
  const html = decodeHtml(readFileSync(path));
  const doc = ingestSecHtml(html, { name: path, bytes: html.length });
  const facts = buildFactIndex(doc);
  const set = new FactSet(facts);
  const truth = readTagTruth(html);
  const queries: Query[] = [];
  for (const table of doc.tables) {
    const grid = gridPositions(table);
    for (const cell of table.cells) {
      const tags = truth.filter(
        (t) =>
          t.tableIndex === table.sourceIndex &&
          t.row === cell.sourceRow &&
          t.col === cell.sourceCol,
      );
      const at = grid.of(cell);
      if (tags.length === 0 || !at) continue;
      for (const t of tags) {
        if (t.value === null || t.period === null || 'forever' in t.period) continue;
        const end = 'instant' in t.period ? t.period.instant : t.period.end;
        // The period as a program names it: the fiscal label where the fact has one, else the
        // end date; found through the index only to learn the label, checked below.
        const candidates = set
          .all(t.concept)
          ?.filter(
            (f) =>
              JSON.stringify(f.period) === JSON.stringify(t.period) &&
              JSON.stringify(f.dimensions) === JSON.stringify(t.dimensions),
          );
        const label = candidates?.[0]?.label ?? null;
        queries.push({
          concept: t.concept,
          period: label ?? end,
          dims: t.dimensions,
          want: t.value,
          decimals: t.decimals,
          cell: { tableId: table.id, row: at.row, col: at.col },
        });
      }
    }
  }
  return { label, doc, facts, queries };
}

const filings: Filing[] = hasData
  ? ixbrlFilingsIn(dataPath('sec')).map((f) => load(f.label, f.path))
  : [];

describe.skipIf(!hasData)('fact(): every tagged cell of sec/', () => {
  it('the index answers each tagged cell with its tag (value, sign, scale) and names the cell', () => {
    expect(filings.length).toBe(3);
    const problems: string[] = [];
    let checked = 0;
    for (const f of filings) {
      const set = new FactSet(f.facts);
      for (const q of f.queries) {
        // Half by the full name, half by the local name ("Revenues").
        const concept = checked % 2 === 0 ? q.concept : local(q.concept);
        const got = set.find(concept, q.period, q.dims);
        checked++;
        if (!got.ok) {
          problems.push(`${f.label} ${q.concept} ${q.period}: ${got.message}`);
          continue;
        }
        const { fact } = got;
        if (!sameValue(fact.base, q.want, q.decimals))
          problems.push(`${f.label} ${q.concept} ${q.period}: base ${fact.base}, tag ${q.want}`);
        if (
          fact.value * fact.scale !== fact.base &&
          Math.abs(fact.value * fact.scale - fact.base) > Math.abs(fact.base) * 1e-12
        )
          problems.push(`${f.label} ${q.concept}: ${fact.value} × ${fact.scale} ≠ ${fact.base}`);
        if (!fact.cells.some((c) => JSON.stringify(c) === JSON.stringify(q.cell)))
          problems.push(
            `${f.label} ${q.concept} ${q.period}: cell ${JSON.stringify(q.cell)} not listed`,
          );
      }
      console.log(
        `${f.label}: ${f.queries.length} tagged facts in cells, ${f.facts.length} in the index`,
      );
    }
    expect(problems.slice(0, 20)).toEqual([]);
    // sec/ has 2,680 tagged cells (docs/BENCHMARKS.md); every one with a dated fact is asked.
    expect(checked).toBeGreaterThan(2500);
  });

  it('names fiscal periods as the filers do', () => {
    const byName = (name: string) => filings.find((f) => f.label.startsWith(name)) as Filing;
    const answer = (f: Filing, concept: string, period: string) => {
      const got = new FactSet(f.facts).find(concept, period);
      if (!got.ok) throw new Error(got.message);
      return got.fact;
    };
    const nvda = byName('NVDA');
    // NVIDIA's fiscal 2025 ended January 26, 2025.
    expect(answer(nvda, 'us-gaap:Revenues', 'FY2025').base).toBe(130_497_000_000);
    expect(answer(nvda, 'Revenues', '2024').base).toBe(60_922_000_000);
    expect(answer(nvda, 'Revenues', '2025-01-26')).toMatchObject({
      value: 130_497,
      scale: 1e6,
      unit: 'USD',
      label: 'FY2025',
      period: { start: '2024-01-29', end: '2025-01-26' },
    });
    // Apple's quarter ended March 29, 2025 is its fiscal second quarter of 2025.
    const aapl = byName('AAPL');
    expect(
      answer(aapl, 'RevenueFromContractWithCustomerExcludingAssessedTax', 'Q2 2025').base,
    ).toBe(95_359_000_000);
    expect(
      answer(aapl, 'RevenueFromContractWithCustomerExcludingAssessedTax', 'H1 2025').base,
    ).toBe(219_659_000_000);
    // A balance at the fiscal year's end is FY; at a quarter's end, that quarter.
    expect(answer(aapl, 'us-gaap:Assets', 'FY2024').period).toEqual({ instant: '2024-09-28' });
    expect(answer(aapl, 'us-gaap:Assets', 'Q2 2025').period).toEqual({ instant: '2025-03-29' });
    const tsla = byName('TSLA');
    expect(answer(tsla, 'us-gaap:Revenues', 'Q2 FY2025').base).toBe(22_496_000_000);
    expect(parsePeriod('2025 q2')).toEqual({ kind: 'label', label: 'Q2 2025' });
    expect(parsePeriod('last year')).toEqual({ kind: 'bad' });
  });

  it('a missing concept or period answers the nearest ones with their periods', () => {
    const nvda = new FactSet(filings.find((f) => f.label.startsWith('NVDA'))?.facts ?? []);
    const concept = nvda.find('us-gaap:Revenue', 'FY2025');
    expect(concept.ok).toBe(false);
    expect(!concept.ok && concept.message).toMatch(
      /^fact\("us-gaap:Revenue", "FY2025"\): no such concept; nearest concepts: us-gaap:Revenues \(FY2023, FY2024, FY2025\)/,
    );
    const period = nvda.find('Revenues', 'FY2021');
    expect(!period.ok && period.message).toMatch(
      /no fact in that period; nearest: us-gaap:Revenues FY2023 \(2022-01-31\.\.2023-01-29\) = 26974 × 1000000 USD/,
    );
    const quarter = nvda.find('Revenues', 'Q3 2025');
    expect(!quarter.ok && quarter.message).toMatch(/nearest: us-gaap:Revenues FY2025/);
    const dims = nvda.find('Revenues', 'FY2025', { StatementBusinessSegmentsAxis: 'Nope' });
    expect(!dims.ok && dims.message).toMatch(
      /no fact with those dimensions in that period; nearest: us-gaap:Revenues FY2025/,
    );
    const badPeriod = nvda.find('Revenues', 'last year');
    expect(!badPeriod.ok && badPeriod.message).toMatch(/period must be "FY2024"/);
  });
});

/** The queries as program data: [concept, period, dims, want, decimals]. */
const programData = (f: Filing) =>
  JSON.stringify(f.queries.map((q) => [q.concept, q.period, q.dims, q.want, q.decimals]));

describe.skipIf(!hasData)('fact() in the QuickJS sandbox', () => {
  let sandbox: Sandbox;
  beforeAll(() => {
    sandbox = new Sandbox({ workers: 1 });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('answers every tagged cell of sec/ with its tag, and traces each read', async () => {
    for (const f of filings) {
      // Base units from value × scale in the program, compared with the tag.
      const program = `
        const Q = ${programData(f)};
        function same(got, want, d) {
          if (got === want) return true;
          if (typeof d !== 'number') return false;
          return Number(Math.round(Number(got + 'e' + d)) + 'e' + (-d)) === want;
        }
        function solution() {
          let bad = [];
          for (const [c, p, dims, want, d] of Q) {
            const f = fact(c, p, dims);
            if (!same(f.base, want, d) || Math.sign(f.value) !== Math.sign(want)) bad.push(c + ' ' + p);
          }
          return bad.length === 0 ? Q.length : 'mismatch: ' + bad.slice(0, 5).join('; ');
        }`;
      const r = await sandbox.run(program, { facts: f.facts, timeoutMs: 30_000 });
      expect(r, JSON.stringify(r).slice(0, 500)).toMatchObject({
        ok: true,
        value: f.queries.length,
      });
      const reads = r.trace.filter((t) => t.fn === 'fact');
      expect(reads).toHaveLength(f.queries.length);
      for (const [i, t] of reads.entries()) {
        const q = f.queries[i] as Query;
        expect(t.fn === 'fact' && t.fact?.concept).toBe(q.concept);
        expect(t.fn === 'fact' && t.fact?.cells).toContainEqual(q.cell);
      }
    }
  });

  it('runs a growth question end to end: value, scale, unit; the trace names concept, period and cell', async () => {
    const nvda = filings.find((f) => f.label.startsWith('NVDA')) as Filing;
    const program = `function solution() {
      const now = fact('us-gaap:Revenues', 'FY2025');
      const before = fact('Revenues', 'FY2024');
      if (now.unit !== 'USD' || now.scale !== 1e6) throw new Error('unit ' + now.unit);
      return (now - before) / before * 100;
    }`;
    const r = await sandbox.run(program, { facts: nvda.facts });
    expect(r).toMatchObject({ ok: true });
    expect(r.ok && r.value).toBeCloseTo(((130_497 - 60_922) / 60_922) * 100, 10);
    const [first] = r.trace;
    expect(first).toMatchObject({
      fn: 'fact',
      args: ['us-gaap:Revenues', 'FY2025', {}],
      value: 130_497,
      fact: { concept: 'us-gaap:Revenues', label: 'FY2025', unit: 'USD', base: 130_497_000_000 },
      cell: { tableId: 't21', row: 0, col: 0, value: 130_497, scale: 1e6, unit: 'USD' },
    });
  });

  it('runs the prompt’s example, and reads a segment by its axis and member', async () => {
    const nvda = filings.find((f) => f.label.startsWith('NVDA')) as Filing;
    const example = await sandbox.run(FACTS_PROMPT_EXAMPLE, { facts: nvda.facts });
    expect(example.ok && example.value).toBeCloseTo(((130_497 - 60_922) / 60_922) * 100, 10);
    // NVIDIA tags segment revenue with srt:ConsolidationItemsAxis too; naming the segment is
    // enough. Both names may drop their prefixes.
    const segment = await sandbox.run(
      `function solution() {
        return fact('Revenues', 'FY2025', { StatementBusinessSegmentsAxis: 'ComputeAndNetworkingSegmentMember' }).value
          + fact('Revenues', 'FY2025', { 'us-gaap:StatementBusinessSegmentsAxis': 'nvda:GraphicsSegmentMember' }).value;
      }`,
      { facts: nvda.facts },
    );
    expect(segment).toMatchObject({ ok: true, value: 116_193 + 14_304 });
  });

  it('a missing concept throws a LookupError listing the nearest ones; facts() lists periods', async () => {
    const nvda = filings.find((f) => f.label.startsWith('NVDA')) as Filing;
    const r = await sandbox.run(
      `function solution() {
        let message = '';
        try { fact('us-gaap:Revenue', 'FY2025'); } catch (e) { message = e.name + ': ' + e.message; }
        const all = facts('Revenues').filter((f) => Object.keys(f.dimensions).length === 0);
        return message + ' | ' + all.map((f) => f.label + '=' + f.value).join(',');
      }`,
      { facts: nvda.facts },
    );
    expect(r.ok && r.value).toMatch(
      /^LookupError: fact\("us-gaap:Revenue", "FY2025"\): no such concept; nearest concepts: us-gaap:Revenues \(FY2023, FY2024, FY2025\).* \| FY2023=26974,FY2024=60922,FY2025=130497$/,
    );
    // Without facts (an untagged context), fact() says so.
    const none = await sandbox.run(`function solution() { return fact('Revenues', 'FY2025'); }`);
    expect(!none.ok && none.error.message).toMatch(/no tagged facts were given/);
  });
});

describe.skipIf(!hasData)('fact() in the Python sandbox', () => {
  let python: PythonSandbox;
  beforeAll(async () => {
    python = new PythonSandbox({ workers: 1, limits: { timeoutMs: 30_000 } });
    await python.warmUp();
  }, 120_000);
  afterAll(async () => {
    await python.close();
  });

  it(
    'answers every tagged cell of sec/ with its tag; the host traces each read',
    { timeout: 300_000 },
    async () => {
      for (const f of filings) {
        const program = `
import json
Q = json.loads(${JSON.stringify(programData(f))})

def same(got, want, d):
    if got == want:
        return True
    if not isinstance(d, int):
        return False
    return float(round(got, d)) == want

def solution():
    bad = []
    for c, p, dims, want, d in Q:
        f = fact(c, p, dims)
        if not same(f.base, want, d) or (f.value > 0) != (want > 0) or f.value * f.scale != f.base and abs(f.value * f.scale - f.base) > abs(f.base) * 1e-12:
            bad.append(c + ' ' + p)
    return len(Q) if not bad else 'mismatch: ' + '; '.join(bad[:5])
`;
        const r = await python.run(program, {}, { facts: f.facts });
        expect(r, JSON.stringify(r).slice(0, 500)).toMatchObject({
          ok: true,
          value: f.queries.length,
        });
        const reads = (r.trace ?? []).filter((t) => t.fn === 'fact');
        expect(reads).toHaveLength(f.queries.length);
        for (const [i, t] of reads.entries()) {
          const q = f.queries[i] as Query;
          expect(t.fn === 'fact' && t.fact?.concept).toBe(q.concept);
          expect(t.fn === 'fact' && t.fact?.cells).toContainEqual(q.cell);
        }
        expect(r).not.toHaveProperty('reads');
      }
    },
  );

  it('runs a growth question end to end and answers misses with the nearest ones', async () => {
    const nvda = filings.find((f) => f.label.startsWith('NVDA')) as Filing;
    const program = `
def solution():
    now = fact('us-gaap:Revenues', 'FY2025')
    before = fact('Revenues', 2024)
    assert now.unit == 'USD' and now.scale == 1e6 and now.label == 'FY2025'
    compute = fact('Revenues', 'FY2025', {'StatementBusinessSegmentsAxis': 'ComputeAndNetworkingSegmentMember'})
    assert compute.value == 116193, compute.value
    try:
        fact('us-gaap:Revenue', 'FY2025')
    except LookupError as e:
        print(type(e).__name__, e)
    try:
        fact('Revenues', 'Q3 2025')
    except LookupError as e:
        print(e)
    print(','.join('%s=%s' % (f.label, f.value) for f in facts('Revenues') if not f.dimensions))
    return (now - before) / before * 100
`;
    const r = await python.run(program, {}, { facts: nvda.facts });
    expect(r, JSON.stringify(r).slice(0, 800)).toMatchObject({ ok: true });
    expect(r.ok && (r.value as number)).toBeCloseTo(((130_497 - 60_922) / 60_922) * 100, 10);
    const lines = r.logs.trim().split('\n');
    expect(lines[0]).toMatch(
      /^LookupError fact\("us-gaap:Revenue", "FY2025"\): no such concept; nearest concepts: us-gaap:Revenues \(FY2023, FY2024, FY2025\)/,
    );
    expect(lines[1]).toMatch(
      /no fact in that period; nearest: us-gaap:Revenues FY2025 \(2024-01-29\.\.2025-01-26\) = 130497 x 1000000 USD/,
    );
    expect(lines[2]).toBe('FY2023=26974,FY2024=60922,FY2025=130497');
    expect(r.trace?.[0]).toMatchObject({
      fn: 'fact',
      args: ['us-gaap:Revenues', 'FY2025', {}],
      value: 130_497,
      fact: { concept: 'us-gaap:Revenues', label: 'FY2025' },
      cell: { tableId: 't21', row: 0, col: 0 },
    });
    // The host looked the claims up itself: a failed read has no fact and no cell.
    expect(r.trace?.[3]).toEqual({
      fn: 'fact',
      args: ['us-gaap:Revenue', 'FY2025', {}],
      value: null,
    });
  });
  it('gives programs copies only: the harness, its facts and the Fact type stay out of reach', async () => {
    const nvda = filings.find((f) => f.label.startsWith('NVDA')) as Filing;
    const attempts = [
      "def solution():\n    return getattr(fact, '__glob' + 'als__')",
      "def solution():\n    type(fact('Revenues', 'FY2025')).value = 5\n    return 1",
      "def solution():\n    f = fact('Revenues', 'FY2025')\n    f.period['end'] = 'x'\n    f.cells.clear()\n    return fact('Revenues', 'FY2025').period['end'] + str(len(fact('Revenues', 'FY2025').cells))",
      "def solution():\n    return fact(type('S', (str,), {})('Revenues'), 'FY2025')",
    ];
    const [globals, typeWrite, copies, subclass] = await Promise.all(
      attempts.map((p) => python.run(p, {}, { facts: nvda.facts })),
    );
    expect(globals).toMatchObject({ ok: false, error: { kind: 'python-error' } });
    // Its own class, made for it: the write ends with the program (the next one, in the same
    // interpreter, reads facts as before).
    expect(typeWrite).toMatchObject({ ok: true, value: 1 });
    const after = await python.run(
      "def solution():\n    f = fact('Revenues', 'FY2025')\n    return [f.value, f.base, type(f).__name__]",
      {},
      { facts: nvda.facts },
    );
    expect(after).toMatchObject({ ok: true, value: [130_497, 130_497_000_000, 'Fact'] });
    const revenue = new FactSet(nvda.facts).find('Revenues', 'FY2025');
    const cells = revenue.ok ? revenue.fact.cells.length : 0;
    expect(cells).toBeGreaterThan(1);
    expect(copies).toMatchObject({ ok: true, value: `2025-01-26${cells}` });
    expect(subclass).toMatchObject({ ok: false });
    const refused = subclass as PythonResult;
    expect(!refused.ok && refused.error.message).toMatch(/TypeError: fact/);
  });
});
