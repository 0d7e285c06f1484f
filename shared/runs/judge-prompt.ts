import type { ChatMessage } from '../llm/provider';
import type { JudgeRubric } from './judge-rubric';

/** What the judge is shown of one question (the same for every answer to it). */
export interface JudgeQuestion {
  question: string;
  /** The gold answer as text. */
  gold: string;
  /** How the gold was reached (TableQuest `cot`, FinanceBench justification), when known. */
  explanation?: string;
}

/**
 * Candidate answers longer than this are cut (with a note saying so): a runaway output should
 * not blow the judge's context window, and the answer proper comes first in practice.
 */
export const MAX_ANSWER_CHARS = 12_000;

/**
 * The answer as data: the block markers are defused inside it (an answer that writes
 * "ANSWER>>>" cannot end its block early and smuggle text in as the prompt's own), and a long
 * one is cut.
 */
function clip(text: string): string {
  const t = text.trim().replace(/<<<|>>>/g, (m) => (m === '<<<' ? '‹‹‹' : '›››'));
  if (t === '') return '(no answer)';
  return t.length > MAX_ANSWER_CHARS
    ? `${t.slice(0, MAX_ANSWER_CHARS)}\n[… cut: the answer is ${t.length} characters long]`
    : t;
}

function questionPart(q: JudgeQuestion): string[] {
  return [
    `Question:\n${q.question.trim()}`,
    `Reference answer:\n${q.gold.trim()}`,
    ...(q.explanation?.trim() ? [`Reference reasoning:\n${q.explanation.trim()}`] : []),
  ];
}

/** The messages that ask for one verdict on one answer. */
export function judgeMessages(
  rubric: JudgeRubric,
  q: JudgeQuestion,
  answer: string,
): ChatMessage[] {
  return [
    { role: 'system', content: rubric.text },
    {
      role: 'user',
      content: [
        ...questionPart(q),
        `Candidate answer (between the markers):\n<<<ANSWER\n${clip(answer)}\nANSWER>>>`,
      ].join('\n\n'),
    },
  ];
}

/** The messages that ask which of two answers is better; `first` is shown as A. */
export function pairwiseMessages(
  rubric: JudgeRubric,
  q: JudgeQuestion,
  first: string,
  second: string,
): ChatMessage[] {
  return [
    { role: 'system', content: rubric.pairwiseText },
    {
      role: 'user',
      content: [
        ...questionPart(q),
        `Candidate A (between the markers):\n<<<A\n${clip(first)}\nA>>>`,
        `Candidate B (between the markers):\n<<<B\n${clip(second)}\nB>>>`,
      ].join('\n\n'),
    },
  ];
}
