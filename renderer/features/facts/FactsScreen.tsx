import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { SeriesPoint } from '../../../shared/facts/company-facts';
import {
  chartPoints,
  periodKindLabel,
  periodKinds,
  seriesCsv,
  type PeriodKind,
} from '../../../shared/facts/series';
import { saveDownload } from '../../stores/export/save-download';
import { factsStore, useFacts } from '../../stores/facts';
import { navigationStore } from '../../stores/navigation';
import { pngBytes, svgText } from './chart-export';
import { dimensionsText, unitText } from './format';
import { ValuesTable } from './ValuesTable';
import './facts.css';

// The chart library (Observable Plot, with d3) is a chunk of its own, fetched when a chart is
// first drawn: the Library and document views do not load it.
const TrendChart = lazy(() => import('./TrendChart').then((m) => ({ default: m.TrendChart })));

interface Props {
  /** A company key of shared/library/company-groups ("cik:0000012927"). */
  company: string;
  concept?: string;
  /** The dimensions shown, as JSON ({"us-gaap:StatementBusinessSegmentsAxis": "…"}). */
  dimensions?: string;
}

const parseDims = (json: string | undefined): Record<string, string> => {
  if (!json) return {};
  try {
    const v: unknown = JSON.parse(json);
    return v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).filter(([, m]) => typeof m === 'string'))
      : {};
  } catch {
    return {};
  }
};

const slug = (s: string) =>
  s
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'facts';

/**
 * A company's Facts panel (issue 27, docs/facts.md): search a concept or a row label, see the
 * concept's values across the company's filings and periods (each a link to its cell), chart
 * them over time, and export the chart (SVG, PNG) and the series (CSV). The concept and its
 * dimensions are in the URL, so a reload or a link comes back to the same series.
 */
export function FactsScreen({ company, concept, dimensions }: Props) {
  const found = useFacts((s) => s.found);
  const series = useFacts((s) => s.series);
  const kind = useFacts((s) => s.kind);
  const shownConcept = useFacts((s) => s.concept);
  // Coming back to the same company (from a cell, with Back) keeps its search.
  const [query, setQuery] = useState(() => {
    const s = factsStore.getState();
    return s.company === company ? s.query : concept ? '' : 'revenue';
  });
  const svg = useRef<SVGSVGElement | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const searchBox = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void factsStore.getState().open(company, query);
    // The first search only: later ones follow the box (below).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [company]);

  useEffect(() => {
    const t = setTimeout(() => {
      if (factsStore.getState().query !== query) void factsStore.getState().search(query);
    }, 200);
    return () => clearTimeout(t);
  }, [query]);

  useEffect(() => {
    if (concept) void factsStore.getState().choose(concept, parseDims(dimensions));
  }, [concept, dimensions]);

  const result = series.status === 'ready' ? series.value : null;
  const filingsInfo = found.status === 'ready' ? found.value : result;
  const name = filingsInfo?.company?.name ?? company.replace(/^cik:/, 'CIK ');
  const kinds = useMemo(() => (result ? periodKinds(result.points) : []), [result]);
  const drawn = useMemo(
    () => (result && kind ? chartPoints(result.points, kind, result.filings) : []),
    [result, kind],
  );

  const go = (c: string, dims: Record<string, string> = {}) =>
    navigationStore.getState().go({
      screen: 'facts',
      company,
      concept: c,
      ...(Object.keys(dims).length ? { dimensions: JSON.stringify(dims) } : {}),
    });
  const openCell = (p: SeriesPoint) => {
    const c = p.cells[0]!;
    navigationStore.getState().go({
      screen: 'document',
      id: p.documentId,
      tableId: c.tableId,
      cell: { row: c.row, col: c.col },
    });
  };
  const base = `${slug(name)}-${slug(result?.concept.replace(/^[^:]*:/, '') ?? 'facts')}`;
  const chartTitle =
    result && kind && drawn[0]
      ? `${result.concept}${Object.keys(result.dimensions).length ? ` (${dimensionsText(result.dimensions)})` : ''}, ${periodKindLabel[kind].toLowerCase()} (${unitText(drawn[0])})`
      : '';

  const moveIn = (e: React.KeyboardEvent, from: HTMLElement | null) => {
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = from ? buttons.indexOf(from as HTMLButtonElement) : -1;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      buttons[Math.min(at + 1, buttons.length - 1)]?.focus();
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      if (at <= 0) searchBox.current?.focus();
      else buttons[at - 1]?.focus();
    } else if (e.key === 'Escape') searchBox.current?.focus();
  };

  return (
    <main className="screen facts-screen">
      <header className="screen-header">
        <div>
          <a href="#/library" className="back">
            ← Library
          </a>
          <h1>Facts — {name}</h1>
          {filingsInfo && (
            <p className="doc-meta facts-filings">
              {filingsInfo.company?.cik && <span>CIK {filingsInfo.company.cik} · </span>}
              {filingsInfo.filings.map((f, i) => (
                <span key={f.documentId}>
                  {i > 0 && ' · '}
                  <a href={`#/document/${f.documentId}`} title={f.name}>
                    {[f.form, f.fiscalPeriod].filter(Boolean).join(' ') || f.name}
                  </a>
                  {f.error ? ` (not read: ${f.error})` : f.factCount === 0 ? ' (no tags)' : ''}
                </span>
              ))}
            </p>
          )}
        </div>
      </header>
      <div className="facts-layout">
        <section className="facts-concepts" aria-label="Concepts">
          <input
            ref={searchBox}
            type="search"
            aria-label="Search facts"
            placeholder="Concept or row label: revenues, total assets…"
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown') moveIn(e, null);
              if (e.key === 'Enter' && found.status === 'ready' && found.value.concepts[0])
                go(found.value.concepts[0].concept);
            }}
          />
          <p className="hint" role="status" aria-live="polite">
            {found.status === 'loading'
              ? 'Reading the filings’ facts…'
              : found.status === 'ready'
                ? `${found.value.total} concept${found.value.total === 1 ? '' : 's'}`
                : ''}
          </p>
          {found.status === 'error' && (
            <p className="error" role="alert">
              {found.error.message}
            </p>
          )}
          {found.status === 'ready' && (
            <ul ref={list} className="concept-list">
              {found.value.concepts.map((c) => (
                <li key={c.concept}>
                  <button
                    type="button"
                    aria-current={c.concept === shownConcept ? 'true' : undefined}
                    onClick={() => go(c.concept)}
                    onKeyDown={(e) => moveIn(e, e.currentTarget)}
                  >
                    <code>{c.concept}</code>
                    <span className="hint">
                      {c.rowLabels.length > 0 && <>{c.rowLabels.join(' · ')} — </>}
                      {c.filings} filing{c.filings === 1 ? '' : 's'}, {c.facts} fact
                      {c.facts === 1 ? '' : 's'}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="facts-series" aria-label="Values">
          {series.status === 'idle' && <p className="hint">Choose a concept to see its values.</p>}
          {series.status === 'loading' && <p className="hint">Reading its values…</p>}
          {series.status === 'error' && (
            <p className="error" role="alert">
              {series.error.message}
            </p>
          )}
          {result && (
            <>
              <h2>
                <code>{result.concept}</code>
              </h2>
              {result.dimensionSets.length > 1 && (
                <label className="facts-dims">
                  Dimensions{' '}
                  <select
                    value={JSON.stringify(result.dimensions)}
                    onChange={(e) => go(result.concept, parseDims(e.currentTarget.value))}
                  >
                    {!result.dimensionSets.some((d) => Object.keys(d.dimensions).length === 0) && (
                      <option value="{}">No dimensions (the total): none tagged</option>
                    )}
                    {result.dimensionSets.map((d) => (
                      <option
                        key={JSON.stringify(d.dimensions)}
                        value={JSON.stringify(d.dimensions)}
                      >
                        {dimensionsText(d.dimensions)} ({d.facts})
                      </option>
                    ))}
                  </select>
                </label>
              )}
              <ValuesTable points={result.points} filings={result.filings} onOpen={openCell} />
              {kinds.length > 0 && (
                <div className="trend">
                  <div className="trend-toolbar">
                    <label>
                      Chart{' '}
                      <select
                        aria-label="Periods to chart"
                        value={kind ?? ''}
                        onChange={(e) =>
                          factsStore.getState().setKind(e.currentTarget.value as PeriodKind)
                        }
                      >
                        {kinds.map((k) => (
                          <option key={k} value={k}>
                            {periodKindLabel[k]}
                          </option>
                        ))}
                      </select>
                    </label>
                    <button
                      type="button"
                      onClick={() =>
                        svg.current &&
                        saveDownload(
                          `${base}.svg`,
                          new TextEncoder().encode(svgText(svg.current)),
                          'image/svg+xml',
                        )
                      }
                    >
                      Download SVG
                    </button>
                    <button
                      type="button"
                      onClick={() => {
                        if (!svg.current) return;
                        setExportError(null);
                        pngBytes(svg.current).then(
                          (bytes) => saveDownload(`${base}.png`, bytes, 'image/png'),
                          (e: unknown) =>
                            setExportError(e instanceof Error ? e.message : String(e)),
                        );
                      }}
                    >
                      Download PNG
                    </button>
                    <button
                      type="button"
                      onClick={() =>
                        saveDownload(
                          `${base}.csv`,
                          new TextEncoder().encode(
                            seriesCsv(result.concept, result.points, result.filings),
                          ),
                          'text/csv;charset=utf-8',
                        )
                      }
                    >
                      Download CSV
                    </button>
                  </div>
                  {exportError && (
                    <p className="error" role="alert">
                      {exportError}
                    </p>
                  )}
                  <Suspense fallback={<p className="hint">Drawing the chart…</p>}>
                    <TrendChart
                      points={drawn}
                      title={chartTitle}
                      onOpen={openCell}
                      onSvg={(s) => (svg.current = s)}
                    />
                  </Suspense>
                </div>
              )}
            </>
          )}
        </section>
      </div>
    </main>
  );
}
