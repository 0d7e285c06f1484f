import type { Database } from 'better-sqlite3';
import { setMaxListeners } from 'node:events';
import { WorkbenchError } from '../../../shared/api/result';
import type { StoredQuestion } from '../../../shared/datasets';
import { GenerationParams } from '../../../shared/llm/provider';
import type { RetrievalOptions } from '../../../shared/retrieval/hit';
import type {
  RunBatchProgress,
  RunManifest,
  RunPacing,
  RunProgress,
  RunResumeInput,
  RunStartInput,
  RunStatus,
  RunSummary,
} from '../../../shared/runs/run';
import type { AnswerCoreDeps } from '../../ask/answer-core';
import type { AskChat } from '../../ask/ask-chat';
import type { AskService } from '../../ask/ask-service';
import type { DatasetService } from '../../datasets/dataset-service';
import { runsRepo, type RunsRepo } from '../../db/runs-repo';
import type { DocumentService } from '../../document/document-service';
import type { EventBus } from '../../events/bus';
import type { JobRunner, RunningJob } from '../../jobs/job-runner';
import type { EndpointProbe } from '../../llm/llm-connections';
import type { ProviderRef } from '../../llm/llm-providers';
import { resolveScorers } from '../import-run';
import { datasetContentHash } from '../dataset-hash';
import { appVersion, type RunService } from '../run-service';
import { AdaptiveConcurrency, type ReleaseQuestion } from './adaptive-concurrency';
import { answerItem, type ItemOutcome, type ItemSettings } from './answer-item';
import { DEFAULT_BATCH_POLL_MS, runBatch, type BatchLlm } from './batch-run';
import { CircuitBreaker } from './circuit-breaker';
import { ItemCommitter } from './item-committer';
import { RateGate } from './rate-gate';
import { RunDocuments } from './run-documents';
import { RunIndexes } from './run-indexes';
import { isFileDocument } from '../../db/documents-repo';
import { RunMeter } from './run-meter';
import type { QuestionSetService } from '../../question-sets/question-set-service';
import { DEFAULT_CONCURRENCY, engineMode, planRun, templateHash, type RunPlan } from './run-plan';
import { compact } from '../../../shared/util/compact';

/** `run.progress` events at most this often while items commit (and always at the end). */
const PROGRESS_EVERY_MS = 250;
/** How long `cancel` waits for the requests in flight to stop before answering. */
const CANCEL_WAIT_MS = 5000;
/**
 * A question that could not connect goes back to the end of the queue (the endpoint answered a
 * check meanwhile) at most this often; after that it is committed as failed, so a run against
 * an endpoint that keeps dropping connections still ends.
 */
const MAX_REQUEUES = 3;

/** Checks an endpoint before a run asks it (LlmConnections.probe). */
export interface EndpointProber {
  probe(
    provider: ProviderRef,
    model: string,
    options?: { signal?: AbortSignal; reachOnly?: boolean },
  ): Promise<EndpointProbe>;
}

export interface RunEngineDeps {
  db: Database;
  datasets: DatasetService;
  documents: DocumentService;
  /** The model client (LlmService): the one owner of retries, timeouts and the cache. */
  llm: AskChat;
  jobs: JobRunner;
  /** The ask pipeline's core (retrieval, sandbox) and its prompt templates. */
  ask: Pick<AskService, 'core' | 'template'>;
  runs: RunService;
  /** The Batch API calls (LlmService); without them `batchApi` runs are refused. */
  batchLlm?: BatchLlm;
  /**
   * The endpoint check (LlmService): the pre-flight of `startChecked`/`resumeChecked` and the
   * circuit breaker's check while connections fail. Without it the breaker counts failures only.
   */
  prober?: EndpointProber;
  /** Question sets a run may be made from (`questionSetId`, main/question-sets). */
  questionSets?: Pick<QuestionSetService, 'get' | 'questionsNow'>;
  /** The circuit breaker's settings (tests): questions in a row, gap between checks. */
  breaker?: { failures?: number; checkGapMs?: number };
  /**
   * A run the breaker paused is checked every `everyMs` for `forMs` and resumed here once its
   * endpoint answers (the app and web mode; the CLI leaves that to `eval --resume`).
   */
  autoResume?: { everyMs: number; forMs: number };
  bus?: EventBus;
}

export type ProgressListener = (p: RunProgress) => void;

/** A question set and its questions now, as planning a run needs them. */
const questionSetOf = (sets: Pick<QuestionSetService, 'get' | 'questionsNow'>) => (id: number) => {
  const set = sets.get(id);
  return { set, questions: sets.questionsNow(set) };
};

/** A run being written by this process. */
export interface RunHandle {
  runId: number;
  /** Resolves with the last progress once the run stopped (done, paused, failed, interrupted). */
  finished: Promise<RunProgress>;
}

/**
 * Why a run stops: a user's pause (in flight finish), a cancel (in flight aborted), a fatal
 * error, or the circuit breaker (the endpoint stopped answering: in flight aborted, the run
 * paused with the reason).
 */
type Stop = 'pause' | 'cancel' | 'fatal' | 'breaker';

/** A resume checked and ready to go (its questions, settings and counts), not yet claimed. */
interface PreparedResume {
  runId: number;
  status: RunStatus;
  manifest: RunManifest;
  settings: ItemSettings;
  pending: StoredQuestion[];
  meter: RunMeter;
  failedBefore: Set<number>;
  skipped: number;
}

interface Execution {
  runId: number;
  meter: RunMeter;
  limiter: AdaptiveConcurrency;
  /** Aborts: start no more questions (pause, cancel, a fatal error). */
  dispatch: AbortController;
  /** Aborts: stop the questions in flight too (cancel); they are not committed. */
  items: AbortController;
  stopping: Stop | null;
  reason: string | null;
  /** Questions whose committed item is a failed one: an answer replacing it uncounts it. */
  failedBefore: Set<number>;
  firstError: string | null;
  /** Questions of the manifest no longer in the dataset (a forced resume). */
  skipped: number;
  lastEmit: number;
  /** Writes the items graded in one event-loop turn together (see ItemCommitter). */
  committer: ItemCommitter;
  /** The job's last percent: `job.progress` only when it moves (not once per item). */
  lastPercent: number;
  /** Batch API runs: the user cancelled (the batch is cancelled on the server too). */
  cancelRequested: boolean;
  /** Batch API runs: the batch's last known state. */
  batch: RunBatchProgress | undefined;
  /** Pauses the run when its endpoint stops answering (connection failures, not model errors). */
  breaker: CircuitBreaker;
  /** The endpoint and model asked (the breaker's checks, a watch after its pause). */
  endpoint: { provider: ProviderRef; model: string };
  /** Questions sent back to the queue after a connection failure, and how often. */
  requeued: Map<number, number>;
  listeners: Set<ProgressListener>;
  finished: Promise<RunProgress>;
}

/**
 * The run engine: asks a dataset's questions through the ask pipeline's core, grades each answer
 * with every scorer of the run and commits each item with its verdicts as it completes (the
 * items completed in one event-loop turn share a transaction), so a crash loses only what was
 * in flight. Runs as a `run` job; concurrency adapts
 * to 429s (AIMD), an optional requests-per-minute gate spaces calls, retries stay with the model
 * client. Pause, cancel and resume work by stable question id: resume asks only the questions
 * without a committed answer (failed ones again), each once.
 */
export class RunEngine {
  private readonly executions = new Map<number, Execution>();
  /** Runs the breaker paused, watched for their endpoint to answer again (autoResume). */
  private readonly watches = new Map<number, NodeJS.Timeout>();

  constructor(private readonly deps: RunEngineDeps) {}

  private get repo(): RunsRepo {
    return runsRepo(this.deps.db);
  }

  /**
   * Starts a new run; throws at once for bad input (unknown dataset, scorer, template, mode).
   * No endpoint check: `startChecked` (the API and the CLI) checks first.
   */
  start(input: RunStartInput, onProgress?: ProgressListener): RunHandle {
    return this.launch(this.plan(input), input, onProgress);
  }

  /**
   * `start` after the pre-flight: the input is checked, then the endpoint is asked once
   * (LlmService.probe) before anything is written. When it cannot be asked (connection refused,
   * DNS, TLS, a refused key, a model the server does not have, offline), this throws one line
   * naming the endpoint and what went wrong, and no run is created: nothing was asked, so there
   * is nothing to keep or resume.
   */
  async startChecked(input: RunStartInput, onProgress?: ProgressListener): Promise<RunHandle> {
    const plan = this.plan(input);
    await this.preflight(input.provider, input.model, (why) => `the run was not started: ${why}`);
    return this.launch(plan, input, onProgress);
  }

  /**
   * `resume` after the pre-flight: the run is checked as `resume` checks it, then its endpoint
   * is asked once; when it cannot be, this throws naming why and the run keeps its status and
   * reason (a paused run stays paused).
   */
  async resumeChecked(input: RunResumeInput, onProgress?: ProgressListener): Promise<RunHandle> {
    const prepared = this.prepareResume(input);
    const engine = prepared.manifest.engine!;
    await this.preflight(
      engine.provider,
      prepared.manifest.model.id,
      (why) => `run #${input.runId} was not resumed: ${why}; it stays ${prepared.status}`,
    );
    return this.launchResume(prepared, onProgress);
  }

  /**
   * The pre-flight: one check of the endpoint (LlmService.probe) before a run's first question.
   * Throws the check's error (its code kept) with `say` wrapped around its sentence.
   */
  private async preflight(
    provider: RunStartInput['provider'],
    model: string,
    say: (why: string) => string,
  ): Promise<void> {
    const prober = this.deps.prober;
    if (!prober) return;
    try {
      await prober.probe(refOf(provider), model);
    } catch (e) {
      if (!(e instanceof WorkbenchError)) throw e;
      throw new WorkbenchError(
        e.code,
        say(
          `${e.message.replace(/\.$/, '')} (checked before the first question; nothing was asked)`,
        ),
      );
    }
  }

  /** A new run's questions and manifest; throws for bad input. */
  private plan(input: RunStartInput): RunPlan {
    const dataset = this.deps.datasets.summary(input.datasetId);
    return planRun(
      {
        dataset,
        all: this.deps.datasets.storedQuestions(dataset.id),
        ...(this.deps.questionSets ? { questionSet: questionSetOf(this.deps.questionSets) } : {}),
        template: (mode, id) => this.deps.ask.template(mode, id),
        appVersion: appVersion(),
      },
      input,
    );
  }

  /** Writes the planned run and starts it. */
  private launch(
    plan: RunPlan,
    input: RunStartInput,
    onProgress: ProgressListener | undefined,
  ): RunHandle {
    const { dataset } = plan;
    const runId = this.repo.create({
      datasetId: dataset.id,
      source: 'engine',
      model: input.model,
      mode: plan.manifest.mode,
      total: plan.questions.length,
      manifest: plan.manifest,
      createdAt: new Date().toISOString(),
    });
    const settings = this.settings(plan.manifest, plan.template, plan.scorers);
    const meter = new RunMeter(runId, plan.questions.length);
    return this.execute(
      runId,
      plan.manifest,
      settings,
      plan.questions,
      meter,
      new Set(),
      0,
      onProgress,
    );
  }

  /**
   * Continues a paused, interrupted or failed run from its committed items: only questions
   * without a committed answer are asked (failed items again). Refused when the dataset or the
   * prompt template changed since the run started, unless `force`.
   */
  resume(input: RunResumeInput, onProgress?: ProgressListener): RunHandle {
    return this.launchResume(this.prepareResume(input), onProgress);
  }

  /** Everything `resume` checks and reads, before the run is claimed. */
  private prepareResume(input: RunResumeInput): PreparedResume {
    const { runId } = input;
    this.deps.runs.recover();
    const summary = this.repo.summary(runId);
    const manifest = this.repo.manifest(runId);
    if (!summary || !manifest)
      throw new WorkbenchError('not-found', `no run #${runId} in this workspace`);
    const engine = manifest.engine;
    if (summary.source !== 'engine' || !engine)
      throw new WorkbenchError(
        'invalid-input',
        `run #${runId} was imported from a file; only runs the engine started can be resumed`,
      );
    if (this.executions.has(runId) || summary.status === 'running')
      throw new WorkbenchError(
        'invalid-input',
        `run #${runId} is running${this.executions.has(runId) ? '' : ' in another process'}; pause or cancel it first`,
      );
    if (summary.datasetId === null)
      throw new WorkbenchError(
        'not-found',
        `run #${runId}'s dataset (${manifest.dataset.name}) was removed from the workspace; it cannot be resumed`,
      );
    const all = this.deps.datasets.storedQuestions(summary.datasetId);
    const hash = datasetContentHash(all);
    if (hash !== manifest.dataset.contentHash && !input.force)
      throw new WorkbenchError(
        'invalid-input',
        `dataset #${summary.datasetId} ${manifest.dataset.name} changed since run #${runId} started (its questions or gold differ from the manifest's dataset hash); resuming would mix answers to two versions. Start a new run, or resume with --force to continue anyway (the report then says the dataset changed)`,
      );
    const mode = engineMode(manifest.mode ?? 'direct');
    const template = this.deps.ask.template(mode, engine.templateId);
    if (templateHash(template) !== manifest.templateHash && !input.force)
      throw new WorkbenchError(
        'invalid-input',
        `prompt template "${engine.templateId}" changed since run #${runId} started; start a new run, or resume with --force`,
      );
    const scorers = resolveScorers(manifest.scorers.map((s) => s.id));

    const committed = this.repo.committed(runId);
    const answered = new Set<number>();
    const failedBefore = new Set<number>();
    const meter = new RunMeter(runId, summary.total);
    for (const c of committed) {
      if (c.questionId === null) continue;
      if (c.failed) failedBefore.add(c.questionId);
      else answered.add(c.questionId);
      meter.count(c.failed, c.usage, false);
    }
    const byId = new Map(all.map((q) => [q.id, q]));
    const pending: StoredQuestion[] = [];
    let skipped = 0;
    for (const id of engine.questionIds) {
      if (answered.has(id)) continue;
      const q = byId.get(id);
      if (q) pending.push(q);
      else skipped++;
    }
    const pacing: RunPacing = {
      ...engine.pacing,
      ...compact({ concurrency: input.concurrency, rpm: input.rpm, pollMs: input.pollMs }),
    };
    return {
      runId,
      status: summary.status,
      manifest: { ...manifest, engine: { ...engine, pacing } },
      settings: this.settings(manifest, template, scorers),
      pending,
      meter,
      failedBefore,
      skipped,
    };
  }

  /** Claims a prepared resume for this process and runs it. */
  private launchResume(p: PreparedResume, onProgress: ProgressListener | undefined): RunHandle {
    this.unwatch(p.runId);
    if (this.executions.has(p.runId) || !this.repo.claim(p.runId))
      throw new WorkbenchError(
        'invalid-input',
        `run #${p.runId} is running${this.executions.has(p.runId) ? '' : ' in another process'}; pause or cancel it first`,
      );
    return this.execute(
      p.runId,
      p.manifest,
      p.settings,
      p.pending,
      p.meter,
      p.failedBefore,
      p.skipped,
      onProgress,
    );
  }

  /**
   * Starts no more questions; those in flight finish and are committed, then the run is
   * `paused`. Answers at once (the `run.progress` event says when it has stopped).
   */
  pause(runId: number): RunSummary {
    this.unwatch(runId);
    const exec = this.executions.get(runId);
    if (exec) this.stop(exec, 'pause', 'paused');
    else this.refuseForeign(runId, 'pause');
    return this.summaryOf(runId);
  }

  /** Stops the run now: requests in flight are aborted (not committed); it is `interrupted`. */
  async cancel(runId: number, reason = 'cancelled'): Promise<RunSummary> {
    this.unwatch(runId);
    const exec = this.executions.get(runId);
    if (!exec) this.refuseForeign(runId, 'cancel');
    if (exec) {
      exec.cancelRequested = true;
      this.stop(exec, 'cancel', reason);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        exec.finished.catch(() => undefined),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, CANCEL_WAIT_MS))),
      ]);
      clearTimeout(timer);
    }
    return this.summaryOf(runId);
  }

  /** The live counts of a run this process writes (undefined otherwise). */
  progress(runId: number): RunProgress | undefined {
    const exec = this.executions.get(runId);
    return exec ? exec.meter.snapshot('running', exec.limiter.limit) : undefined;
  }

  // ---- internals ----------------------------------------------------------------------------

  /** A run another live process writes (the CLI beside the app) is paused or cancelled there. */
  private refuseForeign(runId: number, what: string): void {
    const summary = this.summaryOf(runId);
    if (summary.status === 'running')
      throw new WorkbenchError(
        'unsupported',
        `run #${runId} is being written by another process; ${what} it there (Ctrl-C in its terminal)`,
      );
  }

  private summaryOf(runId: number): RunSummary {
    const summary = this.repo.summary(runId);
    if (!summary) throw new WorkbenchError('not-found', `no run #${runId} in this workspace`);
    if (summary.source === 'engine' && summary.status === 'running' && !this.executions.has(runId))
      this.deps.runs.recover();
    return this.repo.summary(runId) ?? summary;
  }

  private settings(
    manifest: RunManifest,
    template: ItemSettings['template'],
    scorers: ItemSettings['scorers'],
  ): ItemSettings {
    const engine = manifest.engine!;
    const r = manifest.retrieval ?? {};
    const retrieval: RetrievalOptions = {
      ...(typeof r.k === 'number' ? { k: r.k } : {}),
      ...(r.unit === 'cell' || r.unit === 'row' || r.unit === 'block' ? { unit: r.unit } : {}),
      ...(typeof r.tokenBudget === 'number' ? { tokenBudget: r.tokenBudget } : {}),
      ...(r.embeddings ? { embeddings: r.embeddings as RetrievalOptions['embeddings'] } : {}),
    };
    return {
      provider: refOf(engine.provider),
      model: manifest.model.id,
      mode: engineMode(manifest.mode ?? 'direct'),
      template,
      // Manifests are JSON in the database: read back through the schema, unknown keys dropped.
      params: GenerationParams.partial().strip().safeParse(manifest.model.params).data ?? {},
      retrieval,
      cache: engine.cache,
      format: manifest.dataset.format,
      scorers,
    };
  }

  private execute(
    runId: number,
    manifest: RunManifest,
    settings: ItemSettings,
    pending: StoredQuestion[],
    meter: RunMeter,
    failedBefore: Set<number>,
    skipped: number,
    onProgress: ProgressListener | undefined,
  ): RunHandle {
    const pacing = manifest.engine!.pacing;
    const exec: Execution = {
      runId,
      meter,
      limiter: new AdaptiveConcurrency({ max: pacing.concurrency ?? DEFAULT_CONCURRENCY }),
      dispatch: new AbortController(),
      items: new AbortController(),
      stopping: null,
      reason: null,
      failedBefore,
      firstError: null,
      skipped,
      lastEmit: 0,
      committer: this.committer(runId),
      lastPercent: -1,
      cancelRequested: false,
      batch: undefined,
      breaker: undefined as unknown as CircuitBreaker,
      endpoint: { provider: settings.provider, model: settings.model },
      requeued: new Map(),
      listeners: new Set(onProgress ? [onProgress] : []),
      finished: Promise.resolve(undefined as never),
    };
    const prober = this.deps.prober;
    const ref = settings.provider;
    exec.breaker = new CircuitBreaker({
      ...this.deps.breaker,
      signal: exec.items.signal,
      ...(prober
        ? {
            check: (signal: AbortSignal) =>
              prober.probe(ref, settings.model, { signal, reachOnly: true }),
          }
        : {}),
      trip: (reason) => this.stop(exec, 'breaker', reason),
    });
    // Every request in flight listens on the run's cancel signal (AbortSignal.any): dozens at
    // a high concurrency are expected, not a leak.
    setMaxListeners(0, exec.items.signal, exec.dispatch.signal);
    this.executions.set(runId, exec);
    const release = this.deps.runs.writing(runId);
    const label = `Run #${runId}: ${settings.model} (${settings.mode}) on ${manifest.dataset.name}`;
    exec.finished = this.deps.jobs
      .run({ kind: 'run', label, subject: `run:${runId}` }, (job) =>
        this.loop(exec, settings, pending, pacing, job, manifest.engine!.batch !== undefined),
      )
      .then(
        () => this.finish(exec, null),
        (e: unknown) => this.finish(exec, e),
      )
      .finally(() => {
        release();
        this.executions.delete(runId);
      });
    this.emit(exec, 'running', true);
    return { runId, finished: exec.finished };
  }

  private async loop(
    exec: Execution,
    settings: ItemSettings,
    pending: readonly StoredQuestion[],
    pacing: RunPacing,
    job: RunningJob,
    batchApi: boolean,
  ): Promise<void> {
    // jobs.cancel, Ctrl-C's stop-everything and a closing workspace all arrive as the job's abort.
    const onJobAbort = () => this.stop(exec, 'cancel', reasonOf(job.signal.reason));
    if (job.signal.aborted) onJobAbort();
    else job.signal.addEventListener('abort', onJobAbort, { once: true });

    const gate = new RateGate(pacing.rpm);
    const llm = this.deps.llm;
    /**
     * The model client of one question: paced by the rpm gate, 429s cut the concurrency, a
     * connection failing on its way to a retry has the breaker check the endpoint, and the
     * gate's waits and cache hits are timed so they are not booked as the model's time.
     */
    const paced = (timing: { gateMs: number; cachedMs: number }): AskChat => ({
      chat: async (req) => {
        const waited = performance.now();
        await gate.turn(req.signal);
        timing.gateMs += performance.now() - waited;
        const asked = performance.now();
        const result = await llm.chat({
          ...req,
          onRetry: (info) => {
            if (info.reason === '429') exec.limiter.rateLimited(info.waitMs);
            if (info.transport) exec.breaker.suspect();
            req.onRetry?.(info);
          },
        });
        if (result.cached) timing.cachedMs += performance.now() - asked;
        return result;
      },
      ...(llm.embed ? { embed: llm.embed.bind(llm) } : {}),
    });
    const coreFor = (timing: { gateMs: number; cachedMs: number }): AnswerCoreDeps => ({
      ...this.deps.ask.core,
      llm: paced(timing),
    });
    const core = coreFor({ gateMs: 0, cachedMs: 0 });
    const docs = new RunDocuments(this.deps.documents);
    if (batchApi) {
      try {
        await this.batchLoop(exec, core, docs, settings, pending, pacing, job);
      } finally {
        job.signal.removeEventListener('abort', onJobAbort);
      }
      return;
    }
    // A queue: a question that could not connect goes back to its end (see `one`).
    const queue = [...pending];
    const inflight = new Set<Promise<void>>();
    const indexes = new RunIndexes(docs, core.retrieval, (id) => this.isRecord(id));
    for (;;) {
      if (queue.length === 0) {
        if (inflight.size === 0 || exec.dispatch.signal.aborted) break;
        await Promise.race(inflight);
        continue;
      }
      await indexes.ahead(queue);
      let release: ReleaseQuestion;
      try {
        release = await exec.limiter.acquire(exec.dispatch.signal);
      } catch {
        break; // pause, cancel, a fatal error or the breaker: start nothing more
      }
      const q = queue.shift()!;
      const p: Promise<void> = this.one(exec, coreFor, docs, settings, q, job, release, () =>
        queue.push(q),
      ).finally(() => inflight.delete(p));
      inflight.add(p);
    }
    await Promise.all(inflight);
    job.signal.removeEventListener('abort', onJobAbort);
  }

  /** A Batch API run: one batch for the pending questions, polled, its answers committed. */
  private async batchLoop(
    exec: Execution,
    core: AnswerCoreDeps,
    docs: RunDocuments,
    settings: ItemSettings,
    pending: readonly StoredQuestion[],
    pacing: RunPacing,
    job: RunningJob,
  ): Promise<void> {
    const llm = this.deps.batchLlm;
    if (!llm)
      throw new WorkbenchError('unsupported', 'this engine was built without the Batch API calls');
    const end = await runBatch({
      runId: exec.runId,
      db: this.deps.db,
      llm,
      core,
      docs,
      settings,
      pending,
      pollMs: pacing.pollMs ?? DEFAULT_BATCH_POLL_MS,
      dispatch: exec.dispatch.signal,
      items: exec.items.signal,
      commit: (q, outcome) => {
        this.repo.putItem(exec.runId, outcome.item);
        this.count(exec, q, outcome);
        this.progressed(exec, job);
      },
      progress: (batch) => {
        exec.batch = batch;
        this.emit(exec, 'running', true);
      },
      cancelRequested: () => exec.cancelRequested,
    });
    if (end.kind === 'failed') this.stop(exec, 'fatal', end.reason);
  }

  /** A dataset's record (not a library file): its index is built with its neighbours'. */
  private isRecord(documentId: number): boolean {
    try {
      return !isFileDocument(this.deps.documents.summary(documentId));
    } catch {
      return false;
    }
  }

  /** A committed item counted. */
  private count(exec: Execution, q: StoredQuestion, outcome: ItemOutcome): void {
    if (exec.failedBefore.delete(q.id)) exec.meter.uncountFailed();
    exec.meter.count(outcome.failed, outcome.item.usage, true);
    exec.meter.cached += outcome.cachedCalls;
    if (!outcome.failed) return;
    exec.firstError ??= `${q.externalId}: ${outcome.item.error}`;
    // A Batch API run may ask it again in this session (after its cancelled batch).
    exec.failedBefore.add(q.id);
  }

  /**
   * One question: answered, graded, committed with its verdicts. A question that could not
   * connect (a transport failure, not a model error) is not committed: it goes back to the
   * queue (`requeue`, at most MAX_REQUEUES times) and counts for the circuit breaker; once the
   * run is stopping it simply stays pending for the resume. Its slot (`release`) is given
   * back however it ends.
   */
  private async one(
    exec: Execution,
    coreFor: (timing: { gateMs: number; cachedMs: number }) => AnswerCoreDeps,
    docs: RunDocuments,
    settings: ItemSettings,
    q: StoredQuestion,
    job: RunningJob,
    release: ReleaseQuestion,
    requeue: () => void,
  ): Promise<void> {
    let ok = false;
    try {
      const timing = { gateMs: 0, cachedMs: 0 };
      const outcome = await answerItem(
        coreFor(timing),
        docs,
        settings,
        q,
        exec.items.signal,
        timing,
      );
      // Cancelled while it ran: nothing is committed; resume asks it again.
      if (exec.items.signal.aborted) return;
      if (outcome.transport) {
        exec.breaker.failed(outcome.transport);
        if (exec.stopping !== null) return; // stays pending: resume asks it
        const times = exec.requeued.get(q.id) ?? 0;
        if (times < MAX_REQUEUES) {
          exec.requeued.set(q.id, times + 1);
          requeue();
          return;
        }
        // Connections keep failing for this question while the endpoint answers checks:
        // committed as failed (resume asks it again), so the run ends.
      } else if (outcome.error?.code === 'llm-timeout') {
        // No answer in time: a slow model, or an endpoint that accepts connections and never
        // answers. The breaker's check (GET /models, a few seconds) tells them apart; a silent
        // endpoint pauses the run instead of timing out every remaining question.
        exec.breaker.suspect();
      } else if (!outcome.failed || outcome.error?.code.startsWith('llm-')) {
        exec.breaker.reached();
      }
      // Committed with the other items graded in this turn; counted only once it is.
      await exec.committer.put(outcome.item);
      this.count(exec, q, outcome);
      ok = !outcome.failed;
      if (outcome.rateLimited) exec.limiter.rateLimited(undefined);
      if (outcome.fatal)
        this.stop(
          exec,
          'fatal',
          `question ${q.externalId} failed with ${outcome.fatal.code}: ${outcome.fatal.message}`,
        );
    } catch (e) {
      if (exec.items.signal.aborted) return;
      // The item could not be committed (disk full, workspace closed): stop; what is
      // committed stays, and resume asks this question again.
      this.stop(
        exec,
        'fatal',
        `could not commit question ${q.externalId}: ${(e as Error).message ?? String(e)}`,
      );
    } finally {
      release(ok);
      this.progressed(exec, job);
    }
  }

  /** After an item: the job's percent when it moved, and `run.progress` (throttled). */
  private progressed(exec: Execution, job: RunningJob): void {
    const m = exec.meter;
    const percent = Math.round((100 * (m.done + m.failed)) / Math.max(1, m.total));
    if (percent !== exec.lastPercent) {
      exec.lastPercent = percent;
      job.progress(percent, 100, 'percent');
    }
    this.emit(exec, 'running', false);
  }

  /**
   * The run's items written one transaction per event-loop turn (`putItems`, which replaces a
   * failed item of an earlier attempt).
   */
  private committer(runId: number): ItemCommitter {
    const repo = this.repo;
    return new ItemCommitter((items) => repo.putItems(runId, items));
  }

  private stop(exec: Execution, kind: Stop, reason: string): void {
    // A cancel overrides a pause or a fatal stop (it also aborts what is in flight).
    if (exec.stopping !== null && !(kind === 'cancel' && exec.stopping !== 'cancel')) return;
    exec.stopping = kind;
    exec.reason = reason;
    exec.dispatch.abort(reason);
    // The breaker stops the questions in flight too: they are asking an endpoint that is gone
    // (an answer already received is in the response cache for the resume).
    if (kind === 'cancel' || kind === 'breaker') exec.items.abort(reason);
  }

  /** The run's status once its loop has ended, written and announced. */
  private finish(exec: Execution, error: unknown): RunProgress {
    const m = exec.meter;
    const resume = `workbench eval --resume ${exec.runId}`;
    const committed = `${m.done + m.failed} of ${m.total} items committed`;
    let status: RunStatus;
    let message: string | undefined;
    if (exec.stopping === 'cancel') {
      status = 'interrupted';
      message = `${exec.reason ?? 'cancelled'}: ${committed} (kept); \`${resume}\` continues`;
    } else if (error !== null) {
      status = 'failed';
      message = `the run stopped: ${error instanceof Error ? error.message : JSON.stringify(error)}; ${committed} (kept)`;
    } else if (m.remaining === 0 && m.failed === 0) {
      status = 'done';
    } else if (exec.stopping === 'breaker') {
      status = 'paused';
      const auto = this.deps.autoResume && this.deps.prober ? this.deps.autoResume : null;
      const why = (exec.reason ?? 'connections failed').replace(/\.$/, '');
      message = `paused: the endpoint stopped answering: ${/[?!]$/.test(why) ? why : `${why}.`} ${committed}, the other ${m.remaining} wait (none was marked failed for it); \`${resume}\` continues once it answers${auto ? ` (checked every ${spanText(auto.everyMs)} for ${spanText(auto.forMs)} here, and resumed when it does)` : ''}`;
    } else if (exec.stopping === 'pause') {
      status = 'paused';
      message = `paused: ${committed}; \`${resume}\` continues`;
    } else if (exec.stopping === 'fatal') {
      status = 'failed';
      message = `${exec.reason ?? 'failed'}; ${committed} (kept); fix the cause, then \`${resume}\``;
    } else if (m.failed > 0) {
      status = 'failed';
      message = `${m.failed} of ${m.total} items failed (first: ${exec.firstError ?? '?'}); \`${resume}\` asks them again`;
    } else {
      status = 'failed';
      message = `${m.remaining} questions were not asked: ${exec.skipped} are no longer in the dataset`;
    }
    try {
      this.repo.setStatus(exec.runId, status, message ?? null);
      if (exec.stopping === 'breaker' && status === 'paused')
        this.watch(exec.runId, exec.endpoint, message!);
    } catch {
      // The workspace closed under the run: RunService.close() marked it interrupted.
    }
    return this.emit(exec, status, true, message);
  }

  /**
   * Watches a run the breaker paused (autoResume): its endpoint is checked every `everyMs`,
   * and once it answers the run is resumed here, unless it changed meanwhile (resumed, paused
   * or cancelled by someone, removed, or its message is no longer this pause's). Timers are
   * unref'd: a watch never keeps a process alive.
   */
  private watch(runId: number, endpoint: Execution['endpoint'], pausedWith: string): void {
    const auto = this.deps.autoResume;
    const prober = this.deps.prober;
    if (!auto || !prober) return;
    this.unwatch(runId);
    const until = performance.now() + auto.forMs;
    const stillPaused = () => {
      try {
        const now = this.repo.summary(runId);
        return (
          now?.status === 'paused' && now.message === pausedWith && !this.executions.has(runId)
        );
      } catch {
        return false; // the workspace closed
      }
    };
    const tick = async () => {
      this.watches.delete(runId);
      if (performance.now() > until || !stillPaused()) return;
      try {
        await prober.probe(endpoint.provider, endpoint.model);
      } catch {
        return schedule();
      }
      if (!stillPaused()) return;
      try {
        this.resume({ runId });
      } catch {
        // Resumed elsewhere meanwhile, or it can no longer be (the dataset changed): the
        // run keeps its status and reason; a resume by hand says why.
      }
    };
    const schedule = () => {
      const timer = setTimeout(() => void tick(), auto.everyMs);
      timer.unref();
      this.watches.set(runId, timer);
    };
    schedule();
  }

  private unwatch(runId: number): void {
    clearTimeout(this.watches.get(runId));
    this.watches.delete(runId);
  }

  private emit(exec: Execution, status: RunStatus, force: boolean, message?: string): RunProgress {
    const now = performance.now();
    const snapshot = exec.meter.snapshot(status, exec.limiter.limit, message);
    const p = exec.batch ? { ...snapshot, batch: exec.batch } : snapshot;
    if (!force && now - exec.lastEmit < PROGRESS_EVERY_MS) return p;
    exec.lastEmit = now;
    this.deps.bus?.emit('run.progress', p);
    for (const l of exec.listeners) l(p);
    return p;
  }
}

/** A run's endpoint as the model client takes it. */
function refOf(provider: RunStartInput['provider']): ProviderRef {
  return 'providerId' in provider
    ? { providerId: provider.providerId }
    : {
        baseUrl: provider.baseUrl,
        ...(provider.apiKeyName ? { apiKeyName: provider.apiKeyName } : {}),
      };
}

/** "200 ms", "15 s", "5 min", "1 h". */
function spanText(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${Math.round(ms / 1000)} s`;
  if (ms < 3_600_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round(ms / 3_600_000)} h`;
}

function reasonOf(reason: unknown): string {
  if (typeof reason === 'string') return reason;
  if (reason instanceof Error && reason.name !== 'AbortError') return reason.message;
  return 'cancelled';
}
