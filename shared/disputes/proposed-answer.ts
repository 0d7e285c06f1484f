import type { ProposedAnswer } from './dispute';

/**
 * A proposed gold answer as typed (CLI `--gold`, the question screen's field): a number when it
 * reads as one (`12.5`, `-3`), a list of spans when it is a JSON list of strings
 * (`["a","b"]`), otherwise the text itself, so a span need not be quoted. undefined when empty.
 */
export function parseProposedAnswer(text: string): ProposedAnswer | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  if (/^-?\d+(\.\d+)?$/.test(t)) return Number(t);
  if (t.startsWith('[')) {
    try {
      const v = JSON.parse(t) as unknown;
      if (Array.isArray(v) && v.length > 0 && v.every((x): x is string => typeof x === 'string'))
        return v;
    } catch {
      // Not a JSON list: the text itself.
    }
  }
  return t;
}
