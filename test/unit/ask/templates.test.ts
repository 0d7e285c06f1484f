import { describe, expect, it } from 'vitest';
import { PromptTemplate } from '../../../shared/ask/ask';
import {
  BUILTIN_TEMPLATES,
  builtinTemplate,
  defaultTemplate,
  fillTemplate,
  HELPERS_TEXT,
  openProgramTail,
} from '../../../shared/ask/templates';

describe('built-in prompt templates', () => {
  it('each mode has a default, and every template fits the contract schema', () => {
    for (const mode of ['direct', 'cot', 'pot', 'table-first'] as const)
      expect(defaultTemplate(mode).mode).toBe(mode);
    for (const t of BUILTIN_TEMPLATES) expect(PromptTemplate.parse(t)).toEqual(t);
    expect(new Set(BUILTIN_TEMPLATES.map((t) => t.id)).size).toBe(BUILTIN_TEMPLATES.length);
  });

  it('CoT asks for "Therefore, the answer is"; program modes carry the sandbox help', () => {
    expect(defaultTemplate('cot').system).toContain('Therefore, the answer is');
    for (const mode of ['pot', 'table-first'] as const)
      expect(defaultTemplate(mode).system).toContain('{helpers}');
    expect(builtinTemplate('docmath-cot')?.system).toContain(
      "'Therefore, the answer is {final answer}'",
    );
  });

  it('fills placeholders once: text substituted in is not scanned again', () => {
    const filled = fillTemplate('Q: {question}\nC: {context}\nH: {helpers}\n{final answer}', {
      question: 'What is {context}?',
      context: 'Table t1',
      helpers: HELPERS_TEXT.slice(0, 10),
    });
    expect(filled).toBe(
      `Q: What is {context}?\nC: Table t1\nH: ${HELPERS_TEXT.slice(0, 10)}\n{final answer}`,
    );
  });

  it('the DocMath PoT preset ends inside an open program the output continues', () => {
    const docmath = builtinTemplate('docmath-pot')!;
    const user = fillTemplate(docmath.user, { question: 'Q?', context: 'C', helpers: '' });
    expect(openProgramTail(user)).toBe(
      'function solution() {\n  // Define variables name and value based on the given context\n',
    );
    const pot = fillTemplate(defaultTemplate('pot').user, {
      question: 'Q?',
      context: 'C',
      helpers: '',
    });
    expect(openProgramTail(pot)).toBeUndefined();
  });
});
