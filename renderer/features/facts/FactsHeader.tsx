import type { FactsSearchResult, FactsSeriesResult } from '../../../shared/facts/company-facts';

/** The Facts panel's header: the company and its filings (each a link to the document). */
export function FactsHeader({
  name,
  filingsInfo,
}: {
  name: string;
  /** The company's filings, from the search or the series; null before either answers. */
  filingsInfo: FactsSearchResult | FactsSeriesResult | null;
}) {
  return (
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
  );
}
