import type { QuickJSContext, QuickJSHandle, VmCallResult } from 'quickjs-emscripten-core';
import { cellInfoOf, type CellLookup, type TableSet } from '../../shared/sandbox/cell-lookup';
import type { SandboxFact } from '../../shared/sandbox/fact-index';
import type { FactSet } from '../../shared/sandbox/fact-lookup';
import type {
  CellAddress,
  SandboxCell,
  TraceEntry,
  TracedCell,
  TracedFact,
} from '../../shared/sandbox/types';
import {
  newFastFunction,
  newJsonRequestFunction,
  type FastAnswer,
  type JsonRequestTools,
} from './fast-host-call';
import { readVmString } from './read-result';
import { RunTag } from './run-tag';
import { MAX_REQUEST_CHARS } from './snippets';
import { compact } from '../../shared/util/compact';

/**
 * The only host functions a program can reach: `cell` and `table` lookups over the job's tables
 * and `console.*`. The lookups are read-only and record every call in a trace kept here, on the
 * host, where the program cannot edit it.
 *
 * Costs that shaped this (QuickJS as wasm through quickjs-emscripten): a host call costs ~20 µs
 * and each FFI step (typeof, getProp, getString…) a few µs, while parsing JavaScript costs
 * ~0.2 µs per character in every fresh context. So cell() is a one-line wrapper in the context
 * that hands the host ONE string, JSON.stringify([tableId, rowPath, colPath]) (stringified by
 * the JSON.stringify captured before the program ran), and the host checks it. A program
 * that sabotages its own arrays (toJSON, getters) can only make its own request malformed or
 * ask for another cell: what the host looks up and traces is what it received.
 */

/** Longest argument string accepted: far above any real header path. */
const MAX_ARG_CHARS = MAX_REQUEST_CHARS;
/** Longest header path accepted. */
const MAX_PATH_LABELS = 64;

export interface TraceRecorder {
  entries: TraceEntry[];
  truncated: boolean;
  max: number;
}

function record(trace: TraceRecorder, entry: TraceEntry): void {
  if (trace.entries.length < trace.max) trace.entries.push(entry);
  else trace.truncated = true;
}

/** The key "length" as a VM string, made once per context (a string key is copied per call). */
const lengthKeys = new RunTag<QuickJSContext, QuickJSHandle>('length key');

/** Call before using the helpers below in `ctx`; `own` disposes the key with the context. */
export function prepareArgumentReading(
  ctx: QuickJSContext,
  own: (h: QuickJSHandle) => QuickJSHandle,
): void {
  if (!lengthKeys.has(ctx)) lengthKeys.set(ctx, own(ctx.newString('length')));
}

/**
 * A VM string's length without copying it out (a program may pass megabytes). A primitive
 * string's `length` is an own property of its wrapper, so reading it runs no program code.
 */
function stringLength(ctx: QuickJSContext, handle: QuickJSHandle): number | undefined {
  if (ctx.typeof(handle) !== 'string') return undefined;
  const lengthHandle = ctx.getProp(handle, lengthKeys.get(ctx) ?? 'length');
  const length = ctx.typeof(lengthHandle) === 'number' ? ctx.getNumber(lengthHandle) : undefined;
  lengthHandle.dispose();
  return length;
}

function readString(ctx: QuickJSContext, handle: QuickJSHandle, max: number): string | undefined {
  const length = stringLength(ctx, handle);
  return length !== undefined && length <= max ? readVmString(ctx, handle, length) : undefined;
}

/**
 * The request a wrapper (snippets.ts) hands its host function: a primitive string of at most
 * MAX_REQUEST_CHARS, checked in the context, or '' (undefined here) when the program's
 * arguments could not be stringified or were too long. Only the wrapper can call the host
 * function, but nothing else than a string is ever read. JSON holds no raw NUL, so the C
 * string is whole; a U+FFFD may stand for a lone surrogate the C string could not carry, and
 * the string is then read exactly (readString).
 */
function readRequest(ctx: QuickJSContext, handle: QuickJSHandle): string | undefined {
  if (ctx.typeof(handle) !== 'string') return undefined;
  const text = ctx.getString(handle);
  if (text.includes('\uFFFD')) return readString(ctx, handle, MAX_REQUEST_CHARS) || undefined;
  return checkedRequest(text);
}

/** A request as read by the fast path (which leaves U+FFFD to readRequest), checked alike. */
const checkedRequest = (text: string | undefined): string | undefined =>
  text !== undefined && text !== '' && text.length <= MAX_REQUEST_CHARS ? text : undefined;

/** What a lookup answers, through either call path (fast-host-call.ts). */
function toResult(ctx: QuickJSContext, out: FastAnswer): VmCallResult<QuickJSHandle> {
  if (typeof out === 'number') return { value: ctx.newNumber(out) };
  if (typeof out === 'string') return { value: ctx.newString(out) };
  return { error: ctx.newError(out) };
}

/**
 * A lookup helper's host function: `answer` gets the checked request text (undefined when it
 * was missing, not a string or too long), by the fast path when the context has it.
 */
function lookupFunction(
  ctx: QuickJSContext,
  fn: string,
  answer: (text: string | undefined) => FastAnswer,
): QuickJSHandle {
  return newFastFunction(
    ctx,
    fn,
    (requestHandle) =>
      toResult(ctx, answer(requestHandle ? readRequest(ctx, requestHandle) : undefined)),
    (raw) => answer(checkedRequest(raw)),
  );
}

type CellRequest = { tableId: string; row: CellAddress; col: CellAddress };

/** A header path as cell() accepts it: one label or an array of at most 64 labels. */
function asPath(value: unknown): string[] | undefined {
  if (typeof value === 'string') return [value];
  if (!Array.isArray(value) || value.length > MAX_PATH_LABELS) return undefined;
  return value.every((s): s is string => typeof s === 'string') ? value : undefined;
}

const isIndex = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 0xffffff;

/** A wrapper's JSON array of exactly three arguments, or the usage line saying it is not. */
function threeArguments(text: string, usage: string): unknown[] | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) return `${usage}: malformed arguments`;
  return parsed as unknown[];
}

/**
 * The JSON the cell()/cellInfo() wrapper sends, checked; a message saying what is wrong
 * otherwise. Row and col are both grid positions (whole numbers) or both header paths.
 */
function parseCellRequest(text: string, fn: string): CellRequest | string {
  const usage = `${fn}(tableId, rowPath, colPath)`;
  const parsed = threeArguments(text, usage);
  if (typeof parsed === 'string') return parsed;
  const [tableId, row, col] = parsed;
  if (typeof tableId !== 'string') return `${usage}: tableId must be a string`;
  if (typeof row === 'number' && typeof col === 'number') {
    if (!isIndex(row) || !isIndex(col))
      return `${fn}(tableId, row, col): row and col must be whole numbers from 0`;
    return { tableId, row, col };
  }
  const rowPath = asPath(row);
  if (!rowPath) return `${usage}: rowPath must be a string or an array of strings`;
  const colPath = asPath(col);
  if (!colPath) return `${usage}: colPath must be a string or an array of strings`;
  return { tableId, row: rowPath, col: colPath };
}

function fail(ctx: QuickJSContext, name: string, message: string): VmCallResult<QuickJSHandle> {
  return { error: ctx.newError({ name, message }) };
}

/** An error the program sees, as a lookup answers it. */
const failure = (name: string, message: string): FastAnswer => ({ name, message });

/** The trace's record of the grid cell read, when the table carries positions. */
function tracedCell(tableId: string, cell: SandboxCell, value: number): TracedCell | undefined {
  if (cell.row === undefined || cell.col === undefined) return undefined;
  return {
    tableId,
    row: cell.row,
    col: cell.col,
    value,
    scale: cell.scale ?? 1,
    unit: cell.unit ?? null,
  };
}

/**
 * hostCell(json) (a number, for createCellHelper's cell()) or, with `fn` 'cellInfo', hostCellInfo(json) for
 * CELL_INFO_SNIPPET (the CellInfo as JSON); the caller disposes the handle.
 */
export function createCellFunction(
  ctx: QuickJSContext,
  set: TableSet,
  trace: TraceRecorder,
  fn: 'cell' | 'cellInfo' = 'cell',
): QuickJSHandle {
  return lookupFunction(ctx, fn, cellAnswer(set, trace, fn));
}

/**
 * cell(tableId, row, col) itself, a host function (no wrapper to parse in the context: see
 * newJsonRequestFunction); set it on the global object. It reads, traces and fails as
 * the wrapper it replaced (`h=>{const j=JSON.stringify;globalThis.cell=function cell(t,r,c){…}}`) did.
 */
export function createCellHelper(
  ctx: QuickJSContext,
  tools: JsonRequestTools,
  set: TableSet,
  trace: TraceRecorder,
): QuickJSHandle {
  const answer = cellAnswer(set, trace, 'cell');
  return newJsonRequestFunction(ctx, tools, 'cell', MAX_REQUEST_CHARS, (raw) =>
    answer(checkedRequest(raw)),
  );
}

/** A checked cell() request and what the table set answered for it. */
interface CellRead {
  tableId: string;
  row: CellAddress;
  col: CellAddress;
  found: CellLookup;
}

/** Requests remembered per table set: at most this many, of at most this many characters. */
const MAX_REMEMBERED = 4096;
const MAX_REMEMBERED_CHARS = 512;

/**
 * cell() requests already answered, per table set and by their exact text: a set's tables are
 * read-only, so the same text always parses and looks up the same way (programs of a batch and
 * of later batches over the same document repeat their reads). Saves the JSON.parse, the
 * checks and the lookup's own keys, ~2 µs of a call. The trace still gets entries of its own
 * (fresh arrays) per call. Host state only, like the set's own path cache.
 */
const rememberedReads = new WeakMap<TableSet, Map<string, CellRead>>();

function cellRead(set: TableSet, text: string, fn: 'cell' | 'cellInfo'): CellRead | string {
  // cellInfo() reads are rarer: looked up each time.
  let remembered = fn === 'cell' ? rememberedReads.get(set) : undefined;
  const known = remembered?.get(text);
  if (known) return known;
  const request = parseCellRequest(text, fn);
  if (typeof request === 'string') return request;
  const read: CellRead = {
    ...request,
    found: set.findCell(request.tableId, request.row, request.col, fn),
  };
  if (fn === 'cell' && text.length <= MAX_REMEMBERED_CHARS) {
    if (!remembered) rememberedReads.set(set, (remembered = new Map<string, CellRead>()));
    if (remembered.size < MAX_REMEMBERED) remembered.set(text, read);
  }
  return read;
}

/** A header path or position as the trace keeps it: an array of the trace's own. */
const ownAddress = (a: CellAddress): CellAddress => (typeof a === 'number' ? a : a.slice());

/** What cell()/cellInfo() answer for a request (undefined: missing or too long). */
function cellAnswer(
  set: TableSet,
  trace: TraceRecorder,
  fn: 'cell' | 'cellInfo',
): (text: string | undefined) => FastAnswer {
  return (text) => {
    const request =
      text === undefined
        ? `${fn}(tableId, rowPath, colPath): arguments too long`
        : cellRead(set, text, fn);
    // A wrong argument is the program's TypeError; it is not a read, so it is not traced.
    if (typeof request === 'string') return failure('TypeError', request);
    const { tableId, found } = request;
    const entry: TraceEntry = {
      fn,
      args: [tableId, ownAddress(request.row), ownAddress(request.col)],
      value: found.ok ? found.value : null,
    };
    const read = found.ok ? tracedCell(tableId, found.cell, found.value) : undefined;
    if (read) entry.cell = read;
    record(trace, entry);
    if (!found.ok) return failure('LookupError', found.message);
    if (fn === 'cell') return found.value;
    return JSON.stringify(cellInfoOf(tableId, { ...found.cell, value: found.value }));
  };
}

type FactRequest = { concept: string; period: string; dims: Record<string, string> };

/** Longest concept name or period accepted. */
const MAX_NAME_CHARS = 300;
/** Most dimensions a fact() call may name. */
const MAX_DIMS = 16;

/**
 * The JSON the fact() wrapper sends, checked: [concept, period, dims]; a period may be a year
 * as a number (2024); dims null or {axis: member} with string members.
 */
export function parseFactRequest(text: string): FactRequest | string {
  const usage = 'fact(concept, period, dims)';
  const parsed = threeArguments(text, usage);
  if (typeof parsed === 'string') return parsed;
  const [concept, period, dims] = parsed;
  if (typeof concept !== 'string' || concept.trim() === '' || concept.length > MAX_NAME_CHARS)
    return `${usage}: concept must be a name such as "us-gaap:Revenues" or "Revenues"`;
  const periodText =
    typeof period === 'number' && Number.isInteger(period) ? String(period) : period;
  if (typeof periodText !== 'string' || periodText.length > MAX_NAME_CHARS)
    return `${usage}: period must be a string such as "FY2024", "Q3 2024" or "2024-12-31"`;
  if (dims === null) return { concept, period: periodText, dims: {} };
  if (typeof dims !== 'object' || Array.isArray(dims))
    return `${usage}: dims must be an object {axis: member}`;
  const entries = Object.entries(dims as Record<string, unknown>);
  if (entries.length > MAX_DIMS) return `${usage}: at most ${MAX_DIMS} dimensions`;
  const out: Record<string, string> = {};
  for (const [axis, member] of entries) {
    if (
      typeof member !== 'string' ||
      member.length > MAX_NAME_CHARS ||
      axis.length > MAX_NAME_CHARS
    )
      return `${usage}: dims must map axis names to member names (strings)`;
    out[axis] = member;
  }
  return { concept, period: periodText, dims: out };
}

/** What the trace keeps of a fact read, and what fact() answers: the known fields only. */
export function tracedFact(f: SandboxFact): TracedFact {
  return {
    concept: f.concept,
    period: f.period,
    label: f.label,
    dimensions: f.dimensions,
    unit: f.unit,
    value: f.value,
    scale: f.scale,
    base: f.base,
    cells: f.cells,
    // Across several filings: which one the fact is from (the program may show or check it).
    ...(f.filing ? { filing: { documentId: f.filing.documentId, label: f.filing.label } } : {}),
  };
}

/** The trace's record of a fact read: the fact, and its first cell as a cell() read's. */
export function factTraceEntry(request: FactRequest, found: SandboxFact | null): TraceEntry {
  const entry: TraceEntry = {
    fn: 'fact',
    args: [request.concept, request.period, request.dims],
    value: found ? found.value : null,
  };
  if (found) {
    entry.fact = tracedFact(found);
    const first = found.cells[0];
    if (first)
      entry.cell = { ...first, value: found.value, scale: found.scale, unit: cellUnit(found.unit) };
  }
  return entry;
}

/** A fact's unit as cells name it ("USD/shares" → "USD/share"). */
const cellUnit = (unit: string | null): string | null =>
  unit === 'USD/shares' ? 'USD/share' : unit;

/**
 * hostFact(json) for FACT_SNIPPET or, with `fn` 'facts', hostFacts(json) for FACTS_SNIPPET:
 * the fact (or the concept's facts) as JSON; the caller disposes the handle.
 */
export function createFactFunction(
  ctx: QuickJSContext,
  set: FactSet,
  trace: TraceRecorder,
  fn: 'fact' | 'facts',
): QuickJSHandle {
  return lookupFunction(ctx, fn, (text) => {
    if (text === undefined) return failure('TypeError', `${fn}(): arguments too long`);
    if (fn === 'facts') {
      let concept: unknown;
      try {
        concept = (JSON.parse(text) as unknown[])[0];
      } catch {
        concept = undefined;
      }
      if (typeof concept !== 'string' || concept.length > MAX_NAME_CHARS)
        return failure('TypeError', 'facts(concept): concept must be a string');
      const list = set.all(concept);
      record(trace, { fn: 'facts', args: [concept], value: list ? list.length : null });
      if (!list)
        return failure(
          'LookupError',
          `facts(${JSON.stringify(concept.slice(0, 200))}): no such concept${set.nearestConcepts(concept)}`.slice(
            0,
            1000,
          ),
        );
      return JSON.stringify(list.map(tracedFact));
    }
    const request = parseFactRequest(text);
    if (typeof request === 'string') return failure('TypeError', request);
    const found = set.find(request.concept, request.period, request.dims);
    record(trace, factTraceEntry(request, found.ok ? found.fact : null));
    if (!found.ok) return failure('LookupError', found.message);
    return JSON.stringify(tracedFact(found.fact));
  });
}

/** A cell as table() shows it: the known fields only, whatever else the caller's object had. */
function plainCell(c: SandboxCell): SandboxCell {
  const out: SandboxCell = { rowPath: c.rowPath, colPath: c.colPath, value: c.value };
  if (c.row !== undefined && c.col !== undefined) {
    out.row = c.row;
    out.col = c.col;
  }
  if (c.scale !== undefined) out.scale = c.scale;
  if (c.unit !== undefined) out.unit = c.unit;
  if (c.text !== undefined) out.text = c.text;
  return out;
}

/** hostTable(id) for TABLE_SNIPPET: the table as JSON; the caller disposes the handle. */
export function createTableFunction(
  ctx: QuickJSContext,
  set: TableSet,
  trace: TraceRecorder,
): QuickJSHandle {
  const jsonById = new Map<string, string>();
  return ctx.newFunction('table', (idHandle) => {
    const id = idHandle ? readString(ctx, idHandle, MAX_ARG_CHARS) : undefined;
    if (id === undefined) return fail(ctx, 'TypeError', 'table(tableId): tableId must be a string');
    const found = set.get(id);
    record(trace, { fn: 'table', args: [id], value: found ?? null });
    if (!found) {
      const known = set.ids();
      return fail(
        ctx,
        'LookupError',
        `table(${JSON.stringify(id.slice(0, 200))}): no table with that id (${
          known.length === 0 ? 'no tables were given' : `tables: ${known.join(', ')}`
        })`,
      );
    }
    // A plain copy: only id and cells, whatever else the caller's object carried.
    let json = jsonById.get(id);
    if (json === undefined) {
      json = JSON.stringify({
        id: found.id,
        ...compact({ caption: found.caption }),
        cells: found.cells.map(plainCell),
      });
      jsonById.set(id, json);
    }
    return ctx.newString(json);
  });
}

/** Collects console output, cut at `maxChars`. */
export class LogSink {
  text = '';
  private full = false;

  constructor(private readonly maxChars: number) {}

  /**
   * Installs `console` (log/info/warn/error/debug) on the context's global object. Objects are
   * printed with the context's JSON.stringify (else String), captured before the program runs
   * and called like any program code: under its deadline, exceptions contained.
   */
  install(ctx: QuickJSContext, own: (h: QuickJSHandle) => QuickJSHandle): void {
    const formatters: QuickJSHandle[] = [];
    const json = own(ctx.getProp(ctx.global, 'JSON'));
    if (ctx.typeof(json) === 'object') formatters.push(own(ctx.getProp(json, 'stringify')));
    formatters.push(own(ctx.getProp(ctx.global, 'String')));
    const log = own(
      ctx.newFunction('log', (...args) => {
        if (this.full) return;
        const parts: string[] = [];
        let room = this.maxChars - this.text.length;
        for (const arg of args) {
          const text = this.show(ctx, arg, room, formatters);
          // Too long to keep: what fits is kept and the log ends here.
          if (text === undefined) return this.append(parts.join(' '), true);
          parts.push(text);
          room -= text.length + 1;
        }
        this.append(parts.join(' '), false);
      }),
    );
    const console = own(ctx.newObject());
    for (const name of ['log', 'info', 'warn', 'error', 'debug']) ctx.setProp(console, name, log);
    ctx.setProp(ctx.global, 'console', console);
  }

  /** The value as console.log prints it; undefined if it would not fit in `room` characters. */
  private show(
    ctx: QuickJSContext,
    value: QuickJSHandle,
    room: number,
    formatters: QuickJSHandle[],
  ): string | undefined {
    switch (ctx.typeof(value)) {
      case 'string':
        return readString(ctx, value, Math.max(0, room));
      case 'number':
        return String(ctx.getNumber(value));
      case 'boolean':
        return ctx.sameValue(value, ctx.true) ? 'true' : 'false';
      case 'undefined':
        return 'undefined';
      case 'bigint':
        return `${ctx.getBigInt(value)}n`;
      case 'symbol':
        return String(ctx.getSymbol(value));
      default:
        if (ctx.sameValue(value, ctx.null)) return 'null';
        for (const format of formatters) {
          const result = ctx.callFunction(format, ctx.undefined, value);
          if (result.error) {
            result.error.dispose();
            continue;
          }
          const length = stringLength(ctx, result.value);
          const text = readString(ctx, result.value, Math.max(0, room));
          result.value.dispose();
          if (length !== undefined) return text;
        }
        return '[unprintable]';
    }
  }

  private append(line: string, cut: boolean): void {
    const room = this.maxChars - this.text.length;
    if (!cut && line.length + 1 <= room) {
      this.text += `${line}\n`;
      return;
    }
    this.text += `${line.slice(0, Math.max(0, room))}\n[log truncated]\n`;
    this.full = true;
  }
}
