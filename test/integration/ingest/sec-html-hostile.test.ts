import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseInWorker } from '../../../main/document/parse-in-worker';
import { tempDir } from '../../support/temp-dir';

/**
 * Small hostile HTML that cost the reader unbounded time or memory (issue 9): 660 KB of 20,000
 * nested tables aborted the process at 4.3 GB, 10^6 nested spans ran past 180 s, a table of
 * 50,000 columns took 275 s. Through the real parse worker with a 512 MB heap cap, each now
 * ends in well under 10 s: nesting from 256 to 10,000 elements is flattened and read; deeper
 * nesting, tables past the bounds and paths past the work budget are refused as too complex.
 */
const head = '<html><body>SECURITIES AND EXCHANGE COMMISSION Form 10-K ';
const nested: [string, () => string][] = [
  ['3,000 nested tables', () => `${head}${'<table><tr><td>1'.repeat(3_000)}</body></html>`],
  ['9,000 nested spans', () => `${head}${'<span>x'.repeat(9_000)}</body></html>`],
];
const refused: [string, () => string][] = [
  ['20,000 nested tables', () => `${head}${'<table><tr><td>1'.repeat(20_000)}</body></html>`],
  ['10^6 nested spans', () => `${head}${'<span>x'.repeat(1_000_000)}</body></html>`],
  [
    'a table of 50,000 columns',
    () =>
      `${head}<table><tr>${Array.from({ length: 50_000 }, (_, i) => `<td>Year ${i}</td>`).join('')}</tr>` +
      `<tr><td>Revenue</td>${'<td>1,234</td>'.repeat(49_999)}</tr></table></body></html>`,
  ],
  [
    'a few columns of colspan 1000',
    () => `${head}<table><tr>${'<td colspan="1000">x</td>'.repeat(3)}</tr></table></body></html>`,
  ],
  [
    'a table of 300,000 cells',
    () =>
      `${head}<table>${'<tr><td>a</td><td>1</td><td>2</td></tr>'.repeat(100_000)}</table></body></html>`,
  ],
  [
    'deep nesting, again and again',
    () => `${head}${`${'<div>x'.repeat(250)}${'</div>'.repeat(250)}`.repeat(600)}</body></html>`,
  ],
];

describe('the SEC HTML reader against hostile shapes', () => {
  const dir = tempDir('workbench-hostile-html-');
  afterAll(() => dir.cleanup());
  const parse = parseInWorker({ maxHeapMb: 512, timeoutMs: 30_000 });

  it.each(nested)(
    'reads %s quickly, flattening what is nested past the bound',
    async (name, make) => {
      const path = join(dir.dir, 'nested.htm');
      writeFileSync(path, make());
      const started = performance.now();
      await expect(
        parse({ path, name: 'nested.htm', kind: 'sec-html' }, () => {}),
      ).resolves.toBeDefined();
      expect(performance.now() - started, name).toBeLessThan(5000);
    },
  );

  it.each(refused)('refuses %s as too complex, quickly', async (name, make) => {
    const path = join(dir.dir, 'hostile.htm');
    writeFileSync(path, make());
    const started = performance.now();
    await expect(
      parse({ path, name: 'hostile.htm', kind: 'sec-html' }, () => {}),
    ).rejects.toMatchObject({
      code: 'unsupported',
      message: expect.stringMatching(/^hostile\.htm: too complex to read \(/) as unknown,
    });
    expect(performance.now() - started, name).toBeLessThan(5000);
  });

  it('still reads a filing just inside the bounds', async () => {
    const path = join(dir.dir, 'wide.htm');
    const cols = 1800;
    writeFileSync(
      path,
      `${head}<table><tr><td></td>${Array.from({ length: cols }, (_, i) => `<td>${2000 + i}</td>`).join('')}</tr>` +
        `<tr><td>Revenue</td>${'<td>1,234</td>'.repeat(cols)}</tr></table>${'<div>'.repeat(200)}deep text${'</div>'.repeat(200)}</body></html>`,
    );
    await expect(
      parse({ path, name: 'wide.htm', kind: 'sec-html' }, () => {}),
    ).resolves.toBeDefined();
  });
});
