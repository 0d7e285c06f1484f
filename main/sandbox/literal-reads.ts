/**
 * cell() reads whose arguments are literals in the program's source, e.g.
 * `cell('income', ['Revenue'], ['2023'])`, answered without a host call.
 *
 * A host call from QuickJS costs ~25 µs (the round trip through quickjs-emscripten's callback
 * path alone ~14 µs), more than the rest of a small program. So before the run the host finds
 * such calls in the source, looks each one up exactly as the host function would, and hands
 * the context the successful ones as one JSON string: request → [value, token]. The cell()
 * wrapper (snippets.ts, CELL_PRESOLVED_SNIPPET) answers a request found there by itself and
 * appends the token to a string the host reads back; any other request goes to the host as
 * before.
 *
 * Why this changes nothing a program or a caller can see:
 * - The map's key is the request string the wrapper would hand the host (its own
 *   JSON.stringify of the three arguments, captured before the program ran), and the host
 *   function's answer is a pure function of that string over read-only tables. So a hit
 *   answers what the host would have answered, whatever the program did to its arguments
 *   (toJSON, getters): the scan below is only a guess of which strings will come, and a wrong
 *   guess is a miss, i.e. today's host call.
 * - Only successful reads of a finite number other than -0 are pre-resolved (JSON carries
 *   those exactly); failed lookups and malformed or oversized requests still reach the host,
 *   which throws and traces them as before.
 * - The trace stays the host's: the tokens say which pre-resolved read happened, in order, and
 *   the host turns each into the entry a host call would have recorded (fresh objects, same
 *   fields), before recording any entry of its own and once more after the run, so the order
 *   is the order of the calls. The map, the token string and the object holding it live in
 *   the wrapper's closure: the program cannot reach them. The program's own reads are the
 *   only way to append a token.
 * - The tokens held in the context are capped (snippets.ts, MAX_TOKENS): past that, reads go to the host,
 *   so a loop of a million reads uses no more program memory than before.
 */
import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten-core';
import type { CellLookup, TableSet } from '../../shared/sandbox/cell-lookup';
import {
  cellTraceEntry,
  parseCellRequest,
  pushEntry,
  type CellRequest,
  type TraceRecorder,
} from './host-helpers';

/** Most distinct literal reads handed to one context (each costs a little JSON to parse). */
export const MAX_PRESOLVED = 200;
/** Token of the i-th pre-resolved read: one character from '0' on (no surrogates below 200). */
export const TOKEN_BASE = 0x30;

/** A string literal without escapes, quotes or line breaks: its source text is its value. */
const STR = String.raw`'[^'\\\n\r\u2028\u2029]*'|"[^"\\\n\r\u2028\u2029]*"`;
/** A header path as an array of such literals (a trailing comma allowed). */
const ARR = String.raw`\[\s*(?:${STR})(?:\s*,\s*(?:${STR}))*\s*,?\s*\]`;
/** A grid index: a decimal integer without a leading zero (07 would be octal). */
const INT = String.raw`0|[1-9]\d{0,6}`;
const ADDRESS = `${STR}|${ARR}|${INT}`;
const CALL = new RegExp(
  String.raw`\bcell\s*\(\s*(${STR})\s*,\s*(${ADDRESS})\s*,\s*(${ADDRESS})\s*,?\s*\)`,
  'g',
);
const LITERAL = new RegExp(STR, 'g');

/** One literal argument's value: a string, an array of strings or a whole number. */
function literalValue(text: string): string | string[] | number {
  if (text.startsWith('[')) return (text.match(LITERAL) ?? []).map((s) => s.slice(1, -1));
  if (text.startsWith("'") || text.startsWith('"')) return text.slice(1, -1);
  return Number(text);
}

/**
 * The request strings (as the cell() wrapper would send them) of the cell() calls in
 * `program` whose arguments are all literals, each once, in source order, at most
 * MAX_PRESOLVED. A guess: it may include calls that never run or are not the helper at all.
 */
export function literalCellRequests(program: string): string[] {
  const out = new Set<string>();
  for (const m of program.matchAll(CALL)) {
    const [, table, row, col] = m;
    if (table === undefined || row === undefined || col === undefined) continue;
    out.add(JSON.stringify([literalValue(table), literalValue(row), literalValue(col)]));
    if (out.size >= MAX_PRESOLVED) break;
  }
  return [...out];
}

/** A read the context may answer by itself: the request, and the host's lookup of it. */
export interface PresolvedRead {
  request: CellRequest;
  found: CellLookup & { ok: true };
}

/**
 * The requests of `requests` the host function would answer with a number, looked up in `set`
 * exactly as the host function does, and the wrapper's JSON map (request → [value, token]).
 */
export function presolveCellReads(
  requests: readonly string[],
  set: TableSet,
): { reads: PresolvedRead[]; json: string } | undefined {
  const reads: PresolvedRead[] = [];
  const map: Record<string, [number, string]> = {};
  for (const text of requests) {
    const request = parseCellRequest(text, 'cell');
    if (typeof request === 'string') continue;
    const found = set.findCell(request.tableId, request.row, request.col, 'cell');
    if (!found.ok || !Number.isFinite(found.value) || Object.is(found.value, -0)) continue;
    map[text] = [found.value, String.fromCharCode(TOKEN_BASE + reads.length)];
    reads.push({ request, found });
  }
  return reads.length === 0 ? undefined : { reads, json: JSON.stringify(map) };
}

/**
 * The trace's `pending` hook: reads the tokens the wrapper appended to `holder.t` since the
 * last call and records, for each, the entry the host function would have recorded (fresh
 * objects: the request is parsed again). `tKey` is the key "t" as a VM string. Reading an own
 * data property of an object only the wrapper holds runs no program code.
 */
export function pendingReads(
  ctx: QuickJSContext,
  holder: QuickJSHandle,
  tKey: QuickJSHandle,
  reads: readonly PresolvedRead[],
  trace: TraceRecorder,
): () => void {
  let consumed = 0;
  return () => {
    // Only the wrapper writes `t`, and only by appending a string to a string.
    const handle = ctx.getProp(holder, tKey);
    const tokens = ctx.getString(handle);
    handle.dispose();
    for (let i = consumed; i < tokens.length; i++) {
      const read = reads[tokens.charCodeAt(i) - TOKEN_BASE];
      if (!read) continue;
      const { request, found } = read;
      const copy: CellRequest = {
        tableId: request.tableId,
        row: typeof request.row === 'number' ? request.row : [...request.row],
        col: typeof request.col === 'number' ? request.col : [...request.col],
      };
      pushEntry(trace, cellTraceEntry('cell', copy, found));
    }
    consumed = Math.max(consumed, tokens.length);
  };
}
