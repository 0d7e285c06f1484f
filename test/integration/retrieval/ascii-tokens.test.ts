import type { Database } from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asciiTokens, SEPARATORS_OUTSIDE_ASCII } from '../../../main/retrieval/ascii-tokens';
import { ftsTokenizer } from '../../../main/retrieval/postings';
import { memoryIndexDatabase } from '../../../main/retrieval/retrieval-service';
import { indexPassages } from '../../../shared/retrieval/passages';
import type { Passage } from '../../../shared/retrieval/passages';
import { searchTerms } from '../../../shared/retrieval/terms';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';
import { tempServices } from '../../support/services';

/** Every suffix a step of fts5_porter looks at, and the endings its follow-up rules read. */
const SUFFIXES = (
  's es sses ies ss eed ed ing at bl iz ational tional enci anci izer logi bli alli entli eli ' +
  'ousli ization ation ator alism iveness fulness ousness aliti iviti biliti ical ness icate ' +
  'iciti ful ative alize al ance ence er ic able ible ant ement ment ent ion sion tion ou ism ' +
  'ate iti ous ive ize e le ll y ly ying ied hop hopping filing controlled'
).split(' ');

/** Stems of every shape the rule conditions tell apart (m = 0, 1, 2; *o; *v*; y; digits). */
const STEMS = (
  'b tr a e y by ay sy cat hop tan fil oat conflat rat trout feed agree sky plot relat cond ' +
  'genera operat adjust x2 q4 20 fy2019 bowl cross happ'
).split(' ');

/**
 * The JavaScript tokenizer (main/retrieval/ascii-tokens.ts) against FTS5's own
 * (`porter unicode61 remove_diacritics 2`, through its temp tables), token for token: the
 * postings and a question's terms are read with one or the other, and must be the same.
 */
describe('FTS5 tokens in JavaScript (real SQLite)', () => {
  let db: Database;

  beforeAll(() => {
    db = memoryIndexDatabase();
  });

  afterAll(() => db?.close());

  it("stems every rule's suffix on stems of every shape as FTS5 does", () => {
    const words = [
      ...STEMS.flatMap((stem) => SUFFIXES.map((suffix) => stem + suffix)),
      ...SUFFIXES,
      // Too short or too long to stem, and around the 64-character limit.
      'as',
      'is',
      'ies',
      'sss',
      'x'.repeat(63) + 's',
      'x'.repeat(64) + 's',
      'ab'.repeat(40) + 'ing',
      '2019s',
      '10-ks',
      "company's",
      'Revenues, NET (loss)',
      'FY2019: $1,577.3 million — “adjusted”',
    ];
    const fts = ftsTokenizer(db).tokensViaFts(words);
    const js = words.map((w) => asciiTokens(w));
    expect(words.length).toBeGreaterThan(1900);
    expect(js).toEqual(fts);
  });

  it('reads each listed character outside ASCII as FTS5 does: a separator', () => {
    const chars = [...SEPARATORS_OUTSIDE_ASCII];
    const texts = chars.map((c) => `ab${c}cd ${c}revenues${c} x${c}${c}2019`);
    expect(texts.map((t) => asciiTokens(t))).toEqual(ftsTokenizer(db).tokensViaFts(texts));
    expect(asciiTokens('ab—cd')).toEqual(['ab', 'cd']);
  });

  it('leaves any other character to FTS5 (letters, diacritics, ligatures)', () => {
    for (const text of ['résumé', 'naïve', 'ﬂow', 'Ångström', 'ª', 'a\u0301b', '鈥'])
      expect(asciiTokens(`revenue ${text}`), text).toBeUndefined();
    // Through the tokenizer, those terms still get FTS5's tokens.
    expect(ftsTokenizer(db).tokensOf(['revenues', 'résumés', 'ﬂows'])).toEqual(
      ftsTokenizer(db).tokensViaFts(['revenues', 'résumés', 'ﬂows']),
    );
  });

  it("builds a document's postings as FTS5 does, units outside ASCII included", () => {
    const units: Passage[] = [
      unit('Revenues grew 12% in FY2019', 'Net revenues | 2019', ''),
      unit('Résumé of the naïve café’s ﬂows', 'Cafés', 'Ångström'),
      unit('Operating activities provided $1,577', 'Cash flows | 2018', 'Statements of cash flows'),
      unit('', '', ''),
      unit('revenue revenue revenues', 'revenues', 'revenue'),
    ];
    const tokenizer = ftsTokenizer(db);
    const hex = (p: { term: string; units: Buffer }[]) =>
      p.map((x) => [x.term, x.units.toString('hex')]);
    expect(hex(tokenizer.postingsOf(units))).toEqual(hex(tokenizer.postingsViaFts(units)));
  });
});

const unit = (body: string, headers: string, caption: string): Passage => ({
  kind: 'paragraph',
  blockId: 'b',
  text: body,
  body,
  headers,
  caption,
});

describe.skipIf(!hasData)('FTS5 tokens in JavaScript on TAT-QA dev (real records)', () => {
  it(`every record's postings and every question's terms as FTS5's, byte for byte`, async () => {
    const { services, cleanup } = await tempServices();
    try {
      const stored = await services.datasets.importFile(
        'tatqa',
        dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json'),
      );
      const questions = services.datasets.questions(stored.datasetId);
      const ids = [...new Set(questions.map((q) => q.documentId))];
      const tokenizer = ftsTokenizer(services.workspace.db);
      const hex = (p: { term: string; units: Buffer }[]) =>
        p.map((x) => `${x.term}:${x.units.toString('hex')}`).join(' ');
      let units = 0;
      for (const id of ids) {
        const passages = indexPassages(await services.documents.model(id!));
        units += passages.length;
        expect(hex(tokenizer.postingsOf(passages)), `record ${id}`).toBe(
          hex(tokenizer.postingsViaFts(passages)),
        );
      }
      expect(units).toBeGreaterThan(5000);
      const terms = [
        ...new Set(questions.flatMap((q) => searchTerms(q.question)).map((t) => t.term)),
      ];
      expect(tokenizer.tokensOf(terms)).toEqual(tokenizer.tokensViaFts(terms));
    } finally {
      cleanup();
    }
  }, 120_000);
});

if (!hasData) console.log(`[skip] ${noDataMessage}`);
