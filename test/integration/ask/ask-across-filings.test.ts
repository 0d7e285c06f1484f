import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AskResult } from '../../../shared/ask/ask';
import type { ImportReport } from '../../../shared/library/document';
import type { AskInput } from '../../../main/ask/ask-service';
import type { Services } from '../../../main/services';
import { dataPath, hasData } from '../../support/data-dir';
import {
  startOpenAiTestServer,
  type OpenAiTestServer,
  type RecordedRequest,
} from '../../support/openai-test-server';
import { tempServices } from '../../support/services';

// Two filings of one company: J&J's 10-K for fiscal 2024 and its 10-Q for the second quarter
// of 2025 (the 10-K is in sec-check/, used here as test data, not to tune any rule).
const JNJ_10K = dataPath('sec-check', 'jnj-10-k-2025-02-13.html');
const JNJ_10Q = dataPath('sec-more', 'jnj-10-q-2025-07-24.html');
const PDF_PAGE = dataPath('tablequest', 'pages', 'easy', 'JPMORGAN_2023Q2_10Q_p161.pdf');
const KEY = 'sk-ask-filings-key-5b2e';
const KEY_NAME = 'ask-filings';
const SALES = 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax';
const QUESTION =
  'By what percentage does the second quarter 2025 sales run-rate (four times the quarter) exceed fiscal 2024 sales?';

/** The model's program: one fact of each filing, the 4 and the 100 are constants. */
const PROGRAM = `The 10-K has fiscal 2024 sales, the 10-Q the second quarter of 2025.

\`\`\`javascript
function solution() {
  const fy2024 = fact('${SALES}', 'FY2024');
  const q2 = fact('${SALES}', 'Q2 2025');
  return (q2.value * 4 - fy2024.value) / fy2024.value * 100;
}
\`\`\``;

type Message = { role: string; content: string };
const messagesOf = (req: RecordedRequest): Message[] =>
  (req.body as { messages?: Message[] } | undefined)?.messages ?? [];
const promptOf = (req: RecordedRequest): string =>
  messagesOf(req)
    .map((m) => m.content)
    .join('\n\n');

describe.skipIf(!hasData)('asking across two filings of one company', () => {
  let services: Services;
  let cleanup: () => void;
  let server: OpenAiTestServer;
  let tenK: number;
  let tenQ: number;
  let seed = 100;

  const ask = (extra: Partial<AskInput>) =>
    services.ask.run({
      provider: { baseUrl: server.baseUrl, apiKeyName: KEY_NAME, maxRetries: 0 },
      model: 'test-chat',
      mode: 'pot',
      question: QUESTION,
      params: { seed: ++seed },
      ...extra,
    });

  const importOne = async (path: string): Promise<number> => {
    const imported = await services.registry.call('library.importPaths', { paths: [path] });
    if (!imported.ok) throw new Error(imported.error.message);
    const [item] = (imported.value as ImportReport).items;
    if (!item?.ok) throw new Error(`import failed: ${JSON.stringify(item)}`);
    return item.document.id;
  };

  beforeAll(async () => {
    if (!hasData) return;
    ({ services, cleanup } = await tempServices());
    server = await startOpenAiTestServer({ apiKey: KEY });
    await services.registry.call('secrets.set', { name: KEY_NAME, value: KEY });
    tenK = await importOne(JNJ_10K);
    tenQ = await importOne(JNJ_10Q);
  }, 180_000);

  afterAll(async () => {
    await server?.close();
    cleanup?.();
  });

  it('a growth question whose program reads fact() in both filings: answer, prompt, reads and grounding', async () => {
    server.setReplies([{ match: QUESTION, reply: PROGRAM }]);
    const before = server.requests.length;
    const r = await ask({ documentIds: [tenQ, tenK] });

    // The values the filings tag, from each filing's own fact index.
    const salesOf = async (id: number, label: string) => {
      const facts = await services.factIndex.factsOf(id);
      const f = facts.find(
        (x) => x.concept === SALES && x.label === label && Object.keys(x.dimensions).length === 0,
      );
      if (!f) throw new Error(`no ${label} sales in document #${id}`);
      return f;
    };
    const fy2024 = await salesOf(tenK, 'FY2024');
    const q2 = await salesOf(tenQ, 'Q2 2025');
    expect(fy2024.value).toBe(88821);
    expect(q2.value).toBe(23743);
    expect(r.execution?.ok).toBe(true);
    expect(r.answer.value).toBeCloseTo(((23743 * 4 - 88821) / 88821) * 100, 9);

    // Stored with both documents and the filings as the Library names them.
    expect(r.documentId).toBe(tenQ);
    expect(r.documentIds).toEqual([tenQ, tenK]);
    expect(
      r.filings?.map((f) => [f.documentId, f.form, f.fiscalYear, f.periodEnd, f.tagged]),
    ).toEqual([
      [tenQ, '10-Q', 2025, '2025-06-29', true],
      [tenK, '10-K', 2024, '2024-12-29', true],
    ]);
    expect(r.filings?.every((f) => /johnson/i.test(f.company ?? ''))).toBe(true);

    // The prompt: a heading per filing, qualified table ids, and fact() offered.
    const request = server.requests.slice(before).find((q) => promptOf(q).includes(QUESTION));
    const prompt = promptOf(request!);
    expect(prompt).toMatch(
      new RegExp(
        `=== Filing d${tenQ}: JOHNSON & JOHNSON 10-Q Q2 2025 \\(period ended 2025-06-29\\)`,
        'i',
      ),
    );
    expect(prompt).toMatch(
      new RegExp(
        `=== Filing d${tenK}: JOHNSON & JOHNSON 10-K FY2024 \\(period ended 2024-12-29\\)`,
        'i',
      ),
    );
    expect(prompt).toMatch(new RegExp(`Table d${tenQ}:t\\d+`));
    expect(prompt).toMatch(new RegExp(`Table d${tenK}:t\\d+`));
    expect(prompt).not.toMatch(/\nTable t\d+/);
    expect(prompt).toContain('fact(');
    // ... and how the filings' ids and facts are told apart.
    expect(prompt).toContain('Table ids name their filing: cell("d12:t21", row, col)');

    // The trace: each read names its filing, its concept and period and the cell showing it.
    expect(
      r.reads.map((x) => [x.documentId, x.fact?.concept, x.fact?.label, x.fact?.end, x.value]),
    ).toEqual([
      [tenK, SALES, 'FY2024', '2024-12-29', 88821],
      [tenQ, SALES, 'Q2 2025', '2025-06-29', 23743],
    ]);
    expect(r.reads[0]!.tableId).toBe(`d${tenK}:${fy2024.cells[0]!.tableId}`);
    expect([r.reads[0]!.row, r.reads[0]!.col]).toEqual([
      fy2024.cells[0]!.row,
      fy2024.cells[0]!.col,
    ]);
    expect(r.reads[1]!.tableId).toBe(`d${tenQ}:${q2.cells[0]!.tableId}`);

    // The grounding report cites concept, period, filing and cell of both facts.
    const cited = r.grounding!.literals.filter((l) => l.source === 'cell');
    expect(
      cited.map((l) => [l.documentId, l.fact?.concept, l.fact?.label, l.tableId, l.row, l.col]),
    ).toEqual(
      r.reads.map((x) => [x.documentId, x.fact?.concept, x.fact?.label, x.tableId, x.row, x.col]),
    );
    expect(r.grounding!.literals.filter((l) => l.source === 'unsupported')).toEqual([]);

    // In the history of its first document, read back through the schema.
    const history = await services.registry.call('ask.history', { documentId: tenQ });
    const stored = history.ok ? (history.value as { asks: AskResult[] }).asks[0] : undefined;
    expect(stored?.documentIds).toEqual([tenQ, tenK]);
    expect(stored?.grounding?.literals[0]?.fact?.label).toBe('FY2024');
  }, 120_000);

  it('cell() reaches a table of either filing by its qualified id', async () => {
    const facts = await services.factIndex.factsOf(tenK);
    const f = facts.find(
      (x) => x.concept === SALES && x.label === 'FY2024' && Object.keys(x.dimensions).length === 0,
    )!;
    const at = f.cells[0]!;
    const program = `\`\`\`javascript
function solution() {
  return cell('d${tenK}:${at.tableId}', ${at.row}, ${at.col});
}
\`\`\``;
    const question = 'What were fiscal 2024 sales, read by cell?';
    server.setReplies([{ match: question, reply: program }]);
    const r = await ask({ documentIds: [tenK, tenQ], question });
    expect(r.execution).toMatchObject({ ok: true, value: 88821 });
    expect(r.reads[0]).toMatchObject({ documentId: tenK, tableId: `d${tenK}:${at.tableId}` });
  }, 120_000);

  it('pot-python: fact() reads the facts of both filings, each read naming its filing', async () => {
    const question = 'By what percentage does the Q2 2025 run-rate exceed FY2024 sales, in Python?';
    server.setReplies([
      {
        match: question,
        reply: `\`\`\`python\ndef solution():\n    fy2024 = fact('${SALES}', 'FY2024')\n    q2 = fact('${SALES}', 'Q2 2025')\n    return (q2 * 4 - fy2024) / fy2024 * 100\n\`\`\``,
      },
    ]);
    const r = await ask({ documentIds: [tenQ, tenK], question, mode: 'pot-python' });
    expect(r.execution?.ok, r.execution?.error ?? '').toBe(true);
    expect(r.answer.value).toBeCloseTo(((23743 * 4 - 88821) / 88821) * 100, 9);
    expect(r.reads.map((x) => [x.documentId, x.fact?.label])).toEqual([
      [tenK, 'FY2024'],
      [tenQ, 'Q2 2025'],
    ]);
  }, 180_000);

  it('a missing document, too many documents and a mixed-in untagged PDF', async () => {
    await expect(ask({ documentIds: [tenK, 999_999] })).rejects.toThrow(
      /document #999999 is not in this workspace/,
    );
    const tooMany = await services.registry.call('ask.run', {
      askId: 'too-many-documents',
      providerId: 1,
      model: 'test-chat',
      mode: 'pot',
      question: QUESTION,
      documentIds: [1, 2, 3, 4, 5, 6, 7, 8, 9],
    });
    expect(tooMany.ok).toBe(false);
    expect(!tooMany.ok && tooMany.error).toMatchObject({
      code: 'invalid-input',
      message: 'ask.run: documentIds: at most 8 documents in one ask',
    });

    // An untagged PDF page beside a tagged filing: labelled as untagged, cell() only.
    const pdf = await importOne(PDF_PAGE);
    const question = 'What were J&J sales in fiscal 2024, and what does the JPMorgan page show?';
    server.setReplies([
      {
        match: question,
        reply: `\`\`\`javascript\nfunction solution() {\n  return fact('${SALES}', 'FY2024').value;\n}\n\`\`\``,
      },
    ]);
    const before = server.requests.length;
    const r = await ask({ documentIds: [tenK, pdf], question });
    expect(r.execution).toMatchObject({ ok: true, value: 88821 });
    expect(r.filings?.map((f) => [f.documentId, f.tagged])).toEqual([
      [tenK, true],
      [pdf, false],
    ]);
    const prompt = promptOf(
      server.requests.slice(before).find((q) => promptOf(q).includes(question))!,
    );
    expect(prompt).toMatch(
      new RegExp(`=== Filing d${pdf}: .*not tagged: read its numbers with cell\\(\\)`),
    );
  }, 180_000);
});
