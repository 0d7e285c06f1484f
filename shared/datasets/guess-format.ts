import type { DatasetFormat } from '../document/dataset-format';

/** A first guess from the file name, for the format picker; the user can always change it. */
export function guessDatasetFormat(name: string): DatasetFormat | undefined {
  const n = name.toLowerCase();
  if (/hqa/.test(n)) return 'tathqa';
  if (/tat-?qa/.test(n)) return 'tatqa';
  if (/finqa/.test(n)) return 'finqa';
  if (/multihiertt|hiertt/.test(n)) return 'multihiertt';
  if (/financemath|docmath/.test(n)) return 'docmath';
  if (/financebench/.test(n)) return 'financebench';
  if (/^(easy|medium|hard)\.json$|tablequest/.test(n)) return 'tablequest';
  return undefined;
}

/** What a dataset file's shape says about its format, in words a user can check. */
export interface ShapeGuess {
  /** Undefined when the shape matches no format this app reads. */
  format: DatasetFormat | undefined;
  /** "records have pre_text, post_text and qa (FinQA)", or why nothing matched. */
  reason: string;
}

/** The fields that identify each format's records (all must be present). */
const signatures: { format: DatasetFormat; keys: string[]; label: string }[] = [
  { format: 'financebench', keys: ['financebench_id', 'doc_name'], label: 'FinanceBench' },
  { format: 'tablequest', keys: ['image', 'table_loc'], label: 'TableQuest' },
  { format: 'finqa', keys: ['pre_text', 'post_text', 'qa'], label: 'FinQA' },
  { format: 'tatqa', keys: ['table', 'paragraphs', 'questions'], label: 'TAT-QA' },
  { format: 'multihiertt', keys: ['uid', 'tables', 'qa'], label: 'MultiHiertt' },
  { format: 'docmath', keys: ['question_id', 'question'], label: 'DocMath/FinanceMath' },
];

/**
 * The top-level keys of the first record of a JSON array or JSON Lines text, read without
 * parsing the whole file (a benchmark file can be hundreds of megabytes; `text` is its start).
 * Undefined when the text does not start like either.
 */
export function firstRecordKeys(text: string): string[] | undefined {
  const t = text.replace(/^\uFEFF/, '');
  let i = t.search(/\S/);
  if (i < 0) return undefined;
  if (t[i] === '[') i = t.slice(i + 1).search(/\S/) + i + 1;
  if (t[i] !== '{') return undefined;
  const keys: string[] = [];
  let depth = 0;
  let expectKey = false;
  for (; i < t.length; i++) {
    const c = t[i];
    if (c === '"') {
      let j = i + 1;
      let s = '';
      for (; j < t.length && t[j] !== '"'; j++) {
        if (t[j] === '\\') j++;
        s += t[j];
      }
      if (depth === 1 && expectKey && /^\s*:/.test(t.slice(j + 1, j + 20))) keys.push(s);
      i = j;
      expectKey = false;
    } else if (c === '{' || c === '[') {
      depth++;
      expectKey = c === '{' && depth === 1;
    } else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return keys;
    } else if (c === ',' && depth === 1) expectKey = true;
  }
  // The record did not end within the text: the keys seen so far still say what it is.
  return keys.length ? keys : undefined;
}

/**
 * Guesses a dataset file's format from the shape of its first record (and its name, for TAT-QA
 * versus TAT-HQA, which share one shape: a file with `rel_question` is TAT-HQA).
 */
export function guessDatasetFormatFromText(name: string, text: string): ShapeGuess {
  const keys = firstRecordKeys(text);
  if (!keys)
    return {
      format: undefined,
      reason: 'the file does not start with a JSON array of records or JSON Lines',
    };
  const have = new Set(keys);
  const match = signatures.find((s) => s.keys.every((k) => have.has(k)));
  const shown = keys.slice(0, 8).join(', ') + (keys.length > 8 ? ', …' : '');
  if (!match)
    return {
      format: undefined,
      reason: `its records have ${shown}: no format this app reads has that shape`,
    };
  let format = match.format;
  let label = match.label;
  if (
    format === 'tatqa' &&
    (/"rel_question"\s*:/.test(text) || guessDatasetFormat(name) === 'tathqa')
  ) {
    format = 'tathqa';
    label = 'TAT-HQA';
  }
  return { format, reason: `its records have ${match.keys.join(', ')} (${label})` };
}
