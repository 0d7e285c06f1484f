import { useEffect, useId, useRef, useState } from 'react';
import {
  EXPORT_FORMAT_FACTS,
  exportFormatsFor,
  type ExportTarget,
} from '../../shared/export/export-format';
import { exportKey } from '../stores/export/export-store';
import { exportStore, useExport } from '../stores/export';
import { ApiErrorText } from './ApiErrorText';
import './export-menu.css';

interface Props {
  target: ExportTarget;
  /** The dataset's format: the benchmark files are offered only for their benchmark. */
  datasetFormat?: string;
}

/**
 * "Export ▾": the graded transcripts of a run or a finished session as a downloaded file (HTML
 * report, JSONL, CSV, CodaLab, TAT-QA), with what went wrong said under it.
 */
export function ExportMenu({ target, datasetFormat }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const entry = useExport((s) => s.entries[exportKey(target)]);
  const formats = exportFormatsFor(datasetFormat);

  useEffect(() => {
    if (!open) return;
    // Keyboard-first: the first format takes focus; Escape gives it back to the button.
    ref.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent) {
        if (e.key !== 'Escape') return;
        setOpen(false);
        button.current?.focus();
      } else if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', close);
    document.addEventListener('pointerdown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('pointerdown', close);
    };
  }, [open]);

  return (
    <div className="export-menu" ref={ref}>
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        disabled={entry?.busy !== undefined}
        onClick={() => setOpen(!open)}
      >
        {entry?.busy ? `Exporting ${EXPORT_FORMAT_FACTS[entry.busy].label}…` : 'Export ▾'}
      </button>
      {open && (
        <ul id={`${id}-menu`} role="menu" aria-label="Export as">
          {formats.map((f) => (
            <li key={f} role="none">
              <button
                type="button"
                role="menuitem"
                onClick={() => {
                  setOpen(false);
                  void exportStore.getState().download(target, f);
                }}
              >
                {EXPORT_FORMAT_FACTS[f].label}
              </button>
            </li>
          ))}
        </ul>
      )}
      {entry?.saved && !entry.busy && (
        <span className="hint" role="status">
          Saved {entry.saved.name}
        </span>
      )}
      {entry?.error && <ApiErrorText error={entry.error} />}
    </div>
  );
}
