import { useId, useState } from 'react';
import { RUN_IMPORT_FORMATS, RunImportFormat } from '../../../shared/runs/run';
import { navigationStore } from '../../stores/navigation';
import { runImportStore, runsListStore, useRunImport, useRunsList } from '../../stores/runs';
import { ApiErrorText } from '../../components/ApiErrorText';
import { DatasetOptions } from '../../components/FormOptions';

const FORMAT_LABEL: Record<RunImportFormat, string> = {
  'docmath-processed': 'DocMath-Eval / FinanceMath processed outputs (.json)',
  'tatqa-pot': 'TAT-QA Program-of-Thoughts outputs (.jsonl)',
  'tatqa-pred': 'TAT-QA predictions (.jsonl)',
  jsonl: 'Generic {id, output} lines (.jsonl)',
  'financebench-graded': 'FinanceBench human-graded answers (.jsonl)',
  'lm-eval': 'lm-evaluation-harness --log_samples (.jsonl)',
};

/** Which format, graded against which dataset, and the file. */
function ImportFields(p: { id: string; onPick: (file: File | undefined) => void }) {
  const { id } = p;
  const format = useRunImport((s) => s.format);
  const datasetId = useRunImport((s) => s.datasetId);
  const status = useRunImport((s) => s.status);
  const datasets = useRunsList((s) => s.datasets);
  return (
    <div className="start-fields">
      <div className="field">
        <label htmlFor={`${id}-format`}>Format</label>
        <select
          id={`${id}-format`}
          value={format}
          onChange={(e) =>
            runImportStore.getState().setFormat(RunImportFormat.parse(e.currentTarget.value))
          }
        >
          {RUN_IMPORT_FORMATS.map((f) => (
            <option key={f} value={f}>
              {FORMAT_LABEL[f]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-dataset`}>Graded against</label>
        <select
          id={`${id}-dataset`}
          value={datasetId}
          onChange={(e) =>
            runImportStore
              .getState()
              .setDatasetId(e.currentTarget.value === '' ? '' : Number(e.currentTarget.value))
          }
        >
          <option value="">the dataset holding the file's ids</option>
          <DatasetOptions datasets={datasets} />
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-file`}>Prediction file</label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".json,.jsonl,application/json"
          onChange={(e) => {
            p.onPick(e.currentTarget.files?.[0]);
            // The last refusal was about another file.
            if (status === 'error') runImportStore.getState().reset();
          }}
        />
      </div>
    </div>
  );
}

/** Import and Cancel, and how far reading and importing the file are. */
function ImportActions(p: { canImport: boolean; onCancel: () => void }) {
  const status = useRunImport((s) => s.status);
  const percent = useRunImport((s) => s.percent);
  const fileName = useRunImport((s) => s.fileName);
  const busy = status === 'reading' || status === 'importing';
  return (
    <div className="actions">
      <button type="submit" className="primary" disabled={busy || !p.canImport}>
        {busy ? 'Importing…' : 'Import'}
      </button>
      <button type="button" disabled={busy} onClick={p.onCancel}>
        Cancel
      </button>
      {busy && (
        <span className="hint" role="status">
          {status === 'reading' ? `Reading ${fileName}…` : `Importing ${fileName}…`}
          {percent !== undefined ? ` ${percent}%` : ''}
        </span>
      )}
    </div>
  );
}

/**
 * "Import predictions…": a prediction file another tool wrote, graded here as a run. The file's
 * bytes go to main (runs.importBytes, as in web mode); the import report (unknown ids,
 * unreadable lines, duplicates) then shows on the new run's screen, which opens.
 */
export function ImportPredictions() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<File>();
  const status = useRunImport((s) => s.status);
  const error = useRunImport((s) => s.error);
  const cancel = () => {
    runImportStore.getState().reset();
    setPicked(undefined);
    setOpen(false);
  };

  if (!open)
    return (
      <button type="button" onClick={() => setOpen(true)}>
        Import predictions…
      </button>
    );
  return (
    <form
      className="start-run import-predictions"
      aria-label="Import predictions"
      onSubmit={(e) => {
        e.preventDefault();
        if (!picked) return;
        void runImportStore
          .getState()
          .importFile(picked)
          .then((runId) => {
            if (runId === undefined) return;
            void runsListStore.getState().load(true);
            setOpen(false);
            setPicked(undefined);
            navigationStore.getState().go({ screen: 'run', id: runId });
          });
      }}
    >
      <ImportFields id={id} onPick={setPicked} />
      <ImportActions canImport={picked !== undefined} onCancel={cancel} />
      {status === 'error' && error && <ApiErrorText error={error} />}
    </form>
  );
}
