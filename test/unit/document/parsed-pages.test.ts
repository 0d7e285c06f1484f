import { describe, expect, it } from 'vitest';
import type { Block, Document } from '../../../shared/document';
import { documentSchemaVersion } from '../../../shared/document';
import { pageBatcher, PAGES_EVERY_MS, type ParsedPages } from '../../../main/document/parsed-pages';

const header = {
  schemaVersion: documentSchemaVersion as typeof documentSchemaVersion,
  source: { name: 'x.pdf', kind: 'pdf' as const, bytes: 1 },
  title: 'x',
  warnings: [],
};
const para = (page: number): Block => ({
  id: `p${page}-b0`,
  type: 'paragraph',
  text: `page ${page}`,
  location: { kind: 'pdf', page, box: { x: 0, y: 0, width: 1, height: 1 } },
});

describe('pageBatcher', () => {
  it('posts page 1 at once, then at most every 300 ms, then the rest at the last page, in order', () => {
    let clock = 1_000;
    const posted: ParsedPages[] = [];
    const checked: Document[] = [];
    const read = pageBatcher(
      header,
      (b) => posted.push(b),
      (d) => (checked.push(d), d),
      () => clock,
    );
    const page = (n: number, ms: number) => {
      clock += ms;
      read(n, 6, { blocks: [para(n)], tables: [] });
    };
    page(1, 50); // at once
    page(2, 100);
    page(3, PAGES_EVERY_MS); // 400 ms after page 1's batch: pages 2–3
    page(4, 10);
    page(5, 10);
    page(6, 10); // the last page: pages 4–6
    expect(posted.map((b) => [b.fromPage, b.toPage, b.pageCount])).toEqual([
      [1, 1, 6],
      [2, 3, 6],
      [4, 6, 6],
    ]);
    expect(posted.flatMap((b) => b.document.blocks.map((x) => x.id))).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => `p${n}-b0`),
    );
    // Every batch went through the check before it was posted.
    expect(checked).toHaveLength(3);
    expect(posted[1]!.document).toMatchObject({ ...header, pageCount: 6 });
  });
});
