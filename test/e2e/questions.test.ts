import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Method, MethodInput, MethodOutput } from '../../shared/api/contract';
import type { EvidenceTarget } from '../../shared/document/evidence';
import { artifactsDir } from '../support/browser';
import { dataPath, hasData } from '../support/data-dir';
import { openWebSession, type WebSession } from '../support/web-session';

type CellTarget = Extract<EvidenceTarget, { type: 'cell' }>;

/**
 * Questions meet documents (issue 8): datasets imported into a workspace, then in the browser
 * Library → dataset → question, the record shown in the document view with its gold evidence
 * outlined, and the gold answer hidden until asked for.
 */
describe.skipIf(!hasData)('Question screen in web mode (TAT-QA, MultiHiertt, TableQuest)', () => {
  let session: WebSession;
  let page: Page;

  async function call<M extends Method>(method: M, input: MethodInput<M>) {
    const r = await session.services.registry.call(method, input);
    if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
    return r.value as MethodOutput<M>;
  }
  const importDataset = async (format: 'tatqa' | 'multihiertt' | 'tablequest', path: string) =>
    (await call('datasets.import', { format, path })).dataset;

  /** Opens a dataset from the Library's Datasets table by its name. */
  async function openDatasetFromLibrary(name: string) {
    await page
      .getByRole('navigation', { name: 'Screens' })
      .getByRole('link', { name: 'Library' })
      .click();
    await page
      .getByRole('table', { name: 'Datasets' })
      .getByRole('link', { name, exact: true })
      .click();
    await page.getByRole('list', { name: 'Questions' }).waitFor();
  }

  const goldAnswer = () => page.locator('#gold-answer');

  beforeAll(async () => {
    session = await openWebSession([], { width: 1500, height: 950 });
    page = session.page;
  });
  afterAll(() => session?.close());

  it('opens a MultiHiertt question from the Library: gold cells outlined, gold hidden until shown', async () => {
    const dataset = await importDataset(
      'multihiertt',
      dataPath('datasets', 'multihiertt', 'dev_subset.json'),
    );
    // The first question whose gold evidence names a cell, and that cell's value as filed.
    const { questions } = await call('datasets.questions', { datasetId: dataset.id });
    let picked: { id: number; externalId: string; target: CellTarget; text: string } | undefined;
    let answer = '';
    for (const q of questions) {
      const { question } = await call('questions.get', { id: q.id });
      const target = question.evidence.find((e) => e.target?.type === 'cell')?.target as
        CellTarget | undefined;
      if (!target || question.documentId === null) continue;
      const { model } = await call('document.open', { id: question.documentId });
      const cell = model.tables
        .find((t) => t.id === target.tableId)
        ?.cells.find((c) => c.sourceRow === target.sourceRow && c.sourceCol === target.sourceCol);
      if (!cell?.text) continue;
      picked = { id: q.id, externalId: q.externalId, target, text: cell.text };
      answer = String(question.gold.answer);
      break;
    }
    expect(picked, 'a MultiHiertt question with a cell as gold evidence').toBeDefined();
    const p = picked!;

    await page.goto(session.server.url);
    await openDatasetFromLibrary(dataset.name);
    expect(page.url()).toContain(`#/dataset/${dataset.id}`);
    const filter = page.getByRole('searchbox', { name: 'Filter questions' });
    await filter.fill(p.externalId);
    await expect.poll(() => page.locator('.question-list li').count()).toBe(1);
    await filter.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`#/question/${p.id}$`));

    const grid = page.locator(`.table-grid[data-table-id="${p.target.tableId}"]`);
    const goldCells = grid.locator('.ag-cell.cell-gold');
    await goldCells.first().waitFor({ timeout: 30_000 });
    expect((await goldCells.allTextContents()).map((t) => t.trim())).toContain(p.text);

    // The gold answer is hidden until asked for.
    expect(await goldAnswer().textContent()).toMatch(/answer is hidden/);
    expect(await goldAnswer().textContent()).not.toContain(answer);
    await page.screenshot({ path: join(artifactsDir, 'question-multihiertt.png') });
    await page.getByRole('button', { name: /Show gold/ }).click();
    await expect.poll(() => goldAnswer().textContent()).toContain(answer);

    // The evidence list says what the reference resolved to; going there selects the cell.
    const item = page
      .getByRole('list', { name: 'Gold evidence' })
      .getByRole('button')
      .filter({ hasText: `= ${p.text}` })
      .first();
    await item.click();
    const details = page.getByRole('complementary', { name: 'Cell details' });
    await details.waitFor();
    expect(await details.textContent()).toContain(p.text);
    expect(await grid.locator('.cell-gold.cell-selected').count()).toBeGreaterThan(0);

    // A user's own mark looks different from gold: filled, where gold is only outlined.
    const background = (selector: string) =>
      page.evaluate(
        `getComputedStyle(document.querySelector('[data-table-id="${p.target.tableId}"] ${selector}')).backgroundColor`,
      );
    const goldBg = await background('.cell-gold.cell-selected');
    await page.keyboard.press('e');
    await grid.locator('.cell-gold.cell-evidence').first().waitFor();
    const markedBg = await background('.cell-gold.cell-evidence');
    expect(markedBg).not.toBe(goldBg);
    await page.screenshot({ path: join(artifactsDir, 'question-multihiertt-gold.png') });
  });

  it('opens a TAT-QA question from the Library: gold paragraph and table outlined, keys step through', async () => {
    const dataset = await importDataset(
      'tatqa',
      dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json'),
    );
    const { questions } = await call('datasets.questions', { datasetId: dataset.id });
    // The list's 2nd, 3rd questions (reached with the keyboard below).
    const [, second, third] = questions;
    const { question } = await call('questions.get', { id: second!.id });
    const paragraph = question.evidence.find((e) => e.target?.type === 'paragraph')?.target;
    const table = question.evidence.find((e) => e.target?.type === 'table')?.target;
    expect(paragraph && table, 'TAT-QA question 2 cites a paragraph and its table').toBeTruthy();
    const { model } = await call('document.open', { id: question.documentId! });
    const block = model.blocks.find(
      (b) => paragraph?.type === 'paragraph' && b.id === paragraph.blockId,
    );
    const answer = (question.gold.answer as string[])[0]!;

    await openDatasetFromLibrary(dataset.name);
    // ↓ from the filter enters the list, j moves down, Enter opens.
    await page.getByRole('searchbox', { name: 'Filter questions' }).press('ArrowDown');
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`#/question/${second!.id}$`));

    const goldParagraph = page.locator('.doc-paragraph.gold');
    await goldParagraph.first().waitFor({ timeout: 30_000 });
    expect(await goldParagraph.first().textContent()).toContain(
      block && block.type !== 'table' ? block.text.slice(0, 40) : '?',
    );
    const goldTable = page.locator('section.doc-table.gold');
    await goldTable.waitFor();
    expect(await goldTable.locator('.gold-badge').textContent()).toBe('gold evidence');
    await goldTable.locator('.ag-cell').first().waitFor();

    // "Show gold" was chosen on the MultiHiertt question: remembered, across a reload too.
    await expect.poll(() => goldAnswer().textContent()).toContain(answer);
    await page.getByRole('button', { name: /Hide gold/ }).click();
    await page.reload();
    await goldParagraph.first().waitFor({ timeout: 30_000 });
    expect(await goldAnswer().textContent()).toMatch(/answer is hidden/);
    expect(await goldAnswer().textContent()).not.toContain(answer);
    await page.screenshot({ path: join(artifactsDir, 'question-tatqa.png') });
    await page.keyboard.press('g');
    await expect.poll(() => goldAnswer().textContent()).toContain(answer);
    expect(await page.getByRole('navigation', { name: 'Questions' }).textContent()).toMatch(
      /2 of 1,668/,
    );
    await page.screenshot({ path: join(artifactsDir, 'question-tatqa-gold.png') });

    // Next and previous question: Alt+→ and k.
    await page.keyboard.press('Alt+ArrowRight');
    await page.waitForURL(new RegExp(`#/question/${third!.id}$`));
    await page.getByText(third!.question).waitFor();
    await page.keyboard.press('k');
    await page.waitForURL(new RegExp(`#/question/${second!.id}$`));
    await page.getByText(second!.question).first().waitFor();
  });

  it('opens a TableQuest question on its PDF page, and names the PDF once it is removed', async () => {
    const dataset = await importDataset('tablequest', dataPath('tablequest', 'easy.json'));
    const { questions } = await call('datasets.questions', { datasetId: dataset.id });
    const q = questions[0]!;
    expect(q.documentId).not.toBeNull();

    await page.goto(`${session.server.url}#/question/${q.id}`);
    const view = page.getByRole('region', { name: 'PDF page' });
    await view.locator('canvas').waitFor({ timeout: 60_000 });
    await expect.poll(() => view.getAttribute('class')).toContain('gold');
    await expect.poll(() => view.textContent()).toMatch(/Page 1 of 1.*gold evidence page/);
    expect(await page.getByRole('list', { name: 'Gold evidence' }).textContent()).toMatch(
      /page_number \d+\s*page 1/,
    );
    // Outlines are placed once the page is drawn.
    await view.locator('[data-table-outline]').first().waitFor({ timeout: 30_000 });
    await page.screenshot({ path: join(artifactsDir, 'question-tablequest-pdf.png') });

    // The PDF leaves the library: the question stays, and says which file is missing.
    await call('library.remove', { id: q.documentId! });
    await page.reload();
    const missing = page.getByRole('alert');
    await missing.waitFor();
    expect(await missing.textContent()).toContain(
      `${q.documentExternalId}.pdf is not in the library`,
    );
    await page.screenshot({ path: join(artifactsDir, 'question-missing-pdf.png') });
  });

  it('logged no errors', () => {
    expect(session.errors.join('\n')).toBe('');
  });
});
