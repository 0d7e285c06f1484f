import type { FactsSeriesResult } from '../../../shared/facts/company-facts';
import { useFacts } from '../../stores/facts';
import { goToConcept, openCell, parseDims } from './facts-route';
import { dimensionsText } from './format';
import { TrendPanel } from './TrendPanel';
import { ValuesTable } from './ValuesTable';

/** The dimension sets the concept is tagged with, to choose the one shown. */
function DimensionsPicker({ company, result }: { company: string; result: FactsSeriesResult }) {
  return (
    <label className="facts-dims">
      Dimensions{' '}
      <select
        value={JSON.stringify(result.dimensions)}
        onChange={(e) => goToConcept(company, result.concept, parseDims(e.currentTarget.value))}
      >
        {!result.dimensionSets.some((d) => Object.keys(d.dimensions).length === 0) && (
          <option value="{}">No dimensions (the total): none tagged</option>
        )}
        {result.dimensionSets.map((d) => (
          <option key={JSON.stringify(d.dimensions)} value={JSON.stringify(d.dimensions)}>
            {dimensionsText(d.dimensions)} ({d.facts})
          </option>
        ))}
      </select>
    </label>
  );
}

/** The chosen concept's values: its dimensions, the table of values and the trend chart. */
export function FactsSeries({ company, companyName }: { company: string; companyName: string }) {
  const series = useFacts((s) => s.series);
  const kind = useFacts((s) => s.kind);
  const result = series.status === 'ready' ? series.value : null;
  return (
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
            <DimensionsPicker company={company} result={result} />
          )}
          <ValuesTable points={result.points} filings={result.filings} onOpen={openCell} />
          <TrendPanel result={result} kind={kind} companyName={companyName} />
        </>
      )}
    </section>
  );
}
