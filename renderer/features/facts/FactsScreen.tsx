import { useEffect, useState } from 'react';
import { factsStore, useFacts } from '../../stores/facts';
import { ConceptSearch } from './ConceptSearch';
import { FactsHeader } from './FactsHeader';
import { FactsSeries } from './FactsSeries';
import { goToConcept, parseDims } from './facts-route';
import './facts.css';

interface Props {
  /** A company key of shared/library/company-groups ("cik:0000012927"). */
  company: string;
  concept?: string | undefined;
  /** The dimensions shown, as JSON ({"us-gaap:StatementBusinessSegmentsAxis": "…"}). */
  dimensions?: string | undefined;
}

/**
 * The search box's text, searched 200 ms after it stops changing; the company's facts opened,
 * and the route's concept and dimensions shown.
 */
function useFactsSearch({ company, concept, dimensions }: Props) {
  // Coming back to the same company (from a cell, with Back) keeps its search.
  const [query, setQuery] = useState(() => {
    const s = factsStore.getState();
    return s.company === company ? s.query : concept ? '' : 'revenue';
  });

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

  return [query, setQuery] as const;
}

/**
 * A company's Facts panel (issue 27, docs/facts.md): search a concept or a row label, see the
 * concept's values across the company's filings and periods (each a link to its cell), chart
 * them over time, and export the chart (SVG, PNG) and the series (CSV). The concept and its
 * dimensions are in the URL, so a reload or a link comes back to the same series.
 */
export function FactsScreen(props: Props) {
  const { company } = props;
  const found = useFacts((s) => s.found);
  const series = useFacts((s) => s.series);
  const [query, setQuery] = useFactsSearch(props);

  const result = series.status === 'ready' ? series.value : null;
  const filingsInfo = found.status === 'ready' ? found.value : result;
  const name = filingsInfo?.company?.name ?? company.replace(/^cik:/, 'CIK ');

  return (
    <main className="screen facts-screen">
      <FactsHeader name={name} filingsInfo={filingsInfo} />
      <div className="facts-layout">
        <ConceptSearch
          query={query}
          setQuery={setQuery}
          onConcept={(c) => goToConcept(company, c)}
        />
        <FactsSeries company={company} companyName={name} />
      </div>
    </main>
  );
}
