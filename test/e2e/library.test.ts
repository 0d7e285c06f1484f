import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir } from '../support/browser';
import { dataPath, hasData } from '../support/data-dir';
import { tempDir } from '../support/temp-dir';
import { openWebSession, type WebSession } from '../support/web-session';

describe('Library screen in web mode (Chromium)', () => {
  let session: WebSession;
  let page: Page;
  const files = tempDir('workbench-e2e-files-');

  beforeAll(async () => {
    session = await openWebSession([], { width: 1280, height: 720 });
    page = session.page;
  });
  afterAll(async () => {
    await session?.close();
    files.cleanup();
  });

  it('shows an empty library that explains what to import', async () => {
    await page.goto(session.server.url);
    await page.getByRole('heading', { name: 'Your library is empty' }).waitFor();
    expect(await page.getByText(/SEC 10-K and 10-Q filings/).isVisible()).toBe(true);
    // Every benchmark format the app reads is named, TableQuest too (issue 25).
    const formats = await page.getByText(/^benchmark files:/).textContent();
    for (const name of [
      'TAT-QA',
      'TAT-HQA',
      'FinQA',
      'MultiHiertt',
      'FinanceMath',
      'FinanceBench',
      'TableQuest',
    ])
      expect(formats).toContain(name);
    await page.screenshot({ path: join(artifactsDir, 'library-empty.png') });
  });

  it('opens the sample filing (imported once, opened again later) and lists it', async () => {
    await page.getByRole('button', { name: 'Open the sample filing' }).click();
    await page.waitForURL(/#\/document\/\d+/);
    const opened = page.url();
    await page.getByRole('heading', { name: /northwind-instruments-10-k-2025\.html/ }).waitFor();
    await page.evaluate(`location.hash = '#/library'`);
    const row = page.getByRole('row', { name: /northwind-instruments-10-k-2025\.html/ });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/SEC HTML/);
    await expect
      .poll(async () => row.textContent())
      .toMatch(/NORTHWIND INSTRUMENTS, INC\.\s*10-K\s*Dec 31, 2025\s*2025/);
    // A second click opens the same document; nothing is reported as a duplicate.
    await page.getByRole('button', { name: 'Open sample filing' }).click();
    await page.waitForURL(/#\/document\/\d+/);
    expect(page.url()).toBe(opened);
    await page.evaluate(`location.hash = '#/library'`);
    await row.waitFor();
    expect(await page.getByText(/duplicate/i).count()).toBe(0);
    expect(await page.getByRole('row', { name: /northwind/ }).count()).toBe(1);
  });

  it('imports files chosen in the browser picker and reports the bad ones by name', async () => {
    const empty = join(files.dir, 'empty-report.pdf');
    writeFileSync(empty, '');
    const pdf = hasData
      ? dataPath('financebench', 'pdfs', '3M_2018_10K.pdf')
      : join(files.dir, 'tiny.pdf');
    if (!hasData) writeFileSync(pdf, '%PDF-1.4\n%%EOF\n');
    await page.getByTestId('file-input').setInputFiles([pdf, empty]);
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(
      /1 imported, 1 not imported.*empty-report\.pdf: the file is empty/s,
    );
    await page.getByRole('row', { name: hasData ? /3M_2018_10K\.pdf/ : /tiny\.pdf/ }).waitFor();
    expect(await page.getByRole('row').count()).toBe(3); // header + 2 documents
    await page.screenshot({ path: join(artifactsDir, 'library-imported.png'), fullPage: true });
  });

  it('lists the same documents the API reports, after a reload', async () => {
    await page.reload();
    await page.getByRole('row', { name: /northwind/ }).waitFor();
    const r = await session.services.registry.call('library.list', {});
    const names = r.ok
      ? (r.value as { documents: { name: string }[] }).documents.map((d) => d.name)
      : [];
    for (const name of names)
      expect(
        await page.getByRole('row', { name: new RegExp(name.replace(/\./g, '\\.')) }).count(),
      ).toBe(1);
  });

  it('is keyboard-friendly: rows take focus and Delete removes after confirmation', async () => {
    page.once('dialog', (d) => void d.accept());
    const row = page.getByRole('row', { name: /northwind/ });
    await row.focus();
    await page.keyboard.press('Delete');
    await expect.poll(() => page.getByRole('row', { name: /northwind/ }).count()).toBe(0);
  });

  it('reads a benchmark file from the library as a dataset of questions', async () => {
    const file = join(files.dir, 'tatqa_mini.json');
    writeFileSync(
      file,
      JSON.stringify([
        {
          table: {
            uid: 't-1',
            table: [
              ['', '2019', '2018'],
              ['Revenue', '1,496.5', '1,200.0'],
            ],
          },
          paragraphs: [{ uid: 'p-1', order: 1, text: 'Revenue grew in 2019.' }],
          questions: [
            {
              uid: 'q-1',
              order: 1,
              question: 'What was revenue in 2019?',
              answer: '1,496.5',
              derivation: '',
              answer_type: 'span',
              answer_from: 'table',
              rel_paragraphs: [],
              req_comparison: false,
              scale: 'million',
            },
          ],
        },
      ]),
    );
    await page.getByTestId('file-input').setInputFiles([file]);
    const row = page.getByRole('row', { name: /tatqa_mini\.json/ });
    await row.waitFor();
    expect(await row.getByRole('combobox').inputValue()).toBe('tatqa');
    await row.getByRole('button', { name: 'Read questions' }).click();
    await page
      .getByRole('table', { name: 'Datasets' })
      .getByRole('row', { name: /tatqa_mini\.json.*tatqa.*1.*1/ })
      .waitFor();
    expect(await page.getByRole('status').last().textContent()).toMatch(
      /1 documents and 1 questions read as tatqa/,
    );
    await page.screenshot({ path: join(artifactsDir, 'library-datasets.png'), fullPage: true });
  });

  it('guesses a dataset file’s format from its shape and says why another format does not fit', async () => {
    const file = join(files.dir, 'questions-export.json');
    writeFileSync(
      file,
      JSON.stringify([
        {
          id: 'ADI/2009/page_49.pdf-1',
          filename: 'ADI/2009/page_49.pdf',
          pre_text: ['Revenue rose.'],
          post_text: [],
          table: [
            ['', '2009'],
            ['revenue', '$ 100'],
          ],
          qa: {
            question: 'What was revenue?',
            answer: '100',
            program: '',
            exe_ans: 100,
            gold_inds: {},
          },
        },
      ]),
    );
    await page.getByTestId('file-input').setInputFiles([file]);
    const row = page.getByRole('row', { name: /questions-export\.json/ });
    await row.waitFor();
    const picker = row.getByRole('combobox', { name: 'Format of questions-export.json' });
    // The name says nothing; the shape says FinQA.
    await expect.poll(() => picker.inputValue()).toBe('finqa');
    expect(await row.getByRole('note').count()).toBe(0);
    await picker.selectOption('tatqa');
    const note = row.getByRole('note');
    expect(await note.textContent()).toBe(
      'This file looks like finqa, not tatqa: its records have pre_text, post_text, qa (FinQA).',
    );
    await page.screenshot({ path: join(artifactsDir, 'library-format-guess.png'), fullPage: true });
    // Read as the wrong format anyway: the error names the file, never its SHA-256.
    await row.getByRole('button', { name: 'Read questions' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'questions-export.json' });
    await alert.waitFor();
    expect(await alert.textContent()).not.toMatch(/[0-9a-f]{64}/);
  });

  it('logged no errors in the page', () => {
    expect(session.errors.join('\n')).toBe('');
  });
});
