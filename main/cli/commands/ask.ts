import { basename, resolve } from 'node:path';
import { AskMode, type AskResult } from '../../../shared/ask/ask';
import { isProgramMode } from '../../../shared/ask/templates';
import { filingTitle } from '../../../shared/ask/filings';
import { citeFact } from '../../../shared/ask/reads';
import { SecretName, modelFileUrl } from '../../../shared/llm/provider';
import type { AskInput } from '../../ask/ask-service';
import { writeStderr } from '../terminal-text';
import { CliError, type CliCommand, type CliContext } from '../command';
import {
  checkDocumentSource,
  DOCUMENT_SOURCE_OPTIONS,
  readDocumentFile,
  textFlag,
  unitFlag,
} from '../source-flags';
import { optionalWholeNumber } from '../flags';
import { askDocumentIds } from './ask-documents';
import { compact } from '../../../shared/util/compact';

/** What `workbench ask --json` prints (docs/ask.md). */
export interface AskOutput {
  mode: AskResult['mode'];
  model: string;
  answer: AskResult['answer'];
  /** null outside the program modes (pot, pot-python, table-first), as are execution and grounding. */
  program: string | null;
  execution: AskResult['execution'];
  reads: AskResult['reads'];
  grounding: AskResult['grounding'];
  evidence: AskResult['evidence'];
  usage: AskResult['usage'];
  grade: AskResult['grade'];
  /** An ask across several filings: the documents and filings it covered (issue 27). */
  documentIds?: number[];
  filings?: NonNullable<AskResult['filings']>;
}

export const askOutput = (r: AskResult): AskOutput => ({
  mode: r.mode,
  model: r.model,
  answer: r.answer,
  program: r.program,
  execution: r.execution,
  reads: r.reads,
  grounding: r.grounding,
  evidence: r.evidence,
  usage: r.usage,
  grade: r.grade,
  ...(r.documentIds ? { documentIds: r.documentIds } : {}),
  ...(r.filings ? { filings: r.filings } : {}),
});

/** The human-readable answer: value, program result, grounding, grade. */
function describe(r: AskResult): string {
  const lines = [`answer: ${r.answer.text || '(none)'}`];
  if (r.filings) {
    lines.push('filings:');
    for (const f of r.filings) lines.push(`  ${f.prefix ?? `d${f.documentId}`}  ${filingTitle(f)}`);
  }
  if (r.execution && !r.execution.ok) lines.push(`program failed: ${r.execution.error}`);
  if (r.repaired) lines.push('(the first program failed; this is the repaired one)');
  if (r.grounding) {
    lines.push('grounding:');
    for (const l of r.grounding.literals) {
      const where =
        l.tableId !== undefined
          ? ` ${l.tableId}${l.row !== undefined ? ` row ${l.row}` : ''}${l.col !== undefined ? ` col ${l.col}` : ''}`
          : l.blockId !== undefined
            ? ` ${l.blockId}`
            : '';
      const mark = l.source === 'unsupported' ? 'UNSUPPORTED' : l.source;
      const fact = l.fact ? ` (${citeFact(l.fact)})` : '';
      lines.push(`  ${l.text.padEnd(14)} ${mark}${where}${fact}`);
    }
  }
  if (r.samples) lines.push(`samples: ${r.samples.map((s) => s.answer || '—').join(', ')}`);
  if (r.grade)
    lines.push(
      `grade: ${r.grade.correct ? 'correct' : r.grade.outcome} (${r.grade.scorer}: ${r.grade.rule}; gold ${r.grade.gold})`,
    );
  lines.push(
    `tokens: ${r.usage.promptTokens} in, ${r.usage.completionTokens} out; model ${Math.round(r.modelMs)} ms, other ${Math.round(r.overheadMs)} ms`,
  );
  return lines.join('\n');
}

/** The endpoint or model file, the model and its API key's name, from the flags. */
function modelFlags(ctx: CliContext) {
  // A GGUF file is an embedded model: LlmService runs it in-process (main/llm/embedded).
  const modelFile = textFlag(ctx.values['model-file']);
  if (modelFile !== undefined && ctx.values['base-url'] !== undefined)
    throw new CliError('give --base-url or --model-file, not both', 2);
  const baseUrl =
    modelFile !== undefined ? modelFileUrl(resolve(modelFile)) : textFlag(ctx.values['base-url']);
  if (baseUrl === undefined)
    throw new CliError('--base-url URL is required (or --model-file FILE.gguf)', 2);
  const model =
    textFlag(ctx.values.model) ?? (modelFile !== undefined ? basename(modelFile) : undefined);
  if (model === undefined || model.trim() === '') throw new CliError('--model NAME is required', 2);
  const apiKeyName = textFlag(ctx.values['api-key-name']);
  if (apiKeyName !== undefined && !SecretName.safeParse(apiKeyName).success)
    throw new CliError(
      `--api-key-name must be lower-case letters, digits, ".", "_" or "-", got ${apiKeyName}`,
      2,
    );
  return { baseUrl, model, apiKeyName };
}

/**
 * The ask's input from the flags, without its document (addDocumentSource): every flag checked
 * here, in the order the command's errors name them.
 */
function askInput(ctx: CliContext) {
  const company = textFlag(ctx.values.company);
  if (
    company !== undefined &&
    ['doc', 'document', 'dataset-question'].some((f) => ctx.values[f] !== undefined)
  )
    throw new CliError(
      'give --company KEY or one of --doc FILE, --document ID, --dataset-question ID, not both',
      2,
    );
  // --company is a source like --document: the same checks of FILE arguments and --question.
  const question =
    company === undefined
      ? checkDocumentSource(ctx, 'ask')
      : checkDocumentSource(
          { ...ctx, values: { ...ctx.values, company: undefined, document: [company] } },
          'ask',
        );
  const mode = AskMode.safeParse(ctx.values.mode ?? 'direct');
  if (!mode.success)
    throw new CliError(
      `--mode must be direct, cot, pot, pot-python or table-first, got ${String(ctx.values.mode)}`,
      2,
    );
  const { baseUrl, model, apiKeyName } = modelFlags(ctx);
  const k = optionalWholeNumber(ctx.values.k, '--k', { min: 1, max: 200 });
  const samples = optionalWholeNumber(ctx.values.samples, '--samples', { min: 1, max: 15 });
  const maxTokens = optionalWholeNumber(ctx.values['max-tokens'], '--max-tokens', {
    min: 1,
    max: 1_000_000,
  });
  const unit = unitFlag(ctx.values.unit);

  const input: AskInput = {
    provider: { baseUrl, ...compact({ apiKeyName }) },
    providerId: null,
    model,
    mode: mode.data,
    ...compact({ question }),
    ...(k !== undefined || unit
      ? { retrieval: { ...(k ? { k } : {}), ...(unit ? { unit } : {}) } }
      : {}),
    ...compact({ samples }),
    ...(maxTokens !== undefined ? { params: { maxTokens } } : {}),
    ...compact({ templateId: textFlag(ctx.values.template) }),
  };
  return { company, question, input };
}

/**
 * What the ask stands on: a parsed --doc FILE, stored documents (or a company's), or a
 * dataset question.
 */
async function addDocumentSource(
  ctx: CliContext,
  input: AskInput,
  question: string | undefined,
  company: string | undefined,
): Promise<void> {
  const file = textFlag(ctx.values.doc);
  if (file !== undefined) {
    if (question === undefined) throw new CliError('--doc needs --question "…"', 2);
    input.document = await readDocumentFile(file);
  } else if (ctx.values.document !== undefined || company !== undefined) {
    if (question === undefined)
      throw new CliError(
        `${company !== undefined ? '--company' : '--document'} needs --question "…"`,
        2,
      );
    const ids = await askDocumentIds(ctx, company);
    if (ids.length === 1) input.documentId = ids[0]!;
    else input.documentIds = ids;
  } else {
    const questionId = optionalWholeNumber(ctx.values['dataset-question'], '--dataset-question', {
      min: 1,
    });
    if (questionId !== undefined) input.questionId = questionId;
  }
}

/** Runs the ask, streaming the model's text (and, to a terminal, phase notes) to stderr. */
async function askStreaming(
  ctx: CliContext,
  services: Awaited<ReturnType<CliContext['services']>>,
  input: AskInput,
) {
  // The model's text streams to stderr as it arrives (escaped: it is untrusted), so stdout
  // carries only the answer (or the JSON). Phase notes (retrying after a 429, repairing a
  // program) go there too, but only to a terminal: a script reading stderr gets the one-line
  // error of a failed ask and nothing else.
  const notes = process.stderr.isTTY === true;
  let streamed = false;
  let atLineStart = true;
  const result = await services.ask.run(input, (e) => {
    if (ctx.json) return;
    if (e.delta !== undefined) {
      writeStderr(e.delta);
      streamed = true;
      atLineStart = e.delta.endsWith('\n');
      return;
    }
    if (!notes || e.message === undefined) return;
    writeStderr(`${atLineStart ? '' : '\n'}[${e.phase}: ${e.message}]\n`);
    atLineStart = true;
  });
  if (streamed && !atLineStart && !ctx.json) writeStderr('\n');
  return result;
}

// Not through the contract: ask streams the answer's tokens as they come (ask.run answers once, at the end), and --doc FILE asks a Document parsed here, which no method takes.
export const askCommand: CliCommand = {
  name: 'ask',
  summary:
    'Ask a model (any OpenAI-compatible endpoint) a question about a filing: direct, CoT, or a program run in the sandbox with its grounding',
  usage:
    'workbench ask (--doc FILE --question "…" | --document ID [--document ID …] --question "…" | --company KEY --question "…" | --dataset-question ID [--question "…"]) [--mode direct|cot|pot|pot-python|table-first] (--base-url URL --model NAME [--api-key-name NAME] | --model-file FILE.gguf [--model NAME]) [--k N] [--unit cell|row|block] [--max-tokens N] [--samples K] [--template ID] [--json] [--workspace DIR]',
  options: {
    ...DOCUMENT_SOURCE_OPTIONS,
    // Several filings at once (issue 27): --document A --document B, or a company's filings.
    document: { type: 'string', multiple: true },
    company: { type: 'string' },
    mode: { type: 'string' },
    'base-url': { type: 'string' },
    'model-file': { type: 'string' },
    model: { type: 'string' },
    'api-key-name': { type: 'string' },
    samples: { type: 'string' },
    'max-tokens': { type: 'string' },
    template: { type: 'string' },
  },
  async run(ctx) {
    const { company, question, input } = askInput(ctx);
    await addDocumentSource(ctx, input, question, company);
    const services = await ctx.services();
    const result = await askStreaming(ctx, services, input);
    ctx.say(describe(result));
    const output = askOutput(result);
    if (isProgramMode(result.mode) && result.execution && !result.execution.ok)
      throw new CliError(
        `the program failed: ${result.execution.error ?? 'unknown error'}`,
        1,
        output,
      );
    return output;
  },
};
