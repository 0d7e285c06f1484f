import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../shared/api/result';
import { exportFileName, exportFormatsFor } from '../../../shared/export/export-format';
import { createExportStore } from '../../../renderer/stores/export/export-store';
import { fakeClient } from '../questions/fake-client';

describe('export menu', () => {
  it('offers the benchmark files only for their benchmark', () => {
    expect(exportFormatsFor('tatqa')).toEqual(['html', 'jsonl', 'csv', 'tatqa']);
    expect(exportFormatsFor('tathqa')).toContain('tatqa');
    expect(exportFormatsFor('docmath')).toEqual(['html', 'jsonl', 'csv', 'codalab']);
    expect(exportFormatsFor('financebench')).toEqual(['html', 'jsonl', 'csv']);
    expect(exportFileName({ kind: 'run', id: 3 }, 'html')).toBe('run-3-transcripts.html');
    expect(exportFileName({ kind: 'session', id: 7 }, 'codalab')).toBe('session-7-codalab.json');
  });

  it('downloads the bytes under their name; a refusal is kept for its target only', async () => {
    const saved: string[] = [];
    const bytes = new TextEncoder().encode('{"a":1}\n');
    const api = fakeClient({
      'export.bytes': ({ target, format }) =>
        target.id === 1
          ? ok({ name: `run-1.${format}`, mimeType: 'application/jsonl', bytes, items: 1 })
          : fail('unsupported', 'session #2 is still open'),
    });
    const store = createExportStore(api.client, (name) => saved.push(name));
    const run = { kind: 'run' as const, id: 1 };
    const session = { kind: 'session' as const, id: 2 };
    expect(await store.getState().download(run, 'jsonl')).toBe(true);
    expect(saved).toEqual(['run-1.jsonl']);
    expect(store.getState().entries['run:1']).toEqual({
      saved: { name: 'run-1.jsonl', bytes: bytes.byteLength },
    });
    expect(await store.getState().download(session, 'html')).toBe(false);
    expect(store.getState().entries['session:2']?.error?.message).toMatch(/still open/);
    expect(store.getState().entries['run:1']?.error).toBeUndefined();
    expect(saved).toHaveLength(1);
  });

  it('one export at a time per target: a second click while preparing is ignored', async () => {
    const bytes = new Uint8Array([1]);
    const api = fakeClient({
      'export.bytes': () => ok({ name: 'x.csv', mimeType: 'text/csv', bytes, items: 1 }),
    });
    const saved: string[] = [];
    const store = createExportStore(api.client, (name) => saved.push(name));
    api.hold();
    const first = store.getState().download({ kind: 'run', id: 1 }, 'csv');
    expect(store.getState().entries['run:1']?.busy).toBe('csv');
    expect(await store.getState().download({ kind: 'run', id: 1 }, 'html')).toBe(false);
    api.release();
    expect(await first).toBe(true);
    expect(saved).toEqual(['x.csv']);
  });
});
