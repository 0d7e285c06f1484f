import { SANDBOX_PROMPT_HELP } from '../sandbox/prompt-help';
import type { AskMode, PromptTemplate } from './ask';

/**
 * The prompts each answering mode sends, visible and editable in the Ask panel (a user copies a
 * built-in template, edits it and saves it under a new id). Placeholders: {question},
 * {context} (the retrieved evidence, tables with the addresses cell() takes) and {helpers}
 * (the sandbox help, shared/sandbox/prompt-help.ts). Anything else in braces is left alone,
 * so JavaScript in a template needs no escaping.
 */

const DIRECT_SYSTEM = `You are a financial analyst answering questions about one filing.
Use only the document excerpts you are given. Answer with the final answer only: a number with
its unit and scale when it is a quantity ("$1,234 million", "12.5%"), or a short phrase.`;

const DIRECT_USER = `Document excerpts:
{context}

Question: {question}

Answer:`;

const COT_SYSTEM = `You are a financial analyst answering questions about one filing.
Use only the document excerpts you are given. Think through the problem step by step, writing
each necessary step, and name the numbers you use and where they are. Then conclude with the
final answer in your last sentence as "Therefore, the answer is {final answer}." where the final
answer is a number (with its unit and scale) or a short phrase.`;

const COT_USER = `Document excerpts:
{context}

Question: {question}

Let's think step by step.`;

const POT_SYSTEM = `You are a financial analyst who answers questions about one filing by writing a
program. Read every number from the document's tables with cell() or cellInfo(), using the
table ids and the row and column positions shown in the excerpts; write a number into the
program only when it appears in the text excerpts, or is a plain constant (100 for a percentage,
1000 to change thousands to millions, 12 months, 365 days).

{helpers}`;

const POT_USER = `Document excerpts:
{context}

Question: {question}

Write function solution() in JavaScript that returns the answer.`;

/**
 * After TACT (Table-Aware Chain-of-Thought program generation): the model first names the values
 * it needs as cell references, then writes the program over them. One call with two sections;
 * the program is what runs, the list makes the model commit to its inputs first.
 */
const TABLE_FIRST_SYSTEM = `You are a financial analyst who answers questions about one filing by writing a
program, in two steps.

Step 1, "Values needed": list every number the answer needs, one per line, as
  - name: cell('tableId', row, col)  // what it is
using the table ids and the row and column positions shown in the excerpts. For a number that
is only in the text, write  - name: <the number as written>  // where it is said.
Step 2, "Program": one JavaScript program whose solution() reads those same cells with cell()
or cellInfo() and computes the answer from them. Use no other numbers except plain constants
(100 for a percentage, 1000 to change thousands to millions, 12 months, 365 days).

{helpers}`;

const TABLE_FIRST_USER = `Document excerpts:
{context}

Question: {question}

Values needed:`;

/*
 * DocMath-Eval presets, adapted from the benchmark's own prompts (yale-nlp/DocMath-Eval,
 * utils/model_input_utils.py: prepare_cot_model_input and prepare_pot_model_input). The CoT
 * wording is theirs. The PoT prompt asks for Python there; here it asks for JavaScript run in
 * the sandbox, with the same structure (system example, then a program to continue), and the
 * example's constants come from the context as in the original. The user message ends inside
 * an open ```javascript block, so the model's output continues it (main/ask joins the two).
 */
const DOCMATH_COT_SYSTEM = `You are a financial expert, you are supposed to answer the given question based on the provided financial document context. You need to first think through the problem step by step, documenting each necessary step. Then you are required to conclude your response with the final answer in your last sentence as 'Therefore, the answer is {final answer}'. The final answer should be a numeric value.`;

const DOCMATH_COT_USER = `{context}

Question: {question}

Let's think step by step to answer the given question.`;

const DOCMATH_POT_SYSTEM = `You are a financial expert, you are supposed to generate a JavaScript program to answer the given question based on the provided financial document context. The returned value of the program is supposed to be the answer.
\`\`\`javascript
function solution() {
  // Define variables name and value based on the given context
  const guarantees = 210;
  const totalExposure = 716;

  // Do math calculation to get the answer
  const answer = (guarantees / totalExposure) * 100;

  // return answer
  return answer;
}
\`\`\``;

const DOCMATH_POT_USER = `{context}

Question: {question}

Please generate a JavaScript program to answer the given question. The format of the program should be the following:
\`\`\`javascript
function solution() {
  // Define variables name and value based on the given context
  ...
  // Do math calculation to get the answer
  ...
  // return answer
  return answer;
}
\`\`\`

Continue the program to answer the question. The returned value of the program is supposed to be the answer:
\`\`\`javascript
function solution() {
  // Define variables name and value based on the given context
`;

/** DocMath-Eval's own PoT prompt: a Python solution(), run in the Pyodide sandbox (pot-python). */
const DOCMATH_POT_PYTHON_SYSTEM = `You are a financial expert, you are supposed to generate a Python program to answer the given question based on the provided financial document context. The returned value of the program is supposed to be the answer.
\`\`\`python
def solution():
    # Define variables name and value based on the given context
    guarantees = 210
    total_exposure = 716

    # Do math calculation to get the answer
    answer = (guarantees / total_exposure) * 100

    # return answer
    return answer
\`\`\``;

const DOCMATH_POT_PYTHON_USER = `{context}

Question: {question}

Please generate a Python program to answer the given question. The format of the program should be the following:
\`\`\`python
def solution():
    # Define variables name and value based on the given context
    ...
    # Do math calculation to get the answer
    ...
    # return answer
    return answer
\`\`\`

Continue the program to answer the question. The returned value of the program is supposed to be the answer:
\`\`\`python
def solution():
    # Define variables name and value based on the given context
`;

export const BUILTIN_TEMPLATES: readonly PromptTemplate[] = [
  {
    id: 'direct',
    name: 'Direct answer',
    mode: 'direct',
    builtin: true,
    system: DIRECT_SYSTEM,
    user: DIRECT_USER,
  },
  {
    id: 'cot',
    name: 'Chain of thought',
    mode: 'cot',
    builtin: true,
    system: COT_SYSTEM,
    user: COT_USER,
  },
  {
    id: 'pot',
    name: 'Program of thought (JavaScript, cells read with cell())',
    mode: 'pot',
    builtin: true,
    system: POT_SYSTEM,
    user: POT_USER,
  },
  {
    id: 'table-first',
    name: 'Table first (values as cell references, then the program)',
    mode: 'table-first',
    builtin: true,
    system: TABLE_FIRST_SYSTEM,
    user: TABLE_FIRST_USER,
  },
  {
    id: 'pot-python',
    name: 'DocMath-Eval PoT (Python, run in the Pyodide sandbox)',
    mode: 'pot-python',
    builtin: true,
    system: DOCMATH_POT_PYTHON_SYSTEM,
    user: DOCMATH_POT_PYTHON_USER,
  },
  {
    id: 'docmath-cot',
    name: 'DocMath-Eval CoT',
    mode: 'cot',
    builtin: true,
    system: DOCMATH_COT_SYSTEM,
    user: DOCMATH_COT_USER,
  },
  {
    id: 'docmath-pot',
    name: 'DocMath-Eval PoT (JavaScript)',
    mode: 'pot',
    builtin: true,
    system: DOCMATH_POT_SYSTEM,
    user: DOCMATH_POT_USER,
  },
];

const builtinById = new Map(BUILTIN_TEMPLATES.map((t) => [t.id, t]));

export const isBuiltinTemplateId = (id: string): boolean => builtinById.has(id);

export function builtinTemplate(id: string): PromptTemplate | undefined {
  return builtinById.get(id);
}

/** The template a mode uses when the request names none. */
export function defaultTemplate(mode: AskMode): PromptTemplate {
  const t = builtinById.get(mode);
  if (!t) throw new Error(`no built-in template for mode ${mode}`);
  return t;
}

export interface TemplateValues {
  question: string;
  context: string;
  helpers: string;
}

/**
 * Fills {question}, {context} and {helpers} in one pass: text substituted in is never scanned
 * again, so a question containing "{context}" stays as typed.
 */
export function fillTemplate(text: string, values: TemplateValues): string {
  return text.replace(
    /\{(question|context|helpers)\}/g,
    (_, name: keyof TemplateValues) => values[name],
  );
}

/** The sandbox help every program-mode prompt includes through {helpers}. */
export const HELPERS_TEXT = SANDBOX_PROMPT_HELP;

/** True when the mode's answer is a program run in a sandbox (QuickJS, or Pyodide for pot-python). */
export const isProgramMode = (mode: AskMode): boolean =>
  mode === 'pot' || mode === 'table-first' || mode === 'pot-python';

/**
 * The part of an open ```javascript (or ```python) block a prompt ends inside (the DocMath-Eval
 * PoT presets ask the model to continue a program), or undefined when it does not end in one.
 */
export function openProgramTail(
  prompt: string,
  language: 'javascript' | 'python' = 'javascript',
): string | undefined {
  const fences = [...prompt.matchAll(/(?:^|\n)[ \t]*```([^\n`]*)\n/g)];
  // Odd number of fences: the last one is open.
  if (fences.length % 2 === 0) return undefined;
  const last = fences[fences.length - 1];
  const tag = language === 'python' ? /^\s*(?:python|py)?\s*$/i : /^\s*(?:javascript|js)?\s*$/i;
  if (!last || !tag.test(last[1] ?? '')) return undefined;
  return prompt.slice((last.index ?? 0) + last[0].length);
}
