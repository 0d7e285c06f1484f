import { describe, expect, it } from 'vitest';
import { firstBlocksOf, firstScreenOf } from '../../../shared/document/first-screen-json';

// The boot script reads document.open's answer only as far as the first screen needs
// (shared/document/first-screen-json.ts): what it takes must be what JSON.parse of the
// whole gives, whatever the strings hold.

const tricky = 'quote " backslash \\ \\" brackets ] } [ { , : unicode ‘é’ 𝄞 \u2028 \n tab\t';
const block = (i: number) =>
  i % 7 === 3
    ? { type: 'table', id: `t${i}`, location: { kind: 'html', path: `/p[${i}]` } }
    : { type: 'paragraph', id: `b${i}`, text: `${tricky} #${i}`, location: null };
const table = (i: number) => ({
  id: `t${i}`,
  caption: `${tricky} caption ${i}`,
  rows: [{ kind: 'body', label: `] ${i} }`, level: 0, sourceRow: 0 }],
  cells: [{ text: '1,234', value: -1.5e-3, nested: [[], {}, [{ a: [true, false, null] }]] }],
});
const model = {
  schemaVersion: 2,
  source: { name: 'a "b" \\ c', kind: 'sec-html' },
  title: tricky,
  blocks: Array.from({ length: 80 }, (_, i) => block(i)),
  tables: Array.from({ length: 80 }, (_, i) => i)
    .filter((i) => i % 7 === 3)
    .map(table),
  warnings: [],
};
const answer = { ok: true, value: { document: { id: 3, name: tricky, kind: 'sec-html' }, model } };

describe('the first screen read from document.open’s answer', () => {
  it('equals the pieces of the whole answer parsed, compact or indented', () => {
    for (const text of [JSON.stringify(answer), JSON.stringify(answer, null, 2)]) {
      const first = firstScreenOf(text, 30)!;
      expect(first.document).toEqual(answer.value.document);
      expect(first.blocks).toEqual(model.blocks.slice(0, 30));
      const ids = new Set(first.blocks.filter((b) => b.type === 'table').map((b) => b.id));
      expect(ids.size).toBe(4);
      expect(first.tables).toEqual(model.tables.filter((t) => ids.has(t.id)));
    }
  });

  it('reads a model’s UTF-8 bytes as latin1 and decodes the pieces (the service’s way)', () => {
    const bytes = Buffer.from(JSON.stringify(model));
    const first = firstBlocksOf(bytes.toString('latin1'), 30, (s, e) =>
      bytes.toString('utf8', s, e),
    )!;
    expect(first.blocks).toEqual(model.blocks.slice(0, 30));
    expect(first.tables.map((t) => t.caption)).toEqual(
      model.tables.slice(0, 4).map((t) => t.caption),
    );
  });

  it('takes fewer blocks than asked when the document has fewer, and no tables when none', () => {
    const small = {
      ...answer,
      value: { ...answer.value, model: { ...model, blocks: [block(0)] } },
    };
    const first = firstScreenOf(JSON.stringify(small), 30)!;
    expect(first.blocks).toEqual([block(0)]);
    expect(first.tables).toEqual([]);
  });

  it('draws nothing from an error, another shape or a cut answer', () => {
    const error = { ok: false, error: { code: 'not-found', message: 'no document #3' } };
    expect(firstScreenOf(JSON.stringify(error), 30)).toBeUndefined();
    expect(firstScreenOf('{"ok":true,"value":{"other":1}}', 30)).toBeUndefined();
    expect(firstScreenOf('not json', 30)).toBeUndefined();
    const text = JSON.stringify(answer);
    expect(firstScreenOf(text.slice(0, text.indexOf('"tables"') + 20), 30)).toBeUndefined();
  });
});
