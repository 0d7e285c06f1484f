import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentsRepo } from '../../../main/db/documents-repo';
import { openDatabase } from '../../../main/db/open';
import { ftsIndex, kindsFor } from '../../../main/retrieval/fts-index';
import { decodePostings, ftsTokenizer } from '../../../main/retrieval/postings';
import {
  decodeRankingPassages,
  rankingPassagesOf,
  type RankingRow,
} from '../../../main/retrieval/ranking-passages';
import { RetrievalService } from '../../../main/retrieval/retrieval-service';
import type { Document } from '../../../shared/document';
import type { PassageKind } from '../../../shared/retrieval/hit';
import { questionTerms, searchTerms } from '../../../shared/retrieval/terms';
import { ingestFiling } from '../../support/cell-addressing';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';
import { tempDir } from '../../support/temp-dir';

const NVDA = dataPath('sec', 'NVDA_10-K_FY2025', 'nvda-10-k-2025-02-26.html');

const QUESTIONS = [
  'What was Data Center revenue in fiscal 2025?',
  'What were research and development expenses in fiscal 2024?',
  'What was the gross margin in fiscal year 2025?',
  'How much cash was provided by operating activities in fiscal 2025?',
  'What were purchases of property and equipment?',
  'What is the balance of goodwill?',
  'What were total current assets as of January 26, 2025?',
  'effective tax rate',
  'stock-based compensation expense',
  'Cafés, naïve résumés and Ångström units',
];
const UNITS: PassageKind[] = ['cell', 'row', 'block'];

/**
 * A document's own postings (migration 24) against the shared FTS5 index they replace for
 * search: the same units for every term, so the same hits, byte for byte; an index built before
 * them is searched through FTS5 until the document's next own search writes them.
 */
describe.skipIf(!hasData)("a document's own postings (real SQLite, NVIDIA's 10-K)", () => {
  let tmp: ReturnType<typeof tempDir>;
  let db: Database;
  let doc: Document;
  let id: number;
  let service: RetrievalService;

  beforeAll(async () => {
    tmp = tempDir('postings-');
    db = openDatabase(join(tmp.dir, 'workbench.sqlite'));
    doc = ingestFiling(NVDA);
    service = new RetrievalService(db);
    // Other documents' units around it in the shared FTS5 index, as in a real workspace.
    const insert = (n: number) =>
      documentsRepo(db).insert({
        name: `filing-${n}.htm`,
        kind: 'sec-html',
        size: 1,
        sha256: n.toString(16).padStart(64, '0'),
        importedAt: new Date().toISOString(),
      }).id;
    await service.search(insert(1), doc, 'revenue');
    id = insert(2);
    await service.search(id, doc, 'revenue');
    await service.search(insert(3), doc, 'revenue');
  }, 120_000);

  afterAll(() => {
    db?.close();
    tmp?.cleanup();
  });

  /**
   * The document's hits for every question and unit kind, on a fresh connection (nothing
   * cached): through its own postings and ranking data, or (`withPostings` false) as an index
   * built before migration 24 is searched, through FTS5 and one meta row per unit.
   */
  const hitsThrough = (withPostings: boolean) => {
    const saved = db
      .prepare<[number], { document_id: number; units: Buffer; built_at: string }>(
        'SELECT * FROM retrieval_ranking_units WHERE document_id = ?',
      )
      .all(id);
    if (!withPostings)
      db.prepare('DELETE FROM retrieval_ranking_units WHERE document_id = ?').run(id);
    const fresh = openDatabase(join(tmp.dir, 'workbench.sqlite'));
    try {
      const repo = ftsIndex(fresh);
      expect(repo.hasPostings(id)).toBe(withPostings);
      const index = repo.get(id)!;
      return UNITS.flatMap((unit) =>
        QUESTIONS.map((q) =>
          repo.search(index, searchTerms(q), kindsFor(unit), 10).map((r) => [r.ordinal, r.hit]),
        ),
      );
    } finally {
      fresh.close();
      if (!withPostings)
        for (const row of saved)
          db.prepare('INSERT INTO retrieval_ranking_units VALUES (?, ?, ?)').run(
            row.document_id,
            row.units,
            row.built_at,
          );
    }
  };

  it('gives the hits the FTS5 lookups gave, for every unit kind', () => {
    const fts = hitsThrough(false);
    const own = hitsThrough(true);
    expect(fts.flat().length).toBeGreaterThan(100);
    expect(JSON.stringify(own)).toBe(JSON.stringify(fts));
  });

  it('holds, per word, the units and columns FTS5 finds for it', () => {
    const index = ftsIndex(db).get(id)!;
    const matching = db
      .prepare<[string, number, number], number>(
        'SELECT rowid FROM retrieval_units WHERE retrieval_units MATCH ? AND rowid BETWEEN ? AND ?',
      )
      .pluck();
    // The words of the document's units, as a question would have them (FTS5 stems a query's
    // word again, so the stored tokens themselves are not what to ask for).
    const words = [
      ...new Set(
        ftsIndex(db)
          .units(id, ['cell', 'row', 'table', 'paragraph'])
          .flatMap((u) => questionTerms(u.text)),
      ),
    ].sort();
    expect(words.length).toBeGreaterThan(1000);
    const sample = words.filter((_, i) => i % 20 === 0);
    const tokens = ftsTokenizer(db).tokensOf(sample);
    sample.forEach((word, w) => {
      const fromFts = ['text', 'headers', 'caption'].map((c) =>
        matching
          .all(`${c} : "${word}"`, index.first_unit, index.last_unit)
          .map((u) => u - index.first_unit),
      );
      expect(tokens[w], word).toHaveLength(1);
      const posting = storedPostings(tokens[w]![0]!);
      const fromPostings = [1, 2, 4].map((bit) =>
        [...posting].filter(([, mask]) => (mask & bit) !== 0).map(([u]) => u),
      );
      expect(fromPostings, word).toEqual(fromFts);
    });
  });

  /** The stored postings of a token, decoded (none: empty). */
  const storedPostings = (token: string) => {
    const units = db
      .prepare<[number, string], Buffer>(
        'SELECT units FROM retrieval_postings WHERE document_id = ? AND term = ?',
      )
      .pluck()
      .get(id, token);
    return units === undefined ? new Map<number, number>() : decodePostings(units, new Map());
  };

  it("keeps the ranking's view of the units in one value, as the unit rows say", () => {
    const rows = db
      .prepare<[number], RankingRow>(
        `SELECT ordinal, kind, block_id, page, len_text, len_headers, len_caption, lead_in_of
           FROM retrieval_unit_meta WHERE document_id = ? ORDER BY unit_id`,
      )
      .raw()
      .all(id);
    const stored = db
      .prepare<[number], Buffer>('SELECT units FROM retrieval_ranking_units WHERE document_id = ?')
      .pluck()
      .get(id)!;
    expect(rows.length).toBeGreaterThan(2000);
    expect(rows.some((r) => r[7] !== null)).toBe(true);
    expect(decodeRankingPassages(stored)).toEqual(rankingPassagesOf(rows));
  });

  it("tokenizes a question's terms as FTS5 does (stems, folds diacritics)", () => {
    expect(ftsTokenizer(db).tokensOf(['revenues', 'résumés', 'expenditures'])).toEqual([
      ['revenu'],
      ['resum'],
      ['expenditur'],
    ]);
  });

  it('writes the postings of an index built before them on its next own search', async () => {
    const before = hitsThrough(true);
    // As migration 24 leaves an index built before it: units and FTS5 rows, no postings.
    db.prepare('DELETE FROM retrieval_postings WHERE document_id = ?').run(id);
    db.prepare('DELETE FROM retrieval_ranking_units WHERE document_id = ?').run(id);
    const built = ftsIndex(db).get(id)!;
    // Searched across documents (no document opened): through FTS5, same hits.
    const across = service.searchAll('Data Center revenue', { documents: 3 });
    expect(across.hits.length).toBeGreaterThan(0);
    expect(ftsIndex(db).hasPostings(id)).toBe(false);

    await service.search(id, doc, 'Data Center revenue');
    expect(ftsIndex(db).hasPostings(id)).toBe(true);
    // The index itself was kept (same units, same ids), only the postings were added.
    expect(ftsIndex(db).get(id)).toEqual(built);
    expect(JSON.stringify(hitsThrough(true))).toBe(JSON.stringify(before));
    expect(service.searchAll('Data Center revenue', { documents: 3 })).toEqual(across);
  });

  it("goes with the document's index when it is rebuilt or removed", () => {
    const count = () =>
      db
        .prepare<[number], number>('SELECT count(*) FROM retrieval_postings WHERE document_id = ?')
        .pluck()
        .get(id);
    expect(count()).toBeGreaterThan(0);
    service.remove(id);
    expect(count()).toBe(0);
    expect(ftsIndex(db).hasPostings(id)).toBe(false);
  });
});

if (!hasData) console.warn(`[skip] document postings on NVIDIA's 10-K: ${noDataMessage}`);
