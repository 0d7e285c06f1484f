import { readFileSync, statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { z } from 'zod';
import { WorkbenchError } from '../../../shared/api/result';

/** The dataset file an importer reads. Importers are synchronous and all-or-nothing. */
export interface DatasetFile {
  path: string;
  /** The file name used in every error message ("tatqa_dataset_dev.json"). */
  name: string;
  dir: string;
  text: string;
}

export const invalid = (message: string) => new WorkbenchError('invalid-input', message);

export function openDatasetFile(path: string): DatasetFile {
  const name = basename(path);
  let text: string;
  try {
    if (!statSync(path).isFile()) throw new Error('not a regular file');
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new WorkbenchError(
      'file-unreadable',
      `${name}: cannot read ${path} (${(e as Error).message})`,
    );
  }
  // Editors on Windows save UTF-8 with a byte order mark, which JSON.parse refuses.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return { path, name, dir: dirname(path), text };
}

/**
 * A JSON.parse failure in words that never quote the file: V8's "Unexpected token 'r',
 * "root:x:0:0"... is not valid JSON" echoes the first bytes of whatever file was named.
 */
export function jsonSyntaxProblem(e: unknown, text: string): string {
  const message = e instanceof Error ? e.message : String(e);
  const at = / in JSON at position (\d+)$/.exec(message);
  if (at) {
    const before = text.slice(0, Number(at[1]));
    const line = before.split('\n').length;
    const column = before.length - before.lastIndexOf('\n');
    const where = text.includes('\n') ? `line ${line}, column ${column}` : `column ${column}`;
    return `${message.slice(0, at.index)} at ${where}`;
  }
  if (message === 'Unexpected end of JSON input') return 'the text ends too early';
  return 'unexpected text';
}

/** A whole-file JSON array of records. */
export function jsonRecords(file: DatasetFile): unknown[] {
  let data: unknown;
  try {
    data = JSON.parse(file.text);
  } catch (e) {
    throw invalid(`${file.name}: not valid JSON (${jsonSyntaxProblem(e, file.text)})`);
  }
  if (!Array.isArray(data)) throw invalid(`${file.name}: expected a JSON array of records`);
  if (data.length === 0) throw invalid(`${file.name}: holds no records`);
  return data;
}

/** JSON Lines: one record per non-blank line; `lineOf[i]` is record i's 1-based line. */
export function jsonLines(file: DatasetFile): { records: unknown[]; lineOf: number[] } {
  const records: unknown[] = [];
  const lineOf: number[] = [];
  file.text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '') return;
    try {
      records.push(JSON.parse(line));
    } catch (e) {
      throw invalid(`${file.name}: line ${i + 1}: not valid JSON (${jsonSyntaxProblem(e, line)})`);
    }
    lineOf.push(i + 1);
  });
  if (records.length === 0) throw invalid(`${file.name}: holds no records`);
  return { records, lineOf };
}

/** "table.table", "questions[2].answer". */
function pathText(path: readonly PropertyKey[]): string {
  return path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`))
    .join('');
}

const article = (word: string) => (/^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`);

/** One zod issue as a sentence: "table.table must be an array of rows". */
export function describeIssue(issue: z.core.$ZodIssue): string {
  const where = pathText(issue.path);
  let what = issue.message;
  const generic = /^Invalid input: expected (\w+), received (\w+)$/.exec(what);
  if (generic?.[2] === 'undefined') what = `is missing (expected ${article(generic[1] ?? '')})`;
  else if (generic) what = `must be ${article(generic[1] ?? '')} (got ${generic[2] ?? ''})`;
  else if (issue.code === 'invalid_value' && 'values' in issue)
    what = `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
  else if (!/^(?:must|is)\b/.test(what)) what = `: ${what}`;
  return where === ''
    ? what.replace(/^: /, '')
    : `${where}${what.startsWith(':') ? '' : ' '}${what}`;
}

/**
 * Validates every record before anything is built, so a bad file imports nothing. The error
 * names the file, the record (0-based index, as in the JSON array; or the 1-based line of a
 * JSON Lines file) and the first problem.
 */
export function validateRecords<S extends z.ZodType>(
  file: DatasetFile,
  records: unknown[],
  schema: S,
  where: (i: number) => string = (i) => `record ${i}`,
): z.infer<S>[] {
  return records.map((record, i) => {
    const r = schema.safeParse(record);
    if (!r.success) {
      const issue = r.error.issues[0];
      throw invalid(
        `${file.name}: ${where(i)}: ${issue ? describeIssue(issue) : 'invalid record'}`,
      );
    }
    return r.data;
  });
}

/** Bytes of one record as JSON: what a dataset document was read from. */
/** Refuses an id seen before in this file, naming where it repeats and which field it is. */
export function uniqueIds(file: DatasetFile): (id: string, where: string, field: string) => void {
  const seen = new Set<string>();
  return (id, where, field) => {
    if (seen.has(id)) throw invalid(`${file.name}: ${where}: ${field} "${id}" is used twice`);
    seen.add(id);
  };
}

export const recordBytes = (record: unknown) => Buffer.byteLength(JSON.stringify(record));
