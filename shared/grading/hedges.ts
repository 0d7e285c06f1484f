import { findRefusal } from './refusal';

// Declining to answer, as models write it in long answers, read by what the phrase does:
// - `declines`: the responder says it will not or cannot answer ("As an AI, I don't have
//   access to …", "I cannot calculate …", "it's not possible to determine …", "you would need
//   to …", "please refer to … statements");
// - `lacks`: the source is said to lack the information ("the information provided does not
//   include …", "… is not explicitly stated"). A negation about the company or the world
//   ("banks do not have a cost of goods sold", "this figure does not include leases") is not
//   a hedge: "does not include / provide / …" counts only with a source as its subject.
// Whether a response with such a phrase is a refusal depends on what it states besides it (see
// the analyst scorer). The strict scorer's list (./refusal.ts) is kept as it is.

export type HedgeKind = 'declines' | 'lacks';

export interface Hedge {
  phrase: string;
  index: number;
  kind: HedgeKind;
}

/** A source of information as the subject of "does not include …". */
const SOURCE = String.raw`(?:document|documents|information|info|text|context|report|reports|filing|filings|data|dataset|statement|statements|table|tables|excerpt|excerpts|passage|page|pages|evidence|sources?|10-?K|10-?Q|question|provided|given|above)`;

const PATTERNS: readonly { re: RegExp; kind: HedgeKind }[] = [
  { re: /\bas an ai\b/i, kind: 'declines' },
  {
    re: /\bI (?:don't|do not|didn't|did not) have (?:real-time |direct |the ability |enough |sufficient )?(?:access|information|data|the (?:specific|necessary|required))/i,
    kind: 'declines',
  },
  { re: /\bI(?:'m| am) (?:sorry|unable|not able)\b/i, kind: 'declines' },
  {
    re: /\b(?:can't|cannot|can not|could not|couldn't|unable to|not possible to|impossible to|not able to) (?:be )?(?:\w+ly )?(?:provide|give|calculate|compute|determine|answer|find|say|quantify|state|confirm|assess|evaluate|verify|comment|tell)(?:d|n)?\b/i,
    kind: 'declines',
  },
  {
    re: new RegExp(
      String.raw`\b${SOURCE}\b(?:[^.\n]{0,40}?)\b(?:does|do|did)(?: not|n't) (?:provide|include|contain|specify|mention|disclose|state|show|give|list|have)\b`,
      'i',
    ),
    kind: 'lacks',
  },
  {
    re: /\b(?:is|are|was|were)(?: not|n't) (?:explicitly |directly |clearly |specifically )?(?:provided|given|available|specified|mentioned|disclosed|stated|displayed|shown|included|listed|outlined|present)\b/i,
    kind: 'lacks',
  },
  { re: /\b(?:not|no) (?:enough|sufficient) (?:information|data|detail)/i, kind: 'declines' },
  {
    re: /\b(?:information|data|details?|figures?) (?:needed|necessary|required) (?:to|for) [^.]{0,80}\b(?:is|are)(?: not|n't)\b/i,
    kind: 'lacks',
  },
  {
    re: /\bwithout (?:access to|the (?:specific|necessary|required|full|complete)|further details|more information)\b/i,
    kind: 'declines',
  },
  { re: /\byou (?:would|will|may|might) need to\b/i, kind: 'declines' },
  {
    re: /\b(?:please )?(?:refer to|consult|check) (?:the|a|its|their|[A-Z][\w&.-]*'s) (?:[\w-]+ ){0,4}(?:statements?|reports?|filings?|databases?|sources?|website)\b/i,
    kind: 'declines',
  },
  { re: /\bI (?:would )?recommend (?:checking|consulting|referring)\b/i, kind: 'declines' },
  {
    re: /\byou can (?:calculate|find|compute|determine|look up) (?:it|this|the|these)\b/i,
    kind: 'declines',
  },
];

/** Every hedge or refusal phrase in `text`, in order, with what it does. */
export function findHedges(text: string): Hedge[] {
  const out: Hedge[] = [];
  for (const { re, kind } of PATTERNS) {
    const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
    for (const m of text.matchAll(g)) out.push({ phrase: m[0], index: m.index, kind });
  }
  // The strict list's subject-less "does not include the …" is left to the source rule above.
  const strict = findRefusal(text);
  if (
    strict !== undefined &&
    !/^(?:does|do)\b/i.test(strict) &&
    !out.some((h) => h.phrase.includes(strict) || strict.includes(h.phrase))
  )
    out.push({
      phrase: strict,
      index: text.indexOf(strict),
      kind: /not (?:provided|given|available|specified|mentioned|disclosed)/i.test(strict)
        ? 'lacks'
        : 'declines',
    });
  return out.sort((a, b) => a.index - b.index);
}
