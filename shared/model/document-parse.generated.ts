// GENERATED from the zod schema of the Document (shared/model) by
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

/** Document.schemaVersion */
function parse0(v: unknown): unknown {
  return v === 4 ? v : fail();
}

/** Document.externalId */
function parse1(v: unknown): unknown {
  return typeof v === 'string' && v.length >= 1 ? v : fail();
}

/** Document.source.name */
function parse2(v: unknown): unknown {
  return typeof v === 'string' ? v : fail();
}

/** Document.source.kind */
function parse3(v: unknown): unknown {
  return v === 'sec-html' || v === 'pdf' || v === 'dataset' ? v : fail();
}

/** Document.source.bytes */
function parse4(v: unknown): unknown {
  return typeof v === 'number' && Number.isFinite(v) && Number.isSafeInteger(v) && v >= 0
    ? v
    : fail();
}

/** DatasetFormat (first at Document.source.format). */
function parseDatasetFormat(v: unknown): unknown {
  return v === 'tatqa' ||
    v === 'tathqa' ||
    v === 'finqa' ||
    v === 'multihiertt' ||
    v === 'docmath' ||
    v === 'financebench' ||
    v === 'tablequest'
    ? v
    : fail();
}

/** DocumentSource (first at Document.source). */
function parseDocumentSource(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  out['name'] = parse2(v['name']);
  out['kind'] = parse3(v['kind']);
  out['bytes'] = parse4(v['bytes']);
  if ('format' in v) {
    const x = v['format'];
    out['format'] = x === undefined ? undefined : parseDatasetFormat(x);
  }
  if ('file' in v) {
    const x = v['file'];
    out['file'] = x === undefined ? undefined : parse2(x);
  }
  return out;
}

/** Document.blocks[]<heading>.type */
function parse5(v: unknown): unknown {
  return v === 'heading' ? v : fail();
}

/** Document.blocks[]<heading>.level */
function parse6(v: unknown): unknown {
  return typeof v === 'number' && Number.isFinite(v) && Number.isSafeInteger(v) && v >= 1 && v <= 6
    ? v
    : fail();
}

/** Document.blocks[]<heading>.location<html>.kind */
function parse7(v: unknown): unknown {
  return v === 'html' ? v : fail();
}

/** Document.blocks[]<heading>.location<html> */
function parse8(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  out['kind'] = parse7(v['kind']);
  out['path'] = parse2(v['path']);
  return out;
}

/** Document.blocks[]<heading>.location<pdf>.kind */
function parse9(v: unknown): unknown {
  return v === 'pdf' ? v : fail();
}

/** Document.blocks[]<heading>.location<pdf>.page */
function parse10(v: unknown): unknown {
  return typeof v === 'number' && Number.isFinite(v) && Number.isSafeInteger(v) && v > 0
    ? v
    : fail();
}

/** Document.blocks[]<heading>.location<pdf>.box.x */
function parse11(v: unknown): unknown {
  return typeof v === 'number' && Number.isFinite(v) ? v : fail();
}

/** Document.blocks[]<heading>.location<pdf>.box.width */
function parse12(v: unknown): unknown {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : fail();
}

/** PageBox (first at Document.blocks[]<heading>.location<pdf>.box). */
function parsePageBox(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  out['x'] = parse11(v['x']);
  out['y'] = parse11(v['y']);
  out['width'] = parse12(v['width']);
  out['height'] = parse12(v['height']);
  return out;
}

/** Document.blocks[]<heading>.location<pdf> */
function parse13(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  out['kind'] = parse9(v['kind']);
  out['page'] = parse10(v['page']);
  out['box'] = parsePageBox(v['box']);
  return out;
}

/** Document.blocks[]<heading>.location<dataset>.kind */
function parse14(v: unknown): unknown {
  return v === 'dataset' ? v : fail();
}

/** Document.blocks[]<heading>.location<dataset> */
function parse15(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  out['kind'] = parse14(v['kind']);
  out['pointer'] = parse2(v['pointer']);
  return out;
}

/** SourceLocation (first at Document.blocks[]<heading>.location). */
function parseSourceLocation(v: unknown): unknown {
  if (!isObject(v)) return fail();
  switch (v['kind']) {
    case 'html':
      return parse8(v);
    case 'pdf':
      return parse13(v);
    case 'dataset':
      return parse15(v);
    default:
      return fail();
  }
}

/** HeadingBlock (first at Document.blocks[]<heading>). */
function parseHeadingBlock(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  out['type'] = parse5(v['type']);
  out['id'] = parse2(v['id']);
  out['level'] = parse6(v['level']);
  out['text'] = parse2(v['text']);
  out['location'] = parseSourceLocation(v['location']);
  return out;
}

/** Document.blocks[]<paragraph>.type */
function parse16(v: unknown): unknown {
  return v === 'paragraph' ? v : fail();
}

/** ParagraphBlock (first at Document.blocks[]<paragraph>). */
function parseParagraphBlock(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  out['type'] = parse16(v['type']);
  out['id'] = parse2(v['id']);
  out['text'] = parse2(v['text']);
  out['location'] = parseSourceLocation(v['location']);
  return out;
}

/** Document.blocks[]<table>.type */
function parse17(v: unknown): unknown {
  return v === 'table' ? v : fail();
}

/** TableBlock (first at Document.blocks[]<table>). */
function parseTableBlock(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  out['type'] = parse17(v['type']);
  out['id'] = parse2(v['id']);
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
function parse18(v: unknown): unknown {
  if (!Array.isArray(v)) return fail();
  const out: unknown[] = new Array<unknown>(v.length);
  for (let i = 0; i < v.length; i++) out[i] = parseBlock(v[i]);
  return out;
}

/** Document.tables[].scaleNote */
function parse19(v: unknown): unknown {
  return v === null ? null : parse2(v);
}

/** FootnoteMark (first at Document.tables[].columnHeaders[].footnotes[]). */
function parseFootnoteMark(v: unknown): unknown {
  return typeof v === 'string' && v.length >= 1 && v.length <= 8 ? v : fail();
}

/** Document.tables[].columnHeaders[].footnotes */
function parse20(v: unknown): unknown {
  if (!Array.isArray(v)) return fail();
  const out: unknown[] = new Array<unknown>(v.length);
  for (let i = 0; i < v.length; i++) out[i] = parseFootnoteMark(v[i]);
  return out;
}

/** Document.tables[].columnHeaders[].children */
function parse21(v: unknown): unknown {
  if (!Array.isArray(v)) return fail();
  const out: unknown[] = new Array<unknown>(v.length);
  for (let i = 0; i < v.length; i++) out[i] = parseHeaderNode(v[i]);
  return out;
}

/** HeaderNode (first at Document.tables[].columnHeaders[]). */
function parseHeaderNode(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  out['text'] = parse2(v['text']);
  if ('footnotes' in v) {
    const x = v['footnotes'];
    out['footnotes'] = x === undefined ? undefined : parse20(x);
  }
  out['sourceRow'] = parse4(v['sourceRow']);
  out['firstCol'] = parse4(v['firstCol']);
  out['lastCol'] = parse4(v['lastCol']);
  out['children'] = parse21(v['children']);
  return out;
}

/** RowKind (first at Document.tables[].rows[].kind). */
function parseRowKind(v: unknown): unknown {
  return v === 'header' || v === 'section' || v === 'data' || v === 'total' || v === 'note'
    ? v
    : fail();
}

/** Document.tables[].rows[].path */
function parse22(v: unknown): unknown {
  if (!Array.isArray(v)) return fail();
  const out: unknown[] = new Array<unknown>(v.length);
  for (let i = 0; i < v.length; i++) out[i] = parse2(v[i]);
  return out;
}

/** Document.tables[].rows[].numbers[].scale */
function parse23(v: unknown): unknown {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : fail();
}

/** Unit (first at Document.tables[].rows[].numbers[].unit). */
function parseUnit(v: unknown): unknown {
  return typeof v === 'string' && v.length >= 1 ? v : fail();
}

/** Document.tables[].rows[].numbers[].unit */
function parse24(v: unknown): unknown {
  return v === null ? null : parseUnit(v);
}

/** Document.tables[].rows[].numbers[].xbrl[].period|0 */
function parse25(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  out['instant'] = parse2(v['instant']);
  for (const key in v) {
    if (!(key === 'instant')) return fail();
  }
  return out;
}

/** Document.tables[].rows[].numbers[].xbrl[].period|1 */
function parse26(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  out['start'] = parse2(v['start']);
  out['end'] = parse2(v['end']);
  for (const key in v) {
    if (!(key === 'start' || key === 'end')) return fail();
  }
  return out;
}

/** Document.tables[].rows[].numbers[].xbrl[].period|2.forever */
function parse27(v: unknown): unknown {
  return v === true ? v : fail();
}

/** Document.tables[].rows[].numbers[].xbrl[].period|2 */
function parse28(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  out['forever'] = parse27(v['forever']);
  for (const key in v) {
    if (!(key === 'forever')) return fail();
  }
  return out;
}

/** XbrlPeriod (first at Document.tables[].rows[].numbers[].xbrl[].period). */
function parseXbrlPeriod(v: unknown): unknown {
  try {
    return parse25(v);
  } catch (e) {
    if (e !== rejected) throw e;
  }
  try {
    return parse26(v);
  } catch (e) {
    if (e !== rejected) throw e;
  }
  try {
    return parse28(v);
  } catch (e) {
    if (e !== rejected) throw e;
  }
  return fail();
}

/** Document.tables[].rows[].numbers[].xbrl[].period */
function parse29(v: unknown): unknown {
  return v === null ? null : parseXbrlPeriod(v);
}

/** Document.tables[].rows[].numbers[].xbrl[].dimensions */
function parse30(v: unknown): unknown {
  if (!isPlainObject(v)) return fail();
  const out: Obj = {};
  for (const key of Reflect.ownKeys(v)) {
    if (key === '__proto__' || !Object.prototype.propertyIsEnumerable.call(v, key)) continue;
    if (typeof key !== 'string') return fail();
    out[key] = parse2(v[key]);
  }
  return out;
}

/** Document.tables[].rows[].numbers[].xbrl[].decimals|0 */
function parse31(v: unknown): unknown {
  return typeof v === 'number' && Number.isFinite(v) && Number.isSafeInteger(v) ? v : fail();
}

/** Document.tables[].rows[].numbers[].xbrl[].decimals|1 */
function parse32(v: unknown): unknown {
  return v === 'INF' ? v : fail();
}

/** Document.tables[].rows[].numbers[].xbrl[].decimals */
function parse33(v: unknown): unknown {
  try {
    return parse31(v);
  } catch (e) {
    if (e !== rejected) throw e;
  }
  try {
    return parse32(v);
  } catch (e) {
    if (e !== rejected) throw e;
  }
  return fail();
}

/** Document.tables[].rows[].numbers[].xbrl[].decimals */
function parse34(v: unknown): unknown {
  return v === null ? null : parse33(v);
}

/** Document.tables[].rows[].numbers[].xbrl[].negated */
function parse35(v: unknown): unknown {
  return typeof v === 'boolean' ? v : fail();
}

/** Document.tables[].rows[].numbers[].xbrl[].factValue */
function parse36(v: unknown): unknown {
  return v === null ? null : parse11(v);
}

/** Document.tables[].rows[].numbers[].xbrl[].agrees */
function parse37(v: unknown): unknown {
  return v === null ? null : parse35(v);
}

/** XbrlFactRef (first at Document.tables[].rows[].numbers[].xbrl[]). */
function parseXbrlFactRef(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  out['concept'] = parse2(v['concept']);
  out['contextRef'] = parse2(v['contextRef']);
  out['period'] = parse29(v['period']);
  out['dimensions'] = parse30(v['dimensions']);
  out['unitRef'] = parse19(v['unitRef']);
  out['unit'] = parse19(v['unit']);
  out['decimals'] = parse34(v['decimals']);
  out['scale'] = parse31(v['scale']);
  out['negated'] = parse35(v['negated']);
  out['factValue'] = parse36(v['factValue']);
  out['agrees'] = parse37(v['agrees']);
  return out;
}

/** Document.tables[].rows[].numbers[].xbrl */
function parse38(v: unknown): unknown {
  if (!Array.isArray(v)) return fail();
  const out: unknown[] = new Array<unknown>(v.length);
  for (let i = 0; i < v.length; i++) out[i] = parseXbrlFactRef(v[i]);
  return out;
}

/** NumberMention (first at Document.tables[].rows[].numbers[]). */
function parseNumberMention(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  out['sourceCol'] = parse4(v['sourceCol']);
  out['offset'] = parse4(v['offset']);
  out['text'] = parse2(v['text']);
  out['value'] = parse11(v['value']);
  out['scale'] = parse23(v['scale']);
  out['unit'] = parse24(v['unit']);
  if ('xbrl' in v) {
    const x = v['xbrl'];
    out['xbrl'] = x === undefined ? undefined : parse38(x);
  }
  return out;
}

/** Document.tables[].rows[].numbers */
function parse39(v: unknown): unknown {
  if (!Array.isArray(v)) return fail();
  const out: unknown[] = new Array<unknown>(v.length);
  for (let i = 0; i < v.length; i++) out[i] = parseNumberMention(v[i]);
  return out;
}

/** TableRow (first at Document.tables[].rows[]). */
function parseTableRow(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  out['sourceRow'] = parse4(v['sourceRow']);
  out['kind'] = parseRowKind(v['kind']);
  out['label'] = parse2(v['label']);
  if ('footnotes' in v) {
    const x = v['footnotes'];
    out['footnotes'] = x === undefined ? undefined : parse20(x);
  }
  out['level'] = parse4(v['level']);
  out['path'] = parse22(v['path']);
  if ('numbers' in v) {
    const x = v['numbers'];
    out['numbers'] = x === undefined ? undefined : parse39(x);
  }
  return out;
}

/** Document.tables[].rows */
function parse40(v: unknown): unknown {
  if (!Array.isArray(v)) return fail();
  const out: unknown[] = new Array<unknown>(v.length);
  for (let i = 0; i < v.length; i++) out[i] = parseTableRow(v[i]);
  return out;
}

/** CellKind (first at Document.tables[].cells[].kind). */
function parseCellKind(v: unknown): unknown {
  return v === 'number' || v === 'dash' || v === 'range' || v === 'na' || v === 'text' ? v : fail();
}

/** Document.tables[].cells[].range */
function parse41(v: unknown): unknown {
  if (!Array.isArray(v) || v.length !== 2) return fail();
  return [parse11(v[0]), parse11(v[1])];
}

/** BasisSource (first at Document.tables[].cells[].scaleBasis.source). */
function parseBasisSource(v: unknown): unknown {
  return v === 'cell-text' ||
    v === 'column-header' ||
    v === 'column-values' ||
    v === 'row-label' ||
    v === 'table-exception' ||
    v === 'table-note' ||
    v === 'caption' ||
    v === 'filing-usual' ||
    v === 'default' ||
    v === 'inline-xbrl'
    ? v
    : fail();
}

/** Basis (first at Document.tables[].cells[].scaleBasis). */
function parseBasis(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  out['source'] = parseBasisSource(v['source']);
  out['phrase'] = parse2(v['phrase']);
  return out;
}

/** VisibleReading (first at Document.tables[].cells[].visible). */
function parseVisibleReading(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  out['kind'] = parseCellKind(v['kind']);
  out['value'] = parse36(v['value']);
  if ('range' in v) {
    const x = v['range'];
    out['range'] = x === undefined ? undefined : parse41(x);
  }
  out['scale'] = parse23(v['scale']);
  out['unit'] = parse24(v['unit']);
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
function parse42(v: unknown): unknown {
  if (!Array.isArray(v)) return fail();
  const out: unknown[] = new Array<unknown>(v.length);
  for (let i = 0; i < v.length; i++) out[i] = parseUnit(v[i]);
  return out;
}

/** Cell (first at Document.tables[].cells[]). */
function parseCell(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  out['sourceRow'] = parse4(v['sourceRow']);
  out['sourceCol'] = parse4(v['sourceCol']);
  out['text'] = parse2(v['text']);
  out['kind'] = parseCellKind(v['kind']);
  out['value'] = parse36(v['value']);
  if ('range' in v) {
    const x = v['range'];
    out['range'] = x === undefined ? undefined : parse41(x);
  }
  out['scale'] = parse23(v['scale']);
  out['unit'] = parse24(v['unit']);
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
    out['footnotes'] = x === undefined ? undefined : parse20(x);
  }
  out['rowPath'] = parse22(v['rowPath']);
  out['colPath'] = parse22(v['colPath']);
  if ('xbrl' in v) {
    const x = v['xbrl'];
    out['xbrl'] = x === undefined ? undefined : parse38(x);
  }
  if ('visible' in v) {
    const x = v['visible'];
    out['visible'] = x === undefined ? undefined : parseVisibleReading(x);
  }
  if ('warnings' in v) {
    const x = v['warnings'];
    out['warnings'] = x === undefined ? undefined : parse42(x);
  }
  return out;
}

/** Document.tables[].cells */
function parse43(v: unknown): unknown {
  if (!Array.isArray(v)) return fail();
  const out: unknown[] = new Array<unknown>(v.length);
  for (let i = 0; i < v.length; i++) out[i] = parseCell(v[i]);
  return out;
}

/** Table (first at Document.tables[]). */
function parseTable(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  out['id'] = parse2(v['id']);
  out['sourceIndex'] = parse4(v['sourceIndex']);
  if ('page' in v) {
    const x = v['page'];
    out['page'] = x === undefined ? undefined : parse10(x);
  }
  out['caption'] = parse2(v['caption']);
  out['scaleNote'] = parse19(v['scaleNote']);
  out['location'] = parseSourceLocation(v['location']);
  out['rowCount'] = parse4(v['rowCount']);
  out['colCount'] = parse4(v['colCount']);
  out['columnHeaders'] = parse21(v['columnHeaders']);
  out['rowHeaders'] = parse21(v['rowHeaders']);
  out['rows'] = parse40(v['rows']);
  out['cells'] = parse43(v['cells']);
  return out;
}

/** Document.tables */
function parse44(v: unknown): unknown {
  if (!Array.isArray(v)) return fail();
  const out: unknown[] = new Array<unknown>(v.length);
  for (let i = 0; i < v.length; i++) out[i] = parseTable(v[i]);
  return out;
}

/** XbrlCrossCheck (first at Document.xbrl). */
function parseXbrlCrossCheck(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  out['factsInTables'] = parse4(v['factsInTables']);
  out['agreeing'] = parse4(v['agreeing']);
  return out;
}

/** Document (first at Document). */
function parseDocument(v: unknown): unknown {
  if (!isObject(v)) return fail();
  const out: Obj = {};
  out['schemaVersion'] = parse0(v['schemaVersion']);
  if ('externalId' in v) {
    const x = v['externalId'];
    out['externalId'] = x === undefined ? undefined : parse1(x);
  }
  out['source'] = parseDocumentSource(v['source']);
  out['title'] = parse2(v['title']);
  if ('pageCount' in v) {
    const x = v['pageCount'];
    out['pageCount'] = x === undefined ? undefined : parse4(x);
  }
  out['blocks'] = parse18(v['blocks']);
  out['tables'] = parse44(v['tables']);
  if ('xbrl' in v) {
    const x = v['xbrl'];
    out['xbrl'] = x === undefined ? undefined : parseXbrlCrossCheck(x);
  }
  out['warnings'] = parse42(v['warnings']);
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
