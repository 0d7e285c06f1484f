// GENERATED from the zod schema of the Document (shared/document) by
// test/unit/document/support/document-parse-codegen.ts. Do not edit: change the schema, then
//   UPDATE_DOCUMENT_PARSE=1 npx vitest run --config vitest.config.mts test/unit/document/document-parse-generated.test.ts
// (the same test fails while this file is out of date with the schema).
//
// Why it exists: checking a reader's Document with zod cost a CLI ingest about 45 ms to load
// zod, 15 ms to build the schemas and 70-100 ms to parse a big filing's Document, all cold; this
// does the same check in a few ms without loading zod (docs/BENCHMARKS.md, "CLI start and
// ingest"). It accepts exactly what zod accepts and returns the same value; anything else
// goes to zod (main/document/check-document.ts), so errors read as before.
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

/**
 * The Document as `Document.parse` (zod) would return it, or undefined where zod would reject
 * it (or where this parser cannot vouch for zod's answer): the caller then asks zod, which
 * throws its usual error.
 */
export function parseDocumentFast(value: unknown): Document | undefined {
  try {
    return parseDocument(value) as Document;
  } catch {
    return undefined;
  }
}
