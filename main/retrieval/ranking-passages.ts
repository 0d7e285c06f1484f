import type { ScoredPassage } from '../../shared/retrieval/bm25f';
import type { HitKind } from '../../shared/retrieval/hit';

/**
 * What ranking reads of a document's units (kind, block, column lengths, page, lead-in, order),
 * in one value per document (migration 24, `retrieval_ranking_units`): reading it from
 * `retrieval_unit_meta` took one row per unit (13,000 for a large PDF, 40–80 ms on a loaded
 * machine), every time a document fell out of the cache of recently searched ones, which a
 * search across the workspace does for most of the documents it ranks. Decoding this takes a
 * few milliseconds.
 *
 * Layout, all unsigned LEB128 varints: the number of distinct strings, then each as its UTF-8
 * byte length and bytes (block ids and lead-in table ids); the number of units; then per unit:
 * ordinal, kind (index in KINDS), block id's string index, len_text, len_headers, len_caption,
 * page + 1 (0: none), lead-in table's string index + 1 (0: none).
 */

/** One unit as `retrieval_unit_meta` holds it for ranking (the columns fts-index.ts reads). */
export type RankingRow = [
  ordinal: number,
  kind: HitKind,
  blockId: string,
  page: number | null,
  lenText: number,
  lenHeaders: number,
  lenCaption: number,
  leadInOf: string | null,
];

export interface RankingPassages {
  scored: ScoredPassage[];
  pages: (number | null)[];
  ordinals: number[];
}

const KINDS: readonly HitKind[] = ['cell', 'row', 'table', 'paragraph'];

/** The units as ranking uses them, from rows in unit order. */
export function rankingPassagesOf(rows: readonly RankingRow[]): RankingPassages {
  return {
    scored: rows.map(([, kind, blockId, , lenText, lenHeaders, lenCaption, leadInOf]) => ({
      kind,
      lens: [lenText, lenHeaders, lenCaption],
      blockId,
      ...(leadInOf !== null ? { leadInOf } : {}),
    })),
    pages: rows.map((r) => r[3]),
    ordinals: rows.map((r) => r[0]),
  };
}

export function encodeRankingPassages(rows: readonly RankingRow[]): Buffer {
  const strings = new Map<string, number>();
  const id = (s: string) => {
    let i = strings.get(s);
    if (i === undefined) strings.set(s, (i = strings.size));
    return i;
  };
  const values: number[] = [];
  for (const [ordinal, kind, blockId, page, lenText, lenHeaders, lenCaption, leadInOf] of rows) {
    const k = KINDS.indexOf(kind);
    if (k < 0) throw new Error(`unknown unit kind "${kind}"`);
    values.push(
      ordinal,
      k,
      id(blockId),
      lenText,
      lenHeaders,
      lenCaption,
      page === null ? 0 : page + 1,
      leadInOf === null ? 0 : id(leadInOf) + 1,
    );
  }
  const bytes: number[] = [];
  const varint = (value: number) => {
    if (!Number.isSafeInteger(value) || value < 0)
      throw new Error(`cannot store ${value} in a unit's ranking data`);
    let v = value;
    while (v >= 0x80) {
      bytes.push((v % 0x80) | 0x80);
      v = Math.floor(v / 0x80);
    }
    bytes.push(v);
  };
  varint(strings.size);
  for (const s of strings.keys()) {
    const utf8 = Buffer.from(s, 'utf8');
    varint(utf8.length);
    for (const b of utf8) bytes.push(b);
  }
  varint(rows.length);
  for (const v of values) varint(v);
  return Buffer.from(bytes);
}

export function decodeRankingPassages(bytes: Uint8Array): RankingPassages {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let i = 0;
  const varint = () => {
    let v = 0;
    let scale = 1;
    for (;;) {
      const b = buffer[i++];
      if (b === undefined) throw new Error("a unit's ranking data ends early");
      v += (b & 0x7f) * scale;
      if (b < 0x80) return v;
      scale *= 0x80;
    }
  };
  const strings: string[] = [];
  for (let n = varint(); n > 0; n--) {
    const length = varint();
    strings.push(buffer.toString('utf8', i, i + length));
    i += length;
  }
  const count = varint();
  const out: RankingPassages = { scored: [], pages: [], ordinals: [] };
  for (let u = 0; u < count; u++) {
    const ordinal = varint();
    const kind = KINDS[varint()]!;
    const blockId = strings[varint()]!;
    const lens: [number, number, number] = [varint(), varint(), varint()];
    const page = varint();
    const lead = varint();
    out.scored.push({
      kind,
      lens,
      blockId,
      ...(lead !== 0 ? { leadInOf: strings[lead - 1]! } : {}),
    });
    out.pages.push(page === 0 ? null : page - 1);
    out.ordinals.push(ordinal);
  }
  return out;
}
