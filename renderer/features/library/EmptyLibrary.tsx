import { DEFAULT_SCORERS } from '../../../shared/grading/default-scorers';

/** Every benchmark format the app reads, by the dataset's own name (one row per format). */
const BENCHMARKS = DEFAULT_SCORERS.map((r) => r.label).join(', ');

interface Props {
  onSample: () => void;
  onImport: () => void;
  busy: boolean;
}

export function EmptyLibrary({ onSample, onImport, busy }: Props) {
  return (
    <section className="empty" aria-labelledby="empty-title">
      <h2 id="empty-title">Your library is empty</h2>
      <p>Import the documents you want to study. Filing Workbench reads:</p>
      <ul>
        <li>SEC 10-K and 10-Q filings saved as HTML from EDGAR, with or without inline XBRL;</li>
        <li>annual reports and earnings releases as PDF;</li>
        <li>benchmark files: {BENCHMARKS} (FinanceBench and TableQuest with their PDFs).</li>
      </ul>
      <p>
        Each file is copied into your workspace and stored under its SHA-256; the original is never
        changed and nothing leaves this machine.
      </p>
      <div className="actions">
        <button className="primary" onClick={onSample} disabled={busy}>
          Open the sample filing
        </button>
        <button onClick={onImport} disabled={busy}>
          Import files… <kbd>Ctrl+O</kbd>
        </button>
      </div>
      <p className="hint">You can also drop files anywhere on this window.</p>
    </section>
  );
}
