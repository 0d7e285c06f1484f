import type { Database } from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { WorkbenchError } from '../../shared/api/result';
import type { EventPayload } from '../../shared/api/contract';
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
import {
  BUILTIN_TEMPLATES,
  builtinTemplate,
  defaultTemplate,
  fillTemplate,
  HELPERS_TEXT,
  isBuiltinTemplateId,
  isProgramMode,
} from '../../shared/ask/templates';
import { vote } from '../../shared/ask/vote';
import type { StoredQuestion } from '../../shared/datasets/stored-question';
import type { ChatMessage, GenerationParams, Usage } from '../../shared/llm/provider';
import type { Document } from '../../shared/model';
import type { DatasetFormat } from '../../shared/model/dataset-format';
import { buildContext } from '../../shared/retrieval/context';
import type { RetrievalHit, RetrievalOptions } from '../../shared/retrieval/hit';
import { asksRepo } from '../db/asks-repo';
import type { DatasetService } from '../datasets/dataset-service';
import type { DocumentService } from '../document/document-service';
import type { JobRunner } from '../jobs/job-runner';
import type { Embedder, RetrievalService } from '../retrieval/retrieval-service';
import { searchDocument } from '../retrieval/retrieval-service';
import { Sandbox } from '../sandbox';
import type { AskChat, AskChatRequest, AskProviderRef } from './ask-chat';
import { askDocument, AskDocumentCache, type AskDocument } from './document-cache';
import { gradeAsk } from './grade-ask';
import { tablesForProgram } from './program-tables';
import {
  problemLine,
  programFromOutput,
  repairMessage,
  type ProgramProblem,
} from './program-output';

export type AskProgress = EventPayload<'ask.progress'>;

/** Tokens of retrieved evidence a prompt carries unless the request says otherwise. */
export const DEFAULT_TOKEN_BUDGET = 6000;

export interface AskInput {
  /** Chosen by the caller, to follow `ask.progress` and cancel; generated when absent. */
  askId?: string;
  provider: AskProviderRef;
  /** The configured provider's id, recorded in the history (null for a bare base URL). */
  providerId?: number | null;
  model: string;
  mode: AskMode;
  /** The question; may be omitted with questionId. */
  question?: string;
  /** A workspace document (library file or dataset record). */
  documentId?: number;
  /** A stored dataset question: its text, document and gold. */
  questionId?: number;
  /** A document outside the workspace (CLI --doc FILE): retrieval runs in memory. */
  document?: Document;
  params?: GenerationParams;
  retrieval?: RetrievalOptions;
  samples?: number;
  templateId?: string;
}

export interface AskServiceDeps {
  db: Database;
  documents: DocumentService;
  datasets: DatasetService;
  retrieval: RetrievalService;
  llm: AskChat;
  jobs: JobRunner;
  /** Sandbox deadline per program (default 1000 ms). */
  programTimeoutMs?: number;
}

/** What one ask works on, resolved from its input. */
interface Subject {
  documentId: number | null;
  questionId: number | null;
  question: string;
  doc: AskDocument;
  gold: { question: StoredQuestion; format: DatasetFormat } | null;
}

/** One sample's outcome. */
interface Sample {
  output: string;
  answer: AskAnswer;
  program: string | null;
  execution: AskResult['execution'];
  repaired: boolean;
  reads: CellRead[];
  /** For grading: the output (text modes) or the program's value (program modes). */
  prediction: string | number | boolean | null;
}

/** Timings and usage summed over every model call of an ask. */
class Meter {
  modelMs = 0;
  usage: Usage = { promptTokens: 0, completionTokens: 0 };
  cost: number | null = null;
}

const cancelled = () => new WorkbenchError('cancelled', 'the ask was cancelled');

/**
 * Answers a question about a document with a model: retrieval → prompt → model → (program
 * modes) sandbox with one repair round → grounding → grade → history. Each ask runs as a job
 * (kind `model`), so jobs.cancel, ask.cancel and Ctrl-C stop it; every wait is bounded by the
 * provider's timeout and retries or by the sandbox's deadline.
 */
export class AskService {
  private readonly running = new Map<string, AbortController>();
  private readonly cache = new AskDocumentCache();
  private sandbox: Sandbox | undefined;
  private closed = false;

  constructor(private readonly deps: AskServiceDeps) {}

  // ---- templates and history -------------------------------------------------------------

  templates(): PromptTemplate[] {
    return [...BUILTIN_TEMPLATES, ...asksRepo(this.deps.db).templates()];
  }

  saveTemplate(template: PromptTemplate): PromptTemplate {
    if (isBuiltinTemplateId(template.id))
      throw new WorkbenchError(
        'invalid-input',
        `"${template.id}" is a built-in template and cannot be changed; save your copy under another id`,
      );
    return asksRepo(this.deps.db).saveTemplate({ ...template, builtin: false });
  }

  history(filter: { documentId?: number; questionId?: number }, limit = 50): AskResult[] {
    return asksRepo(this.deps.db).history(filter, limit);
  }

  /** Stops a running ask; false when none with this id runs. */
  cancel(askId: string): boolean {
    const controller = this.running.get(askId);
    if (!controller) return false;
    controller.abort('cancelled');
    return true;
  }

  /** Stops the sandbox workers (the workspace is closing). */
  async close(): Promise<void> {
    this.closed = true;
    for (const c of this.running.values()) c.abort('the workspace was closed');
    const sandbox = this.sandbox;
    this.sandbox = undefined;
    await sandbox?.close();
  }

  // ---- one ask ---------------------------------------------------------------------------

  async run(input: AskInput, emit: (e: AskProgress) => void = () => undefined): Promise<AskResult> {
    if (this.closed) throw new WorkbenchError('workspace-unavailable', 'the workspace is closed');
    const askId = input.askId ?? randomUUID();
    if (this.running.has(askId))
      throw new WorkbenchError('invalid-input', `ask ${askId} is already running`);
    const controller = new AbortController();
    this.running.set(askId, controller);
    const question = input.question ?? `question #${input.questionId ?? '?'}`;
    try {
      return await this.deps.jobs.run(
        {
          kind: 'model',
          label: `Ask ${input.model}: ${question.slice(0, 80)}`,
          subject: `ask:${askId}`,
        },
        (job) => {
          const signal = AbortSignal.any([job.signal, controller.signal]);
          return this.ask(askId, input, signal, emit);
        },
      );
    } catch (e) {
      // A cancelled ask fails with one clear code, whatever the step it was in said.
      if (controller.signal.aborted && !(e instanceof WorkbenchError && e.code === 'cancelled'))
        throw cancelled();
      throw e;
    } finally {
      this.running.delete(askId);
    }
  }

  private async ask(
    askId: string,
    input: AskInput,
    signal: AbortSignal,
    emit: (e: AskProgress) => void,
  ): Promise<AskResult> {
    const started = performance.now();
    const createdAt = new Date().toISOString();
    const meter = new Meter();
    const template = this.template(input.mode, input.templateId);
    const subject = await this.subject(input);
    if (signal.aborted) throw cancelled();

    emit({ askId, phase: 'retrieving' });
    const options = input.retrieval ?? {};
    const hits = await this.retrieve(subject, options, signal);
    const context = buildContext(subject.doc.document, hits, {
      tokenBudget: options.tokenBudget ?? DEFAULT_TOKEN_BUDGET,
    });
    const values = {
      question: subject.question,
      context: context.text,
      helpers: HELPERS_TEXT,
    };
    const messages: ChatMessage[] = [
      { role: 'system', content: fillTemplate(template.system, values) },
      { role: 'user', content: fillTemplate(template.user, values) },
    ];

    const count = input.samples ?? 1;
    const call = async (msgs: ChatMessage[], sampleIndex: number): Promise<string> => {
      if (signal.aborted) throw cancelled();
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
        onDelta: (delta) => emit({ askId, phase: 'generating', delta }),
        onRetry: ({ attempt, waitMs, reason }) =>
          emit({
            askId,
            phase: 'generating',
            message: `retrying in ${Math.max(1, Math.round(waitMs / 1000))} s after ${reason} (attempt ${attempt + 1})`,
          }),
        sampleIndex,
        ...(input.params ? { params: input.params } : {}),
      };
      const t0 = performance.now();
      try {
        const result = await this.deps.llm.chat(request);
        meter.usage.promptTokens += result.usage.promptTokens;
        meter.usage.completionTokens += result.usage.completionTokens;
        if (result.costUsd !== null) meter.cost = (meter.cost ?? 0) + result.costUsd;
        return result.text;
      } catch (e) {
        if (signal.aborted) throw cancelled();
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

    const samples: Sample[] = [];
    let firstError: WorkbenchError | undefined;
    for (let i = 0; i < count; i++) {
      try {
        samples.push(
          isProgramMode(input.mode)
            ? await this.programSample(askId, messages, subject.doc, call, i, signal, emit)
            : textSample(await call(messages, i)),
        );
      } catch (e) {
        // One sample failing (no program, say) does not sink the others; all failing does.
        if (count === 1 || (e instanceof WorkbenchError && e.code === 'cancelled')) throw e;
        if (signal.aborted) throw cancelled();
        if (!(e instanceof WorkbenchError)) throw e;
        firstError ??= e;
      }
    }
    if (samples.length === 0) throw firstError ?? new Error('no sample');
    const voted = count > 1 ? vote(samples.map((s) => s.answer)) : undefined;
    const chosen = samples[voted?.winner ?? 0]!;

    let grounding: { literals: GroundingLiteral[] } | null = null;
    if (isProgramMode(input.mode) && chosen.program !== null) {
      const numbers = contextNumbers(subject.doc.document, context.hits, context.text);
      grounding = { literals: groundProgram(chosen.program, chosen.reads, numbers) };
    }

    let grade: AskResult['grade'] = null;
    if (subject.gold) {
      emit({ askId, phase: 'grading' });
      grade = gradeAsk({
        question: subject.gold.question,
        format: subject.gold.format,
        prediction: chosen.prediction,
        predictionKind: isProgramMode(input.mode) ? 'executed' : 'text',
        answer: chosen.answer,
      });
    }

    const totalMs = performance.now() - started;
    const result: Omit<AskResult, 'id'> = {
      askId,
      createdAt,
      documentId: subject.documentId,
      questionId: subject.questionId,
      question: subject.question,
      mode: input.mode,
      providerId:
        input.providerId ?? ('providerId' in input.provider ? input.provider.providerId : null),
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
      grade,
      costUsd: meter.cost,
      overheadMs: Math.max(0, totalMs - meter.modelMs),
      modelMs: meter.modelMs,
    };
    if (signal.aborted) throw cancelled();
    return asksRepo(this.deps.db).add(result);
  }

  /** A program-mode sample: generate, extract, run; one repair round on any failure. */
  private async programSample(
    askId: string,
    messages: ChatMessage[],
    doc: AskDocument,
    call: (msgs: ChatMessage[], sampleIndex: number) => Promise<string>,
    sampleIndex: number,
    signal: AbortSignal,
    emit: (e: AskProgress) => void,
  ): Promise<Sample> {
    const userPrompt = messages[messages.length - 1]?.content ?? '';
    let output = await call(messages, sampleIndex);
    let attempt = await this.tryProgram(askId, output, userPrompt, doc, signal, emit);
    let repaired = false;
    if (attempt.problem) {
      emit({ askId, phase: 'repairing', message: problemLine(attempt.problem) });
      const repair: ChatMessage[] = [
        ...messages,
        { role: 'assistant', content: output },
        { role: 'user', content: repairMessage(attempt.problem) },
      ];
      output = await call(repair, sampleIndex);
      attempt = await this.tryProgram(askId, output, userPrompt, doc, signal, emit);
      repaired = true;
    }
    const { problem, program, sandbox } = attempt;
    if (problem?.kind === 'none')
      throw new WorkbenchError(
        'llm-bad-response',
        `the model wrote no JavaScript program (${problem.reason}), also when asked again; try another model or the cot mode`,
      );
    if (problem?.kind === 'python')
      throw new WorkbenchError(
        'llm-bad-response',
        `the model answered in Python (${problem.reason}), also when asked for JavaScript; the sandbox runs JavaScript only — try another model or the cot mode`,
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

  private async tryProgram(
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
    if (signal.aborted) throw cancelled();
    emit({ askId, phase: 'executing' });
    const sandbox = await this.sandboxFor().run(extracted.program, {
      tables: [...tablesForProgram(extracted.program, doc.tables())],
      ...(this.deps.programTimeoutMs ? { timeoutMs: this.deps.programTimeoutMs } : {}),
    });
    if (sandbox.ok) return { program: extracted.program, sandbox };
    return { program: extracted.program, sandbox, problem: { kind: 'sandbox', result: sandbox } };
  }

  private sandboxFor(): Sandbox {
    if (this.closed) throw new WorkbenchError('workspace-unavailable', 'the workspace is closed');
    return (this.sandbox ??= new Sandbox());
  }

  // ---- what an ask is about --------------------------------------------------------------

  private template(mode: AskMode, templateId: string | undefined): PromptTemplate {
    if (templateId === undefined) return defaultTemplate(mode);
    const t = builtinTemplate(templateId) ?? asksRepo(this.deps.db).template(templateId);
    if (!t) throw new WorkbenchError('not-found', `no prompt template "${templateId}"`);
    if (t.mode !== mode)
      throw new WorkbenchError(
        'invalid-input',
        `template "${templateId}" is for the ${t.mode} mode, not ${mode}`,
      );
    return t;
  }

  private async subject(input: AskInput): Promise<Subject> {
    const given = [input.document, input.documentId, input.questionId].filter(
      (x) => x !== undefined,
    ).length;
    if (input.document !== undefined && given > 1)
      throw new WorkbenchError(
        'invalid-input',
        'ask about a file or a workspace document, not both',
      );
    if (input.document !== undefined) {
      const question = requireQuestion(input.question);
      return {
        documentId: null,
        questionId: null,
        question,
        doc: askDocument(input.document),
        gold: null,
      };
    }
    let documentId = input.documentId;
    let gold: Subject['gold'] = null;
    let question = input.question?.trim();
    if (input.questionId !== undefined) {
      const stored = this.deps.datasets.question(input.questionId);
      if (stored.documentId === null)
        throw new WorkbenchError(
          'not-found',
          `question #${stored.id}'s document (${stored.documentExternalId}) is not in the library; import it first`,
        );
      if (documentId !== undefined && documentId !== stored.documentId)
        throw new WorkbenchError(
          'invalid-input',
          `question #${stored.id} is about document #${stored.documentId}, not #${documentId}`,
        );
      documentId = stored.documentId;
      question ||= stored.question;
      gold = { question: stored, format: this.deps.datasets.summary(stored.datasetId).format };
    }
    if (documentId === undefined)
      throw new WorkbenchError('invalid-input', 'an ask needs a document or a stored question');
    const opened = await this.deps.documents.open(documentId);
    return {
      documentId,
      questionId: input.questionId ?? null,
      question: requireQuestion(question),
      doc: this.cache.fromOpened(opened.$jsonBytes),
      gold,
    };
  }

  private async retrieve(
    subject: Subject,
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
    const embed = this.deps.llm.embed?.bind(this.deps.llm);
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
    return this.deps.retrieval.search(
      subject.documentId,
      subject.doc.document,
      subject.question,
      options,
      embedder,
      signal,
    );
  }
}

function requireQuestion(question: string | undefined): string {
  const q = question?.trim();
  if (!q) throw new WorkbenchError('invalid-input', 'an ask needs a question');
  return q;
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
