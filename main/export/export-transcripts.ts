import type { Database } from 'better-sqlite3';
import { WorkbenchError } from '../../shared/api/result';
import type { StoredQuestion } from '../../shared/datasets';
import type { Document } from '../../shared/document';
import { expandJsonBytes } from '../../shared/api/json-bytes';
import {
  EXPORT_FORMAT_FACTS,
  exportFileName,
  type ExportBytesInput,
  type ExportBytesResult,
  type ExportFormat,
  type ExportTarget,
} from '../../shared/export/export-format';
import type { DatasetService } from '../datasets/dataset-service';
import type { DocumentService } from '../document/document-service';
import type { RunService } from '../runs/run-service';
import type { SessionService } from '../sessions/session-service';
import { writeAtomically } from './atomic-output';
import { codalabPieces, tatqaPieces } from './benchmark-formats';
import { csvPieces } from './csv-format';
import { htmlPieces } from './html-format';
import { jsonlPieces } from './jsonl-format';
import { runHeader, runTranscripts } from './run-transcripts';
import { sessionTranscripts } from './session-transcripts';
import type { TranscriptHeader, TranscriptLine } from '../../shared/runs/transcript';

export interface ExportDeps {
  db: Database;
  runs: RunService;
  sessions: SessionService;
  datasets: DatasetService;
  documents: DocumentService;
}

export interface ExportOptions {
  format: ExportFormat;
  out: string;
  /** csv: whose verdict each row carries (default: the first scorer of the run). */
  scorer?: string | undefined;
  /** Items per database read (runs). */
  batchSize?: number;
}

export interface ExportResult {
  target: string;
  format: ExportFormat;
  path: string;
  bytes: number;
  items: number;
}

/** Opened documents kept for the next items (TAT-QA has ~6 questions per document). */
const DOCUMENT_CACHE = 8;

function documentLoader(documents: DocumentService): (id: number) => Promise<Document | null> {
  const cache = new Map<number, Document | null>();
  return async (id) => {
    if (cache.has(id)) return cache.get(id)!;
    let doc: Document | null;
    try {
      const opened = expandJsonBytes(await documents.open(id)) as { model: Document };
      doc = opened.model;
    } catch (e) {
      // A document removed or not readable: the report says so on the item, it goes on.
      if (e instanceof WorkbenchError && e.code !== 'cancelled') doc = null;
      else throw e;
    }
    if (cache.size >= DOCUMENT_CACHE) cache.delete(cache.keys().next().value!);
    cache.set(id, doc);
    return doc;
  };
}

async function* counted(
  lines: AsyncIterable<TranscriptLine> | Iterable<TranscriptLine>,
  count: { n: number },
): AsyncGenerator<TranscriptLine> {
  for await (const l of lines) {
    count.n++;
    yield l;
  }
}

interface Prepared {
  pieces: AsyncIterable<string> | Iterable<string>;
  count: { n: number };
}

/** The export's text as it is produced, item by item; the scorer checked before any is read. */
function preparePieces(
  deps: ExportDeps,
  target: ExportTarget,
  options: Pick<ExportOptions, 'format' | 'scorer' | 'batchSize'>,
): Prepared {
  let header: TranscriptHeader;
  let source: AsyncIterable<TranscriptLine> | Iterable<TranscriptLine>;
  if (target.kind === 'run') {
    header = runHeader(deps, target.id);
    source = runTranscripts(deps, header, options.batchSize);
  } else {
    const s = sessionTranscripts(deps, target.id);
    header = s.header;
    source = s.lines;
  }
  const scorer = options.scorer ?? header.scorers[0];
  if (options.scorer !== undefined && !header.scorers.includes(options.scorer))
    throw new WorkbenchError(
      'invalid-input',
      `${target.kind} #${target.id} has no verdicts of scorer "${options.scorer}" (it has ${header.scorers.join(', ') || 'none'})`,
    );
  const count = { n: 0 };
  const lines = counted(source, count);
  const pieces = (() => {
    switch (options.format) {
      case 'jsonl':
        return jsonlPieces(lines);
      case 'csv':
        return csvPieces(header, lines, scorer ?? '');
      case 'codalab':
        return codalabPieces(header, lines);
      case 'tatqa':
        return tatqaPieces(header, lines);
      case 'html':
        return htmlPieces(
          header,
          lines,
          {
            question: (id): StoredQuestion | undefined => {
              try {
                return deps.datasets.question(id);
              } catch {
                return undefined;
              }
            },
            document: documentLoader(deps.documents),
          },
          new Date().toISOString(),
        );
    }
  })();
  return { pieces, count };
}

/**
 * Writes a run's or a finished session's graded transcripts in one format. The file appears at
 * `out` only when it is complete (written beside it, flushed, renamed).
 */
export async function exportTranscripts(
  deps: ExportDeps,
  target: ExportTarget,
  options: ExportOptions,
): Promise<ExportResult> {
  const { pieces, count } = preparePieces(deps, target, options);
  const written = await writeAtomically(options.out, pieces);
  return {
    target: `${target.kind}:${target.id}`,
    format: options.format,
    path: written.path,
    bytes: written.bytes,
    items: count.n,
  };
}

/**
 * The same export as bytes with a file name, for a screen to download: web mode has no paths,
 * and Electron saves the download where the user chooses.
 */
export async function exportBytes(
  deps: ExportDeps,
  input: ExportBytesInput,
): Promise<ExportBytesResult> {
  const { pieces, count } = preparePieces(deps, input.target, input);
  const chunks: Buffer[] = [];
  for await (const piece of pieces) chunks.push(Buffer.from(piece, 'utf8'));
  const all = Buffer.concat(chunks);
  return {
    name: exportFileName(input.target, input.format),
    mimeType: EXPORT_FORMAT_FACTS[input.format].mimeType,
    bytes: new Uint8Array(all.buffer, all.byteOffset, all.byteLength),
    items: count.n,
  };
}
