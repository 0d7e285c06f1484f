import { WorkbenchError } from '../../shared/api/result';
import { MAX_ASK_DOCUMENTS, type AskFiling } from '../../shared/ask/filings';
import { fiscalPeriodLabel, type FilingFacts } from '../../shared/library/filing-facts';
import type { SandboxFact } from '../../shared/sandbox/fact-index';
import type { DocumentSummary } from '../../shared/library/document';
import type { AskSubject } from './answer-core';
import type { AskDocument } from './document-cache';
import { combinedDocument, withPrefixes, type FilingPart } from './filings-subject';

/** What assembling an ask across filings reads from the workspace. */
export interface FilingsInputDeps {
  open(documentId: number): Promise<AskDocument>;
  summary(documentId: number): Pick<DocumentSummary, 'id' | 'name' | 'kind'>;
  /** The stored fact index of a tagged filing; null when the workspace keeps none. */
  facts(documentId: number): Promise<SandboxFact[] | null>;
  filings?: { stored(): Map<number, FilingFacts>; fill(): Promise<void> };
}

/**
 * The subject of an ask across several library documents: each opened (a missing id fails
 * with its number before any is parsed), labelled with the Library's company, form and period
 * (read now when the Library has not yet), with its facts; then combined with qualified ids.
 * The same id twice counts once.
 */
export async function filingsSubject(
  ids: readonly number[],
  question: string,
  deps: FilingsInputDeps,
): Promise<AskSubject> {
  const unique = [...new Set(ids)];
  if (unique.length > MAX_ASK_DOCUMENTS)
    throw new WorkbenchError(
      'invalid-input',
      `an ask covers at most ${MAX_ASK_DOCUMENTS} documents; ${unique.length} were given`,
    );
  const summaries = unique.map((id) => {
    try {
      return deps.summary(id);
    } catch (e) {
      if (e instanceof WorkbenchError && e.code === 'not-found')
        throw new WorkbenchError(
          'not-found',
          `document #${id} is not in this workspace (asked with ${unique
            .filter((x) => x !== id)
            .map((x) => `#${x}`)
            .join(', ')}); see the Library or \`workbench workspace info\``,
        );
      throw e;
    }
  });
  let known = deps.filings?.stored() ?? new Map<number, FilingFacts>();
  if (deps.filings && unique.some((id) => !known.has(id))) {
    // Just imported: the Library reads covers in the background; an ask waits for them.
    await deps.filings.fill();
    known = deps.filings.stored();
  }
  const parts: FilingPart[] = [];
  for (const summary of summaries) {
    const doc = await deps.open(summary.id);
    const facts = (await deps.facts(summary.id)) ?? doc.facts();
    const cover = known.get(summary.id);
    const filing: AskFiling = {
      documentId: summary.id,
      name: summary.name,
      company: cover?.company ?? null,
      form: cover?.form ?? null,
      periodEnd: cover?.periodEnd ?? null,
      fiscalYear: cover?.fiscalYear ?? null,
      period: cover ? fiscalPeriodLabel(cover) : null,
      tagged: facts.length > 0,
    };
    parts.push({ documentId: summary.id, filing, doc, facts });
  }
  const prefixed = withPrefixes(parts);
  return {
    documentId: unique[0]!,
    questionId: null,
    question,
    doc: combinedDocument(prefixed),
    gold: null,
    parts: prefixed,
  };
}
