import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Method, MethodInput, MethodOutput } from '../../shared/api/contract';
import { artifactsDir } from '../support/browser';
import { dataPath, hasData, noDataMessage } from '../support/data-dir';
import { startOpenAiTestServer, type OpenAiTestServer } from '../support/openai-test-server';
import { tempDir } from '../support/temp-dir';
import { openWebSession, type WebSession } from '../support/web-session';

/** "What is the change in Other in 2019 from 2018?" in TAT-QA dev's first records. */
const OTHER_ID = 'eb787966-fa02-401f-bfaf-ccabf3828b23';

/**
 * Issue 13's "click an item → its question, document, program, trace and verdict" and the UI
 * import of a prediction file, in web mode: a PoT run on real TAT-QA dev records against the
 * local OpenAI-compatible test server (programs run in the real QuickJS sandbox), its report's
 * item side panel (mouse and keyboard), a traced cell opened in the document, and a JSONL
 * prediction file uploaded from the Runs screen.
 */
describe.skipIf(!hasData)(
  'Run items: side panel with program and trace; import from the UI',
  () => {
    let session: WebSession;
    let page: Page;
    let llm: OpenAiTestServer;
    let datasetId: number;
    let runId: number;
    const files = tempDir('e2e-run-items-');

    async function call<M extends Method>(method: M, input: MethodInput<M>) {
      const r = await session.services.registry.call(method, input);
      if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
      return r.value as MethodOutput<M>;
    }
    const nav = (name: string) =>
      page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name }).click();

    beforeAll(async () => {
      llm = await startOpenAiTestServer({
        replies: [
          {
            // A percent the program computes: graded as a percent, listed once ("-20.2703%").
            match: 'What is the percentage change in Other in 2019 from 2018?',
            reply: (req) => {
              const table = /Table (t\d+)/.exec(JSON.stringify(req.body))?.[1] ?? 't0';
              return `\`\`\`javascript\nfunction solution() {\n  const a = cell('${table}', ['Other'], ['2019']);\n  const b = cell('${table}', ['Other'], ['2018']);\n  return (a - b) / b * 100;\n}\n\`\`\``;
            },
          },
          {
            match: 'What is the change in Other in 2019 from 2018?',
            reply: (req) => {
              const table = /Table (t\d+)/.exec(JSON.stringify(req.body))?.[1] ?? 't0';
              return `\`\`\`javascript\nfunction solution() {\n  return cell('${table}', ['Other'], ['2019']) - cell('${table}', ['Other'], ['2018']);\n}\n\`\`\``;
            },
          },
          { match: /./, reply: '```javascript\nfunction solution() {\n  return 2019;\n}\n```' },
        ],
      });
      session = await openWebSession([], { width: 1500, height: 1000 });
      page = session.page;
      const records = (
        JSON.parse(
          readFileSync(dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json'), 'utf8'),
        ) as unknown[]
      ).slice(0, 3);
      const file = join(files.dir, 'tatqa_items.json');
      writeFileSync(file, JSON.stringify(records));
      datasetId = (await call('datasets.import', { format: 'tatqa', path: file })).dataset.id;
      runId = (
        await call('runs.start', {
          datasetId,
          limit: 8,
          provider: { baseUrl: llm.baseUrl },
          model: 'test-chat',
          mode: 'pot',
          concurrency: 2,
        })
      ).runId;
      const until = Date.now() + 60_000;
      while ((await call('runs.get', { runId })).summary.status === 'running') {
        if (Date.now() > until) throw new Error('the run did not finish');
        await new Promise((r) => setTimeout(r, 100));
      }
    }, 120_000);

    afterAll(async () => {
      await session?.close();
      await llm?.close();
      files.cleanup();
    });

    it('clicking an item opens the panel: question, gold, program, cells read, verdicts; a cell opens the document', async () => {
      const { summary } = await call('runs.get', { runId });
      expect(summary).toMatchObject({ status: 'done', done: 8 });
      const question = (await call('datasets.questions', { datasetId })).questions.find(
        (q) => q.externalId === OTHER_ID,
      )!;
      const detail = await call('runs.item', { runId, questionId: question.id });
      expect(detail.trace?.reads).toHaveLength(2);

      await page.goto(session.server.url);
      await nav('Runs');
      await page
        .getByRole('table', { name: 'Runs' })
        .getByRole('link', { name: `#${runId}`, exact: true })
        .click();
      await page.waitForURL(new RegExp(`#/run/${runId}$`));

      // The method: which scorers graded, with their versions.
      const scorers = page.getByRole('list', { name: 'Scorers' });
      await scorers.waitFor({ timeout: 30_000 });
      for (const s of detail.scorers) expect(await scorers.textContent()).toContain(s.version);
      // The default-scorer table's row for the dataset's format (issue 22: one verdict).
      expect(await scorers.textContent()).toContain('Default scorer for TAT-QA: strict');
      expect(await scorers.textContent()).toMatch(/strict\s*strict-\d+\s*— default scorer/);

      const items = page.getByRole('table', { name: 'Items' });
      // Issue 25: the list shows each question's text (a link to it), its dataset id on hover,
      // and no UUIDs.
      const asked = items.getByRole('link', {
        name: 'What is the change in Other in 2019 from 2018?',
        exact: true,
      });
      expect(await asked.getAttribute('title')).toBe(`Dataset id: ${OTHER_ID}`);
      expect(await asked.getAttribute('href')).toBe(`#/question/${question.id}`);
      const shownQuestions = await items.locator('td.question').allTextContents();
      expect(shownQuestions).toHaveLength(8);
      for (const q of shownQuestions) {
        expect(q).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
        expect(q).toMatch(/\?$/);
      }
      // A percent answer is listed once, in its unit; the item panel also gives what was stored.
      const pctRow = items
        .locator('tr')
        .filter({ hasText: 'What is the percentage change in Other in 2019 from 2018?' });
      const pctAnswer = ((await pctRow.locator('td.answer').textContent()) ?? '').trim();
      expect(pctAnswer).toMatch(/^-?\d+(\.\d{1,4})?%$/);
      await page.getByRole('heading', { name: 'Items', exact: true }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(artifactsDir, 'run-items-questions.png') });
      await pctRow.locator('td').nth(3).click();
      const pctPanel = page.getByRole('complementary', { name: /^Item / });
      await pctPanel.locator('.answer-graded').waitFor();
      expect(await pctPanel.locator('.answer-graded').textContent()).toBe(pctAnswer);
      expect(await pctPanel.textContent()).toMatch(
        /\(executed; stored as -?\d+\.\d{5,}, scale percent\)/,
      );
      await page.keyboard.press('Escape');
      await pctPanel.waitFor({ state: 'detached' });
      const row = items.getByRole('row', { name: `Item ${OTHER_ID}` });
      await row.locator('td').nth(3).click();
      const panel = page.getByRole('complementary', { name: `Item ${OTHER_ID}` });
      await panel.waitFor();
      await expect
        .poll(() => panel.getByRole('table', { name: 'Verdicts' }).isVisible())
        .toBe(true);
      expect(await panel.textContent()).toContain('What is the change in Other in 2019 from 2018?');
      expect(await panel.locator('.gold-answer').textContent()).toContain(
        String(detail.question!.gold.answer),
      );
      // The program as text spans from the Ask panel's tokenizer, never as HTML.
      const program = panel.getByLabel('Program', { exact: true });
      expect(await program.textContent()).toContain("cell('t");
      expect(await program.locator('span.tok-number, span.tok-string').count()).toBeGreaterThan(0);
      expect(await panel.textContent()).toMatch(/Ran to -12\.6/);
      // The trace: both cells, with what the filing shows.
      const reads = panel.getByRole('list', { name: 'Cells read' });
      expect(await reads.getByRole('link').count()).toBe(2);
      const first = detail.trace!.reads[0]!;
      expect(await reads.locator('li').first().textContent()).toContain(first.text ?? '');
      // Every scorer's verdict with its rule.
      const verdicts = panel.getByRole('table', { name: 'Verdicts' });
      expect(await verdicts.locator('tbody tr').count()).toBe(detail.verdicts.length);
      for (const v of detail.verdicts) expect(await verdicts.textContent()).toContain(v.rule);
      expect(await verdicts.locator('tbody').textContent()).toContain('✓ correct');
      await page.screenshot({ path: join(artifactsDir, 'run-item-panel.png') });

      // Keyboard: Escape closes and gives the row the focus back; arrows move between rows;
      // Enter on a row opens it.
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
      const focused = () => items.locator('tbody tr:focus').getAttribute('aria-label');
      expect(await focused()).toBe(`Item ${OTHER_ID}`);
      const rows = await Promise.all(
        (await items.locator('tbody tr').all()).map((tr) => tr.getAttribute('aria-label')),
      );
      const below = rows[rows.indexOf(`Item ${OTHER_ID}`) + 1]!;
      await page.keyboard.press('ArrowDown');
      expect(await focused()).toBe(below);
      await page.keyboard.press('Enter');
      await page.getByRole('complementary', { name: below }).waitFor();
      await page.keyboard.press('Escape');
      await page.keyboard.press('ArrowUp');
      expect(await focused()).toBe(`Item ${OTHER_ID}`);
      await page.keyboard.press('Enter');
      await panel.waitFor();
      await expect.poll(() => reads.getByRole('link').count()).toBe(2);

      // A cell read opens the document at it, framed.
      await reads.getByRole('link').first().click();
      await page.waitForURL(new RegExp(`#/document/${question.documentId}/${first.tableId}$`));
      const framed = page.locator('.cell-selected');
      await framed.first().waitFor({ timeout: 30_000 });
      expect(await framed.count()).toBe(1);
      expect(await framed.textContent()).toContain(first.text ?? '');
      await page.screenshot({ path: join(artifactsDir, 'run-item-cell.png') });
      expect(session.errors).toEqual([]);
    });

    it('imports a prediction file from the Runs screen: progress, the import report, the new run', async () => {
      const questions = (await call('datasets.questions', { datasetId })).questions;
      const text = [
        JSON.stringify({ id: questions[0]!.externalId, output: 'The answer is 1.' }),
        JSON.stringify({ id: questions[1]!.externalId, output: 'I cannot tell.' }),
        '{"id": "no-such-question", "output": "3"}',
        '{not json',
        JSON.stringify({ id: questions[1]!.externalId, output: 'a second answer' }),
      ].join('\n');
      await page.goto(session.server.url);
      await nav('Runs');
      await page.getByRole('button', { name: 'Import predictions…' }).click();
      const form = page.getByRole('form', { name: 'Import predictions' });
      await form.getByLabel('Format').selectOption('jsonl');
      await form.getByLabel('Graded against').selectOption(String(datasetId));
      await form.getByLabel('Prediction file').setInputFiles({
        name: 'my-model.jsonl',
        mimeType: 'application/jsonl',
        buffer: Buffer.from(text),
      });
      await form.getByRole('button', { name: 'Import', exact: true }).click();
      await page.waitForURL(/#\/run\/\d+$/);
      const imported = Number(/#\/run\/(\d+)$/.exec(page.url())![1]);
      expect(imported).not.toBe(runId);

      const report = page.getByRole('status', { name: 'Import report' });
      await report.waitFor({ timeout: 30_000 });
      const said = (await report.textContent()) ?? '';
      expect(said).toContain(`Imported 2 of 5 records as run #${imported}`);
      expect(said).toContain('1 ids not in the dataset (not stored): no-such-question');
      expect(said).toContain('1 unreadable records');
      expect(said).toContain(
        `1 duplicate ids (the first answer kept): ${questions[1]!.externalId}`,
      );
      expect((await call('runs.get', { runId: imported })).summary).toMatchObject({
        model: 'my-model',
        source: 'imported',
        done: 2,
      });
      await page.screenshot({ path: join(artifactsDir, 'run-import-report.png') });

      // A refused file says why and stays on the Runs screen.
      await nav('Runs');
      await page.getByRole('button', { name: 'Import predictions…' }).click();
      await form.getByLabel('Prediction file').setInputFiles({
        name: 'strangers.jsonl',
        mimeType: 'application/jsonl',
        buffer: Buffer.from('{"id": "x-1", "output": "1"}\n'),
      });
      await form.getByRole('button', { name: 'Import', exact: true }).click();
      const alert = form.getByRole('alert');
      await alert.waitFor();
      // The dataset chosen before is kept: the file's ids are not its questions.
      expect(await alert.textContent()).toMatch(
        new RegExp(
          `none of the 1 records of strangers\\.jsonl is a question of dataset #${datasetId}`,
        ),
      );
      expect(page.url()).toMatch(/#\/runs$/);
      expect(session.errors).toEqual([]);
    });
  },
);

if (!hasData) console.warn(`[skip] run items e2e: ${noDataMessage}`);
