import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as model from '../../../shared/document';
import { Document } from '../../../shared/document';
import { parseDocumentFast } from '../../../shared/document/document-parse.generated';
import { generateDocumentParse } from './support/document-parse-codegen';
import { entryPaths, exact } from '../../support/document-entries';

const generatedPath = join(
  __dirname,
  '..',
  '..',
  '..',
  'shared',
  'document',
  'document-parse.generated.ts',
);

/** The file as the generator writes it today, formatted as the repository formats TypeScript. */
async function generated(): Promise<string> {
  const names = new Map<z.core.$ZodType, string>();
  for (const [name, value] of Object.entries(model)) {
    if (typeof value === 'object' && value !== null && '_zod' in value && !names.has(value))
      names.set(value, name);
  }
  const source = generateDocumentParse(Document, names);
  const options = await prettier.resolveConfig(generatedPath);
  return prettier.format(source, { ...options, filepath: generatedPath });
}

const fact = (over: Record<string, unknown> = {}) => ({
  concept: 'us-gaap:Revenues',
  contextRef: 'c-1',
  period: { start: '2024-01-01', end: '2024-12-31' },
  dimensions: { 'us-gaap:StatementBusinessSegmentsAxis': 'ba:BCAMember' },
  unitRef: 'usd',
  unit: 'USD',
  decimals: -6,
  scale: 6,
  negated: false,
  factValue: 1.5e9,
  agrees: true,
  ...over,
});

/** A Document using every part of the schema, written as a reader writes it (keys in its own order). */
function sampleDocument(): Record<string, unknown> {
  const html = { kind: 'html', path: '/html[1]/body[1]/div[3]' };
  return {
    source: { kind: 'sec-html', name: 'x-10-k.html', bytes: 1234, extra: 'dropped' },
    schemaVersion: 4,
    title: 'X 10-K',
    blocks: [
      { type: 'heading', id: 'h1', level: 2, text: 'Item 7', location: html },
      { type: 'paragraph', id: 'p1', text: 'Revenue rose.', location: html },
      {
        type: 'paragraph',
        id: 'p2',
        text: 'From a page.',
        location: { kind: 'pdf', page: 3, box: { x: -1, y: 2.5, width: 0, height: 10 } },
      },
      {
        type: 'paragraph',
        id: 'p3',
        text: 'A record.',
        location: { kind: 'dataset', pointer: '/1' },
      },
      { type: 'table', id: 't0', location: html },
    ],
    tables: [
      {
        id: 't0',
        sourceIndex: 0,
        caption: 'Revenue',
        scaleNote: null,
        location: html,
        rowCount: 3,
        colCount: 4,
        columnHeaders: [
          {
            text: 'Year',
            sourceRow: 0,
            firstCol: 1,
            lastCol: 3,
            children: [
              {
                text: '2024',
                sourceRow: 1,
                firstCol: 1,
                lastCol: 1,
                children: [],
                footnotes: ['1'],
              },
            ],
          },
        ],
        rowHeaders: [],
        rows: [
          { sourceRow: 0, kind: 'header', label: '', level: 0, path: [] },
          {
            kind: 'data',
            sourceRow: 2,
            label: 'Notes 0.5% due 2030',
            level: 1,
            path: ['Debt', 'Notes 0.5% due 2030'],
            footnotes: ['a'],
            numbers: [
              {
                sourceCol: 0,
                offset: 6,
                text: '0.5%',
                value: 0.5,
                unit: '%',
                scale: 0.01,
                xbrl: [fact({ period: { instant: '2024-12-31' }, decimals: 'INF', unit: null })],
              },
            ],
          },
        ],
        cells: [
          {
            sourceRow: 2,
            sourceCol: 1,
            text: '$1,500',
            kind: 'number',
            value: 1500,
            scale: 1e6,
            unit: 'USD',
            rowPath: ['Debt'],
            colPath: ['Year', '2024'],
            xbrl: [fact(), fact({ period: { forever: true }, decimals: null, unitRef: null })],
            visible: {
              kind: 'number',
              value: -1500,
              scale: 1e6,
              unit: 'USD',
              scaleBasis: { source: 'caption', phrase: '(In millions)' },
            },
            scaleBasis: { source: 'inline-xbrl', phrase: 'scale="6"' },
            unitBasis: { source: 'inline-xbrl', phrase: 'unit usd' },
            warnings: ['the visible text read 1,500 USD/share'],
            footnotes: ['2'],
          },
          {
            sourceRow: 2,
            sourceCol: 2,
            text: '3.6%-5.4%',
            kind: 'range',
            value: null,
            range: [3.6, 5.4],
            scale: 0.01,
            unit: '%',
            rowPath: ['Debt'],
            colPath: ['2023'],
            footnotes: undefined,
          },
        ],
      },
    ],
    warnings: ['Table t0 states no scale.'],
    xbrl: { factsInTables: 3, agreeing: 2 },
    pageCount: 7,
    externalId: 'uid-1',
  };
}

/** The object or array holding the entry at `path`, and the entry's key. */
function holderOf(root: unknown, path: (string | number)[]) {
  let holder = root as Record<string | number, unknown>;
  for (const k of path.slice(0, -1)) holder = holder[k] as Record<string | number, unknown>;
  return { holder, key: path[path.length - 1]! };
}

const replacements: unknown[] = [
  undefined,
  null,
  0,
  -1,
  1.5,
  -0.5,
  NaN,
  Infinity,
  2 ** 53,
  7,
  '',
  'x',
  '123456789',
  'INF',
  'heading',
  'pdf',
  'inline-xbrl',
  true,
  [],
  [1],
  [1, 2],
  [1, 2, 3],
  {},
  { instant: '2024-12-31' },
  { instant: '2024-12-31', extra: 1 },
  { forever: false },
  { kind: 'html' },
  { kind: 'html', path: '/p' },
];

describe('the generated Document parser', () => {
  // prettier loads in about a second, more on a busy machine
  it('is generated from the schema as it is now', { timeout: 30_000 }, async () => {
    const now = await generated();
    if (process.env.UPDATE_DOCUMENT_PARSE === '1') writeFileSync(generatedPath, now);
    expect(existsSync(generatedPath), `${generatedPath} is missing`).toBe(true);
    const file = readFileSync(generatedPath, 'utf8');
    expect(
      file === now,
      'shared/document/document-parse.generated.ts is out of date with the Document schema: run\n' +
        '  UPDATE_DOCUMENT_PARSE=1 npx vitest run --config vitest.config.mts test/unit/document/document-parse-generated.test.ts\n' +
        'and commit it.',
    ).toBe(true);
  });

  it('returns what zod returns for a Document using every part of the schema', () => {
    const doc = sampleDocument();
    const fast = parseDocumentFast(doc);
    expect(fast).toBeDefined();
    expect(exact(fast)).toBe(exact(Document.parse(doc)));
    expect(fast).not.toBe(doc); // a fresh value, as zod's
    // the reader's key order is not the schema's: the output's is
    expect(Object.keys(fast ?? {}).slice(0, 3)).toEqual(['schemaVersion', 'externalId', 'source']);
  });

  // About 9,000 documents, each checked by zod and by the fast parser
  it(
    'rejects what zod rejects and accepts what it accepts, for every entry changed or deleted',
    {
      timeout: 60_000,
    },
    () => {
      let rejected = 0;
      let accepted = 0;
      for (const path of entryPaths(sampleDocument())) {
        for (const change of [...replacements, 'delete', 'extra key', '__proto__ key']) {
          const doc = sampleDocument();
          const { holder, key } = holderOf(doc, path);
          if (change === 'delete') {
            if (Array.isArray(holder)) holder.splice(key as number, 1);
            else delete holder[key];
          } else if (change === 'extra key' || change === '__proto__ key') {
            const target = holder[key];
            if (typeof target !== 'object' || target === null || Array.isArray(target)) continue;
            if (change === 'extra key') (target as Record<string, unknown>).extra = 1;
            else Object.defineProperty(target, '__proto__', { value: 1, enumerable: true });
          } else holder[key] = change;
          const zod = Document.safeParse(doc);
          const fast = parseDocumentFast(doc);
          const what = `$.${path.join('.')} ← ${typeof change === 'string' ? change : exact(change)}`;
          if (zod.success) {
            expect(fast, `${what}: zod accepts it`).toBeDefined();
            expect(exact(fast), what).toBe(exact(zod.data));
            accepted++;
          } else {
            expect(
              fast,
              `${what}: zod rejects it (${zod.error.issues[0]?.message})`,
            ).toBeUndefined();
            rejected++;
          }
        }
      }
      // Both outcomes well represented, so the loop above tested something
      expect(rejected).toBeGreaterThan(1000);
      expect(accepted).toBeGreaterThan(200);
    },
  );

  it('returns a Document already in the key order of the schema as it is, with no copy', () => {
    const canonical = Document.parse(sampleDocument());
    expect(parseDocumentFast(canonical)).toBe(canonical);
    // one key out of the schema's order somewhere deep: a fresh copy again, in zod's order
    const moved = Document.parse(sampleDocument());
    const cell = moved.tables[0]!.cells[0]! as Record<string, unknown>;
    const { rowPath } = cell;
    delete cell.rowPath;
    cell.rowPath = rowPath;
    const fast = parseDocumentFast(moved);
    expect(fast).not.toBe(moved);
    expect(exact(fast)).toBe(exact(Document.parse(moved)));
  });

  // The in-place check (the value returned as it is) must vouch only for what zod accepts and
  // returns equal, key order included: every entry of a Document in zod's own order changed,
  // deleted, moved to the end of its object, hidden (non-enumerable) or given another prototype.
  it(
    'returns the value itself only where zod accepts it and returns its equal',
    {
      timeout: 60_000,
    },
    () => {
      let inPlace = 0;
      let copied = 0;
      let rejected = 0;
      const canonical = () => Document.parse(sampleDocument()) as unknown;
      for (const path of entryPaths(canonical())) {
        const changes = [
          ...replacements,
          'delete',
          'extra key',
          '__proto__ key',
          'move last',
          'hide',
          'prototype',
        ];
        for (const change of changes) {
          const doc = canonical();
          const { holder, key } = holderOf(doc, path);
          const target = holder[key];
          const isObj = typeof target === 'object' && target !== null && !Array.isArray(target);
          if (change === 'delete') {
            if (Array.isArray(holder)) holder.splice(key as number, 1);
            else delete holder[key];
          } else if (change === 'move last') {
            if (Array.isArray(holder)) continue;
            delete holder[key];
            holder[key] = target;
          } else if (change === 'hide') {
            if (Array.isArray(holder)) continue;
            Object.defineProperty(holder, key, { enumerable: false });
          } else if (change === 'prototype') {
            if (!isObj) continue;
            Object.setPrototypeOf(target, { inherited: 1 });
          } else if (change === 'extra key' || change === '__proto__ key') {
            if (!isObj) continue;
            if (change === 'extra key') (target as Record<string, unknown>).extra = 1;
            else Object.defineProperty(target, '__proto__', { value: 1, enumerable: true });
          } else holder[key] = change;
          const before = exact(doc);
          const zod = Document.safeParse(doc);
          const fast = parseDocumentFast(doc);
          const what = `$.${path.join('.')} ← ${typeof change === 'string' ? change : exact(change)}`;
          expect(exact(doc), `${what}: the check changed its input`).toBe(before);
          if (!zod.success) {
            expect(fast, `${what}: zod rejects it`).toBeUndefined();
            rejected++;
            continue;
          }
          expect(fast, `${what}: zod accepts it`).toBeDefined();
          expect(exact(fast), what).toBe(exact(zod.data));
          if (fast === doc) {
            expect(['hide', 'prototype'], `${what}: vouched for`).not.toContain(change);
            inPlace++;
          } else copied++;
        }
      }
      // All three outcomes well represented, so the loop above tested something
      expect(rejected).toBeGreaterThan(1000);
      expect(inPlace).toBeGreaterThan(200);
      expect(copied).toBeGreaterThan(100);
    },
  );

  it('rejects values that are not documents at all, as zod does', () => {
    for (const v of [null, undefined, 4, 'doc', [], {}, { schemaVersion: 3 }]) {
      expect(parseDocumentFast(v)).toBeUndefined();
      expect(Document.safeParse(v).success).toBe(false);
    }
  });
});
