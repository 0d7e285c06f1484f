import type { SandboxTable } from '../../shared/sandbox/types';

/**
 * A table id written as a whole string literal: 't21', "t21" or `t21`; in an ask across
 * filings qualified with its document, 'd12:t21'.
 */
const LITERAL_ID = /(['"`])((?:d\d+:)?t\d+)\1/g;
/** Signs that a program builds table ids at run time ('t' + n, `t${n}`, 'd12:t' + n, `d${d}:…`). */
const BUILT_ID = /(['"`])(?:d\d+:)?t\1\s*\+|`(?:d\d+:)?t\$\{|`d\$\{|(['"`])d\2\s*\+/;

/** A name through which a program reads tables: cell(), cellInfo(), table(). */
const TABLE_HELPER = /\b(?:cell|cellInfo|table)\b/;

/**
 * The tables a program can reach. Mapping all of a 10-K's 60 tables into the sandbox costs ~4 ms
 * per run (they are copied to the worker); a program names the tables it reads as literals, so
 * only those are sent. A program that builds ids at run time, or names none, gets every table,
 * and so does one naming a table the document lacks (the sandbox's error then lists the real
 * ids), so a lookup never fails only because a table was left out.
 */
export function tablesForProgram(
  program: string,
  tables: readonly SandboxTable[],
): readonly SandboxTable[] {
  // A program that reads only facts (issue 27) names no table helper: it needs no tables, and
  // across filings copying them all (~250 for a 10-K and a 10-Q) to the worker is most of an
  // ask's overhead.
  if (!TABLE_HELPER.test(program)) return [];
  if (BUILT_ID.test(program)) return tables;
  const named = new Set([...program.matchAll(LITERAL_ID)].map((m) => m[2]));
  if (named.size === 0) return tables;
  const reachable = tables.filter((t) => named.has(t.id));
  // A name no table has: every table, so the sandbox's error lists the real ids.
  return reachable.length === named.size ? reachable : tables;
}
