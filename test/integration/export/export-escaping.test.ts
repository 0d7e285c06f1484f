import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../../main/services';
import { csvField } from '../../../shared/export/csv';
import { escapeHtml } from '../../../main/export/html-escape';
import { launchBrowser } from '../../support/browser';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';
import { tempServices } from '../../support/services';
import { tempDir } from '../../support/temp-dir';
import { exportTo, parseCsv, readTranscripts } from './export-support';

// Hostile text in every place the report shows untrusted text: the question, a filing's
// paragraph and table labels (a real TAT-QA record with its text replaced), and a model's output,
// program and answer. None of it may survive as markup, in the file or in Chromium.

const HOSTILE = [
  '<script>window.__pwned = 1</script>',
  '"onerror="window.__pwned=2" x="',
  "<img src=x onerror='window.__pwned=3'>",
  '</style><b id="bold">bold</b>',
  ']]><!-- -->',
  '=HYPERLINK("http://example.invalid")',
].join(' ');

interface TatqaRecord {
  table: { uid: string; table: string[][] };
  paragraphs: { uid: string; order: number; text: string }[];
  questions: { uid: string; question: string; answer: unknown }[];
}

describe('escapeHtml', () => {
  it('escapes the five characters that make markup or end an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
    expect(escapeHtml(null)).toBe('');
    // The formula guard's own cases: test/unit/export/csv.test.ts.
    expect(csvField('=1+1')).toBe(`"'=1+1"`);
    expect(csvField('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvField('a,"b"')).toBe('"a,""b"""');
  });
});

describe.skipIf(!hasData)('export with hostile text', () => {
  let env: Awaited<ReturnType<typeof tempServices>>;
  let s: Services;
  let tmp: ReturnType<typeof tempDir>;
  let runId: number;
  let uids: string[];
  beforeAll(async () => {
    env = await tempServices();
    s = env.services;
    tmp = tempDir('workbench-export-hostile-');
    const dev = JSON.parse(
      readFileSync(dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json'), 'utf8'),
    ) as TatqaRecord[];
    const record = dev[0]!;
    record.table.table[2]![0] = `Fixed Price ${HOSTILE}`;
    record.table.table[3]![1] = HOSTILE;
    for (const p of record.paragraphs) p.text = `${p.text} ${HOSTILE}`;
    for (const q of record.questions) q.question = `${q.question} ${HOSTILE}`;
    uids = record.questions.map((q) => q.uid);
    const dataset = join(tmp.dir, 'hostile_tatqa_dev.json');
    writeFileSync(dataset, JSON.stringify([record]));
    await s.datasets.importFile('tatqa', dataset);
    const outputs = join(tmp.dir, 'hostile_pot.jsonl');
    writeFileSync(
      outputs,
      uids
        .map((uid) =>
          JSON.stringify({
            question_id: uid,
            generated: [`ans = '${HOSTILE.replace(/'/g, '')}'\nunits = ''\n# ${HOSTILE}`],
            pred_answer: HOSTILE,
            pred_scale: '',
          }),
        )
        .join('\n'),
    );
    runId = (await s.runs.importFile({ format: 'tatqa-pot', path: outputs })).runId;
  }, 120_000);
  afterAll(() => {
    env?.cleanup();
    tmp?.cleanup();
  });

  it('the HTML file holds the hostile text only as escaped text', async () => {
    const path = join(tmp.dir, 'report.html');
    const r = await exportTo(s, { kind: 'run', id: runId }, 'html', path);
    expect(r.items).toBe(uids.length);
    const html = readFileSync(path, 'utf8');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toContain('<b id="bold">');
    expect(html).not.toContain(']]><!--');
    expect(html.match(/<style>/g)).toHaveLength(1);
    expect(html.match(/<\/style>/g)).toHaveLength(1);
    // No tag of the file has an event handler or loads anything (escaped text may say so).
    const tags = html.match(/<[a-zA-Z][^>]*>/g) ?? [];
    expect(tags.filter((t) => /\s(on\w+|src|href)\s*=/i.test(t))).toEqual([]);
    // Shown as text: in the question, the program, the answer and the filing's table and text.
    const escaped = escapeHtml(HOSTILE);
    expect(html.split(escaped).length - 1).toBeGreaterThanOrEqual(4 * uids.length);
    expect(html).toContain(`<th class="rl" style="padding-left:0.4em">Fixed Price ${escaped}</th>`);
  });

  it('Chromium opens it offline: no script runs, nothing is fetched, the text is visible', async () => {
    const path = join(tmp.dir, 'report.html');
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const requests: string[] = [];
      page.on('request', (req) => requests.push(req.url()));
      const url = pathToFileURL(path).href;
      await page.goto(url);
      expect(requests).toEqual([url]);
      // A string: the test project has no DOM types; this runs in the page.
      const state = await page.evaluate<{
        pwned: unknown;
        scripts: number;
        images: number;
        bold: boolean;
        text: string;
        items: number;
      }>(`({
        pwned: window.__pwned ?? null,
        scripts: document.scripts.length,
        images: document.images.length,
        bold: document.getElementById('bold') !== null,
        text: document.body.innerText,
        items: document.querySelectorAll('section.item').length,
      })`);
      expect(state).toMatchObject({ pwned: null, scripts: 0, images: 0, bold: false });
      expect(state.items).toBe(uids.length);
      expect(state.text).toContain('<script>window.__pwned = 1</script>');
      expect(state.text).toContain("<img src=x onerror='window.__pwned=3'>");
      expect(state.text).toContain('</style><b id="bold">bold</b>');
      expect(state.text).toContain(']]><!-- -->');
    } finally {
      await browser.close();
    }
  });

  it('CSV and JSONL carry the same text as data, the formula guarded', async () => {
    const csv = join(tmp.dir, 'report.csv');
    await exportTo(s, { kind: 'run', id: runId }, 'csv', csv);
    const rows = parseCsv(readFileSync(csv, 'utf8'));
    expect(rows).toHaveLength(uids.length + 1);
    expect(rows[1]![4]).toBe(HOSTILE);
    const jsonl = join(tmp.dir, 'report.jsonl');
    await exportTo(s, { kind: 'run', id: runId }, 'jsonl', jsonl);
    const lines = readTranscripts(jsonl);
    expect(lines[0]!.answer).toBe(HOSTILE);
    expect(lines[0]!.question).toContain(HOSTILE);
  });
});

if (!hasData) describe('export with hostile text', () => it.skip(noDataMessage));
