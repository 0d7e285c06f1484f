import { describe, expect, it } from 'vitest';
import { methodNames, type WorkspaceInfo } from '../../../shared/api/contract';
import { allHandlers } from '../../../main/api/handlers';
import { createRegistry } from '../../../main/api/registry';
import { jsonBytes } from '../../../shared/api/json-bytes';
import type { ApiContext } from '../../../main/api/context';

const dummyCtx = {} as ApiContext;

describe('API registry', () => {
  it('implements every contract method exactly once', () => {
    const implemented = allHandlers.flatMap((m) => Object.keys(m)).sort();
    expect(implemented).toEqual([...methodNames].sort());
    expect(() => createRegistry(allHandlers, dummyCtx)).not.toThrow();
  });

  it('rejects two domains claiming one method, and a missing handler', () => {
    const info = allHandlers[0]?.['workspace.info'];
    if (!info) throw new Error('the first handler map has no workspace.info');
    expect(() => createRegistry([...allHandlers, { 'workspace.info': info }], dummyCtx)).toThrow(
      /implemented twice/,
    );
    expect(() => createRegistry(allHandlers.slice(1), dummyCtx)).toThrow(
      /no handler for workspace\.info/,
    );
  });

  it('turns a thrown bug into an internal error result, not a crash', async () => {
    const registry = createRegistry(
      [
        ...allHandlers.slice(1),
        {
          ...allHandlers[0],
          'workspace.info': () => {
            throw new Error('boom');
          },
        },
      ],
      dummyCtx,
    );
    expect(await registry.call('workspace.info', {})).toEqual({
      ok: false,
      error: { code: 'internal', message: 'workspace.info failed: boom' },
    });
  });

  it('passes prevalidated JSON bytes to transports, and checks it for in-process callers', async () => {
    const info: WorkspaceInfo = {
      dir: '/w',
      dbPath: '/w/workbench.sqlite',
      filesDir: '/w/files',
      schemaVersion: 3,
      documentCount: 0,
      logFile: null,
      storedBytes: 0,
      host: 'cli',
      maxImportBytes: 1024,
    };
    const answering = (text: string) =>
      createRegistry(
        [
          ...allHandlers.slice(1),
          {
            ...allHandlers[0],
            'workspace.info': () => jsonBytes(new TextEncoder().encode(text)),
          },
        ],
        dummyCtx,
      );
    const good = answering(JSON.stringify(info));
    expect(await good.callForTransport('workspace.info', {})).toEqual({
      ok: true,
      value: { $jsonBytes: new TextEncoder().encode(JSON.stringify(info)) },
    });
    expect(await good.call('workspace.info', {})).toEqual({ ok: true, value: info });
    // A marker that does not hold what the contract says fails the in-process check.
    const bad = answering('{"workspaceDir": 7}');
    expect(await bad.call('workspace.info', {})).toMatchObject({
      ok: false,
      error: { code: 'internal' },
    });
  });
});
