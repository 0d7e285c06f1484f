import type { SandboxError } from './types';

/**
 * Turns what a program threw into a classified error. The sandbox describes the thrown value
 * from inside QuickJS without calling its toString/valueOf (main/sandbox/snippets.ts) and hands
 * over plain strings; this module only decides what they mean.
 */

export interface ThrownDescription {
  /** A thrown primitive (`throw 1`), an object, or a value the describer could not read. */
  kind: 'primitive' | 'object' | 'uninspectable';
  /** The error's name (own or inherited); for primitives, the type ("number", "null", …). */
  name: string;
  message: string;
  /** QuickJS sets this on parse errors: the file whose source failed to parse. */
  fileName: string;
}

/** The file name programs are evaluated under; a SyntaxError located in it is a parse error. */
export const PROGRAM_FILE = 'program.js';

const SEPARATOR = '\u0001';

export const UNINSPECTABLE: ThrownDescription = {
  kind: 'uninspectable',
  name: '',
  message: '',
  fileName: '',
};

/** Parses the describer's "kind␁name␁message␁fileName" string. */
export function parseThrownDescription(text: string): ThrownDescription {
  const parts = text.split(SEPARATOR);
  const [kind, name, message, fileName] = parts;
  if (parts.length !== 4 || (kind !== 'primitive' && kind !== 'object')) return UNINSPECTABLE;
  return { kind, name: name ?? '', message: message ?? '', fileName: fileName ?? '' };
}

/** How long a cell()/cellInfo() error may be: it names up to three candidates with positions. */
export const LOOKUP_MESSAGE_CHARS = 1000;

/** First line only, whitespace collapsed, bounded: a message must fit a table cell. */
export function oneLine(text: string, max = 300): string {
  const line = text.split(/\r?\n/, 1)[0] ?? '';
  const flat = line.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export interface ThrownContext {
  /**
   * Why our interrupt handler stopped the program, if it did (QuickJS then throws an
   * uncatchable "interrupted"): its deadline passed, or it grew the heap past its memory limit.
   */
  interruptedBy: 'deadline' | 'memory' | undefined;
  timeoutMs: number;
  memoryBytes: number;
}

/**
 * QuickJS reports its own limits as InternalError. A program can throw a look-alike, but then
 * it only misclassifies its own failure.
 */
const MEMORY_MESSAGES = /^(?:out of memory|string too long)$/i;
const STACK_MESSAGES = /^(?:stack overflow|maximum call stack size exceeded)$/i;

const mebibytes = (bytes: number): number => Math.round((bytes / 1024 / 1024) * 10) / 10;

export function classifyThrown(d: ThrownDescription, ctx: ThrownContext): SandboxError {
  switch (ctx.interruptedBy) {
    case 'deadline':
      return { kind: 'timeout', message: `ran past its ${ctx.timeoutMs} ms deadline` };
    case 'memory':
      return {
        kind: 'memory',
        message: `grew the heap by more than its ${mebibytes(ctx.memoryBytes)} MiB memory limit`,
      };
    case undefined:
      break;
  }
  // A failed lookup lists the nearest cells with their positions: room for a few of them.
  const message = oneLine(d.message, d.name === 'LookupError' ? LOOKUP_MESSAGE_CHARS : 300);
  // The parser reports too-deep nesting as a SyntaxError "stack overflow": a stack failure.
  if (
    d.kind === 'object' &&
    ['InternalError', 'RangeError', 'SyntaxError'].includes(d.name) &&
    STACK_MESSAGES.test(d.message)
  ) {
    return { kind: 'stack', message: `exceeded the stack limit (${message})` };
  }
  if (d.kind === 'object' && d.name === 'SyntaxError' && d.fileName === PROGRAM_FILE) {
    return { kind: 'syntax', message: `SyntaxError: ${message}` };
  }
  if (d.kind === 'object' && d.name === 'InternalError' && MEMORY_MESSAGES.test(d.message)) {
    return {
      kind: 'memory',
      message: `hit the ${mebibytes(ctx.memoryBytes)} MiB memory limit (${message})`,
    };
  }
  switch (d.kind) {
    case 'primitive':
      return {
        kind: 'runtime',
        message:
          d.name === 'string'
            ? `threw the string ${JSON.stringify(oneLine(d.message, 200))}`
            : `threw ${message}`,
      };
    case 'uninspectable':
      return { kind: 'runtime', message: 'threw a value that could not be inspected' };
    case 'object':
      if (!d.name && !d.message) return { kind: 'runtime', message: 'threw a non-Error object' };
      return {
        kind: 'runtime',
        message: message ? `${oneLine(d.name, 80)}: ${message}` : oneLine(d.name, 80),
      };
  }
}
