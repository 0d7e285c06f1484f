import { useState } from 'react';
import type { ScratchRun } from '../../../shared/sessions/session';

/**
 * A calculator: a short JavaScript program run in the same QuickJS sandbox a model's program
 * runs in (the question's tables through cell()), recorded with the session. Results and
 * errors are shown as text.
 */
export function Scratchpad({
  runs,
  running,
  onRun,
}: {
  runs: ScratchRun[];
  running: boolean;
  onRun: (program: string) => void;
}) {
  const [program, setProgram] = useState('');
  const last = runs.at(-1);
  const run = () => {
    if (program.trim()) onRun(program);
  };
  return (
    <section className="scratchpad" aria-label="Calculator">
      <h3>Calculator</h3>
      <textarea
        aria-label="Calculator program"
        rows={3}
        spellCheck={false}
        value={program}
        placeholder="(4.2 - 3.1) / 3.1 * 100"
        onChange={(e) => setProgram(e.currentTarget.value)}
        onKeyDown={(e) => {
          // Shift+Enter runs; Ctrl+Enter stays the session's submit key.
          if (e.key === 'Enter' && e.shiftKey) {
            e.preventDefault();
            run();
          }
        }}
      />
      <div className="scratch-actions">
        <button type="button" onClick={run} disabled={running || !program.trim()}>
          {running ? 'Running…' : 'Run'}
        </button>
        <span className="hint">Shift+Enter runs · recorded with the session</span>
      </div>
      {last && (
        <output className={last.ok ? 'scratch-result' : 'scratch-result error'} aria-live="polite">
          {last.ok ? `= ${String(last.value)}` : last.error}
          {last.logs && <pre className="scratch-logs">{last.logs}</pre>}
        </output>
      )}
    </section>
  );
}
