import { describe, expect, it } from 'vitest';
import { openDatasetFile } from '../../../main/ingest/datasets/dataset-file';
import { readFinqaFile } from '../../../main/ingest/datasets/finqa';
import { readMultihierttFile } from '../../../main/ingest/datasets/multihiertt';
import { readTathqaFile } from '../../../main/ingest/datasets/tathqa';
import { readTatqaFile } from '../../../main/ingest/datasets/tatqa';
import { Question } from '../../../shared/datasets';
import { isQuestionAsParsed, parseStoredQuestion } from '../../../shared/datasets/question-check';
import { dataPath, hasData } from '../../support/data-dir';

// The stored question's check without zod (shared/datasets/question-check.ts) must answer what
// `Question.parse` answers: its own value only when that is zod's answer, else zod decides.

type Obj = Record<string, unknown>;

const answer = (f: (v: unknown) => unknown, v: unknown): string => {
  try {
    return JSON.stringify(f(v));
  } catch {
    return 'throws';
  }
};

/** [first, (hole), last]: zod reads the hole as undefined, `every` would skip it. */
function holey(first: unknown, last: unknown): unknown[] {
  const a: unknown[] = [first];
  a[2] = last;
  return a;
}

const ev = (q: Obj, i = 0) => (q.evidence as Obj[])[i] as Obj;
/** Ways to change one stored question (as the repo builds it from JSON.parse). */
const mutations: [string, (q: Obj) => void][] = [
  ['id empty', (q) => (q.id = '')],
  ['documentExternalId a number', (q) => (q.documentExternalId = 3)],
  ['question null', (q) => (q.question = null)],
  ['scale unknown', (q) => (q.scale = 'millions')],
  ['scale null', (q) => (q.scale = null)],
  ['scale percent', (q) => (q.scale = 'percent')],
  ['type removed', (q) => delete q.type],
  ['an unknown key', (q) => (q.extra = 1)],
  [
    'keys reordered',
    (q) => {
      const { id, ...rest } = q;
      for (const k of Object.keys(q)) delete q[k];
      Object.assign(q, rest, { id });
    },
  ],
  ['gold.answer a list with a number', (q) => ((q.gold as Obj).answer = ['a', 1])],
  ['gold.answer a list with a hole', (q) => ((q.gold as Obj).answer = holey('a', 'b'))],
  ['gold.answer an object', (q) => ((q.gold as Obj).answer = { a: 1 })],
  ['gold.answer null', (q) => ((q.gold as Obj).answer = null)],
  ['gold.answer removed', (q) => delete (q.gold as Obj).answer],
  ['gold.answer Infinity', (q) => ((q.gold as Obj).answer = Infinity)],
  ['gold.shown a number', (q) => ((q.gold as Obj).shown = 5)],
  ['gold.program undefined', (q) => ((q.gold as Obj).program = undefined)],
  ['gold with an unknown key', (q) => ((q.gold as Obj).extra = 'x')],
  ['evidence not an array', (q) => (q.evidence = {})],
  [
    'evidence with a hole',
    (q) => {
      const [e] = q.evidence as unknown[];
      q.evidence = holey(e, e);
    },
  ],
  [
    'evidence target null without a reason',
    (q) => q.evidence && (q.evidence = [{ ref: 'r', target: null }]),
  ],
  [
    'evidence target null with a reason',
    (q) => (q.evidence = [{ ref: 'r', target: null, reason: 'x' }]),
  ],
  [
    'evidence resolved with a reason',
    (q) => (q.evidence = [{ ref: 'r', target: { type: 'table', tableId: 't' }, reason: 'x' }]),
  ],
  [
    'evidence target unknown type',
    (q) => (q.evidence = [{ ref: 'r', target: { type: 'sheet', tableId: 't' } }]),
  ],
  [
    'evidence target toString type',
    (q) => (q.evidence = [{ ref: 'r', target: { type: 'toString' } }]),
  ],
  [
    'evidence cell row negative',
    (q) =>
      (q.evidence = [
        { ref: 'r', target: { type: 'cell', tableId: 't', sourceRow: -1, sourceCol: 0 } },
      ]),
  ],
  [
    'evidence cell col fractional',
    (q) =>
      (q.evidence = [
        { ref: 'r', target: { type: 'cell', tableId: 't', sourceRow: 1, sourceCol: 0.5 } },
      ]),
  ],
  [
    'evidence cell keys reordered',
    (q) =>
      (q.evidence = [
        { ref: 'r', target: { type: 'cell', sourceRow: 1, tableId: 't', sourceCol: 0 } },
      ]),
  ],
  [
    'evidence cell ok',
    (q) =>
      (q.evidence = [
        { ref: 'r', target: { type: 'cell', tableId: 't', sourceRow: 1, sourceCol: 0 } },
      ]),
  ],
  [
    'evidence row missing sourceRow',
    (q) => (q.evidence = [{ ref: 'r', target: { type: 'row', tableId: 't' } }]),
  ],
  [
    'evidence paragraph empty id',
    (q) => (q.evidence = [{ ref: 'r', target: { type: 'paragraph', blockId: '' } }]),
  ],
  ['evidence page 0', (q) => (q.evidence = [{ ref: 'r', target: { type: 'page', page: 0 } }])],
  [
    'evidence page 3 with text and note',
    (q) => (q.evidence = [{ ref: 'r', target: { type: 'page', page: 3 }, text: 't', note: 'n' }]),
  ],
  [
    'evidence target with an extra key',
    (q) => (q.evidence = [{ ref: 'r', target: { type: 'table', tableId: 't', x: 1 } }]),
  ],
  [
    'evidence ref removed',
    (q) => q.evidence && (q.evidence as unknown[]).length && delete ev(q).ref,
  ],
  ['evidence text a number', (q) => (q.evidence as unknown[]).length && (ev(q).text = 1)],
  [
    'a class instance as gold',
    (q) => (q.gold = Object.assign(Object.create({ x: 1 }) as Obj, q.gold as Obj)),
  ],
];

const files: [string, () => Question[]][] = [
  [
    'TAT-QA dev',
    () =>
      readTatqaFile(openDatasetFile(dataPath('datasets/tatqa/tatqa_dataset_dev.json'))).questions,
  ],
  [
    'TAT-HQA dev',
    () =>
      readTathqaFile(openDatasetFile(dataPath('datasets/tat-hqa/tatqa_and_hqa_dataset_dev.json')))
        .questions,
  ],
  [
    'FinQA dev-200',
    () => readFinqaFile(openDatasetFile(dataPath('datasets/finqa/finqa_dev_200.json'))).questions,
  ],
  [
    'MultiHiertt dev subset',
    () =>
      readMultihierttFile(openDatasetFile(dataPath('datasets/multihiertt/dev_subset.json')))
        .questions,
  ],
];

describe.skipIf(!hasData)('stored questions: checked as zod checks them', () => {
  for (const [name, read] of files)
    it(
      `${name}: every question vouched for as stored, every mutation as zod`,
      { timeout: 60_000 },
      () => {
        const questions = read();
        expect(questions.length).toBeGreaterThan(0);
        for (const q of questions) {
          // As the repo rebuilds it: the row's columns, gold and evidence through JSON.
          const stored = JSON.parse(JSON.stringify(q)) as Obj;
          expect(isQuestionAsParsed(stored)).toBe(true);
          expect(JSON.stringify(parseStoredQuestion(stored))).toBe(
            JSON.stringify(Question.parse(stored)),
          );
        }
        for (const q of questions.slice(0, 40))
          for (const [what, mutate] of mutations) {
            const v = JSON.parse(JSON.stringify(q)) as Obj;
            mutate(v);
            const zod = answer((x) => Question.parse(x), v);
            expect(`${what}: ${answer(parseStoredQuestion, v)}`).toBe(`${what}: ${zod}`);
            // Vouched for only when zod accepts and returns the same bytes.
            if (isQuestionAsParsed(v)) expect(zod).toBe(JSON.stringify(v));
          }
      },
    );
});
