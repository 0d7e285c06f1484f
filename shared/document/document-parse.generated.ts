// GENERATED from the zod schema of the Document (shared/document) by
// test/unit/document/support/document-parse-codegen.ts. Do not edit: change the schema, then
//   UPDATE_DOCUMENT_PARSE=1 npx vitest run --config vitest.config.mts test/unit/document/document-parse-generated.test.ts
// (the same test fails while this file is out of date with the schema).
//
// Why it exists: checking a reader's Document with zod cost a CLI ingest about 45 ms to load
// zod, 15 ms to build the schemas and 70-100 ms to parse a big filing's Document, all cold; this
// does the same check in a few ms without loading zod (docs/BENCHMARKS.md, "CLI start and
// ingest"). It accepts exactly what zod accepts and returns the same value; anything else
// goes to zod (main/document/check-document.ts), so errors read as before. A value that
// already is that value (keys in the schema's order, none unknown) is checked in place by the
// check* functions and returned itself: no second Document to allocate and keep (docs/
// BENCHMARKS.md, "CLI ingest: the Document checked in place").
import type { Document } from './document';

type Obj = Record<string, unknown>;

/** Thrown (and caught in parseDocumentFast) where the value is not what the schema says. */
const rejected = Symbol('rejected');

function fail(): never {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- a sentinel, never seen outside this file
  throw rejected;
}

/** zod's isObject: what an object schema takes. */
function isObject(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** zod's isPlainObject: what a record schema takes. */
function isPlainObject(v: unknown): v is Obj {
  if (!isObject(v)) return false;
  const ctor: unknown = v.constructor;
  if (ctor === undefined || typeof ctor !== 'function') return true;
  const prot: unknown = (ctor as { prototype?: unknown }).prototype;
  if (!isObject(prot)) return false;
  return Object.prototype.hasOwnProperty.call(prot, 'isPrototypeOf');
}

/** An object the checks can vouch for: a plain one, whose copy would be the same object. */
function isPlain(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;
}

/** An array the checks can vouch for (JSON writes its elements only, as the copy holds). */
function isArray(v: unknown): v is unknown[] {
  return Array.isArray(v) && Object.getPrototypeOf(v) === Array.prototype;
}

/**
 * How many own enumerable keys an object has (for-in: Object.prototype has none) when they are
 * some of `keys`, in their order; -1 when one is not in `keys` or out of order. The object is
 * its own copy, key for key, when that number is how many of `keys` are `in` it (the keys the
 * parser copies).
 */
function keysInOrder(v: Obj, keys: readonly string[]): number {
  let j = 0;
  let n = 0;
  for (const key in v) {
    while (j < keys.length && keys[j] !== key) j++;
    if (j === keys.length) return -1;
    j++;
    n++;
  }
  return n;
}

/** Whether a parse function accepts v (its copy is thrown away). */
function accepts(parse: (v: unknown) => unknown, v: unknown): boolean {
  try {
    parse(v);
    return true;
  } catch (e) {
    if (e !== rejected) throw e;
    return false;
  }
}

/** The keys of checkDocument's objects, in the schema's order. */
const keysDocument: readonly string[] = [
  'schemaVersion',
  'externalId',
  'source',
  'title',
  'pageCount',
  'blocks',
  'tables',
  'xbrl',
  'warnings',
];

/** The keys of checkDocumentSource's objects, in the schema's order. */
const keysDocumentSource: readonly string[] = ['name', 'kind', 'bytes', 'format', 'file'];

/** The keys of checkHeadingBlock's objects, in the schema's order. */
const keysHeadingBlock: readonly string[] = ['type', 'id', 'level', 'text', 'location'];

/** The keys of check0's objects, in the schema's order. */
const keys0: readonly string[] = ['kind', 'path'];

/** The keys of check1's objects, in the schema's order. */
const keys1: readonly string[] = ['kind', 'page', 'box'];

/** The keys of checkPageBox's objects, in the schema's order. */
const keysPageBox: readonly string[] = ['x', 'y', 'width', 'height'];

/** The keys of check2's objects, in the schema's order. */
const keys2: readonly string[] = ['kind', 'pointer'];

/** The keys of checkParagraphBlock's objects, in the schema's order. */
const keysParagraphBlock: readonly string[] = ['type', 'id', 'text', 'location'];

/** The keys of checkTableBlock's objects, in the schema's order. */
const keysTableBlock: readonly string[] = ['type', 'id', 'location'];

/** The keys of checkTable's objects, in the schema's order. */
const keysTable: readonly string[] = [
  'id',
  'sourceIndex',
  'page',
  'caption',
  'scaleNote',
  'location',
  'rowCount',
  'colCount',
  'columnHeaders',
  'rowHeaders',
  'rows',
  'cells',
];

/** The keys of checkHeaderNode's objects, in the schema's order. */
const keysHeaderNode: readonly string[] = [
  'text',
  'footnotes',
  'sourceRow',
  'firstCol',
  'lastCol',
  'children',
];

/** The keys of checkTableRow's objects, in the schema's order. */
const keysTableRow: readonly string[] = [
  'sourceRow',
  'kind',
  'label',
  'footnotes',
  'level',
  'path',
  'numbers',
];

/** The keys of checkNumberMention's objects, in the schema's order. */
const keysNumberMention: readonly string[] = [
  'sourceCol',
  'offset',
  'text',
  'value',
  'scale',
  'unit',
  'xbrl',
];

/** The keys of checkXbrlFactRef's objects, in the schema's order. */
const keysXbrlFactRef: readonly string[] = [
  'concept',
  'contextRef',
  'period',
  'dimensions',
  'unitRef',
  'unit',
  'decimals',
  'scale',
  'negated',
  'factValue',
  'agrees',
];

/** The keys of check7's objects, in the schema's order. */
const keys7: readonly string[] = ['instant'];

/** The keys of check8's objects, in the schema's order. */
const keys8: readonly string[] = ['start', 'end'];

/** The keys of check9's objects, in the schema's order. */
const keys9: readonly string[] = ['forever'];

/** The keys of checkCell's objects, in the schema's order. */
const keysCell: readonly string[] = [
  'sourceRow',
  'sourceCol',
  'text',
  'kind',
  'value',
  'range',
  'scale',
  'unit',
  'scaleBasis',
  'unitBasis',
  'footnotes',
  'rowPath',
  'colPath',
  'xbrl',
  'visible',
  'warnings',
];

/** The keys of checkBasis's objects, in the schema's order. */
const keysBasis: readonly string[] = ['source', 'phrase'];

/** The keys of checkVisibleReading's objects, in the schema's order. */
const keysVisibleReading: readonly string[] = [
  'kind',
  'value',
  'range',
  'scale',
  'unit',
  'scaleBasis',
  'unitBasis',
];

/** The keys of checkXbrlCrossCheck's objects, in the schema's order. */
const keysXbrlCrossCheck: readonly string[] = ['factsInTables', 'agreeing'];

/** DocumentSource (first at Document.source). */
function parseDocumentSource(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  {
    const x = v['name'];
    if (!(typeof x === 'string')) return fail();
    out['name'] = x;
  }
  {
    const x = v['kind'];
    if (!(x === 'sec-html' || x === 'pdf' || x === 'dataset')) return fail();
    out['kind'] = x;
  }
  {
    const x = v['bytes'];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0))
      return fail();
    out['bytes'] = x;
  }
  if ('format' in v) {
    const x = v['format'];
    if (!(
      x === undefined ||
      x === 'tatqa' ||
      x === 'tathqa' ||
      x === 'finqa' ||
      x === 'multihiertt' ||
      x === 'docmath' ||
      x === 'financebench' ||
      x === 'tablequest'
    ))
      return fail();
    out['format'] = x;
  }
  if ('file' in v) {
    const x = v['file'];
    if (!(x === undefined || typeof x === 'string')) return fail();
    out['file'] = x;
  }
  return out;
}

/** Document.blocks[]<heading>.location<html> */
function parse0(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  {
    const x = v['kind'];
    if (!(x === 'html')) return fail();
    out['kind'] = x;
  }
  {
    const x = v['path'];
    if (!(typeof x === 'string')) return fail();
    out['path'] = x;
  }
  return out;
}

/** PageBox (first at Document.blocks[]<heading>.location<pdf>.box). */
function parsePageBox(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  {
    const x = v['x'];
    if (!(typeof x === 'number' && Number.isFinite(x))) return fail();
    out['x'] = x;
  }
  {
    const x = v['y'];
    if (!(typeof x === 'number' && Number.isFinite(x))) return fail();
    out['y'] = x;
  }
  {
    const x = v['width'];
    if (!(typeof x === 'number' && Number.isFinite(x) && x >= 0)) return fail();
    out['width'] = x;
  }
  {
    const x = v['height'];
    if (!(typeof x === 'number' && Number.isFinite(x) && x >= 0)) return fail();
    out['height'] = x;
  }
  return out;
}

/** Document.blocks[]<heading>.location<pdf> */
function parse1(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  {
    const x = v['kind'];
    if (!(x === 'pdf')) return fail();
    out['kind'] = x;
  }
  {
    const x = v['page'];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x > 0))
      return fail();
    out['page'] = x;
  }
  out['box'] = parsePageBox(v['box']);
  return out;
}

/** Document.blocks[]<heading>.location<dataset> */
function parse2(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  {
    const x = v['kind'];
    if (!(x === 'dataset')) return fail();
    out['kind'] = x;
  }
  {
    const x = v['pointer'];
    if (!(typeof x === 'string')) return fail();
    out['pointer'] = x;
  }
  return out;
}

/** SourceLocation (first at Document.blocks[]<heading>.location). */
function parseSourceLocation(v: unknown): unknown {
  if (!isObject(v)) return fail();
  switch (v['kind']) {
    case 'html':
      return parse0(v);
    case 'pdf':
      return parse1(v);
    case 'dataset':
      return parse2(v);
    default:
      return fail();
  }
}

/** HeadingBlock (first at Document.blocks[]<heading>). */
function parseHeadingBlock(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  {
    const x = v['type'];
    if (!(x === 'heading')) return fail();
    out['type'] = x;
  }
  {
    const x = v['id'];
    if (!(typeof x === 'string')) return fail();
    out['id'] = x;
  }
  {
    const x = v['level'];
    if (!(
      typeof x === 'number' &&
      Number.isFinite(x) &&
      Number.isSafeInteger(x) &&
      x >= 1 &&
      x <= 6
    ))
      return fail();
    out['level'] = x;
  }
  {
    const x = v['text'];
    if (!(typeof x === 'string')) return fail();
    out['text'] = x;
  }
  out['location'] = parseSourceLocation(v['location']);
  return out;
}

/** ParagraphBlock (first at Document.blocks[]<paragraph>). */
function parseParagraphBlock(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  {
    const x = v['type'];
    if (!(x === 'paragraph')) return fail();
    out['type'] = x;
  }
  {
    const x = v['id'];
    if (!(typeof x === 'string')) return fail();
    out['id'] = x;
  }
  {
    const x = v['text'];
    if (!(typeof x === 'string')) return fail();
    out['text'] = x;
  }
  out['location'] = parseSourceLocation(v['location']);
  return out;
}

/** TableBlock (first at Document.blocks[]<table>). */
function parseTableBlock(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  {
    const x = v['type'];
    if (!(x === 'table')) return fail();
    out['type'] = x;
  }
  {
    const x = v['id'];
    if (!(typeof x === 'string')) return fail();
    out['id'] = x;
  }
  out['location'] = parseSourceLocation(v['location']);
  return out;
}

/** Block (first at Document.blocks[]). */
function parseBlock(v: unknown): unknown {
  if (!isObject(v)) return fail();
  switch (v['type']) {
    case 'heading':
      return parseHeadingBlock(v);
    case 'paragraph':
      return parseParagraphBlock(v);
    case 'table':
      return parseTableBlock(v);
    default:
      return fail();
  }
}

/** Document.blocks */
function parse3(v: unknown): unknown {
  if (!Array.isArray(v)) return fail();
  const out: unknown[] = new Array<unknown>(v.length);
  for (let i = 0; i < v.length; i++) out[i] = parseBlock(v[i]);
  return out;
}

/** Document.tables[].columnHeaders[].footnotes */
function parse4(v: unknown): unknown {
  if (!Array.isArray(v)) return fail();
  const out: unknown[] = new Array<unknown>(v.length);
  for (let i = 0; i < v.length; i++) {
    const x: unknown = v[i];
    if (!(typeof x === 'string' && x.length >= 1 && x.length <= 8)) return fail();
    out[i] = x;
  }
  return out;
}

/** Document.tables[].columnHeaders[].children */
function parse5(v: unknown): unknown {
  if (!Array.isArray(v)) return fail();
  const out: unknown[] = new Array<unknown>(v.length);
  for (let i = 0; i < v.length; i++) out[i] = parseHeaderNode(v[i]);
  return out;
}

/** HeaderNode (first at Document.tables[].columnHeaders[]). */
function parseHeaderNode(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  {
    const x = v['text'];
    if (!(typeof x === 'string')) return fail();
    out['text'] = x;
  }
  if ('footnotes' in v) {
    const x = v['footnotes'];
    out['footnotes'] = x === undefined ? undefined : parse4(x);
  }
  {
    const x = v['sourceRow'];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0))
      return fail();
    out['sourceRow'] = x;
  }
  {
    const x = v['firstCol'];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0))
      return fail();
    out['firstCol'] = x;
  }
  {
    const x = v['lastCol'];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0))
      return fail();
    out['lastCol'] = x;
  }
  out['children'] = parse5(v['children']);
  return out;
}

/** Document.tables[].rows[].path */
function parse6(v: unknown): unknown {
  if (!Array.isArray(v)) return fail();
  const out: unknown[] = new Array<unknown>(v.length);
  for (let i = 0; i < v.length; i++) {
    const x: unknown = v[i];
    if (!(typeof x === 'string')) return fail();
    out[i] = x;
  }
  return out;
}

/** Document.tables[].rows[].numbers[].xbrl[].period|0 */
function parse7(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  {
    const x = v['instant'];
    if (!(typeof x === 'string')) return fail();
    out['instant'] = x;
  }
  for (const key in v) {
    if (!(key === 'instant')) return fail();
  }
  return out;
}

/** Document.tables[].rows[].numbers[].xbrl[].period|1 */
function parse8(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  {
    const x = v['start'];
    if (!(typeof x === 'string')) return fail();
    out['start'] = x;
  }
  {
    const x = v['end'];
    if (!(typeof x === 'string')) return fail();
    out['end'] = x;
  }
  for (const key in v) {
    if (!(key === 'start' || key === 'end')) return fail();
  }
  return out;
}

/** Document.tables[].rows[].numbers[].xbrl[].period|2 */
function parse9(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  {
    const x = v['forever'];
    if (!(x === true)) return fail();
    out['forever'] = x;
  }
  for (const key in v) {
    if (!(key === 'forever')) return fail();
  }
  return out;
}

/** XbrlPeriod (first at Document.tables[].rows[].numbers[].xbrl[].period). */
function parseXbrlPeriod(v: unknown): unknown {
  try {
    return parse7(v);
  } catch (e) {
    if (e !== rejected) throw e;
  }
  try {
    return parse8(v);
  } catch (e) {
    if (e !== rejected) throw e;
  }
  try {
    return parse9(v);
  } catch (e) {
    if (e !== rejected) throw e;
  }
  return fail();
}

/** Document.tables[].rows[].numbers[].xbrl[].period */
function parse10(v: unknown): unknown {
  return v === null ? null : parseXbrlPeriod(v);
}

/** Document.tables[].rows[].numbers[].xbrl[].dimensions{} */
function parse11(v: unknown): unknown {
  return typeof v === 'string' ? v : fail();
}

/** Document.tables[].rows[].numbers[].xbrl[].dimensions */
function parse12(v: unknown): unknown {
  if (!isPlainObject(v)) return fail();
  const out: Obj = {};
  for (const key of Reflect.ownKeys(v)) {
    if (key === '__proto__' || !Object.prototype.propertyIsEnumerable.call(v, key)) continue;
    if (typeof key !== 'string') return fail();
    out[key] = parse11(v[key]);
  }
  return out;
}

/** Document.tables[].rows[].numbers[].xbrl[].decimals|0 */
function parse13(v: unknown): unknown {
  return typeof v === 'number' && Number.isFinite(v) && Number.isSafeInteger(v) ? v : fail();
}

/** Document.tables[].rows[].numbers[].xbrl[].decimals|1 */
function parse14(v: unknown): unknown {
  return v === 'INF' ? v : fail();
}

/** Document.tables[].rows[].numbers[].xbrl[].decimals */
function parse15(v: unknown): unknown {
  try {
    return parse13(v);
  } catch (e) {
    if (e !== rejected) throw e;
  }
  try {
    return parse14(v);
  } catch (e) {
    if (e !== rejected) throw e;
  }
  return fail();
}

/** Document.tables[].rows[].numbers[].xbrl[].decimals */
function parse16(v: unknown): unknown {
  return v === null ? null : parse15(v);
}

/** XbrlFactRef (first at Document.tables[].rows[].numbers[].xbrl[]). */
function parseXbrlFactRef(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  {
    const x = v['concept'];
    if (!(typeof x === 'string')) return fail();
    out['concept'] = x;
  }
  {
    const x = v['contextRef'];
    if (!(typeof x === 'string')) return fail();
    out['contextRef'] = x;
  }
  out['period'] = parse10(v['period']);
  out['dimensions'] = parse12(v['dimensions']);
  {
    const x = v['unitRef'];
    if (!(x === null || typeof x === 'string')) return fail();
    out['unitRef'] = x;
  }
  {
    const x = v['unit'];
    if (!(x === null || typeof x === 'string')) return fail();
    out['unit'] = x;
  }
  out['decimals'] = parse16(v['decimals']);
  {
    const x = v['scale'];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x))) return fail();
    out['scale'] = x;
  }
  {
    const x = v['negated'];
    if (!(typeof x === 'boolean')) return fail();
    out['negated'] = x;
  }
  {
    const x = v['factValue'];
    if (!(x === null || (typeof x === 'number' && Number.isFinite(x)))) return fail();
    out['factValue'] = x;
  }
  {
    const x = v['agrees'];
    if (!(x === null || typeof x === 'boolean')) return fail();
    out['agrees'] = x;
  }
  return out;
}

/** Document.tables[].rows[].numbers[].xbrl */
function parse17(v: unknown): unknown {
  if (!Array.isArray(v)) return fail();
  const out: unknown[] = new Array<unknown>(v.length);
  for (let i = 0; i < v.length; i++) out[i] = parseXbrlFactRef(v[i]);
  return out;
}

/** NumberMention (first at Document.tables[].rows[].numbers[]). */
function parseNumberMention(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  {
    const x = v['sourceCol'];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0))
      return fail();
    out['sourceCol'] = x;
  }
  {
    const x = v['offset'];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0))
      return fail();
    out['offset'] = x;
  }
  {
    const x = v['text'];
    if (!(typeof x === 'string')) return fail();
    out['text'] = x;
  }
  {
    const x = v['value'];
    if (!(typeof x === 'number' && Number.isFinite(x))) return fail();
    out['value'] = x;
  }
  {
    const x = v['scale'];
    if (!(typeof x === 'number' && Number.isFinite(x) && x > 0)) return fail();
    out['scale'] = x;
  }
  {
    const x = v['unit'];
    if (!(x === null || (typeof x === 'string' && x.length >= 1))) return fail();
    out['unit'] = x;
  }
  if ('xbrl' in v) {
    const x = v['xbrl'];
    out['xbrl'] = x === undefined ? undefined : parse17(x);
  }
  return out;
}

/** Document.tables[].rows[].numbers */
function parse18(v: unknown): unknown {
  if (!Array.isArray(v)) return fail();
  const out: unknown[] = new Array<unknown>(v.length);
  for (let i = 0; i < v.length; i++) out[i] = parseNumberMention(v[i]);
  return out;
}

/** TableRow (first at Document.tables[].rows[]). */
function parseTableRow(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  {
    const x = v['sourceRow'];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0))
      return fail();
    out['sourceRow'] = x;
  }
  {
    const x = v['kind'];
    if (!(x === 'header' || x === 'section' || x === 'data' || x === 'total' || x === 'note'))
      return fail();
    out['kind'] = x;
  }
  {
    const x = v['label'];
    if (!(typeof x === 'string')) return fail();
    out['label'] = x;
  }
  if ('footnotes' in v) {
    const x = v['footnotes'];
    out['footnotes'] = x === undefined ? undefined : parse4(x);
  }
  {
    const x = v['level'];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0))
      return fail();
    out['level'] = x;
  }
  out['path'] = parse6(v['path']);
  if ('numbers' in v) {
    const x = v['numbers'];
    out['numbers'] = x === undefined ? undefined : parse18(x);
  }
  return out;
}

/** Document.tables[].rows */
function parse19(v: unknown): unknown {
  if (!Array.isArray(v)) return fail();
  const out: unknown[] = new Array<unknown>(v.length);
  for (let i = 0; i < v.length; i++) out[i] = parseTableRow(v[i]);
  return out;
}

/** Document.tables[].cells[].range[0] */
function parse20(v: unknown): unknown {
  return typeof v === 'number' && Number.isFinite(v) ? v : fail();
}

/** Document.tables[].cells[].range */
function parse21(v: unknown): unknown {
  if (!Array.isArray(v) || v.length !== 2) return fail();
  return [parse20(v[0]), parse20(v[1])];
}

/** Basis (first at Document.tables[].cells[].scaleBasis). */
function parseBasis(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  {
    const x = v['source'];
    if (!(
      x === 'cell-text' ||
      x === 'column-header' ||
      x === 'column-values' ||
      x === 'row-label' ||
      x === 'table-exception' ||
      x === 'table-note' ||
      x === 'caption' ||
      x === 'filing-usual' ||
      x === 'default' ||
      x === 'inline-xbrl'
    ))
      return fail();
    out['source'] = x;
  }
  {
    const x = v['phrase'];
    if (!(typeof x === 'string')) return fail();
    out['phrase'] = x;
  }
  return out;
}

/** VisibleReading (first at Document.tables[].cells[].visible). */
function parseVisibleReading(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  {
    const x = v['kind'];
    if (!(x === 'number' || x === 'dash' || x === 'range' || x === 'na' || x === 'text'))
      return fail();
    out['kind'] = x;
  }
  {
    const x = v['value'];
    if (!(x === null || (typeof x === 'number' && Number.isFinite(x)))) return fail();
    out['value'] = x;
  }
  if ('range' in v) {
    const x = v['range'];
    out['range'] = x === undefined ? undefined : parse21(x);
  }
  {
    const x = v['scale'];
    if (!(typeof x === 'number' && Number.isFinite(x) && x > 0)) return fail();
    out['scale'] = x;
  }
  {
    const x = v['unit'];
    if (!(x === null || (typeof x === 'string' && x.length >= 1))) return fail();
    out['unit'] = x;
  }
  if ('scaleBasis' in v) {
    const x = v['scaleBasis'];
    out['scaleBasis'] = x === undefined ? undefined : parseBasis(x);
  }
  if ('unitBasis' in v) {
    const x = v['unitBasis'];
    out['unitBasis'] = x === undefined ? undefined : parseBasis(x);
  }
  return out;
}

/** Document.tables[].cells[].warnings */
function parse22(v: unknown): unknown {
  if (!Array.isArray(v)) return fail();
  const out: unknown[] = new Array<unknown>(v.length);
  for (let i = 0; i < v.length; i++) {
    const x: unknown = v[i];
    if (!(typeof x === 'string' && x.length >= 1)) return fail();
    out[i] = x;
  }
  return out;
}

/** Cell (first at Document.tables[].cells[]). */
function parseCell(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  {
    const x = v['sourceRow'];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0))
      return fail();
    out['sourceRow'] = x;
  }
  {
    const x = v['sourceCol'];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0))
      return fail();
    out['sourceCol'] = x;
  }
  {
    const x = v['text'];
    if (!(typeof x === 'string')) return fail();
    out['text'] = x;
  }
  {
    const x = v['kind'];
    if (!(x === 'number' || x === 'dash' || x === 'range' || x === 'na' || x === 'text'))
      return fail();
    out['kind'] = x;
  }
  {
    const x = v['value'];
    if (!(x === null || (typeof x === 'number' && Number.isFinite(x)))) return fail();
    out['value'] = x;
  }
  if ('range' in v) {
    const x = v['range'];
    out['range'] = x === undefined ? undefined : parse21(x);
  }
  {
    const x = v['scale'];
    if (!(typeof x === 'number' && Number.isFinite(x) && x > 0)) return fail();
    out['scale'] = x;
  }
  {
    const x = v['unit'];
    if (!(x === null || (typeof x === 'string' && x.length >= 1))) return fail();
    out['unit'] = x;
  }
  if ('scaleBasis' in v) {
    const x = v['scaleBasis'];
    out['scaleBasis'] = x === undefined ? undefined : parseBasis(x);
  }
  if ('unitBasis' in v) {
    const x = v['unitBasis'];
    out['unitBasis'] = x === undefined ? undefined : parseBasis(x);
  }
  if ('footnotes' in v) {
    const x = v['footnotes'];
    out['footnotes'] = x === undefined ? undefined : parse4(x);
  }
  out['rowPath'] = parse6(v['rowPath']);
  out['colPath'] = parse6(v['colPath']);
  if ('xbrl' in v) {
    const x = v['xbrl'];
    out['xbrl'] = x === undefined ? undefined : parse17(x);
  }
  if ('visible' in v) {
    const x = v['visible'];
    out['visible'] = x === undefined ? undefined : parseVisibleReading(x);
  }
  if ('warnings' in v) {
    const x = v['warnings'];
    out['warnings'] = x === undefined ? undefined : parse22(x);
  }
  return out;
}

/** Document.tables[].cells */
function parse23(v: unknown): unknown {
  if (!Array.isArray(v)) return fail();
  const out: unknown[] = new Array<unknown>(v.length);
  for (let i = 0; i < v.length; i++) out[i] = parseCell(v[i]);
  return out;
}

/** Table (first at Document.tables[]). */
function parseTable(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  {
    const x = v['id'];
    if (!(typeof x === 'string')) return fail();
    out['id'] = x;
  }
  {
    const x = v['sourceIndex'];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0))
      return fail();
    out['sourceIndex'] = x;
  }
  if ('page' in v) {
    const x = v['page'];
    if (!(
      x === undefined ||
      (typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x > 0)
    ))
      return fail();
    out['page'] = x;
  }
  {
    const x = v['caption'];
    if (!(typeof x === 'string')) return fail();
    out['caption'] = x;
  }
  {
    const x = v['scaleNote'];
    if (!(x === null || typeof x === 'string')) return fail();
    out['scaleNote'] = x;
  }
  out['location'] = parseSourceLocation(v['location']);
  {
    const x = v['rowCount'];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0))
      return fail();
    out['rowCount'] = x;
  }
  {
    const x = v['colCount'];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0))
      return fail();
    out['colCount'] = x;
  }
  out['columnHeaders'] = parse5(v['columnHeaders']);
  out['rowHeaders'] = parse5(v['rowHeaders']);
  out['rows'] = parse19(v['rows']);
  out['cells'] = parse23(v['cells']);
  return out;
}

/** Document.tables */
function parse24(v: unknown): unknown {
  if (!Array.isArray(v)) return fail();
  const out: unknown[] = new Array<unknown>(v.length);
  for (let i = 0; i < v.length; i++) out[i] = parseTable(v[i]);
  return out;
}

/** XbrlCrossCheck (first at Document.xbrl). */
function parseXbrlCrossCheck(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  {
    const x = v['factsInTables'];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0))
      return fail();
    out['factsInTables'] = x;
  }
  {
    const x = v['agreeing'];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0))
      return fail();
    out['agreeing'] = x;
  }
  return out;
}

/** Document (first at Document). */
function parseDocument(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  {
    const x = v['schemaVersion'];
    if (!(x === 4)) return fail();
    out['schemaVersion'] = x;
  }
  if ('externalId' in v) {
    const x = v['externalId'];
    if (!(x === undefined || (typeof x === 'string' && x.length >= 1))) return fail();
    out['externalId'] = x;
  }
  out['source'] = parseDocumentSource(v['source']);
  {
    const x = v['title'];
    if (!(typeof x === 'string')) return fail();
    out['title'] = x;
  }
  if ('pageCount' in v) {
    const x = v['pageCount'];
    if (!(
      x === undefined ||
      (typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0)
    ))
      return fail();
    out['pageCount'] = x;
  }
  out['blocks'] = parse3(v['blocks']);
  out['tables'] = parse24(v['tables']);
  if ('xbrl' in v) {
    const x = v['xbrl'];
    out['xbrl'] = x === undefined ? undefined : parseXbrlCrossCheck(x);
  }
  out['warnings'] = parse22(v['warnings']);
  return out;
}

/** In place: parseDocumentSource would accept v and return its equal. */
function checkDocumentSource(v: unknown): boolean {
  if (!isPlain(v)) return false;
  const own = keysInOrder(v, keysDocumentSource);
  if (own < 0) return false;
  let n = 3;
  {
    const x = v['name'];
    if (!(typeof x === 'string')) return false;
  }
  {
    const x = v['kind'];
    if (!(x === 'sec-html' || x === 'pdf' || x === 'dataset')) return false;
  }
  {
    const x = v['bytes'];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0))
      return false;
  }
  if ('format' in v) {
    const x = v['format'];
    if (!(
      x === undefined ||
      x === 'tatqa' ||
      x === 'tathqa' ||
      x === 'finqa' ||
      x === 'multihiertt' ||
      x === 'docmath' ||
      x === 'financebench' ||
      x === 'tablequest'
    ))
      return false;
    n++;
  }
  if ('file' in v) {
    const x = v['file'];
    if (!(x === undefined || typeof x === 'string')) return false;
    n++;
  }
  return own === n;
}

/** In place: parse0 would accept v and return its equal. */
function check0(v: unknown): boolean {
  if (!isPlain(v)) return false;
  const own = keysInOrder(v, keys0);
  if (own < 0) return false;
  {
    const x = v['kind'];
    if (!(x === 'html')) return false;
  }
  {
    const x = v['path'];
    if (!(typeof x === 'string')) return false;
  }
  return own === 2;
}

/** In place: parsePageBox would accept v and return its equal. */
function checkPageBox(v: unknown): boolean {
  if (!isPlain(v)) return false;
  const own = keysInOrder(v, keysPageBox);
  if (own < 0) return false;
  {
    const x = v['x'];
    if (!(typeof x === 'number' && Number.isFinite(x))) return false;
  }
  {
    const x = v['y'];
    if (!(typeof x === 'number' && Number.isFinite(x))) return false;
  }
  {
    const x = v['width'];
    if (!(typeof x === 'number' && Number.isFinite(x) && x >= 0)) return false;
  }
  {
    const x = v['height'];
    if (!(typeof x === 'number' && Number.isFinite(x) && x >= 0)) return false;
  }
  return own === 4;
}

/** In place: parse1 would accept v and return its equal. */
function check1(v: unknown): boolean {
  if (!isPlain(v)) return false;
  const own = keysInOrder(v, keys1);
  if (own < 0) return false;
  {
    const x = v['kind'];
    if (!(x === 'pdf')) return false;
  }
  {
    const x = v['page'];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x > 0))
      return false;
  }
  if (!checkPageBox(v['box'])) return false;
  return own === 3;
}

/** In place: parse2 would accept v and return its equal. */
function check2(v: unknown): boolean {
  if (!isPlain(v)) return false;
  const own = keysInOrder(v, keys2);
  if (own < 0) return false;
  {
    const x = v['kind'];
    if (!(x === 'dataset')) return false;
  }
  {
    const x = v['pointer'];
    if (!(typeof x === 'string')) return false;
  }
  return own === 2;
}

/** In place: parseSourceLocation would accept v and return its equal. */
function checkSourceLocation(v: unknown): boolean {
  if (!isObject(v)) return false;
  switch (v['kind']) {
    case 'html':
      return check0(v);
    case 'pdf':
      return check1(v);
    case 'dataset':
      return check2(v);
    default:
      return false;
  }
}

/** In place: parseHeadingBlock would accept v and return its equal. */
function checkHeadingBlock(v: unknown): boolean {
  if (!isPlain(v)) return false;
  const own = keysInOrder(v, keysHeadingBlock);
  if (own < 0) return false;
  {
    const x = v['type'];
    if (!(x === 'heading')) return false;
  }
  {
    const x = v['id'];
    if (!(typeof x === 'string')) return false;
  }
  {
    const x = v['level'];
    if (!(
      typeof x === 'number' &&
      Number.isFinite(x) &&
      Number.isSafeInteger(x) &&
      x >= 1 &&
      x <= 6
    ))
      return false;
  }
  {
    const x = v['text'];
    if (!(typeof x === 'string')) return false;
  }
  if (!checkSourceLocation(v['location'])) return false;
  return own === 5;
}

/** In place: parseParagraphBlock would accept v and return its equal. */
function checkParagraphBlock(v: unknown): boolean {
  if (!isPlain(v)) return false;
  const own = keysInOrder(v, keysParagraphBlock);
  if (own < 0) return false;
  {
    const x = v['type'];
    if (!(x === 'paragraph')) return false;
  }
  {
    const x = v['id'];
    if (!(typeof x === 'string')) return false;
  }
  {
    const x = v['text'];
    if (!(typeof x === 'string')) return false;
  }
  if (!checkSourceLocation(v['location'])) return false;
  return own === 4;
}

/** In place: parseTableBlock would accept v and return its equal. */
function checkTableBlock(v: unknown): boolean {
  if (!isPlain(v)) return false;
  const own = keysInOrder(v, keysTableBlock);
  if (own < 0) return false;
  {
    const x = v['type'];
    if (!(x === 'table')) return false;
  }
  {
    const x = v['id'];
    if (!(typeof x === 'string')) return false;
  }
  if (!checkSourceLocation(v['location'])) return false;
  return own === 3;
}

/** In place: parseBlock would accept v and return its equal. */
function checkBlock(v: unknown): boolean {
  if (!isObject(v)) return false;
  switch (v['type']) {
    case 'heading':
      return checkHeadingBlock(v);
    case 'paragraph':
      return checkParagraphBlock(v);
    case 'table':
      return checkTableBlock(v);
    default:
      return false;
  }
}

/** In place: parse3 would accept v and return its equal. */
function check3(v: unknown): boolean {
  if (!isArray(v)) return false;
  for (let i = 0; i < v.length; i++) {
    if (!checkBlock(v[i])) return false;
  }
  return true;
}

/** In place: parse4 would accept v and return its equal. */
function check4(v: unknown): boolean {
  if (!isArray(v)) return false;
  for (let i = 0; i < v.length; i++) {
    const x: unknown = v[i];
    if (!(typeof x === 'string' && x.length >= 1 && x.length <= 8)) return false;
  }
  return true;
}

/** In place: parseHeaderNode would accept v and return its equal. */
function checkHeaderNode(v: unknown): boolean {
  if (!isPlain(v)) return false;
  const own = keysInOrder(v, keysHeaderNode);
  if (own < 0) return false;
  let n = 5;
  {
    const x = v['text'];
    if (!(typeof x === 'string')) return false;
  }
  if ('footnotes' in v) {
    const x = v['footnotes'];
    if (!(x === undefined || check4(x))) return false;
    n++;
  }
  {
    const x = v['sourceRow'];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0))
      return false;
  }
  {
    const x = v['firstCol'];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0))
      return false;
  }
  {
    const x = v['lastCol'];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0))
      return false;
  }
  if (!check5(v['children'])) return false;
  return own === n;
}

/** In place: parse5 would accept v and return its equal. */
function check5(v: unknown): boolean {
  if (!isArray(v)) return false;
  for (let i = 0; i < v.length; i++) {
    if (!checkHeaderNode(v[i])) return false;
  }
  return true;
}

/** In place: parse6 would accept v and return its equal. */
function check6(v: unknown): boolean {
  if (!isArray(v)) return false;
  for (let i = 0; i < v.length; i++) {
    const x: unknown = v[i];
    if (!(typeof x === 'string')) return false;
  }
  return true;
}

/** In place: parse7 would accept v and return its equal. */
function check7(v: unknown): boolean {
  if (!isPlain(v)) return false;
  const own = keysInOrder(v, keys7);
  if (own < 0) return false;
  {
    const x = v['instant'];
    if (!(typeof x === 'string')) return false;
  }
  return own === 1;
}

/** In place: parse8 would accept v and return its equal. */
function check8(v: unknown): boolean {
  if (!isPlain(v)) return false;
  const own = keysInOrder(v, keys8);
  if (own < 0) return false;
  {
    const x = v['start'];
    if (!(typeof x === 'string')) return false;
  }
  {
    const x = v['end'];
    if (!(typeof x === 'string')) return false;
  }
  return own === 2;
}

/** In place: parse9 would accept v and return its equal. */
function check9(v: unknown): boolean {
  if (!isPlain(v)) return false;
  const own = keysInOrder(v, keys9);
  if (own < 0) return false;
  {
    const x = v['forever'];
    if (!(x === true)) return false;
  }
  return own === 1;
}

/** In place: parseXbrlPeriod would accept v and return its equal. */
function checkXbrlPeriod(v: unknown): boolean {
  if (check7(v)) return true;
  if (accepts(parse7, v)) return false; // this option copies it
  if (check8(v)) return true;
  if (accepts(parse8, v)) return false; // this option copies it
  return check9(v);
}

/** In place: parse10 would accept v and return its equal. */
function check10(v: unknown): boolean {
  return v === null || checkXbrlPeriod(v);
}

/** In place: parse11 would accept v and return its equal. */
function check11(v: unknown): boolean {
  return typeof v === 'string';
}

/** In place: parse12 would accept v and return its equal. */
function check12(v: unknown): boolean {
  if (!isPlain(v) || !isPlainObject(v)) return false;
  for (const key of Reflect.ownKeys(v)) {
    if (typeof key !== 'string' || key === '__proto__') return false;
    if (!Object.prototype.propertyIsEnumerable.call(v, key)) return false;
    if (!check11(v[key])) return false;
  }
  return true;
}

/** In place: parse13 would accept v and return its equal. */
function check13(v: unknown): boolean {
  return typeof v === 'number' && Number.isFinite(v) && Number.isSafeInteger(v);
}

/** In place: parse14 would accept v and return its equal. */
function check14(v: unknown): boolean {
  return v === 'INF';
}

/** In place: parse15 would accept v and return its equal. */
function check15(v: unknown): boolean {
  if (check13(v)) return true;
  if (accepts(parse13, v)) return false; // this option copies it
  return check14(v);
}

/** In place: parse16 would accept v and return its equal. */
function check16(v: unknown): boolean {
  return v === null || check15(v);
}

/** In place: parseXbrlFactRef would accept v and return its equal. */
function checkXbrlFactRef(v: unknown): boolean {
  if (!isPlain(v)) return false;
  const own = keysInOrder(v, keysXbrlFactRef);
  if (own < 0) return false;
  {
    const x = v['concept'];
    if (!(typeof x === 'string')) return false;
  }
  {
    const x = v['contextRef'];
    if (!(typeof x === 'string')) return false;
  }
  if (!check10(v['period'])) return false;
  if (!check12(v['dimensions'])) return false;
  {
    const x = v['unitRef'];
    if (!(x === null || typeof x === 'string')) return false;
  }
  {
    const x = v['unit'];
    if (!(x === null || typeof x === 'string')) return false;
  }
  if (!check16(v['decimals'])) return false;
  {
    const x = v['scale'];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x))) return false;
  }
  {
    const x = v['negated'];
    if (!(typeof x === 'boolean')) return false;
  }
  {
    const x = v['factValue'];
    if (!(x === null || (typeof x === 'number' && Number.isFinite(x)))) return false;
  }
  {
    const x = v['agrees'];
    if (!(x === null || typeof x === 'boolean')) return false;
  }
  return own === 11;
}

/** In place: parse17 would accept v and return its equal. */
function check17(v: unknown): boolean {
  if (!isArray(v)) return false;
  for (let i = 0; i < v.length; i++) {
    if (!checkXbrlFactRef(v[i])) return false;
  }
  return true;
}

/** In place: parseNumberMention would accept v and return its equal. */
function checkNumberMention(v: unknown): boolean {
  if (!isPlain(v)) return false;
  const own = keysInOrder(v, keysNumberMention);
  if (own < 0) return false;
  let n = 6;
  {
    const x = v['sourceCol'];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0))
      return false;
  }
  {
    const x = v['offset'];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0))
      return false;
  }
  {
    const x = v['text'];
    if (!(typeof x === 'string')) return false;
  }
  {
    const x = v['value'];
    if (!(typeof x === 'number' && Number.isFinite(x))) return false;
  }
  {
    const x = v['scale'];
    if (!(typeof x === 'number' && Number.isFinite(x) && x > 0)) return false;
  }
  {
    const x = v['unit'];
    if (!(x === null || (typeof x === 'string' && x.length >= 1))) return false;
  }
  if ('xbrl' in v) {
    const x = v['xbrl'];
    if (!(x === undefined || check17(x))) return false;
    n++;
  }
  return own === n;
}

/** In place: parse18 would accept v and return its equal. */
function check18(v: unknown): boolean {
  if (!isArray(v)) return false;
  for (let i = 0; i < v.length; i++) {
    if (!checkNumberMention(v[i])) return false;
  }
  return true;
}

/** In place: parseTableRow would accept v and return its equal. */
function checkTableRow(v: unknown): boolean {
  if (!isPlain(v)) return false;
  const own = keysInOrder(v, keysTableRow);
  if (own < 0) return false;
  let n = 5;
  {
    const x = v['sourceRow'];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0))
      return false;
  }
  {
    const x = v['kind'];
    if (!(x === 'header' || x === 'section' || x === 'data' || x === 'total' || x === 'note'))
      return false;
  }
  {
    const x = v['label'];
    if (!(typeof x === 'string')) return false;
  }
  if ('footnotes' in v) {
    const x = v['footnotes'];
    if (!(x === undefined || check4(x))) return false;
    n++;
  }
  {
    const x = v['level'];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0))
      return false;
  }
  if (!check6(v['path'])) return false;
  if ('numbers' in v) {
    const x = v['numbers'];
    if (!(x === undefined || check18(x))) return false;
    n++;
  }
  return own === n;
}

/** In place: parse19 would accept v and return its equal. */
function check19(v: unknown): boolean {
  if (!isArray(v)) return false;
  for (let i = 0; i < v.length; i++) {
    if (!checkTableRow(v[i])) return false;
  }
  return true;
}

/** In place: parse20 would accept v and return its equal. */
function check20(v: unknown): boolean {
  return typeof v === 'number' && Number.isFinite(v);
}

/** In place: parse21 would accept v and return its equal. */
function check21(v: unknown): boolean {
  if (!isArray(v) || v.length !== 2) return false;
  return check20(v[0]) && check20(v[1]);
}

/** In place: parseBasis would accept v and return its equal. */
function checkBasis(v: unknown): boolean {
  if (!isPlain(v)) return false;
  const own = keysInOrder(v, keysBasis);
  if (own < 0) return false;
  {
    const x = v['source'];
    if (!(
      x === 'cell-text' ||
      x === 'column-header' ||
      x === 'column-values' ||
      x === 'row-label' ||
      x === 'table-exception' ||
      x === 'table-note' ||
      x === 'caption' ||
      x === 'filing-usual' ||
      x === 'default' ||
      x === 'inline-xbrl'
    ))
      return false;
  }
  {
    const x = v['phrase'];
    if (!(typeof x === 'string')) return false;
  }
  return own === 2;
}

/** In place: parseVisibleReading would accept v and return its equal. */
function checkVisibleReading(v: unknown): boolean {
  if (!isPlain(v)) return false;
  const own = keysInOrder(v, keysVisibleReading);
  if (own < 0) return false;
  let n = 4;
  {
    const x = v['kind'];
    if (!(x === 'number' || x === 'dash' || x === 'range' || x === 'na' || x === 'text'))
      return false;
  }
  {
    const x = v['value'];
    if (!(x === null || (typeof x === 'number' && Number.isFinite(x)))) return false;
  }
  if ('range' in v) {
    const x = v['range'];
    if (!(x === undefined || check21(x))) return false;
    n++;
  }
  {
    const x = v['scale'];
    if (!(typeof x === 'number' && Number.isFinite(x) && x > 0)) return false;
  }
  {
    const x = v['unit'];
    if (!(x === null || (typeof x === 'string' && x.length >= 1))) return false;
  }
  if ('scaleBasis' in v) {
    const x = v['scaleBasis'];
    if (!(x === undefined || checkBasis(x))) return false;
    n++;
  }
  if ('unitBasis' in v) {
    const x = v['unitBasis'];
    if (!(x === undefined || checkBasis(x))) return false;
    n++;
  }
  return own === n;
}

/** In place: parse22 would accept v and return its equal. */
function check22(v: unknown): boolean {
  if (!isArray(v)) return false;
  for (let i = 0; i < v.length; i++) {
    const x: unknown = v[i];
    if (!(typeof x === 'string' && x.length >= 1)) return false;
  }
  return true;
}

/** In place: parseCell would accept v and return its equal. */
function checkCell(v: unknown): boolean {
  if (!isPlain(v)) return false;
  const own = keysInOrder(v, keysCell);
  if (own < 0) return false;
  let n = 9;
  {
    const x = v['sourceRow'];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0))
      return false;
  }
  {
    const x = v['sourceCol'];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0))
      return false;
  }
  {
    const x = v['text'];
    if (!(typeof x === 'string')) return false;
  }
  {
    const x = v['kind'];
    if (!(x === 'number' || x === 'dash' || x === 'range' || x === 'na' || x === 'text'))
      return false;
  }
  {
    const x = v['value'];
    if (!(x === null || (typeof x === 'number' && Number.isFinite(x)))) return false;
  }
  if ('range' in v) {
    const x = v['range'];
    if (!(x === undefined || check21(x))) return false;
    n++;
  }
  {
    const x = v['scale'];
    if (!(typeof x === 'number' && Number.isFinite(x) && x > 0)) return false;
  }
  {
    const x = v['unit'];
    if (!(x === null || (typeof x === 'string' && x.length >= 1))) return false;
  }
  if ('scaleBasis' in v) {
    const x = v['scaleBasis'];
    if (!(x === undefined || checkBasis(x))) return false;
    n++;
  }
  if ('unitBasis' in v) {
    const x = v['unitBasis'];
    if (!(x === undefined || checkBasis(x))) return false;
    n++;
  }
  if ('footnotes' in v) {
    const x = v['footnotes'];
    if (!(x === undefined || check4(x))) return false;
    n++;
  }
  if (!check6(v['rowPath'])) return false;
  if (!check6(v['colPath'])) return false;
  if ('xbrl' in v) {
    const x = v['xbrl'];
    if (!(x === undefined || check17(x))) return false;
    n++;
  }
  if ('visible' in v) {
    const x = v['visible'];
    if (!(x === undefined || checkVisibleReading(x))) return false;
    n++;
  }
  if ('warnings' in v) {
    const x = v['warnings'];
    if (!(x === undefined || check22(x))) return false;
    n++;
  }
  return own === n;
}

/** In place: parse23 would accept v and return its equal. */
function check23(v: unknown): boolean {
  if (!isArray(v)) return false;
  for (let i = 0; i < v.length; i++) {
    if (!checkCell(v[i])) return false;
  }
  return true;
}

/** In place: parseTable would accept v and return its equal. */
function checkTable(v: unknown): boolean {
  if (!isPlain(v)) return false;
  const own = keysInOrder(v, keysTable);
  if (own < 0) return false;
  let n = 11;
  {
    const x = v['id'];
    if (!(typeof x === 'string')) return false;
  }
  {
    const x = v['sourceIndex'];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0))
      return false;
  }
  if ('page' in v) {
    const x = v['page'];
    if (!(
      x === undefined ||
      (typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x > 0)
    ))
      return false;
    n++;
  }
  {
    const x = v['caption'];
    if (!(typeof x === 'string')) return false;
  }
  {
    const x = v['scaleNote'];
    if (!(x === null || typeof x === 'string')) return false;
  }
  if (!checkSourceLocation(v['location'])) return false;
  {
    const x = v['rowCount'];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0))
      return false;
  }
  {
    const x = v['colCount'];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0))
      return false;
  }
  if (!check5(v['columnHeaders'])) return false;
  if (!check5(v['rowHeaders'])) return false;
  if (!check19(v['rows'])) return false;
  if (!check23(v['cells'])) return false;
  return own === n;
}

/** In place: parse24 would accept v and return its equal. */
function check24(v: unknown): boolean {
  if (!isArray(v)) return false;
  for (let i = 0; i < v.length; i++) {
    if (!checkTable(v[i])) return false;
  }
  return true;
}

/** In place: parseXbrlCrossCheck would accept v and return its equal. */
function checkXbrlCrossCheck(v: unknown): boolean {
  if (!isPlain(v)) return false;
  const own = keysInOrder(v, keysXbrlCrossCheck);
  if (own < 0) return false;
  {
    const x = v['factsInTables'];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0))
      return false;
  }
  {
    const x = v['agreeing'];
    if (!(typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0))
      return false;
  }
  return own === 2;
}

/** In place: parseDocument would accept v and return its equal. */
function checkDocument(v: unknown): boolean {
  if (!isPlain(v)) return false;
  const own = keysInOrder(v, keysDocument);
  if (own < 0) return false;
  let n = 6;
  {
    const x = v['schemaVersion'];
    if (!(x === 4)) return false;
  }
  if ('externalId' in v) {
    const x = v['externalId'];
    if (!(x === undefined || (typeof x === 'string' && x.length >= 1))) return false;
    n++;
  }
  if (!checkDocumentSource(v['source'])) return false;
  {
    const x = v['title'];
    if (!(typeof x === 'string')) return false;
  }
  if ('pageCount' in v) {
    const x = v['pageCount'];
    if (!(
      x === undefined ||
      (typeof x === 'number' && Number.isFinite(x) && Number.isSafeInteger(x) && x >= 0)
    ))
      return false;
    n++;
  }
  if (!check3(v['blocks'])) return false;
  if (!check24(v['tables'])) return false;
  if ('xbrl' in v) {
    const x = v['xbrl'];
    if (!(x === undefined || checkXbrlCrossCheck(x))) return false;
    n++;
  }
  if (!check22(v['warnings'])) return false;
  return own === n;
}

/**
 * The Document as `Document.parse` (zod) would return it, or undefined where zod would reject
 * it (or where this parser cannot vouch for zod's answer): the caller then asks zod, which
 * throws its usual error. A value that already is zod's answer (keys in the schema's order,
 * none unknown: what the SEC reader builds) is checked in place and returned as it is, with no
 * copy; anything else is parsed into a fresh copy, or refused, exactly as before.
 */
export function parseDocumentFast(value: unknown): Document | undefined {
  try {
    if (checkDocument(value)) return value as Document;
    return parseDocument(value) as Document;
  } catch {
    return undefined;
  }
}
