import type { AskFiling } from '../../shared/ask/filings';
import { filingTitle, qualifiedId, splitQualifiedId } from '../../shared/ask/filings';
import type { Document } from '../../shared/document';
import { buildContext, type BuiltContext } from '../../shared/retrieval/context';
import { countPromptTokens } from '../llm/token-count';
import type { RetrievalHit } from '../../shared/retrieval/hit';
import type { SandboxFact } from '../../shared/sandbox/fact-index';
import type { SandboxTable } from '../../shared/sandbox/types';
import type { AskDocument } from './document-cache';

/**
 * An ask across several filings (issue 27). The filings are put side by side as one document
 * whose table and block ids are qualified with their document ("d12:t21"), so the context
 * builder, the sandbox's cell(), the trace and the grounding report work on it unchanged and
 * every id they write names its filing. Retrieval still searches each filing's own index (the
 * stored indexes are keyed by document and by the model's ids).
 */

/** One chosen filing: its own parsed document, its facts and what the Library says of it. */
export interface FilingPart {
  documentId: number;
  filing: AskFiling;
  doc: AskDocument;
  facts: readonly SandboxFact[];
}

/** The parts with their filings' prefixes set ("d12"). */
export const withPrefixes = (parts: readonly FilingPart[]): FilingPart[] =>
  parts.map((p) => ({ ...p, filing: { ...p.filing, prefix: `d${p.documentId}` } }));

/** The filings side by side: every id qualified with its document. */
export function combinedDocument(parts: readonly FilingPart[]): AskDocument {
  const first = parts[0]!.doc.document;
  const document: Document = {
    ...first,
    title: parts.map((p) => filingTitle(p.filing)).join('; '),
    blocks: parts.flatMap((p) =>
      p.doc.document.blocks.map((b) => ({ ...b, id: qualifiedId(p.documentId, b.id) })),
    ),
    tables: parts.flatMap((p) =>
      p.doc.document.tables.map((t) => ({ ...t, id: qualifiedId(p.documentId, t.id) })),
    ),
  };
  let tables: SandboxTable[] | undefined;
  let facts: SandboxFact[] | undefined;
  return {
    document,
    tables: () =>
      (tables ??= parts.flatMap((p) =>
        p.doc.tables().map((t) => ({ ...t, id: qualifiedId(p.documentId, t.id) })),
      )),
    facts: () => (facts ??= mergedFacts(parts)),
  };
}

const periodKey = (f: SandboxFact) =>
  'instant' in f.period ? f.period.instant : `${f.period.start}..${f.period.end}`;

/** Concept, period, dimensions and unit: what makes two filings' facts the same fact. */
function factKey(f: SandboxFact): string {
  const axes = Object.keys(f.dimensions);
  const dims =
    axes.length === 0
      ? ''
      : axes
          .sort()
          .map((a) => `${a}=${f.dimensions[a]}`)
          .join('\u0001');
  return `${f.concept.toLowerCase()}\u0000${periodKey(f)}\u0000${dims}\u0000${f.unit ?? ''}`;
}

/**
 * The facts of every filing, each naming its filing and with its cells' table ids qualified.
 * A fact two filings both report (a 10-Q repeats the last year-end's balance sheet) is kept
 * once, from the newest filing (by period end): its figure is the one last reported, restated
 * if it was, and fact() would otherwise answer "2 facts match" for it.
 */
export function mergedFacts(parts: readonly FilingPart[]): SandboxFact[] {
  const newestFirst = [...parts].sort((a, b) =>
    (b.filing.periodEnd ?? '').localeCompare(a.filing.periodEnd ?? ''),
  );
  const byKey = new Map<string, SandboxFact>();
  for (const p of newestFirst)
    for (const f of p.facts) {
      const key = factKey(f);
      if (byKey.has(key)) continue;
      byKey.set(key, {
        ...f,
        cells: f.cells.map((c) => ({ ...c, tableId: qualifiedId(p.documentId, c.tableId) })),
        filing: { documentId: p.documentId, label: filingTitle(p.filing) },
      });
    }
  return [...byKey.values()];
}

/** A filing's own hit with its ids qualified (and no dataset paragraph number, see below). */
function qualifiedHit(documentId: number, hit: RetrievalHit): RetrievalHit {
  // "Paragraph 5" (a dataset's own numbering) would not say which filing it is in; the
  // qualified block id does.
  const { paragraphIndex: _index, ...rest } = hit;
  return { ...rest, blockId: qualifiedId(documentId, hit.blockId) };
}

/**
 * Each filing's ranking, qualified, taken in turns (the best of each, then the second of
 * each …): scores of separate indexes do not compare, and every filing should reach the
 * prompt before any filing's tail does.
 */
export function interleaveHits(
  rankings: readonly { documentId: number; hits: readonly RetrievalHit[] }[],
): RetrievalHit[] {
  const out: RetrievalHit[] = [];
  const longest = Math.max(0, ...rankings.map((r) => r.hits.length));
  for (let i = 0; i < longest; i++)
    for (const r of rankings) {
      const hit = r.hits[i];
      if (hit) out.push(qualifiedHit(r.documentId, hit));
    }
  return out;
}

/** The heading of a filing's section of the context. */
function filingHeading(p: FilingPart): string {
  const facts = p.filing.tagged
    ? 'tagged: read its facts with fact()'
    : 'not tagged: read its numbers with cell()';
  return `=== Filing ${p.filing.prefix ?? `d${p.documentId}`}: ${filingTitle(p.filing)}; ${facts} ===`;
}

const PIECE_START = /\n\n(?=(?:Table|Paragraph) d\d+:)/;

/**
 * The context of an ask across filings: the hits taken in turns up to the token budget (the
 * headings' share taken off first), then written filing by filing, each filing's part under
 * a heading naming its form, company, fiscal year and period end; a filing no hit reached
 * says so, so the model knows it was asked about and has nothing from it.
 */
export function buildFilingsContext(
  combined: Document,
  parts: readonly FilingPart[],
  hits: readonly RetrievalHit[],
  tokenBudget: number,
): BuiltContext {
  const headings = parts.map(filingHeading);
  const headingTokens = countPromptTokens(headings.join('\n\n')) + 2 * parts.length;
  const built = buildContext(combined, hits, {
    tokenBudget: Math.max(200, tokenBudget - headingTokens),
    countTokens: countPromptTokens,
  });
  // The builder writes one piece per table or paragraph, each starting with its qualified id.
  const byDocument = new Map<number, string[]>();
  let last: number | undefined;
  for (const piece of built.text === '' ? [] : built.text.split(PIECE_START)) {
    const id = /^(?:Table|Paragraph) (d\d+:\S+)/.exec(piece)?.[1];
    const documentId = (id !== undefined ? splitQualifiedId(id)?.documentId : undefined) ?? last;
    if (documentId === undefined) continue;
    last = documentId;
    byDocument.set(documentId, [...(byDocument.get(documentId) ?? []), piece]);
  }
  const text = parts
    .map((p, i) => {
      const pieces = byDocument.get(p.documentId) ?? [];
      const body = pieces.length > 0 ? pieces.join('\n\n') : '(nothing retrieved from this filing)';
      return `${headings[i]}\n\n${body}`;
    })
    .join('\n\n');
  let tokens: number | undefined;
  return {
    text,
    get tokens() {
      return (tokens ??= countPromptTokens(text));
    },
    hits: built.hits,
    truncated: built.truncated,
  };
}
