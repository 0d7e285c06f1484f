import { describe, expect, it } from 'vitest';
import { documentSchemaVersion, type Block, type Document } from '../../../shared/document';
import { indexPassages } from '../../../shared/retrieval/passages';

const line = (id: string, page: number, text: string): Block => ({
  type: 'paragraph',
  id,
  text,
  location: { kind: 'pdf', page, box: { x: 0, y: 0, width: 1, height: 1 } },
});

function pdf(blocks: Block[]): Document {
  return {
    schemaVersion: documentSchemaVersion,
    source: { name: 'f.pdf', kind: 'pdf', bytes: 1 },
    title: 'f',
    pageCount: 3,
    blocks,
    tables: [],
    warnings: [],
  };
}

describe('indexPassages on a PDF', () => {
  it('lets a short title line head the paragraphs below it, but not a running head', () => {
    const units = indexPassages(
      pdf([
        line('a', 1, 'Table of Contents'),
        line('b', 1, 'Note 5 - Acquisitions'),
        line('c', 1, 'On August 1, 2022, the Company completed the purchase of a plant.'),
        line('d', 2, 'Table of Contents'),
        line('e', 2, 'The plant makes films.'),
        line('f', 3, 'Table of Contents'),
      ]),
    );
    const headers = new Map(units.map((u) => [u.blockId, u.headers]));
    expect(headers.get('c')).toBe('Note 5 - Acquisitions');
    // The running head on every page does not replace the title.
    expect(headers.get('e')).toBe('Note 5 - Acquisitions');
    expect(headers.get('b')).toBe('');
  });
});
