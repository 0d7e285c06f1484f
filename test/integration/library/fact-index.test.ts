import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FactIndexService } from '../../../main/library/fact-index-service';
import type { Services } from '../../../main/services';
import type { ImportReport } from '../../../shared/library/document';
import { FACTS_PROMPT_HELP, FACTS_PROMPT_HELP_PYTHON } from '../../../shared/sandbox/prompt-help';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';
import {
  startOpenAiTestServer,
  type OpenAiTestServer,
  type RecordedRequest,
} from '../../support/openai-test-server';
import { tempServices } from '../../support/services';

// Issue 27: the fact index stored in the workspace (migration 21), and asks whose programs read
// it through fact(), in QuickJS and in Pyodide, against the OpenAI-compatible test server.

if (!hasData) console.warn(`[skip] ${noDataMessage}`);

type Message = { role: string; content: string };
const messagesOf = (req: RecordedRequest): Message[] =>
  (req.body as { messages?: Message[] } | undefined)?.messages ?? [];

const JS_QUESTION = 'By how much did revenue grow from fiscal 2024 to fiscal 2025, in percent?';
const PY_QUESTION = 'Revenue growth from fiscal 2024 to fiscal 2025 in percent (Python)?';
const UNTAGGED_QUESTION = 'What were total revenues in 2009 (a filing without tags)?';
const JS_PROGRAM =
  "```javascript\nfunction solution() {\n  const now = fact('us-gaap:Revenues', 'FY2025');\n  const before = fact('Revenues', 'FY2024');\n  return (now.value - before.value) / before.value * 100;\n}\n```";
const PY_PROGRAM =
  "    now = fact('us-gaap:Revenues', 'FY2025')\n    before = fact('Revenues', 'FY2024')\n    return (now - before) / before * 100\n```";

describe.skipIf(!hasData)('the fact index in the workspace', () => {
  let services: Services;
  let cleanup: () => void;
  let server: OpenAiTestServer;
  const ids: Record<string, number> = {};
  /** The id of an imported filing; a filing the import missed fails here, not inside an ask. */
  const idOf = (name: string): number => {
    const id = ids[name];
    if (id === undefined) throw new Error(`${name} was not imported`);
    return id;
  };

  beforeAll(async () => {
    ({ services, cleanup } = await tempServices());
    server = await startOpenAiTestServer({
      replies: [
        { match: PY_QUESTION, reply: PY_PROGRAM },
        { match: JS_QUESTION, reply: JS_PROGRAM },
        {
          match: UNTAGGED_QUESTION,
          reply: '```javascript\nfunction solution() { return 1; }\n```',
        },
      ],
    });
    const paths = {
      nvda: dataPath('sec', 'NVDA_10-K_FY2025', 'nvda-10-k-2025-02-26.html'),
      hd: dataPath('sec-more', 'hd-10-k-2025-03-21.html'),
      gainsco: dataPath('sec', 'GAINSCO_10-K_FY2009_no_xbrl', '0001193125-10-073212.html'),
    };
    const imported = await services.registry.call('library.importPaths', {
      paths: [paths.nvda, paths.hd, paths.gainsco],
    });
    if (!imported.ok) throw new Error(imported.error.message);
    for (const item of (imported.value as ImportReport).items) {
      if (!item.ok) throw new Error(`import failed: ${JSON.stringify(item)}`);
      const name = item.name.startsWith('nvda')
        ? 'nvda'
        : item.name.startsWith('hd')
          ? 'hd'
          : 'gainsco';
      ids[name] = item.document.id;
    }
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    cleanup?.();
  });

  it('is built once per filing, kept, and read back as built', { timeout: 120_000 }, async () => {
    const nvda = ids.nvda as number;
    const built = await services.factIndex.factsOf(nvda);
    expect(built.length).toBeGreaterThan(900);
    const rows = services.workspace.db
      .prepare('SELECT COUNT(*) AS n FROM filing_facts WHERE document_id = ?')
      .get(nvda) as { n: number };
    expect(rows.n).toBe(built.length);
    // A new service over the same workspace reads the rows and never opens the document.
    const again = new FactIndexService(services.workspace, {
      summary: (id) => services.documents.summary(id),
      model: () => Promise.reject(new Error('the stored index should be read, not built')),
    });
    expect(await again.factsOf(nvda)).toEqual(built);
    const revenues = again
      .byConcept('revenues')
      .filter((r) => Object.keys(r.fact.dimensions).length === 0)
      .sort((a, b) => ((a.fact.label ?? '') < (b.fact.label ?? '') ? -1 : 1));
    expect(revenues.map((r) => [r.documentId, r.fact.label, r.fact.base])).toEqual([
      [nvda, 'FY2023', 26_974_000_000],
      [nvda, 'FY2024', 60_922_000_000],
      [nvda, 'FY2025', 130_497_000_000],
    ]);
    // Removing the document removes its facts.
    const removed = await services.registry.call('library.remove', { id: nvda });
    expect(removed.ok).toBe(true);
    const left = services.workspace.db
      .prepare('SELECT COUNT(*) AS n FROM filing_facts WHERE document_id = ?')
      .get(nvda) as { n: number };
    expect(left.n).toBe(0);
    // Imported again for the asks below.
    const back = await services.registry.call('library.importPaths', {
      paths: [dataPath('sec', 'NVDA_10-K_FY2025', 'nvda-10-k-2025-02-26.html')],
    });
    const [item] = back.ok ? (back.value as ImportReport).items : [];
    if (!item?.ok) throw new Error('re-import failed');
    ids.nvda = item.document.id;
  });

  it('names years as the filer does: Home Depot’s year ended February 2, 2025 is its FY2024', async () => {
    const facts = await services.factIndex.factsOf(ids.hd as number);
    const revenue = facts.filter(
      (f) =>
        f.concept === 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax' &&
        Object.keys(f.dimensions).length === 0,
    );
    expect(revenue.map((f) => [f.label, 'end' in f.period ? f.period.end : null, f.base])).toEqual(
      expect.arrayContaining([
        ['FY2024', '2025-02-02', 159_514_000_000],
        ['FY2023', '2024-01-28', 152_669_000_000],
      ]),
    );
  });

  it('an ask in pot mode shows fact() in the prompt, runs the program and cites the fact', async () => {
    const r = await services.ask.run({
      provider: { baseUrl: server.baseUrl },
      model: 'test-chat',
      mode: 'pot',
      documentId: idOf('nvda'),
      question: JS_QUESTION,
    });
    const request = server.requests.find((q) => JSON.stringify(q.body).includes(JS_QUESTION));
    const [system] = messagesOf(request as RecordedRequest);
    expect(system?.content).toContain(FACTS_PROMPT_HELP);
    expect(r.execution).toMatchObject({ ok: true });
    expect(r.answer.value).toBeCloseTo(((130_497 - 60_922) / 60_922) * 100, 9);
    expect(r.reads).toEqual([
      expect.objectContaining({
        tableId: 't21',
        row: 0,
        col: 0,
        value: 130_497,
        fact: { concept: 'us-gaap:Revenues', label: 'FY2025', end: '2025-01-26', dimensions: {} },
      }),
      expect.objectContaining({
        value: 60_922,
        fact: { concept: 'us-gaap:Revenues', label: 'FY2024', end: '2024-01-28', dimensions: {} },
      }),
    ]);
  });

  it('an ask in pot-python mode reads facts in Pyodide; the host’s trace gives the reads', async () => {
    const r = await services.ask.run({
      provider: { baseUrl: server.baseUrl },
      model: 'test-chat',
      mode: 'pot-python',
      documentId: idOf('nvda'),
      question: PY_QUESTION,
    });
    const request = server.requests.find((q) => JSON.stringify(q.body).includes(PY_QUESTION));
    const [system] = messagesOf(request as RecordedRequest);
    expect(system?.content).toContain(FACTS_PROMPT_HELP_PYTHON);
    expect(r.execution, JSON.stringify(r.execution)).toMatchObject({ ok: true });
    expect(r.answer.value).toBeCloseTo(((130_497 - 60_922) / 60_922) * 100, 9);
    expect(r.reads.map((c) => c.fact?.label)).toEqual(['FY2025', 'FY2024']);
    expect(r.reads[0]).toMatchObject({ tableId: 't21', row: 0, col: 0 });
  });
  it('a filing without tags has no facts, and its prompts do not mention them', async () => {
    expect(await services.factIndex.factsOf(idOf('gainsco'))).toEqual([]);
    await services.ask.run({
      provider: { baseUrl: server.baseUrl },
      model: 'test-chat',
      mode: 'pot',
      documentId: idOf('gainsco'),
      question: UNTAGGED_QUESTION,
    });
    const request = server.requests.find((q) => JSON.stringify(q.body).includes(UNTAGGED_QUESTION));
    const [system] = messagesOf(request as RecordedRequest);
    expect(system?.content).toContain('cell(tableId, row, col)');
    expect(system?.content).not.toContain('fact(concept');
  }, 120_000);
});
