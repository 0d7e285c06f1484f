import { Question } from './question';

// A stored question checked without zod's generic parser, for the reads that return every
// question of a dataset (a run's plan reads all 1,668 of TAT-QA dev to hash them): zod cost
// about a third of that read, compiling its parsers on first use included (docs/BENCHMARKS.md,
// "Runs engine, sixth pass"). `isQuestionAsParsed` answers true only for a value that already
// is what `Question.parse` (shared/datasets/question.ts) returns for it: plain objects and
// arrays, no key the schema lacks, keys in the schema's order, every value of the schema's type
// and checks, the Evidence rule (a reason exactly when the target is null) kept. false only
// means "not vouched for": the caller asks zod, which decides and throws its usual error, so no
// rejection changes. test/integration/datasets/question-check.test.ts holds it to zod on every
// question of four datasets and on mutations of them; change both together.

type Obj = Record<string, unknown>;

const isPlain = (v: unknown): v is Obj =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;
const isArray = (v: unknown): v is unknown[] =>
  Array.isArray(v) && Object.getPrototypeOf(v) === Array.prototype;
const isString = (v: unknown): v is string => typeof v === 'string';
const isId = (v: unknown): boolean => typeof v === 'string' && v.length >= 1;
const isIndex = (v: unknown): boolean => Number.isSafeInteger(v) && (v as number) >= 0;

/** Every element, holes included (zod reads a hole as undefined; `every` skips it). */
function allOf(a: unknown[], ok: (x: unknown) => boolean): boolean {
  for (let i = 0; i < a.length; i++) if (!ok(a[i])) return false;
  return true;
}

/**
 * The object's own keys are some of `keys`, in their order, every one of `required` among
 * them, and none holds undefined (zod would keep or drop it: not vouched for).
 */
function keysOk(v: Obj, keys: readonly string[], required: readonly string[]): boolean {
  let j = 0;
  let found = 0;
  for (const key of Object.keys(v)) {
    while (j < keys.length && keys[j] !== key) j++;
    if (j === keys.length) return false;
    if (v[key] === undefined) return false;
    if (required.includes(key)) found++;
    j++;
  }
  return found === required.length;
}

const GOLD_KEYS = [
  'answer',
  'shown',
  'program',
  'derivation',
  'answerFrom',
  'explanation',
  'counterfactualOf',
];
const GOLD_REQUIRED = ['answer'];

function goldOk(v: unknown): boolean {
  if (!isPlain(v) || !keysOk(v, GOLD_KEYS, GOLD_REQUIRED)) return false;
  const a = v.answer;
  if (!(
    a === null ||
    (typeof a === 'number' && Number.isFinite(a)) ||
    typeof a === 'string' ||
    (isArray(a) && allOf(a, isString))
  ))
    return false;
  for (let i = 1; i < GOLD_KEYS.length; i++) {
    const x = v[GOLD_KEYS[i] as string];
    if (x !== undefined && typeof x !== 'string') return false;
  }
  return true;
}

/** EvidenceTarget's options (shared/document/evidence.ts): every key required. */
const TARGET_KEYS: Record<string, readonly string[]> = {
  paragraph: ['type', 'blockId'],
  table: ['type', 'tableId'],
  row: ['type', 'tableId', 'sourceRow'],
  cell: ['type', 'tableId', 'sourceRow', 'sourceCol'],
  page: ['type', 'page'],
};

function targetOk(v: unknown): boolean {
  if (!isPlain(v) || typeof v.type !== 'string' || !Object.hasOwn(TARGET_KEYS, v.type))
    return false;
  const keys = TARGET_KEYS[v.type] as readonly string[];
  if (!keysOk(v, keys, keys)) return false;
  switch (v.type) {
    case 'paragraph':
      return isId(v.blockId);
    case 'table':
      return isId(v.tableId);
    case 'row':
      return isId(v.tableId) && isIndex(v.sourceRow);
    case 'cell':
      return isId(v.tableId) && isIndex(v.sourceRow) && isIndex(v.sourceCol);
    default:
      return Number.isSafeInteger(v.page) && (v.page as number) > 0;
  }
}

const EVIDENCE_KEYS = ['ref', 'target', 'text', 'note', 'reason'];
const EVIDENCE_REQUIRED = ['ref', 'target'];

function evidenceOk(v: unknown): boolean {
  if (!isPlain(v) || !keysOk(v, EVIDENCE_KEYS, EVIDENCE_REQUIRED)) return false;
  if (!isString(v.ref)) return false;
  if (v.target !== null && !targetOk(v.target)) return false;
  for (const k of ['text', 'note', 'reason'])
    if (v[k] !== undefined && typeof v[k] !== 'string') return false;
  return (v.target === null) === (v.reason !== undefined);
}

const QUESTION_KEYS = ['id', 'documentExternalId', 'question', 'gold', 'scale', 'type', 'evidence'];
const SCALES: readonly unknown[] = ['', 'thousand', 'million', 'billion', 'percent'];

/** Whether `v` already is `Question.parse(v)`'s answer (see above); false: ask zod. */
export function isQuestionAsParsed(v: unknown): v is Question {
  return (
    isPlain(v) &&
    keysOk(v, QUESTION_KEYS, QUESTION_KEYS) &&
    isId(v.id) &&
    isId(v.documentExternalId) &&
    isString(v.question) &&
    goldOk(v.gold) &&
    (v.scale === null || SCALES.includes(v.scale)) &&
    isString(v.type) &&
    isArray(v.evidence) &&
    allOf(v.evidence, evidenceOk)
  );
}

/** `Question.parse(v)`: `v` itself when it already is that answer, else zod's answer or error. */
export const parseStoredQuestion = (v: unknown): Question =>
  isQuestionAsParsed(v) ? v : Question.parse(v);
