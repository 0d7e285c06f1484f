// Phrases with which models decline to give a number. A refusal is its own outcome: it is
// not an error of arithmetic, and FinanceBench's human graders count it separately.

const REFUSAL_PATTERNS: readonly RegExp[] = [
  /\bcannot be (?:determined|calculated|computed|answered|found)\b/i,
  /\bcan(?:'|no)t be (?:determined|calculated|computed|answered)\b/i,
  /\b(?:cannot|can't|unable to|not possible to|impossible to) (?:determine|calculate|compute|answer|find)\b/i,
  /\b(?:is|are|was|were) not (?:provided|given|available|specified|mentioned|disclosed)\b/i,
  /\bnot provided\b/i,
  /\binsufficient (?:information|data)\b/i,
  /\bnot enough (?:information|data)\b/i,
  /\b(?:does|do) not (?:provide|contain|include) (?:enough|sufficient|the)\b/i,
  /\bI (?:don't|do not) know\b/i,
];

/** The refusal phrase in `text`, if any. */
export function findRefusal(text: string): string | undefined {
  for (const re of REFUSAL_PATTERNS) {
    const m = re.exec(text);
    if (m) return m[0];
  }
  return undefined;
}
