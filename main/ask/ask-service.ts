import type { Database } from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { WorkbenchError } from '../../shared/api/result';
import type { AskMode, AskResult, PromptTemplate } from '../../shared/ask/ask';
import {
  BUILTIN_TEMPLATES,
  builtinTemplate,
  defaultTemplate,
  isBuiltinTemplateId,
} from '../../shared/ask/templates';
import type { GenerationParams } from '../../shared/llm/provider';
import type { Document } from '../../shared/document';
import type { RetrievalOptions } from '../../shared/retrieval/hit';
import { asksRepo } from '../db/asks-repo';
import type { DatasetService } from '../datasets/dataset-service';
import type { DocumentService } from '../document/document-service';
import type { JobRunner } from '../jobs/job-runner';
import type { RetrievalService } from '../retrieval/retrieval-service';
import { Sandbox } from '../sandbox';
import { answerQuestion, type AnswerCoreDeps, type AskSubject } from './answer-core';
import { askCancelled, type AskProgress } from './ask-progress';
import type { AskChat, AskProviderRef } from './ask-chat';
import type { FactIndexService } from '../library/fact-index-service';
import { askDocument, AskDocumentCache } from './document-cache';
import type { FilingFactsService } from '../library/filing-facts-service';
import { filingsSubject } from './filings-input';
import { answerOfAsk, gradeAsk } from '../grading/grading-service';
import { compact } from '../../shared/util/compact';

export { DEFAULT_TOKEN_BUDGET } from './answer-core';
export type { AskProgress } from './ask-progress';

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
  /** Several library documents asked about together (issue 27); one id = documentId. */
  documentIds?: number[];
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
  /** The workspace's fact index (issue 27): programs read a tagged filing's stored facts. */
  factIndex?: Pick<FactIndexService, 'factsOf'>;
  /**
   * The Library's filing facts (company, form, period), to label each filing of an ask across
   * several; `fill` reads those not read yet.
   */
  filings?: Pick<FilingFactsService, 'stored' | 'fill'>;
  /** Sandbox deadline per program (default 1000 ms). */
  programTimeoutMs?: number;
}

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

  /** What the per-question core (answer-core.ts) needs; the run engine builds the same. */
  readonly core: AnswerCoreDeps;

  constructor(private readonly deps: AskServiceDeps) {
    this.core = {
      retrieval: deps.retrieval,
      llm: deps.llm,
      sandbox: () => this.sandboxFor(),
      ...(deps.programTimeoutMs ? { programTimeoutMs: deps.programTimeoutMs } : {}),
    };
  }

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
        throw askCancelled();
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
    const template = this.template(input.mode, input.templateId);
    const subject = await this.subject(input);
    if (signal.aborted) throw askCancelled();
    const core = await answerQuestion(
      this.core,
      {
        askId,
        provider: input.provider,
        model: input.model,
        mode: input.mode,
        template,
        subject,
        stream: true,
        ...(input.params ? { params: input.params } : {}),
        ...(input.retrieval ? { retrieval: input.retrieval } : {}),
        ...compact({ samples: input.samples }),
      },
      signal,
      emit,
    );

    let grade: AskResult['grade'] = null;
    if (subject.gold) {
      emit({ askId, phase: 'grading' });
      grade = gradeAsk(subject.gold.format, subject.gold.question, answerOfAsk(core));
    }
    const {
      prediction: _prediction,
      predictionKind: _kind,
      cachedCalls: _cachedCalls,
      calls: _calls,
      waitedMs: _waitedMs,
      ...stored
    } = core;
    const result: Omit<AskResult, 'id'> = {
      ...stored,
      createdAt,
      providerId:
        input.providerId ?? ('providerId' in input.provider ? input.provider.providerId : null),
      grade,
      // Everything but the model: the document, retrieval, prompt, sandbox and grading.
      overheadMs: Math.max(0, performance.now() - started - core.modelMs),
    };
    if (signal.aborted) throw askCancelled();
    return asksRepo(this.deps.db).add(result);
  }

  private sandboxFor(): Sandbox {
    if (this.closed) throw new WorkbenchError('workspace-unavailable', 'the workspace is closed');
    return (this.sandbox ??= new Sandbox());
  }

  // ---- what an ask is about --------------------------------------------------------------

  /** The template of a mode: the one named (built-in or saved), or the mode's default. */
  template(mode: AskMode, templateId: string | undefined): PromptTemplate {
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

  /** Several workspace documents asked about together (issue 27): their filings' subject. */
  private acrossFilings(ids: number[], input: AskInput): Promise<AskSubject> {
    if (input.document !== undefined || input.documentId !== undefined)
      throw new WorkbenchError(
        'invalid-input',
        'give the documents as documentIds only (not with documentId or a file)',
      );
    if (input.questionId !== undefined)
      throw new WorkbenchError(
        'invalid-input',
        'a stored question is about its own document; ask it without documentIds',
      );
    return filingsSubject(ids, requireQuestion(input.question), {
      open: async (id) => {
        const opened = await this.deps.documents.open(id);
        return this.cache.fromOpened(opened.$jsonBytes);
      },
      summary: (id) => this.deps.documents.summary(id),
      facts: async (id) => (await this.deps.factIndex?.factsOf(id)) ?? null,
      ...(this.deps.filings ? { filings: this.deps.filings } : {}),
    });
  }

  private async subject(input: AskInput): Promise<AskSubject> {
    // The same document twice counts once.
    const ids = input.documentIds && [...new Set(input.documentIds)];
    if (ids !== undefined && ids.length > 1) return this.acrossFilings(ids, input);
    if (ids !== undefined && ids.length === 1) {
      if (input.documentId !== undefined && input.documentId !== ids[0])
        throw new WorkbenchError(
          'invalid-input',
          `documentId #${input.documentId} and documentIds [${ids[0]}] name different documents`,
        );
      input = { ...input, documentId: ids[0]! };
    }
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
    return this.workspaceSubject(input);
  }

  /** A workspace document, named or the stored question's, with the question's gold if any. */
  private async workspaceSubject(input: AskInput): Promise<AskSubject> {
    let documentId = input.documentId;
    let gold: AskSubject['gold'] = null;
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
    const doc = this.cache.fromOpened(opened.$jsonBytes);
    // The stored index names periods with the cover's fiscal year too (Home Depot's FY2024).
    const facts = await this.deps.factIndex?.factsOf(documentId);
    return {
      documentId,
      questionId: input.questionId ?? null,
      question: requireQuestion(question),
      doc: facts ? { ...doc, facts: () => facts } : doc,
      gold,
    };
  }
}

function requireQuestion(question: string | undefined): string {
  const q = question?.trim();
  if (!q) throw new WorkbenchError('invalid-input', 'an ask needs a question');
  return q;
}
