import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir } from '../support/browser';
import { dataPath, hasData } from '../support/data-dir';
import { startOpenAiTestServer, type OpenAiTestServer } from '../support/openai-test-server';
import { openWebSession, type WebSession } from '../support/web-session';

// Issue 27, done-when 1 (the asking part): two filings of one company, J&J's 10-K for fiscal
// 2024 and its 10-Q for the second quarter of 2025; a growth question asked from the Ask panel
// across both, through the local OpenAI-compatible test server, whose program reads fact() in
// each filing. The grounding report cites both filings' concepts and periods, and each
// filing's cell is framed in its own grid (the citation of the other filing opens it).
const JNJ_10K = dataPath('sec-check', 'jnj-10-k-2025-02-13.html');
const JNJ_10Q = dataPath('sec-more', 'jnj-10-q-2025-07-24.html');
const SALES = 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax';
const QUESTION = 'How far above fiscal 2024 sales is the second quarter 2025 sales run-rate?';
const PROGRAM = [
  'function solution() {',
  `  const fy2024 = fact('${SALES}', 'FY2024');`,
  `  const q2 = fact('${SALES}', 'Q2 2025');`,
  '  return (q2.value * 4 - fy2024.value) / fy2024.value * 100;',
  '}',
].join('\n');

describe.skipIf(!hasData)('Ask panel across two filings (J&J 10-K and 10-Q)', () => {
  let session: WebSession;
  let page: Page;
  let llm: OpenAiTestServer;
  let tenK: number;
  let tenQ: number;
  const cells: Record<'k' | 'q', { tableId: string }> = {
    k: { tableId: '' },
    q: { tableId: '' },
  };

  const panel = () => page.getByRole('complementary', { name: 'Ask' });
  const answer = () => panel().getByRole('region', { name: 'Answer' });

  beforeAll(async () => {
    llm = await startOpenAiTestServer({ models: ['test-chat'] });
    llm.setReplies([
      {
        match: QUESTION,
        reply: `Both filings are tagged.\n\n\`\`\`javascript\n${PROGRAM}\n\`\`\``,
      },
    ]);
    session = await openWebSession([JNJ_10K, JNJ_10Q]);
    page = session.page;
    [tenK, tenQ] = session.ids as [number, number];
    const saved = await session.services.registry.call('llm.saveProvider', {
      config: {
        name: 'Test server',
        preset: 'custom',
        baseUrl: llm.baseUrl,
        apiKeyName: null,
        defaultModel: 'test-chat',
        params: {},
        timeoutMs: 60_000,
        maxRetries: 0,
      },
    });
    if (!saved.ok) throw new Error(saved.error.message);
    // The Library's company, form and period of both filings (read in the background).
    await session.services.facts.fill();
    const first = async (id: number, label: string) => {
      const facts = await session.services.factIndex.factsOf(id);
      const f = facts.find(
        (x) => x.concept === SALES && x.label === label && Object.keys(x.dimensions).length === 0,
      )!;
      return { tableId: f.cells[0]!.tableId };
    };
    cells.k = await first(tenK, 'FY2024');
    cells.q = await first(tenQ, 'Q2 2025');
  }, 180_000);

  afterAll(async () => {
    await session?.close();
    await llm?.close();
  });

  it('adds the 10-K to an ask on the 10-Q, asks, and cites and frames both filings’ cells', async () => {
    await page.goto(`${session.server.url}#/document/${tenQ}`);
    await page.getByRole('navigation', { name: 'Outline' }).waitFor({ timeout: 90_000 });
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await panel().waitFor();

    // "Add filing…" lists the company's other filing first, under the company's name.
    const add = panel().getByLabel('Add filing');
    await expect
      .poll(() => add.locator('optgroup').first().getAttribute('label'))
      .toMatch(/johnson/i);
    const offered = await add.locator('optgroup').first().locator('option').allTextContents();
    expect(offered).toEqual([expect.stringMatching(/^10-K · period ended 2024-12-29 · jnj-10-k/)]);
    // From the keyboard: focus the picker, pick the first filing, and it is added.
    await add.focus();
    await add.selectOption({ index: 1 });
    const chosen = panel().getByRole('list', { name: 'Filings asked about' });
    await expect.poll(() => chosen.getByRole('listitem').count()).toBe(2);
    expect(await chosen.textContent()).toMatch(/10-Q.*\(open\).*10-K/);
    await chosen.getByRole('button', { name: /^Remove 10-K/ }).waitFor();

    await panel().getByRole('textbox', { name: 'Question' }).fill(QUESTION);
    await panel().getByLabel('Mode', { exact: true }).selectOption('pot');
    await expect
      .poll(() => panel().getByLabel('Model', { exact: true }).inputValue())
      .toBe('test-chat');
    await panel().getByRole('button', { name: 'Ask', exact: true }).click();
    await answer().waitFor({ timeout: 60_000 });

    // The answer: (4 × Q2 2025 − FY2024) / FY2024 × 100 from the filings' tagged facts.
    const expected = ((23743 * 4 - 88821) / 88821) * 100;
    expect(await answer().getByLabel('Execution').textContent()).toContain(
      String(expected).slice(0, 6),
    );
    // The grounding report: each fact's filing, concept and period, and its cell.
    const grounding = answer().getByRole('table', { name: 'Grounding report' });
    const rows = grounding.locator('tbody tr.grounding-cell');
    expect(await rows.count()).toBe(2);
    const [k, q] = (await rows.allTextContents()).map((t) => t.replace(/\s+/g, ' '));
    expect(k).toContain('10-K FY2024');
    expect(k).toContain(`${SALES}, FY2024 (ended 2024-12-29)`);
    expect(k).toContain(`${cells.k.tableId} row`);
    expect(q).toContain('10-Q Q2 2025');
    expect(q).toContain(`${SALES}, Q2 2025 (ended 2025-06-29)`);
    expect(q).toContain(`${cells.q.tableId} row`);
    expect(await answer().locator('.grounding-unsupported').count()).toBe(0);
    expect(await answer().getByRole('list', { name: 'Filings asked about' }).textContent()).toMatch(
      new RegExp(`d${tenQ} .*10-Q.*d${tenK} .*10-K`, 'i'),
    );

    // The 10-Q's cell: in this document, selected and framed as read.
    await rows.nth(1).getByRole('button').click();
    const gridQ = page.locator(`.table-grid[data-table-id="${cells.q.tableId}"]`);
    await gridQ.locator('.ag-cell.cell-read.cell-selected').waitFor({ timeout: 20_000 });
    expect(await gridQ.locator('.ag-cell.cell-read').allTextContents()).toEqual([
      expect.stringContaining('23,743'),
    ]);
    await page.screenshot({ path: join(artifactsDir, 'ask-across-filings-10q.png') });

    // The 10-K's cell: its citation opens the 10-K at the cell (selected), the ask still
    // shown, the cell framed there.
    await rows.nth(0).getByRole('button').click();
    await expect.poll(() => page.url()).toContain(`#/document/${tenK}/${cells.k.tableId}/`);
    const gridK = page.locator(`.table-grid[data-table-id="${cells.k.tableId}"]`);
    await gridK.locator('.ag-cell.cell-read.cell-selected').waitFor({ timeout: 90_000 });
    expect(await gridK.locator('.ag-cell.cell-read').allTextContents()).toEqual([
      expect.stringContaining('88,821'),
    ]);
    expect(await answer().getByRole('table', { name: 'Grounding report' }).count()).toBe(1);
    await page.screenshot({ path: join(artifactsDir, 'ask-across-filings-10k.png') });
    expect(session.errors).toEqual([]);
  }, 240_000);
});
