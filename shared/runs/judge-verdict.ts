/**
 * Reading a judge's reply. Formatting is forgiven (a ```json fence, prose around the object,
 * upper case); content is not: a reply without exactly one readable verdict is `unreadable`
 * (with why), a reply that declines is `refused`. Nothing is ever guessed from prose.
 */

export const JUDGE_VERDICTS = ['correct', 'partially', 'incorrect'] as const;
export type JudgeVerdictValue = (typeof JUDGE_VERDICTS)[number];

export const PAIR_CHOICES = ['first', 'second', 'tie'] as const;
export type PairChoice = (typeof PAIR_CHOICES)[number];

export type Unread = { status: 'unreadable' | 'refused'; problem: string };

export type ParsedVerdict =
  { status: 'judged'; verdict: JudgeVerdictValue; score: number; reason: string } | Unread;

export type ParsedChoice = { status: 'judged'; choice: PairChoice; reason: string } | Unread;

const MAX_REASON_CHARS = 2000;

const REFUSAL =
  /\b(I\s*(?:can(?:no|')t|am\s+(?:not\s+able|unable)|'m\s+(?:sorry|unable|not\s+able))|I\s+(?:won't|will\s+not)\s+(?:grade|judge|evaluate)|cannot\s+(?:assist|help)\s+with)\b/i;

/** Every balanced `{…}` in the text that parses as a JSON object, outermost first. */
function jsonObjects(text: string): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  for (let start = text.indexOf('{'); start !== -1; start = text.indexOf('{', start + 1)) {
    let depth = 0;
    let inString = false;
    for (let i = start; i < text.length; i++) {
      const c = text[i];
      if (inString) {
        if (c === '\\') i++;
        else if (c === '"') inString = false;
      } else if (c === '"') inString = true;
      else if (c === '{') depth++;
      else if (c === '}' && --depth === 0) {
        try {
          const v: unknown = JSON.parse(text.slice(start, i + 1));
          if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
            found.push(v as Record<string, unknown>);
            start = i; // continue after this object, not inside it
          }
        } catch {
          // not JSON from this brace: try the next one
        }
        break;
      }
    }
  }
  return found;
}

function field(o: Record<string, unknown>, name: string): unknown {
  const key = Object.keys(o).find((k) => k.trim().toLowerCase() === name);
  return key === undefined ? undefined : o[key];
}

function reasonOf(o: Record<string, unknown>): string {
  const r = field(o, 'reason');
  return typeof r === 'string' ? r.trim().slice(0, MAX_REASON_CHARS) : '';
}

/** The objects carrying `name`, or why the reply cannot be read. */
function candidates(
  reply: string,
  name: string,
  refused: boolean,
): Record<string, unknown>[] | Unread {
  if (refused)
    return { status: 'refused', problem: 'the judge model refused (or its output was filtered)' };
  const objects = jsonObjects(reply).filter((o) => field(o, name) !== undefined);
  if (objects.length > 0) return objects;
  if (REFUSAL.test(reply))
    return { status: 'refused', problem: `the judge declined: ${reply.trim().slice(0, 200)}` };
  return {
    status: 'unreadable',
    problem:
      reply.trim() === '' ? 'the reply is empty' : `no JSON object with "${name}" in the reply`,
  };
}

/** One verdict from a judge's reply: `{verdict, score, reason}`. */
export function parseJudgeVerdict(reply: string, refused = false): ParsedVerdict {
  const found = candidates(reply, 'verdict', refused);
  if (!Array.isArray(found)) return found;
  const read = found.map((o) => {
    const v = field(o, 'verdict');
    const s = field(o, 'score');
    const verdict = typeof v === 'string' ? v.trim().toLowerCase() : '';
    const score =
      typeof s === 'number' ? s : typeof s === 'string' && s.trim() !== '' ? Number(s) : NaN;
    return { verdict, score, reason: reasonOf(o) };
  });
  const first = read[0]!;
  if (read.some((r) => r.verdict !== first.verdict || r.score !== first.score))
    return { status: 'unreadable', problem: 'the reply holds verdicts that disagree' };
  if (!(JUDGE_VERDICTS as readonly string[]).includes(first.verdict))
    return {
      status: 'unreadable',
      problem: `verdict ${JSON.stringify(field(found[0]!, 'verdict'))} is not correct, partially or incorrect`,
    };
  if (!Number.isFinite(first.score) || first.score < 0 || first.score > 1)
    return {
      status: 'unreadable',
      problem: `score ${JSON.stringify(field(found[0]!, 'score') ?? null)} is not a number from 0 to 1`,
    };
  return {
    status: 'judged',
    verdict: first.verdict as JudgeVerdictValue,
    score: first.score,
    reason: first.reason,
  };
}

/** Which of two answers a judge preferred: `{better: "A" | "B" | "tie", reason}`. */
export function parsePairChoice(reply: string, refused = false): ParsedChoice {
  const found = candidates(reply, 'better', refused);
  if (!Array.isArray(found)) return found;
  const choices = found.map((o) => {
    const b = field(o, 'better');
    const s = typeof b === 'string' ? b.trim().toLowerCase() : '';
    return s === 'a' ? 'first' : s === 'b' ? 'second' : s === 'tie' ? 'tie' : null;
  });
  const first = choices[0];
  if (choices.some((c) => c !== first))
    return { status: 'unreadable', problem: 'the reply holds choices that disagree' };
  if (first === null || first === undefined)
    return {
      status: 'unreadable',
      problem: `better ${JSON.stringify(field(found[0]!, 'better'))} is not "A", "B" or "tie"`,
    };
  return { status: 'judged', choice: first, reason: reasonOf(found[0]!) };
}
