import type { SandboxFact } from './fact-index';

/**
 * What the sandbox is given and what it answers. Plain data only: these values cross a
 * worker_threads boundary (structured clone) and may be stored or exported as JSON.
 */

/**
 * One cell, addressed by its full row-header and column-header paths and, for tables mapped
 * from a document (shared/sandbox/document-tables.ts), by its grid position as the document
 * view shows it. Position, scale, unit and text are absent on hand-made tables.
 */
export interface SandboxCell {
  rowPath: string[];
  colPath: string[];
  /** The number as displayed; null for an empty or non-numeric cell (cell() refuses it). */
  value: number | null;
  /** 0-based body row in the grid (header rows not counted). */
  row?: number;
  /** 0-based leaf column in the grid. */
  col?: number;
  /** value × scale is the quantity in base units (1e6 for "in millions", 0.01 for a %). */
  scale?: number;
  /** USD, USD/share, shares, %, x, or null. */
  unit?: string | null;
  /** The text as filed ("$1,104.9", "(6.3)"). */
  text?: string;
  /** The inline XBRL fact the value came from, when the filing tags the cell. */
  xbrl?: CellXbrl;
}

/**
 * What a tagged cell's fact says beyond its value (cellInfo().xbrl): the concept, the period
 * and dimensions of its context, its unit as the filing writes it and its decimals; and the
 * number as the page shows it, sign as printed (a cost shown "(1,234)" is tagged, and so
 * valued, as a positive 1234: `shownValue` is -1234).
 */
export interface CellXbrl {
  concept: string;
  period: { instant: string } | { start: string; end: string } | { forever: true } | null;
  dimensions: Record<string, string>;
  unit: string | null;
  decimals: number | 'INF' | null;
  shownValue: number | null;
}

/**
 * The table shape a program can read; the sandbox itself knows nothing about documents.
 * `caption` is shown by table() when known.
 */
export interface SandboxTable {
  id: string;
  caption?: string;
  cells: SandboxCell[];
}

/** A header path, or a grid index when the cell is addressed by position. */
export type CellAddress = string[] | number;

/** Which grid cell a read resolved to (tables with positions only), for highlighting it later. */
export interface TracedCell {
  tableId: string;
  row: number;
  col: number;
  value: number;
  scale: number;
  unit: string | null;
}

/** One read a program made through the helpers, recorded by the host (a program can't forge it). */
export type TraceEntry =
  | {
      fn: 'cell' | 'cellInfo';
      args: [tableId: string, row: CellAddress, col: CellAddress];
      /** null when the lookup failed (the program saw an exception). */
      value: number | null;
      /** The grid cell read; present when the lookup succeeded on a table with positions. */
      cell?: TracedCell;
    }
  | {
      fn: 'table';
      args: [tableId: string];
      value: SandboxTable | null;
    }
  | {
      fn: 'fact';
      args: [concept: string, period: string, dims: Record<string, string>];
      /** The fact's value as shown (its `value`); null when the lookup failed. */
      value: number | null;
      /** The fact read: concept, period, dimensions, unit and the cells it is shown in. */
      fact?: TracedFact;
      /** The first cell showing the fact, for highlighting (as a cell() read's). */
      cell?: TracedCell;
    }
  | {
      fn: 'facts';
      args: [concept: string];
      /** How many facts were answered; null when the concept is unknown. */
      value: number | null;
    };

/** A fact a program read through fact(), as the trace keeps it (issue 27). */
export type TracedFact = Pick<
  SandboxFact,
  | 'concept'
  | 'period'
  | 'label'
  | 'dimensions'
  | 'unit'
  | 'value'
  | 'scale'
  | 'base'
  | 'cells'
  | 'filing'
>;

/** What cellInfo() returns: the cell's number as displayed and everything to convert it. */
export interface CellInfo {
  tableId: string;
  row: number | null;
  col: number | null;
  value: number;
  scale: number;
  unit: string | null;
  /** value × scale, the quantity in base units (dollars, shares, a fraction for a %). */
  base: number;
  text: string | null;
  rowPath: string[];
  colPath: string[];
  /** The cell's inline XBRL fact (its value, scale and unit are the cell's); null if untagged. */
  xbrl: CellXbrl | null;
}

/** A number is the normal answer; booleans and strings are allowed for span answers. */
export type SandboxValue = number | boolean | string;

export type SandboxErrorKind =
  /** The program does not parse. */
  | 'syntax'
  /** It threw (including a failed cell() lookup). */
  | 'runtime'
  /** It ran past its deadline (interrupted, or its worker was terminated). */
  | 'timeout'
  /** It hit the memory limit. */
  | 'memory'
  /** It recursed past the stack limit. */
  | 'stack'
  /** It finished but its result is not a finite number, boolean or string. */
  | 'non-numeric'
  /** Its result (a string) is longer than the output limit. */
  | 'output-too-large'
  /** The sandbox itself failed; not the program's fault. */
  | 'internal';

export interface SandboxError {
  kind: SandboxErrorKind;
  /** One line, e.g. "ReferenceError: x is not defined" or "ran past its 1000 ms deadline". */
  message: string;
}

interface SandboxOutcomeBase {
  trace: TraceEntry[];
  /** True when the program made more reads than the trace keeps. */
  traceTruncated: boolean;
  /** What the program printed with console.log (truncated at the log limit). */
  logs: string;
  /** Wall time of the run inside the worker, in milliseconds. */
  durationMs: number;
}

export type SandboxResult =
  | (SandboxOutcomeBase & { ok: true; value: SandboxValue })
  | (SandboxOutcomeBase & { ok: false; error: SandboxError });

/** Per-program options; anything left out takes the sandbox's defaults (see limits.ts). */
export interface SandboxRunOptions {
  tables?: SandboxTable[];
  /** Tagged facts of the context's filings, for fact()/facts() (shared/sandbox/fact-index.ts). */
  facts?: SandboxFact[];
  timeoutMs?: number;
  memoryBytes?: number;
  /** Seed of the program's Math.random. */
  seed?: number;
  /** What Date.now() and `new Date()` return inside the program (ms since the Unix epoch). */
  nowMs?: number;
}

export interface SandboxJob extends SandboxRunOptions {
  program: string;
}
