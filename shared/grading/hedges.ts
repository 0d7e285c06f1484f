import { findRefusal } from './refusal';

// Declining to answer, as models write it in long answers: "As an AI, I don't have access to
// …", "the information provided does not include …", "it's not possible to calculate …",
// "you would need …", "please refer to …". The strict scorer's list (./refusal.ts) is kept as it
// is; this list adds the longer phrasings of free-text answers. Whether a response with such a
// phrase is a refusal also depends on what it states after it (see ./stated-answer.ts).

const HEDGE_PATTERNS: readonly RegExp[] = [
  /\bas an ai\b/i,
  /\bI (?:don't|do not|didn't|did not) have (?:real-time |direct |the ability |enough |sufficient )?(?:access|information|data|the (?:specific|necessary|required))/i,
  /\bI(?:'m| am) (?:sorry|unable|not able)\b/i,
  /\b(?:can't|cannot|can not|could not|couldn't|unable to|not possible to|impossible to|not able to) (?:provide|give|calculate|compute|determine|answer|find|say|quantify|state|confirm)\b/i,
  /\b(?:does|do|did)(?: not|n't) (?:provide|include|contain|specify|mention|disclose|state|show|give|list|have)\b/i,
  /\b(?:is|are|was|were)(?: not|n't) (?:explicitly |directly |clearly |specifically )?(?:provided|given|available|specified|mentioned|disclosed|stated|displayed|shown|included|listed|outlined|present)\b/i,
  /\b(?:not|no) (?:enough|sufficient) (?:information|data|detail)/i,
  /\b(?:information|data|details?|figures?) (?:needed|necessary|required) (?:to|for) [^.]{0,80}\b(?:is|are)(?: not|n't)\b/i,
  /\bwithout (?:access to|the (?:specific|necessary|required|full|complete)|further details|more information)\b/i,
  /\byou (?:would|will|may|might) need to\b/i,
  /\b(?:please )?(?:refer to|consult|check) (?:the|a|its|their|[A-Z][\w&.-]*'s) (?:[\w-]+ ){0,4}(?:statements?|reports?|filings?|databases?|sources?|website)\b/i,
  /\bI (?:would )?recommend (?:checking|consulting|referring)\b/i,
  /\byou can (?:calculate|find|compute|determine|look up) (?:it|this|the|these)\b/i,
];

/** The first hedge or refusal phrase in `text` and where it starts, if any. */
export function findHedges(text: string): { phrase: string; index: number }[] {
  const out: { phrase: string; index: number }[] = [];
  for (const re of HEDGE_PATTERNS) {
    const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
    for (const m of text.matchAll(g)) out.push({ phrase: m[0], index: m.index });
  }
  const strict = findRefusal(text);
  if (strict !== undefined) out.push({ phrase: strict, index: text.indexOf(strict) });
  return out.sort((a, b) => a.index - b.index);
}
