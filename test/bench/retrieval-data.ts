/**
 * Inputs of the retrieval benches (a helper, not a bench): MultiHiertt records with their gold
 * evidence, and FinanceBench PDFs parsed by the product's PDF reader. Parsing 25 PDFs takes
 * minutes, so their models are cached under the OS temp folder, keyed by the PDF's size, mtime
 * and PARSER_VERSION (`--fresh` ignores the cache).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { openDatasetFile } from '../../main/ingest/datasets/dataset-file';
import { readMultihierttFile } from '../../main/ingest/datasets/multihiertt';
import { parsePdfInWorker } from '../../main/ingest/pdf';
import { PARSER_VERSION } from '../../main/document/document-service';
import type { Document } from '../../shared/document';
import { dataPath } from '../support/data-dir';

export interface HierttItem {
  uid: string;
  question: string;
  document: Document;
  /** Gold cells as (table index, source row, source col) and gold paragraph indices. */
  cells: { table: number; row: number; col: number }[];
  sentences: number[];
}

export function hierttItems(path = dataPath('datasets', 'multihiertt', 'dev_subset.json')) {
  const imported = readMultihierttFile(openDatasetFile(path));
  const records = JSON.parse(readFileSync(path, 'utf8')) as {
    uid: string;
    qa: { question: string; table_evidence: string[]; text_evidence: number[] };
  }[];
  const docs = new Map(imported.documents.map((d) => [d.externalId, d]));
  return records.map((r): HierttItem => {
    const document = docs.get(r.uid);
    if (!document) throw new Error(`no document for ${r.uid}`);
    return {
      uid: r.uid,
      question: r.qa.question,
      document,
      // "t-r-c": table t, grid row r, column c after colspan expansion = sourceRow/sourceCol
      // (main/ingest/datasets/multihiertt.ts; test/bench/multihiertt-hierarchy.ts checks it).
      cells: r.qa.table_evidence.map((ref) => {
        const [table, row, col] = ref.split('-').map(Number) as [number, number, number];
        return { table, row, col };
      }),
      sentences: r.qa.text_evidence,
    };
  });
}

/**
 * The MultiHiertt questions held out from rule design (issue 27): a question whose uid hashes
 * (SHA-256, first 8 hex digits as a number) to 0 mod 3 is never looked at when designing a
 * ranking rule (misses are read only from the others, `--misses N` prints tuning-part misses
 * only), and its recall is reported separately. Fixed before any miss was read: 12 of the 33.
 */
export function hierttHeldOut(uid: string): boolean {
  return parseInt(createHash('sha256').update(uid).digest('hex').slice(0, 8), 16) % 3 === 0;
}

export interface FinanceBenchItem {
  id: string;
  question: string;
  doc: string;
  /** 1-based evidence pages (the file's evidence_page_num is 0-based). */
  pages: number[];
}

export function financeBenchItems(): FinanceBenchItem[] {
  return readFileSync(dataPath('financebench', 'questions.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => {
      const q = JSON.parse(line) as {
        financebench_id: string;
        question: string;
        doc_name: string;
        evidence: { doc_name: string; evidence_page_num: number }[];
      };
      return {
        id: q.financebench_id,
        question: q.question,
        doc: q.doc_name,
        pages: [
          ...new Set(
            q.evidence.filter((e) => e.doc_name === q.doc_name).map((e) => e.evidence_page_num + 1),
          ),
        ],
      };
    });
}

const cacheDir = join(tmpdir(), 'workbench-retrieval-bench');

/** The FinanceBench PDFs' models by document name, parsed (2 at a time) or read from the cache. */
export async function financeBenchModels(
  names: string[],
  options: { fresh?: boolean; log?: (s: string) => void } = {},
): Promise<{ models: Map<string, Document>; parsedMs: number; cached: number }> {
  mkdirSync(cacheDir, { recursive: true });
  const dir = dataPath('financebench', 'pdfs');
  const files = readdirSync(dir).filter((f) => f.endsWith('.pdf'));
  const models = new Map<string, Document>();
  let parsedMs = 0;
  let cached = 0;
  const todo = names.filter((n) => files.includes(`${n}.pdf`));
  let next = 0;
  const lane = async () => {
    while (next < todo.length) {
      const name = todo[next++]!;
      const pdf = join(dir, `${name}.pdf`);
      const st = statSync(pdf);
      const key = join(
        cacheDir,
        `${name}-${st.size}-${Math.round(st.mtimeMs)}-p${PARSER_VERSION}.json`,
      );
      if (!options.fresh && existsSync(key)) {
        models.set(name, JSON.parse(readFileSync(key, 'utf8')) as Document);
        cached++;
        continue;
      }
      const started = performance.now();
      const { document } = await parsePdfInWorker(pdf);
      parsedMs += performance.now() - started;
      writeFileSync(key, JSON.stringify(document));
      models.set(name, document);
      options.log?.(
        `parsed ${basename(pdf)} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(2, availableParallelism()) }, lane));
  return { models, parsedMs, cached };
}
