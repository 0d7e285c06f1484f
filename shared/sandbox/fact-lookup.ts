import type { FactPeriod, SandboxFact } from './fact-index';

/**
 * How `fact(concept, period, dims)` and `facts(concept)` find facts (issue 27). The Python
 * sandbox's harness (main/sandbox/python/harness-source.ts) implements the same rules; the
 * tests run both over every tagged cell.
 *
 * - concept: "us-gaap:Revenues" or "Revenues" (the prefix may be left out), case ignored;
 * - period: "FY2024" or "2024" (a fiscal year, or a balance at its end), "Q3 2024" (also
 *   "Q3 FY2024", "2024 Q3"), "H1 2024", "9M 2024", or an ISO date: the period's end (a balance's
 *   date); an ISO date that ends several spans (a quarter and the nine months to it) is
 *   ambiguous;
 * - dims: omitted or {} for the fact without dimensions; else {axis: member} with every axis of
 *   the fact, names with or without their prefixes, case ignored.
 * A miss answers the nearest concepts or periods, each with its periods, as cell() answers the
 * nearest cells.
 */

export type FactQuery =
  { kind: 'label'; label: string } | { kind: 'date'; date: string } | { kind: 'bad' };

export type FactLookup = { ok: true; fact: SandboxFact } | { ok: false; message: string };

const local = (name: string): string => name.slice(name.indexOf(':') + 1).toLowerCase();

/** A period as written by a program → the label or date it names. */
export function parsePeriod(text: string): FactQuery {
  const t = text.trim().replace(/\s+/g, ' ').toUpperCase();
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return { kind: 'date', date: t };
  let m = /^(?:FY ?)?(\d{4})$/.exec(t);
  if (m) return { kind: 'label', label: `FY${m[1]}` };
  m = /^(Q[1-4]|H1|9M) ?(?:FY ?)?(\d{4})$/.exec(t) ?? null;
  if (m) return { kind: 'label', label: `${m[1]} ${m[2]}` };
  m = /^(?:FY ?)?(\d{4}) ?(Q[1-4]|H1|9M)$/.exec(t);
  if (m) return { kind: 'label', label: `${m[2]} ${m[1]}` };
  return { kind: 'bad' };
}

const periodEnd = (p: FactPeriod): string => ('instant' in p ? p.instant : p.end);

export const showPeriod = (f: Pick<SandboxFact, 'period' | 'label'>): string => {
  const p = f.period;
  const iso = 'instant' in p ? p.instant : `${p.start}..${p.end}`;
  return f.label ? `${f.label} (${iso})` : iso;
};

const showDims = (d: Record<string, string>): string =>
  Object.keys(d).length === 0 ? '' : ` ${JSON.stringify(d)}`;

/** `us-gaap:Revenues FY2024 (2023-01-30..2024-01-28) = 60922 × 1e6 USD`, one candidate. */
export function describeFact(f: SandboxFact): string {
  return `${f.concept} ${showPeriod(f)}${showDims(f.dimensions)} = ${f.value}${
    f.scale === 1 ? '' : ` × ${f.scale}`
  }${f.unit ? ` ${f.unit}` : ''}`;
}

/**
 * The fact has exactly the asked dimensions; or, `loose`, those and otherwise only
 * srt:ConsolidationItemsAxis (filers add it to segment facts: "OperatingSegmentsMember").
 */
function dimsMatch(
  fact: Record<string, string>,
  asked: Record<string, string>,
  loose = false,
): boolean {
  const have = Object.entries(fact);
  const want = Object.entries(asked);
  const extra = have.filter(([a]) => !want.some(([w]) => local(w) === local(a)));
  if (loose ? extra.some(([a]) => local(a) !== CONSOLIDATION) : have.length !== want.length)
    return false;
  const map = new Map(have.map(([a, m]) => [local(a), m]));
  return want.every(([a, m]) => {
    const got = map.get(local(a));
    return got !== undefined && (got.toLowerCase() === m.toLowerCase() || local(got) === local(m));
  });
}

const CONSOLIDATION = 'consolidationitemsaxis';

const SHOWN = 3;
const MAX_MESSAGE = 1000;

/** A concept's words ("CostOfRevenue" → cost, of, revenue), plurals as singulars. */
const camelWords = (name: string): Set<string> =>
  new Set(
    local(name.replace(/([a-z0-9])([A-Z])/g, '$1 $2'))
      .split(/[^a-z0-9]+/)
      .filter((w) => w !== '')
      .map((w) => (w.length > 3 && w.endsWith('s') ? w.slice(0, -1) : w)),
  );

/** The facts of a job, indexed by concept (local name). */
export class FactSet {
  private readonly byLocal = new Map<string, SandboxFact[]>();

  constructor(readonly facts: readonly SandboxFact[]) {
    for (const f of facts) {
      const key = local(f.concept);
      const list = this.byLocal.get(key);
      if (list) list.push(f);
      else this.byLocal.set(key, [f]);
    }
  }

  /** Every fact of a concept, oldest period first, undimensioned before dimensioned. */
  all(concept: string): SandboxFact[] | undefined {
    const list = this.conceptFacts(concept);
    if (!list) return undefined;
    return [...list].sort(
      (a, b) =>
        (periodEnd(a.period) < periodEnd(b.period)
          ? -1
          : periodEnd(a.period) > periodEnd(b.period)
            ? 1
            : 0) || Object.keys(a.dimensions).length - Object.keys(b.dimensions).length,
    );
  }

  private conceptFacts(concept: string): SandboxFact[] | undefined {
    const list = this.byLocal.get(local(concept));
    if (!list) return undefined;
    if (!concept.includes(':')) return list;
    const exact = list.filter((f) => f.concept.toLowerCase() === concept.toLowerCase());
    return exact.length > 0 ? exact : undefined;
  }

  /** "; nearest concepts: …" — names sharing the most words with the asked one. */
  nearestConcepts(concept: string): string {
    const asked = camelWords(concept);
    const scored = [...this.byLocal.values()]
      .map((list) => {
        const have = camelWords(list[0]!.concept);
        let n = 0;
        for (const w of asked) if (have.has(w)) n++;
        return { list, s: asked.size === 0 ? 0 : n / Math.max(asked.size, have.size) };
      })
      .filter((x) => x.s > 0)
      .sort((a, b) => b.s - a.s || (a.list[0]!.concept < b.list[0]!.concept ? -1 : 1))
      .slice(0, SHOWN);
    if (scored.length === 0) return `; this filing tags ${this.byLocal.size} concepts`;
    return `; nearest concepts: ${scored
      .map(({ list }) => {
        const byEnd = [...list].sort((a, b) =>
          periodEnd(a.period) < periodEnd(b.period) ? -1 : 1,
        );
        const labels = [...new Set(byEnd.map((f) => f.label ?? periodEnd(f.period)))].slice(-4);
        return `${list[0]!.concept} (${labels.join(', ')})`;
      })
      .join('; ')}`;
  }

  find(concept: string, period: string, dims: Record<string, string> = {}): FactLookup {
    const where = `fact(${JSON.stringify(concept)}, ${JSON.stringify(period)}${
      Object.keys(dims).length > 0 ? `, ${JSON.stringify(dims)}` : ''
    })`;
    const answer = (message: string): FactLookup => ({
      ok: false,
      message: `${where}: ${message}`.slice(0, MAX_MESSAGE),
    });
    if (this.facts.length === 0)
      return answer('no tagged facts were given (the context has no inline XBRL filing)');
    const list = this.conceptFacts(concept);
    if (!list) return answer(`no such concept${this.nearestConcepts(concept)}`);
    const query = parsePeriod(period);
    if (query.kind === 'bad')
      return answer(
        'period must be "FY2024", "2024", "Q3 2024", "H1 2024", "9M 2024" or an ISO date such as "2024-12-31"',
      );
    const inPeriod = list.filter((f) =>
      query.kind === 'label' ? f.label === query.label : periodEnd(f.period) === query.date,
    );
    let matches = inPeriod.filter((f) => dimsMatch(f.dimensions, dims));
    if (matches.length === 0 && Object.keys(dims).length > 0)
      matches = inPeriod.filter((f) => dimsMatch(f.dimensions, dims, true));
    if (matches.length === 1) return { ok: true, fact: matches[0]! };
    if (matches.length > 1)
      return answer(
        `${matches.length} facts match (${matches.slice(0, SHOWN).map(describeFact).join('; ')}); give the period as a label ("Q3 2024", "9M 2024") or dimensions`,
      );
    if (inPeriod.length > 0) {
      const shown = inPeriod.slice(0, SHOWN).map(describeFact).join('; ');
      return answer(
        `no fact with ${Object.keys(dims).length === 0 ? 'no dimensions' : 'those dimensions'} in that period; nearest: ${shown}`,
      );
    }
    // Nearest periods of the concept: by distance of their end from the asked one.
    const target = query.kind === 'date' ? query.date : undefined;
    const wanted = dimsOrAll(list, dims);
    const distance = (f: SandboxFact): number => {
      const end = periodEnd(f.period);
      if (target) return Math.abs(Date.parse(end) - Date.parse(target));
      const year = /\d{4}/.exec(query.kind === 'label' ? query.label : '')?.[0];
      return year ? Math.abs(+end.slice(0, 4) - +year) : 0;
    };
    const near = [...wanted]
      .sort(
        (a, b) => distance(a) - distance(b) || (periodEnd(b.period) < periodEnd(a.period) ? -1 : 1),
      )
      .slice(0, SHOWN)
      .map(describeFact);
    return answer(`no fact in that period; nearest: ${near.join('; ')}`);
  }
}

/** The concept's facts with the asked dimensions, or all of them when none has those. */
function dimsOrAll(list: SandboxFact[], dims: Record<string, string>): SandboxFact[] {
  const same = list.filter((f) => dimsMatch(f.dimensions, dims));
  return same.length > 0 ? same : list;
}
