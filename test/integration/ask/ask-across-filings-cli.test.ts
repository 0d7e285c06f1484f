import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport } from '../../../shared/library/document';
import { dataPath, hasData } from '../../support/data-dir';
import { runSourceCliAsync } from '../../support/cli';
import { startOpenAiTestServer, type OpenAiTestServer } from '../../support/openai-test-server';
import { tempDir } from '../../support/temp-dir';

const JNJ_10K = dataPath('sec-check', 'jnj-10-k-2025-02-13.html');
const JNJ_10Q = dataPath('sec-more', 'jnj-10-q-2025-07-24.html');
const SALES = 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax';
const QUESTION = 'How much did quarterly sales run-rate grow over fiscal 2024 sales, in percent?';
const PROGRAM = `\`\`\`javascript
function solution() {
  return (fact('${SALES}', 'Q2 2025').value * 4 / fact('${SALES}', 'FY2024').value - 1) * 100;
}
\`\`\``;

type Out = {
  answer: { value: number };
  documentIds?: number[];
  filings?: { documentId: number; form: string }[];
  grounding: { literals: { source: string; documentId?: number; fact?: { label: string } }[] };
};

describe.skipIf(!hasData)('workbench ask across filings', () => {
  const ws = tempDir('ask-filings-cli-');
  let server: OpenAiTestServer;
  let tenK = 0;
  let tenQ = 0;
  const model = () => ['--base-url', server.baseUrl, '--model', 'test-chat', '--mode', 'pot'];

  beforeAll(async () => {
    if (!hasData) return;
    server = await startOpenAiTestServer({ replies: [{ match: QUESTION, reply: PROGRAM }] });
    const r = await runSourceCliAsync([
      'import',
      '--workspace',
      ws.dir,
      JNJ_10K,
      JNJ_10Q,
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const items = (JSON.parse(r.stdout) as ImportReport).items;
    [tenK, tenQ] = items.map((i) => (i.ok ? i.document.id : 0)) as [number, number];
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    ws.cleanup();
  });

  const expected = ((23743 * 4) / 88821 - 1) * 100;

  it('--document A --document B: one ask over both, the grounding cites both filings', async () => {
    const r = await runSourceCliAsync([
      'ask',
      '--workspace',
      ws.dir,
      '--document',
      String(tenK),
      '--document',
      String(tenQ),
      '--question',
      QUESTION,
      ...model(),
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as Out;
    expect(out.answer.value).toBeCloseTo(expected, 9);
    expect(out.documentIds).toEqual([tenK, tenQ]);
    const cells = out.grounding.literals.filter((l) => l.source === 'cell');
    expect(cells.map((l) => [l.documentId, l.fact?.label])).toEqual([
      [tenQ, 'Q2 2025'],
      [tenK, 'FY2024'],
    ]);
    // The human summary (stderr under --json) lists the filings and cites each fact.
    expect(r.stderr).toMatch(new RegExp(`d${tenK}  JOHNSON & JOHNSON 10-K FY2024`, 'i'));
    expect(r.stderr).toContain(`${SALES}, Q2 2025 (ended 2025-06-29)`);
  }, 120_000);

  it('--company KEY asks about the company’s filings, newest first', async () => {
    const r = await runSourceCliAsync([
      'ask',
      '--workspace',
      ws.dir,
      '--company',
      'johnson & johnson',
      '--question',
      QUESTION,
      ...model(),
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as Out;
    expect(out.documentIds).toEqual([tenQ, tenK]);
    expect(out.filings?.map((f) => f.form)).toEqual(['10-Q', '10-K']);
    expect(out.answer.value).toBeCloseTo(expected, 9);
    // The filer's CIK (dei:EntityCentralIndexKey), leading zeros left out, names it too.
    const byCik = await runSourceCliAsync([
      'ask',
      '--workspace',
      ws.dir,
      '--company',
      '200406',
      '--question',
      QUESTION,
      ...model(),
      '--json',
    ]);
    expect(byCik.code, byCik.stderr).toBe(0);
    expect((JSON.parse(byCik.stdout) as Out).documentIds).toEqual([tenQ, tenK]);
  }, 120_000);

  it('bad input: an unknown company, too many documents, a missing one, --company with --document', async () => {
    const ask = (...args: string[]) =>
      runSourceCliAsync([
        'ask',
        '--workspace',
        ws.dir,
        '--question',
        QUESTION,
        ...model(),
        ...args,
      ]);
    const unknown = await ask('--company', 'Acme Rockets');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(
      /no company "Acme Rockets" in the Library \(companies: Johnson & Johnson\)/i,
    );
    const nine = await ask(
      ...Array.from({ length: 9 }, (_, i) => ['--document', String(i + 1)]).flat(),
    );
    expect(nine.code).toBe(2);
    expect(nine.stderr).toContain('ask.run: documentIds: at most 8 documents in one ask');
    const missing = await ask('--document', String(tenK), '--document', '4242');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('document #4242 is not in this workspace');
    const both = await ask('--company', 'x', '--document', '1');
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('give --company KEY or one of');
  }, 120_000);
});
