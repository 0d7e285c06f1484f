import { useState, type RefObject } from 'react';
import type { FactsSeriesResult } from '../../../shared/facts/company-facts';
import { seriesCsv } from '../../../shared/facts/series';
import { saveDownload } from '../../stores/export/save-download';
import { pngBytes, svgText } from './chart-export';

/** The chart's downloads: the chart as SVG or PNG, the series as CSV (files named `base`). */
export function ChartDownloads({
  svg,
  base,
  result,
  children,
}: {
  /** The drawn chart (set by TrendChart once it draws). */
  svg: RefObject<SVGSVGElement | null>;
  base: string;
  result: FactsSeriesResult;
  /** What the toolbar shows before the buttons (the periods picker). */
  children: React.ReactNode;
}) {
  const [exportError, setExportError] = useState<string | null>(null);
  return (
    <>
      <div className="trend-toolbar">
        {children}
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
              (e: unknown) => setExportError(e instanceof Error ? e.message : String(e)),
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
              new TextEncoder().encode(seriesCsv(result.concept, result.points, result.filings)),
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
    </>
  );
}
