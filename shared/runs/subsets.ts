import type { DatasetFormat } from '../document/dataset-format';

/** What a report needs to know about a question besides its verdicts. */
export interface QuestionFacets {
  /** The Table 2 column the question counts in. */
  subset: string;
  /** The dataset's answer type where it has one (TAT-QA span/arithmetic/…). */
  answerType: string | null;
  /** Where the gold answer comes from (TAT-QA answer_from: table, text, table-text). */
  evidenceSource: string | null;
}

const DOCMATH_SUBSETS = /^(simpshort|simplong|compshort|complong)/i;
/** Formats whose `type` is an answer type (span, arithmetic, …) rather than a topic. */
const ANSWER_TYPE_FORMATS: ReadonlySet<DatasetFormat> = new Set(['tatqa', 'tathqa', 'multihiertt']);

/**
 * The subset a question belongs to, as its benchmark's papers tabulate it: DocMath-Eval's four
 * subsets from the id prefix (simpshort-…), FinanceMath's topics, TAT-QA's answer source,
 * TableQuest's difficulty, FinanceBench's question type. One column "all" otherwise.
 */
export function questionFacets(
  format: DatasetFormat,
  q: { externalId: string; type: string; gold: { answerFrom?: string | undefined } },
): QuestionFacets {
  const answerType = ANSWER_TYPE_FORMATS.has(format) ? q.type : null;
  const evidenceSource = q.gold.answerFrom ?? null;
  let subset: string;
  switch (format) {
    case 'docmath': {
      const m = DOCMATH_SUBSETS.exec(q.externalId);
      subset = m ? m[1]!.toLowerCase() : q.type;
      break;
    }
    case 'tatqa':
    case 'tathqa':
      subset = evidenceSource ?? 'all';
      break;
    case 'tablequest':
    case 'financebench':
    case 'multihiertt':
      subset = q.type || 'all';
      break;
    default:
      subset = 'all';
  }
  return { subset, answerType, evidenceSource };
}
