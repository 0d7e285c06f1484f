import { WorkbenchError } from '../../shared/api/result';
import type {
  AskAnswer,
  AskMode,
  AskResult,
  CellRead,
  GroundingLiteral,
  PromptTemplate,
} from '../../shared/ask/ask';
import { answerFromProgram, answerFromText } from '../../shared/ask/answer';
import { contextNumbers } from '../../shared/ask/context-numbers';
import { groundProgram } from '../../shared/ask/grounding';
import { readsFromTrace } from '../../shared/ask/reads';
import { fillTemplate, HELPERS_TEXT, isProgramMode } from '../../shared/ask/templates';
import { vote } from '../../shared/ask/vote';
import type { StoredQuestion } from '../../shared/datasets/stored-question';
import type { ChatMessage, GenerationParams, Usage } from '../../shared/llm/provider';
import type { DatasetFormat } from '../../shared/document/dataset-format';
import { buildContext } from '../../shared/retrieval/context';
import { countPromptTokens } from '../llm/token-count';
import { FACTS_PROMPT_HELP, FACTS_PROMPT_HELP_PYTHON } from '../../shared/sandbox/prompt-help';
import type { RetrievalHit, RetrievalOptions } from '../../shared/retrieval/hit';
import type { Embedder } from '../retrieval/embeddings';
import type { RetrievalService } from '../retrieval/retrieval-service';
import { searchDocument } from '../retrieval/retrieval-service';
import type { Sandbox } from '../sandbox';
import { namesFacts } from '../sandbox/fact-trace';
import type { AskChat, AskChatRequest, AskProviderRef } from './ask-chat';
import type { AskDocument } from './document-cache';
import { buildFilingsContext, interleaveHits, type FilingPart } from './filings-subject';
import { ACROSS_FILINGS_HELP, ACROSS_FILINGS_HELP_PYTHON } from '../../shared/ask/filings';
import { tablesForProgram } from './program-tables';
import { askCancelled, NoProgramError, type AskProgress } from './ask-progress';
import { pythonSample } from './python-sample';
import { withOneRepair } from './repair-round';
import {
  problemLine,
  programFromOutput,
  repairMessage,
  type ProgramProblem,
} from './program-output';

/** Tokens of retrieved evidence a prompt carries unless the request says otherwise. */
export const DEFAULT_TOKEN_BUDGET = 6000;

/** What one ask works on: the question, its document, and its gold when it is a stored one. */
export interface AskSubject {
  documentId: number | null;
  questionId: number | null;
  question: string;
  doc: AskDocument;
  gold: { question: StoredQuestion; format: DatasetFormat } | null;
  /**
   * An ask across several filings (issue 27): each filing's own document and facts; `doc` is
   * then their combination with qualified ids (filings-subject.ts) and `documentId` the first.
   */
  parts?: FilingPart[];
}

/** What answering needs besides the question: the index, the model, the sandbox. */
export interface AnswerCoreDeps {
  retrieval: RetrievalService;
  llm: AskChat;
  /** The (lazily started) sandbox for program modes. */
  sandbox: () => Sandbox;
  /** Sandbox deadline per program (default 1000 ms). */
  programTimeoutMs?: number;
}

export interface AnswerCoreInput {
  askId: string;
  provider: AskProviderRef;
  model: string;
  mode: AskMode;
  template: PromptTemplate;
  subject: AskSubject;
  params?: GenerationParams;
  retrieval?: RetrievalOptions;
  samples?: number;
  /** Stream the model's text as `delta` events (the Ask panel); batch runs do not. */
  stream?: boolean;
  /** Default true: identical requests answer from the response cache. */
  cache?: boolean;
}

/**
 * Everything an ask produced before it is graded or stored: the ask history row without its
 * id, grade and date, plus what grading reads and what the run engine books.
 */
export interface AnswerCore extends Omit<AskResult, 'id' | 'grade' | 'createdAt' | 'providerId'> {
  /** For grading: the output (text modes) or the program's value (program modes). */
  prediction: string | number | boolean | null;
  predictionKind: 'text' | 'executed';
  /** Model calls answered from the response cache, and calls made. */
  cachedCalls: number;
  calls: number;
  /** Milliseconds of backoff the model client waited (inside modelMs). */
  waitedMs: number;
}

/** One sample's outcome. */
interface Sample {
  output: string;
  answer: AskAnswer;
  program: string | null;
  execution: AskResult['execution'];
  repaired: boolean;
  reads: CellRead[];
  prediction: string | number | boolean | null;
}

/** Timings and usage summed over every model call of an ask. */
class Meter {
  modelMs = 0;
  waitedMs = 0;
  usage: Usage = { promptTokens: 0, completionTokens: 0 };
  cost: number | null = null;
  calls = 0;
  cachedCalls = 0;
}

/** The first half of an ask: the prompt the model is sent, and the evidence it was built from. */
export interface PreparedAsk {
  messages: ChatMessage[];
  context: ReturnType<typeof buildContext>;
  /** performance.now() when the ask began (its overhead is measured from here). */
  started: number;
}

/**
 * The per-question core of an ask, shared by the Ask panel (AskService) and the run engine:
 * retrieval → prompt → model → (program modes) sandbox with one repair round → answer →
 * grounding. It writes nothing: the caller grades and stores. Its two halves also run apart
 * (Batch API runs): `prepareAsk` builds the prompt without calling the model, and
 * `finishAsk` takes it from there.
 */
export async function answerQuestion(
  deps: AnswerCoreDeps,
  input: AnswerCoreInput,
  signal: AbortSignal,
  emit: (e: AskProgress) => void = () => undefined,
): Promise<AnswerCore> {
  const prepared = await prepareAsk(deps, input, signal, emit);
  return finishAsk(deps, input, prepared, signal, emit);
}

/** Retrieval → context → the prompt's messages; no model call. */
export async function prepareAsk(
  deps: AnswerCoreDeps,
  input: AnswerCoreInput,
  signal: AbortSignal,
  emit: (e: AskProgress) => void = () => undefined,
): Promise<PreparedAsk> {
  const started = performance.now();
  const { askId, subject, template } = input;
  if (signal.aborted) throw askCancelled();

  emit({ askId, phase: 'retrieving' });
  const options = input.retrieval ?? {};
  const tokenBudget = options.tokenBudget ?? DEFAULT_TOKEN_BUDGET;
  const { parts } = subject;
  const context =
    parts && parts.length > 1
      ? buildFilingsContext(
          subject.doc.document,
          parts,
          await retrieveAcross(deps, subject.question, parts, options, signal),
          tokenBudget,
        )
      : buildContext(subject.doc.document, await retrieve(deps, subject, options, signal), {
          tokenBudget,
          countTokens: countPromptTokens,
        });
  const tagged = isProgramMode(input.mode) && subject.doc.facts().length > 0;
  // Several filings (issue 27): the program is told how their ids and facts are told apart.
  const across =
    isProgramMode(input.mode) && parts !== undefined && parts.length > 1
      ? input.mode === 'pot-python'
        ? ACROSS_FILINGS_HELP_PYTHON
        : ACROSS_FILINGS_HELP
      : null;
  const helpers = [HELPERS_TEXT, tagged ? FACTS_PROMPT_HELP : null, across]
    .filter((t): t is string => t !== null)
    .join('\n\n');
  const values = {
    question: subject.question,
    context: context.text,
    // A filing with inline XBRL tags: programs may read its facts (issue 27).
    helpers,
  };
  let system = fillTemplate(template.system, values);
  // A program template without {helpers} (the DocMath-Eval presets) is told of facts only when
  // there are some, so its prompts on the benchmarks' untagged documents stay as published.
  if (!/\{helpers\}/.test(template.system + template.user)) {
    if (tagged)
      system += `\n\n${input.mode === 'pot-python' ? FACTS_PROMPT_HELP_PYTHON : FACTS_PROMPT_HELP}`;
    if (across) system += `\n\n${across}`;
  }
  const messages: ChatMessage[] = [
    { role: 'system', content: system },
    { role: 'user', content: fillTemplate(template.user, values) },
  ];
  return { messages, context, started };
}

type Emit = (e: AskProgress) => void;
type ModelCall = (msgs: ChatMessage[], sampleIndex: number) => Promise<string>;

/**
 * One model call as the samples make it: progress and streamed text emitted, its time, tokens
 * and cost added to `meter`, a context too long for the model said in words.
 */
function modelCall(
  deps: AnswerCoreDeps,
  input: AnswerCoreInput,
  context: PreparedAsk['context'],
  signal: AbortSignal,
  emit: Emit,
  meter: Meter,
): ModelCall {
  const { askId } = input;
  const count = input.samples ?? 1;
  return async (msgs, sampleIndex) => {
    if (signal.aborted) throw askCancelled();
    // Under self-consistency each sample's text streams after a note naming it, so a panel
    // can start a new output there.
    emit({
      askId,
      phase: 'generating',
      ...(count > 1 ? { message: `sample ${sampleIndex + 1} of ${count}` } : {}),
    });
    const request: AskChatRequest = {
      provider: input.provider,
      model: input.model,
      messages: msgs,
      signal,
      ...(input.stream ? { onDelta: (delta) => emit({ askId, phase: 'generating', delta }) } : {}),
      onRetry: (info) =>
        emit({
          askId,
          phase: 'generating',
          message: `retrying in ${Math.max(1, Math.round(info.waitMs / 1000))} s after ${info.reason} (attempt ${info.attempt + 1})`,
        }),
      sampleIndex,
      ...(input.params ? { params: input.params } : {}),
      ...(input.cache === false ? { cache: false } : {}),
    };
    const t0 = performance.now();
    try {
      const result = await deps.llm.chat(request);
      meter.calls++;
      if (result.cached) meter.cachedCalls++;
      meter.waitedMs += result.waitedMs;
      meter.usage.promptTokens += result.usage.promptTokens;
      meter.usage.completionTokens += result.usage.completionTokens;
      if (result.costUsd !== null) meter.cost = (meter.cost ?? 0) + result.costUsd;
      return result.text;
    } catch (e) {
      if (signal.aborted) throw askCancelled();
      if (e instanceof WorkbenchError && e.code === 'llm-context-length')
        throw new WorkbenchError(
          'llm-context-length',
          `the retrieved context (${context.tokens} tokens) exceeds the model's window; lower k or the token budget (${e.message})`,
        );
      throw e;
    } finally {
      meter.modelMs += performance.now() - t0;
    }
  };
}

/**
 * The samples asked for (one unless self-consistency), each by the mode's way. One sample
 * failing (no program, say) does not sink the others; all failing does.
 */
async function takeSamples(
  deps: AnswerCoreDeps,
  input: AnswerCoreInput,
  messages: ChatMessage[],
  call: ModelCall,
  signal: AbortSignal,
  emit: Emit,
): Promise<Sample[]> {
  const { askId, subject } = input;
  const count = input.samples ?? 1;
  const samples: Sample[] = [];
  let firstError: WorkbenchError | undefined;
  for (let i = 0; i < count; i++) {
    try {
      samples.push(
        input.mode === 'pot-python'
          ? await pythonSample(askId, messages, call, i, signal, emit, deps.programTimeoutMs, {
              facts: subject.doc.facts(),
              tables: () => subject.doc.tables(),
            })
          : isProgramMode(input.mode)
            ? await programSample(deps, askId, messages, subject.doc, call, i, signal, emit)
            : textSample(await call(messages, i)),
      );
    } catch (e) {
      if (count === 1 || (e instanceof WorkbenchError && e.code === 'cancelled')) throw e;
      if (signal.aborted) throw askCancelled();
      if (!(e instanceof WorkbenchError)) throw e;
      firstError ??= e;
    }
  }
  if (samples.length === 0) throw firstError ?? new Error('no sample');
  return samples;
}

/** The model call(s) on a prepared prompt → program and repair → answer → grounding. */
export async function finishAsk(
  deps: AnswerCoreDeps,
  input: AnswerCoreInput,
  { messages, context, started }: PreparedAsk,
  signal: AbortSignal,
  emit: Emit = () => undefined,
): Promise<AnswerCore> {
  const meter = new Meter();
  const { askId, subject } = input;
  if (signal.aborted) throw askCancelled();

  const count = input.samples ?? 1;
  const call = modelCall(deps, input, context, signal, emit, meter);
  const samples = await takeSamples(deps, input, messages, call, signal, emit);
  const voted = count > 1 ? vote(samples.map((s) => s.answer)) : undefined;
  const chosen = samples[voted?.winner ?? 0]!;

  let grounding: { literals: GroundingLiteral[] } | null = null;
  if (isProgramMode(input.mode) && chosen.program !== null) {
    const numbers = contextNumbers(subject.doc.document, context.hits, context.text);
    grounding = { literals: groundProgram(chosen.program, chosen.reads, numbers) };
  }
  if (signal.aborted) throw askCancelled();

  const totalMs = performance.now() - started;
  return {
    askId,
    documentId: subject.documentId,
    ...(subject.parts && subject.parts.length > 1
      ? {
          documentIds: subject.parts.map((p) => p.documentId),
          filings: subject.parts.map((p) => p.filing),
        }
      : {}),
    questionId: subject.questionId,
    question: subject.question,
    mode: input.mode,
    model: input.model,
    output: chosen.output,
    answer: chosen.answer,
    program: chosen.program,
    execution: chosen.execution,
    repaired: chosen.repaired,
    reads: chosen.reads,
    grounding,
    evidence: [...context.hits].sort((a, b) => b.score - a.score),
    usage: meter.usage,
    samples: voted ? voted.samples : null,
    costUsd: meter.cost,
    overheadMs: Math.max(0, totalMs - meter.modelMs),
    modelMs: meter.modelMs,
    prediction: chosen.prediction,
    predictionKind: isProgramMode(input.mode) ? 'executed' : 'text',
    cachedCalls: meter.cachedCalls,
    calls: meter.calls,
    waitedMs: meter.waitedMs,
  };
}

/** A program-mode sample: generate, extract, run; one repair round on any failure. */
async function programSample(
  deps: AnswerCoreDeps,
  askId: string,
  messages: ChatMessage[],
  doc: AskDocument,
  call: (msgs: ChatMessage[], sampleIndex: number) => Promise<string>,
  sampleIndex: number,
  signal: AbortSignal,
  emit: (e: AskProgress) => void,
): Promise<Sample> {
  const userPrompt = messages[messages.length - 1]?.content ?? '';
  const { output, tried, repaired } = await withOneRepair(
    messages,
    (msgs) => call(msgs, sampleIndex),
    (out) => tryProgram(deps, askId, out, userPrompt, doc, signal, emit),
    (p) => ({ line: problemLine(p), message: repairMessage(p) }),
    (line) => emit({ askId, phase: 'repairing', message: line }),
  );
  const { problem, program, sandbox } = tried;
  if (problem?.kind === 'none')
    throw new NoProgramError(
      `the model wrote no JavaScript program (${problem.reason}), also when asked again; try another model or the cot mode`,
      output,
      repaired,
    );
  if (problem?.kind === 'python')
    throw new NoProgramError(
      `the model answered in Python (${problem.reason}), also when asked for JavaScript; the sandbox runs JavaScript only — try another model or the cot mode`,
      output,
      repaired,
    );
  const reads = sandbox ? readsFromTrace(sandbox.trace, doc.tables()) : [];
  if (!sandbox || !sandbox.ok)
    return {
      output,
      answer: { text: '', value: null, unit: null, scale: null },
      program,
      execution: {
        ok: false,
        value: null,
        error: sandbox ? `${sandbox.error.kind}: ${sandbox.error.message}` : 'not run',
      },
      repaired,
      reads,
      prediction: null,
    };
  return {
    output,
    answer: answerFromProgram(sandbox.value, reads),
    program,
    execution: { ok: true, value: sandbox.value, error: null },
    repaired,
    reads,
    prediction: sandbox.value,
  };
}

async function tryProgram(
  deps: AnswerCoreDeps,
  askId: string,
  output: string,
  userPrompt: string,
  doc: AskDocument,
  signal: AbortSignal,
  emit: (e: AskProgress) => void,
): Promise<{
  program: string | null;
  sandbox?: Awaited<ReturnType<Sandbox['run']>>;
  problem?: ProgramProblem;
}> {
  const extracted = programFromOutput(output, userPrompt);
  if (extracted.kind !== 'javascript')
    return { program: null, problem: { kind: extracted.kind, reason: extracted.reason } };
  if (signal.aborted) throw askCancelled();
  emit({ askId, phase: 'executing' });
  // Cancelling the ask stops its program (the worker is replaced), not only what follows it.
  const sandbox = await deps
    .sandbox()
    .run(
      extracted.program,
      {
        tables: [...tablesForProgram(extracted.program, doc.tables())],
        // Facts go to programs that name fact() or facts() (a 10-K has ~1,000-2,400).
        ...(namesFacts(extracted.program) ? { facts: doc.facts() } : {}),
        ...(deps.programTimeoutMs ? { timeoutMs: deps.programTimeoutMs } : {}),
      },
      { signal },
    )
    .catch((e: unknown) => {
      throw signal.aborted ? askCancelled() : e;
    });
  if (sandbox.ok) return { program: extracted.program, sandbox };
  return { program: extracted.program, sandbox, problem: { kind: 'sandbox', result: sandbox } };
}

/** Each filing's own ranking (its stored index), taken in turns: filings-subject.ts. */
async function retrieveAcross(
  deps: AnswerCoreDeps,
  question: string,
  parts: readonly FilingPart[],
  options: RetrievalOptions,
  signal: AbortSignal,
): Promise<RetrievalHit[]> {
  const rankings: { documentId: number; hits: RetrievalHit[] }[] = [];
  for (const p of parts) {
    if (signal.aborted) throw askCancelled();
    const subject: AskSubject = {
      documentId: p.documentId,
      questionId: null,
      question,
      doc: p.doc,
      gold: null,
    };
    rankings.push({
      documentId: p.documentId,
      hits: await retrieve(deps, subject, options, signal),
    });
  }
  return interleaveHits(rankings);
}

async function retrieve(
  deps: AnswerCoreDeps,
  subject: AskSubject,
  options: RetrievalOptions,
  signal: AbortSignal,
): Promise<RetrievalHit[]> {
  if (subject.documentId === null) {
    if (options.embeddings)
      throw new WorkbenchError(
        'unsupported',
        'dense retrieval needs a workspace document (import the file first)',
      );
    return searchDocument(subject.doc.document, subject.question, options);
  }
  // Dense retrieval embeds through the provider the request names (RetrievalOptions).
  const { embeddings } = options;
  const embed = deps.llm.embed?.bind(deps.llm);
  const embedder: Embedder | undefined =
    embeddings && embed
      ? (texts, s) =>
          embed({
            provider: { providerId: embeddings.providerId },
            model: embeddings.model,
            input: texts,
            ...(s ? { signal: s } : {}),
          })
      : undefined;
  return deps.retrieval.search(
    subject.documentId,
    subject.doc.document,
    subject.question,
    options,
    embedder,
    signal,
  );
}

function textSample(output: string): Sample {
  const answer = answerFromText(output);
  return {
    output,
    answer,
    program: null,
    execution: null,
    repaired: false,
    reads: [],
    prediction: output,
  };
}
