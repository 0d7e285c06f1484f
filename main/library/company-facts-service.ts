import { WorkbenchError } from '../../shared/api/result';
import type {
  ConceptMatch,
  FactsFiling,
  FactsSearchResult,
  FactsSeriesResult,
  FactsSubject,
  SeriesPoint,
} from '../../shared/facts/company-facts';
import { findCompany } from '../../shared/library/company-groups';
import { fiscalPeriodLabel, type LibraryEntry } from '../../shared/library/filing-facts';
import type { FactPeriod, SandboxFact } from '../../shared/sandbox/fact-index';
import { documentsRepo } from '../db/documents-repo';
import type { Workspace } from '../workspace/workspace';
import type { FactIndexService } from './fact-index-service';
import type { FilingFactsService } from './filing-facts-service';

type Labeled = { fact: SandboxFact; rowLabel: string | null };
interface Read {
  company: FactsSearchResult['company'];
  filings: FactsFiling[];
  facts: Map<number, Labeled[]>;
}

const DAY = 86_400_000;
const utc = (iso: string) => Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10));

/** Months a period spans (0: an instant), rounded; null when it is not whole months to a year. */
export function periodMonths(p: FactPeriod): number | null {
  if ('instant' in p) return 0;
  const m = Math.round(((utc(p.end) - utc(p.start)) / DAY + 1) / 30.44);
  return m >= 1 && m <= 12 ? m : null;
}

const localName = (concept: string) => concept.slice(concept.indexOf(':') + 1).toLowerCase();
/** "RevenueFromContractWithCustomer" → "revenue from contract with customer". */
const conceptWords = (concept: string) =>
  concept
    .slice(concept.indexOf(':') + 1)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();
/** A query word and its singular ("revenues" finds "Revenue…" concepts too). */
const forms = (w: string) => (w.length > 3 && w.endsWith('s') ? [w, w.slice(0, -1)] : [w]);
const sameDims = (a: Record<string, string>, b: Record<string, string>) => {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => b[k] === a[k]);
};

/**
 * A company's facts across its filings (issue 27): the Facts panel's search (concepts by name
 * or by the label of the rows they are on) and a concept's series (its values across the
 * filings and periods, each with its cell). Reads the fact index of each tagged filing
 * (FactIndexService: built from the parsed filing on first use, kept in the workspace).
 */
export class CompanyFactsService {
  constructor(
    private readonly ws: Workspace,
    private readonly filingFacts: Pick<FilingFactsService, 'stored'>,
    private readonly index: Pick<FactIndexService, 'labeledFactsOf'>,
  ) {}

  /** The Library's files with the cover facts read so far. */
  private entries(): LibraryEntry[] {
    const known = this.filingFacts.stored();
    return documentsRepo(this.ws.db)
      .list()
      .map((d) => ({ ...d, facts: known.get(d.id) ?? null }));
  }

  /** Which filings a subject names, newest period first for a company, as given otherwise. */
  private subject(s: FactsSubject): { company: Read['company']; docs: LibraryEntry[] } {
    const entries = this.entries();
    if (s.company !== undefined) {
      const group = findCompany(entries, s.company);
      if (!group || group.key === null)
        throw new WorkbenchError('not-found', `no company "${s.company}" in the library`);
      return {
        company: { key: group.key, name: group.company, cik: group.cik },
        docs: group.documents,
      };
    }
    const byId = new Map(entries.map((e) => [e.id, e]));
    const docs = (s.documentIds ?? []).map((id) => {
      const e = byId.get(id);
      if (!e) throw new WorkbenchError('not-found', `no document #${id} in the library`);
      return e;
    });
    return { company: null, docs };
  }

  private async read(s: FactsSubject): Promise<Read> {
    const { company, docs } = this.subject(s);
    const filings: FactsFiling[] = [];
    const facts = new Map<number, Labeled[]>();
    // One filing at a time: each may need a parse (seconds for a 10-K) in the parse worker.
    for (const d of docs) {
      let list: Labeled[] = [];
      let error: string | null = null;
      try {
        list = d.kind === 'sec-html' ? await this.index.labeledFactsOf(d.id) : [];
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
      }
      facts.set(d.id, list);
      filings.push({
        documentId: d.id,
        name: d.name,
        form: d.facts?.form ?? null,
        periodEnd: d.facts?.periodEnd ?? null,
        fiscalPeriod: fiscalPeriodLabel(d.facts),
        factCount: list.length,
        error,
      });
    }
    return { company, filings, facts };
  }

  /**
   * Concepts whose name or row labels hold every word of the query, best first: the name
   * itself ("revenues" → us-gaap:Revenues), then names holding the words, then labels; among
   * equals, those more filings and facts carry.
   */
  async search(input: {
    subject: FactsSubject;
    query: string;
    limit?: number | undefined;
  }): Promise<FactsSearchResult> {
    const { company, filings, facts } = await this.read(input.subject);
    const words = input.query.toLowerCase().split(/\s+/).filter(Boolean);
    const q = words.join('');
    type Acc = ConceptMatch & { labels: Map<string, number>; docs: Set<number>; rank: number };
    const byConcept = new Map<string, Acc>();
    for (const [documentId, list] of facts)
      for (const { fact, rowLabel } of list) {
        const key = localName(fact.concept);
        let acc = byConcept.get(key);
        if (!acc) {
          acc = {
            concept: fact.concept,
            rowLabels: [],
            filings: 0,
            facts: 0,
            plainFacts: 0,
            labels: new Map(),
            docs: new Set(),
            rank: 0,
          };
          byConcept.set(key, acc);
        }
        acc.facts++;
        if (Object.keys(fact.dimensions).length === 0) acc.plainFacts++;
        acc.docs.add(documentId);
        // The rows of the total (no dimensions) name a concept better than a segment's rows.
        const weight = Object.keys(fact.dimensions).length === 0 ? 1000 : 1;
        if (rowLabel) acc.labels.set(rowLabel, (acc.labels.get(rowLabel) ?? 0) + weight);
      }
    const found: Acc[] = [];
    for (const [key, acc] of byConcept) {
      const name = conceptWords(acc.concept);
      const labels = [...acc.labels.keys()].map((l) => l.toLowerCase());
      const inName = words.every((w) => forms(w).some((f) => name.includes(f)));
      const inLabel = words.every((w) => labels.some((l) => forms(w).some((f) => l.includes(f))));
      if (words.length > 0 && !inName && !inLabel) continue;
      acc.rank =
        words.length === 0
          ? 0
          : key === q || forms(q).includes(key)
            ? 3
            : inName && name.startsWith(words[0]!.replace(/s$/, ''))
              ? 2
              : inName
                ? 1
                : 0;
      found.push(acc);
    }
    found.sort(
      (a, b) =>
        b.rank - a.rank ||
        b.docs.size - a.docs.size ||
        b.plainFacts - a.plainFacts ||
        b.facts - a.facts ||
        a.concept.localeCompare(b.concept),
    );
    const limit = input.limit ?? 50;
    return {
      company,
      filings,
      total: found.length,
      concepts: found.slice(0, limit).map((a) => ({
        concept: a.concept,
        rowLabels: [...a.labels]
          .sort((x, y) => y[1] - x[1])
          .slice(0, 3)
          .map(([l]) => l),
        filings: a.docs.size,
        facts: a.facts,
        plainFacts: a.plainFacts,
      })),
    };
  }

  /**
   * A concept's values in the subject's filings for one set of dimensions ({}: none), oldest
   * period first, shorter periods first on the same end; the same period reported by two
   * filings is there twice (the values table shows both, restated or not).
   */
  async series(input: {
    subject: FactsSubject;
    concept: string;
    dimensions?: Record<string, string> | undefined;
  }): Promise<FactsSeriesResult> {
    const { company, filings, facts } = await this.read(input.subject);
    const want = localName(input.concept);
    const dims = input.dimensions ?? {};
    const points: SeriesPoint[] = [];
    const sets = new Map<string, { dimensions: Record<string, string>; facts: number }>();
    let concept = input.concept;
    for (const [documentId, list] of facts)
      for (const { fact, rowLabel } of list) {
        if (localName(fact.concept) !== want) continue;
        concept = fact.concept;
        const setKey = JSON.stringify(Object.entries(fact.dimensions).sort());
        const set = sets.get(setKey) ?? { dimensions: fact.dimensions, facts: 0 };
        set.facts++;
        sets.set(setKey, set);
        if (!sameDims(fact.dimensions, dims) || fact.cells.length === 0) continue;
        points.push({
          documentId,
          concept: fact.concept,
          period: fact.period,
          label: fact.label,
          months: periodMonths(fact.period),
          unit: fact.unit,
          decimals: fact.decimals,
          value: fact.value,
          scale: fact.scale,
          base: fact.base,
          cells: fact.cells,
          rowLabel: rowLabel || null,
        });
      }
    const end = (p: SeriesPoint) => ('instant' in p.period ? p.period.instant : p.period.end);
    points.sort(
      (a, b) =>
        (end(a) < end(b) ? -1 : end(a) > end(b) ? 1 : 0) || (a.months ?? 99) - (b.months ?? 99),
    );
    if (sets.size === 0)
      throw new WorkbenchError(
        'not-found',
        `no fact tagged ${input.concept} in ${company?.name ?? 'these filings'}`,
      );
    return {
      company,
      filings,
      concept,
      dimensions: dims,
      points,
      dimensionSets: [...sets.values()].sort((a, b) => b.facts - a.facts).slice(0, 100),
    };
  }
}
