import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Method, MethodInput, MethodOutput } from '../../shared/api/contract';
import { gridLayout } from '../../shared/document/grid-layout';
import { artifactsDir } from '../support/browser';
import { dataPath, hasData } from '../support/data-dir';
import { startOpenAiTestServer, type OpenAiTestServer } from '../support/openai-test-server';
import { openWebSession, type WebSession } from '../support/web-session';

const NVDA = dataPath('sec', 'NVDA_10-K_FY2025', 'nvda-10-k-2025-02-26.html');

// Questions no filing text contains, so a scripted reply matches the question and not the
// retrieved context that shares the last user message with it.
const GROWTH_Q = 'By what percent did total revenue grow from fiscal 2024 to fiscal 2025?';
const CANCEL_Q = 'What share of fiscal 2025 revenue was left after the cost of revenue?';

/**
 * Issue 12, done-when 3: ask a real filing in PoT mode through the Ask panel in web mode,
 * against the local OpenAI-compatible test server. The panel streams the model's text, then
 * shows the program, its result, the grounding report, the cells read framed in the grid, the
 * evidence, and on a dataset question with gold the grade; cancel mid-stream stops the ask.
 */
describe.skipIf(!hasData)('Ask panel in web mode (NVDA 10-K, TAT-QA)', () => {
  let session: WebSession;
  let page: Page;
  let llm: OpenAiTestServer;
  let docId: number;
  /** The income statement's id and the grid positions of revenue, fiscal 2025 and 2024. */
  let income: { id: string; row: number; texts: [string, string] };

  async function call<M extends Method>(method: M, input: MethodInput<M>) {
    const r = await session.services.registry.call(method, input);
    if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
    return r.value as MethodOutput<M>;
  }

  const program = () =>
    [
      'function solution() {',
      `  // revenue, in millions: fiscal 2025 and fiscal 2024`,
      `  const fy2025 = cell('${income.id}', ${income.row}, 0);`,
      `  const fy2024 = cell('${income.id}', ${income.row}, 1);`,
      '  return (fy2025 - fy2024) / fy2024 * 100;',
      '}',
    ].join('\n');

  const panel = () => page.getByRole('complementary', { name: 'Ask' });
  const askButton = () => panel().getByRole('button', { name: 'Ask', exact: true });
  const streamText = () => panel().getByLabel('Model output');
  const answer = () => panel().getByRole('region', { name: 'Answer' });

  beforeAll(async () => {
    llm = await startOpenAiTestServer({ models: ['test-chat', 'test-embed'] });
    session = await openWebSession([NVDA]);
    page = session.page;
    docId = session.ids[0]!;
    // Real cells to read: revenue in the first two columns of the income statement.
    const { model } = await call('document.open', { id: docId });
    const table = model.tables.find((t) =>
      /^NVIDIA Corporation and Subsidiaries Consolidated Statements of Income/i.test(t.caption),
    )!;
    const layout = gridLayout(table);
    const row = layout.rows.findIndex((r) => /^Revenue$/i.test(r.label.trim()));
    const at = (col: number) => layout.rows[row]!.cells[layout.columns[col]!.field]!.text;
    income = { id: table.id, row, texts: [at(0), at(1)] };
    llm.setReplies([
      {
        match: GROWTH_Q,
        reply: `I read revenue for both years and compute the growth.\n\n\`\`\`javascript\n${program()}\n\`\`\``,
        chunkSize: 12,
      },
      {
        match: CANCEL_Q,
        reply: `Let me think step by step about this. ${'The cost of revenue is subtracted. '.repeat(30)}`,
        chunkSize: 6,
      },
    ]);
  });
  afterAll(async () => {
    await session?.close();
    await llm?.close();
  });

  it('adds the test server on the Models screen; Test connection is OK', async () => {
    expect(income.row, 'the income statement has a Revenue row').toBeGreaterThanOrEqual(0);
    await page.goto(session.server.url);
    await page
      .getByRole('navigation', { name: 'Screens' })
      .getByRole('link', { name: 'Models' })
      .click();
    await page.getByRole('button', { name: 'Add provider' }).click();
    const form = page.getByRole('form', { name: 'New provider' });
    await form.getByLabel('Server').selectOption('custom');
    await form.getByLabel('Name', { exact: true }).fill('Test server');
    await form.getByLabel('Base URL').fill(llm.baseUrl);
    await form.getByLabel('Default model').fill('test-chat');
    await form.getByRole('button', { name: 'Save' }).click();
    const row = page
      .getByRole('table', { name: 'Providers' })
      .getByRole('row', { name: /Test server/ });
    await row.getByRole('button', { name: 'Test connection to Test server' }).click();
    await row.locator('.test-ok').waitFor();
    expect(await row.locator('.test-ok').textContent()).toMatch(/^OK/);
  });

  it('asks the 10-K in PoT mode: streams, then program, result, grounding, cells read, evidence', async () => {
    await page
      .getByRole('navigation', { name: 'Screens' })
      .getByRole('link', { name: 'Library' })
      .click();
    await page.getByRole('link', { name: /\.html$/ }).click();
    await page.getByRole('navigation', { name: 'Outline' }).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await panel().waitFor();
    await panel().getByRole('textbox', { name: 'Question' }).fill(GROWTH_Q);
    await panel().getByLabel('Mode', { exact: true }).selectOption('pot');
    await expect
      .poll(() => panel().getByLabel('Model', { exact: true }).inputValue())
      .toBe('test-chat');
    // The prompt templates of the mode, the DocMath-Eval preset among them, shown as text.
    await panel().getByText('Advanced').click();
    const template = panel().getByLabel('Prompt template');
    expect(await template.locator('option').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringMatching(/DocMath-Eval PoT/)]),
    );
    await panel().getByText('Advanced').click();

    // Slow chunks, so the stream can be seen growing.
    llm.fault({ kind: 'slow', delayMs: 120, perChunk: true, path: '/chat/completions' });
    await askButton().click();
    await streamText().waitFor({ timeout: 30_000 });
    const early = (await streamText().textContent()) ?? '';
    await expect
      .poll(async () => ((await streamText().textContent()) ?? '').length)
      .toBeGreaterThan(early.length);
    expect(await panel().getByRole('status').first().textContent()).toMatch(/writing|Cancel/);
    await page.screenshot({ path: join(artifactsDir, 'ask-streaming.png') });

    await answer().waitFor({ timeout: 60_000 });
    const result = answer();
    // The program, highlighted: the helper calls are their own spans.
    const prog = result.getByLabel('Program');
    expect(await prog.textContent()).toBe(program());
    expect(await prog.locator('.tok-helper').count()).toBe(2);
    // Its result: (2025 − 2024) / 2024 × 100 from the cells as displayed.
    const [a, b] = income.texts.map((t) => Number(t.replace(/[$,]/g, '')));
    const growth = ((a! - b!) / b!) * 100;
    expect(await result.getByLabel('Execution').textContent()).toContain(
      String(growth).slice(0, 6),
    );
    expect(await result.locator('.ask-answer').textContent()).toMatch(/\d/);
    // Grounding: the two cells read and the constant 100.
    const grounding = result.getByRole('table', { name: 'Grounding report' });
    const groundingText = (await grounding.textContent()) ?? '';
    expect(groundingText).toContain('cell');
    expect(groundingText).toContain('constant');
    expect(await result.locator('.grounding-unsupported').count()).toBe(0);
    // The cells read, linked; going to one selects it in the grid, framed as read.
    const reads = result.getByRole('list', { name: 'Cells read' });
    expect(await reads.getByRole('listitem').count()).toBe(2);
    await reads.getByRole('button').first().click();
    const grid = page.locator(`.table-grid[data-table-id="${income.id}"]`);
    await grid.locator('.ag-cell.cell-read.cell-selected').waitFor({ timeout: 15_000 });
    const framed = (await grid.locator('.ag-cell.cell-read').allTextContents()).map((t) =>
      t.trim(),
    );
    expect(framed).toEqual(expect.arrayContaining(income.texts));
    // Retrieved evidence with scores.
    const evidence = result.getByRole('list', { name: 'Retrieved evidence' });
    expect(await evidence.getByRole('listitem').count()).toBeGreaterThan(0);
    expect(await evidence.locator('.hit-score').first().textContent()).toMatch(/^-?\d+\.\d\d$/);
    expect(await result.getByLabel('Usage').textContent()).toMatch(
      /prompt \+ \d+ completion tokens/,
    );
    await page.screenshot({ path: join(artifactsDir, 'ask-document.png') });

    // The ask is in the history, newest first.
    const history = panel().getByRole('list', { name: 'Earlier asks' });
    expect(await history.getByRole('listitem').first().textContent()).toContain(GROWTH_Q);
  });

  it('cancel mid-stream stops the ask and says cancelled', async () => {
    // Typing in the question box is text: "e" does not mark the selected cell.
    const box = panel().getByRole('textbox', { name: 'Question' });
    await box.fill('');
    await box.press('e');
    expect(await page.locator('.ag-cell.cell-evidence').count()).toBe(0);
    await box.fill(CANCEL_Q);
    await panel().getByLabel('Mode', { exact: true }).selectOption('cot');
    llm.fault({ kind: 'slow', delayMs: 250, perChunk: true, path: '/chat/completions' });
    const before = llm.requests.length;
    await askButton().click();
    await expect
      .poll(async () => ((await streamText().textContent()) ?? '').length)
      .toBeGreaterThan(0);
    await panel().getByRole('button', { name: 'Cancel' }).click();
    const ended = panel().locator('.api-error.cancelled');
    await ended.waitFor({ timeout: 10_000 });
    expect(await ended.textContent()).toContain('Cancelled');
    // What had streamed stays, cut short; the model request was aborted.
    const partial = (await streamText().textContent()) ?? '';
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.length).toBeLessThan(200);
    await expect
      .poll(() =>
        llm.requests.slice(before).some((r) => r.path.endsWith('/chat/completions') && r.aborted),
      )
      .toBe(true);
    await expect.poll(() => askButton().isDisabled()).toBe(false);
    await page.screenshot({ path: join(artifactsDir, 'ask-cancelled.png') });
  });

  it('a refused request is a clear error in the panel, not a hang', async () => {
    await panel().getByRole('textbox', { name: 'Question' }).fill(`${CANCEL_Q} (again)`);
    llm.fault({ kind: 'status', status: 401, path: '/chat/completions' });
    await askButton().click();
    const error = panel().locator('.api-error');
    await error.waitFor({ timeout: 30_000 });
    expect(await error.textContent()).toContain('The server refused the API key');
    expect(await error.textContent()).toContain('llm-unauthorized');
    await page.screenshot({ path: join(artifactsDir, 'ask-error.png') });
  });

  it('asks a TAT-QA question with gold: the panel shows the grade', async () => {
    const { dataset } = await call('datasets.import', {
      format: 'tatqa',
      path: dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json'),
    });
    const { questions } = await call('datasets.questions', { datasetId: dataset.id });
    // A question with one numeric gold answer, answered with it (chain of thought).
    let picked: { id: number; text: string; answer: string } | undefined;
    for (const q of questions.slice(0, 60)) {
      const { question } = await call('questions.get', { id: q.id });
      const gold = question.gold.answer;
      if (typeof gold === 'number' && question.documentId !== null) {
        picked = { id: q.id, text: question.question, answer: String(gold) };
        break;
      }
    }
    expect(picked, 'a TAT-QA question with a numeric gold answer').toBeDefined();
    const q = picked!;
    llm.setReplies([
      {
        match: q.text,
        reply: `The table gives it directly. Therefore, the answer is ${q.answer}.`,
      },
    ]);

    await page.evaluate(`location.hash = '#/question/${q.id}'`);
    await panel().waitFor();
    expect(await panel().getByRole('textbox', { name: 'Question' }).inputValue()).toBe(q.text);
    await panel().getByLabel('Mode', { exact: true }).selectOption('cot');
    await askButton().click();
    const grade = answer().getByLabel('Grade');
    await grade.waitFor({ timeout: 60_000 });
    expect(await grade.textContent()).toMatch(/✓ Correct/);
    expect(await grade.textContent()).toContain(`gold: `);
    await page.screenshot({ path: join(artifactsDir, 'ask-question-grade.png') });
    expect(session.errors).toEqual([]);
  });
});
