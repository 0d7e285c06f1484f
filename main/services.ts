import { sampleDir } from './app-paths';
import { allHandlers } from './api/handlers';
import { AskService } from './ask/ask-service';
import type { ApiContext, Host } from './api/context';
import { createRegistry, type Registry } from './api/registry';
import { DocumentService, type ParseDocument } from './document/document-service';
import { parseInWorker } from './document/parse-in-worker';
import { DatasetService } from './datasets/dataset-service';
import { EventBus } from './events/bus';
import { Importer } from './library/importer';
import { FactIndexService } from './library/fact-index-service';
import { CompanyFactsService } from './library/company-facts-service';
import { FilingFactsService } from './library/filing-facts-service';
import { JobRunner } from './jobs/job-runner';
import { LlmService } from './llm/llm-service';
import { RetrievalService } from './retrieval/retrieval-service';
import { RunEngine } from './runs/engine/run-engine';
import { JudgeService } from './runs/judge/judge-service';
import { RunService } from './runs/run-service';
import { SessionService } from './sessions/session-service';
import { DisputeService } from './disputes/dispute-service';
import { QuestionSetService } from './question-sets/question-set-service';
import { fileSecretStore, type SecretCipher } from './secrets/secret-store';
import { openWorkspace, type Workspace } from './workspace/workspace';

export const DEFAULT_MAX_IMPORT_BYTES = 512 * 1024 * 1024;

/**
 * In the app and web mode, a run the circuit breaker paused is resumed by itself once its
 * endpoint answers again (checked every 15 s, for an hour). The CLI ends with the pause and
 * leaves that to `workbench eval --resume`.
 */
export const AUTO_RESUME = { everyMs: 15_000, forMs: 3_600_000 };

export interface ServicesOptions {
  workspaceDir: string;
  host: Host;
  maxImportBytes?: number;
  secretCipher?: SecretCipher;
  nativeBinding?: string;
  /** False for read-only commands: no sweeping of another process's files (main/workspace). */
  housekeeping?: boolean;
  /** Tests may swap the parser (e.g. a short timeout); the product parses in a worker. */
  parse?: ParseDocument;
}

export interface Services {
  workspace: Workspace;
  bus: EventBus;
  registry: Registry;
  /** The workspace's importer; web mode hands it streamed uploads (the API uses the same one). */
  importer: Importer;
  maxImportBytes: number;
  /** Services the CLI calls directly (the API handlers call the same ones). */
  documents: DocumentService;
  datasets: DatasetService;
  /** Long work as jobs (main/jobs): progress events, `jobs` rows, cancel. */
  jobs: JobRunner;
  /** The Library's filing facts (tests await `facts.fill()`). */
  facts: FilingFactsService;
  /** The fact index of tagged filings (issue 27): fact()/facts() in programs read it. */
  factIndex: FactIndexService;
  /** Retrieval over documents' cells and paragraphs (the CLI's `retrieve`, main/ask). */
  retrieval: RetrievalService;
  /** Model providers (main/llm); the CLI's `models` and `ask` use it directly. */
  llm: LlmService;
  /** Asking a model about a document (main/ask); the CLI's `ask` uses it directly. */
  ask: AskService;
  /** Evaluation runs (main/runs); the CLI's `import-run`, `runs`, `report`, `regrade`. */
  runs: RunService;
  /**
   * The workspace's one run engine (main/runs/engine): the API handlers and `workbench eval`
   * share it, so a run started by one can be paused by the other in the same process.
   */
  engine: RunEngine;
  /** The LLM judge of runs (main/runs/judge); the CLI's `judge` and `report`. */
  judge: JudgeService;
  /** Expert sessions (main/sessions); the CLI's `session` commands. */
  sessions: SessionService;
  /** Gold disputes (main/disputes); the CLI's `dispute` commands. */
  disputes: DisputeService;
  /** Question sets (main/question-sets); the CLI's `question-set` commands and `eval --questions`. */
  questionSets: QuestionSetService;
  close(): void;
}

/** Wires one workspace to the API. Each host (Electron, web, CLI) calls this once. */
export async function startServices(options: ServicesOptions): Promise<Services> {
  const workspace = await openWorkspace(options.workspaceDir, {
    nativeBinding: options.nativeBinding,
    housekeeping: options.housekeeping,
  });
  const bus = new EventBus();
  const maxImportBytes = options.maxImportBytes ?? envMaxImportBytes() ?? DEFAULT_MAX_IMPORT_BYTES;
  const library = libraryServices(workspace, bus, maxImportBytes, options);
  const { jobs, importer, documents, datasets, facts, factIndex, retrieval, secrets, llm } =
    library;
  const { ask, runs, engine, judge, sessions, disputes, questionSets } = evaluationServices(
    workspace,
    bus,
    options,
    library,
  );
  const ctx: ApiContext = {
    workspace,
    bus,
    host: options.host,
    importer,
    documents,
    datasets,
    jobs,
    facts,
    companyFacts: new CompanyFactsService(workspace, facts, factIndex),
    llm,
    secrets,
    sampleDir: sampleDir(),
    maxImportBytes,
    retrieval,
    ask,
    runs,
    engine,
    judge,
    sessions,
    disputes,
    questionSets,
  };
  const registry = createRegistry(allHandlers, ctx);
  const services: Omit<Services, 'close'> = {
    workspace,
    bus,
    registry,
    importer,
    maxImportBytes,
    documents,
    datasets,
    jobs,
    facts,
    factIndex,
    retrieval,
    llm,
    ask,
    runs,
    engine,
    judge,
    sessions,
    disputes,
    questionSets,
  };
  return { ...services, close: () => closeServices(services) };
}

/** The workspace's documents, datasets, facts, search and models, with the jobs they run. */
function libraryServices(
  workspace: Workspace,
  bus: EventBus,
  maxImportBytes: number,
  options: ServicesOptions,
) {
  const jobs = new JobRunner({ bus, db: workspace.db });
  const importer = new Importer(workspace, { maxBytes: maxImportBytes, bus, jobs });
  const documents = new DocumentService(workspace, jobs, options.parse ?? parseInWorker(), bus);
  const datasets = new DatasetService(workspace, importer, documents, bus, jobs);
  const facts = new FilingFactsService(workspace, bus, jobs);
  const factIndex = new FactIndexService(workspace, documents);
  const retrieval = new RetrievalService(workspace.db);
  const secrets = fileSecretStore(workspace.dir, options.secretCipher);
  const llm = new LlmService(workspace.db, secrets);
  return { jobs, importer, documents, datasets, facts, factIndex, retrieval, secrets, llm };
}

/** Asking, runs and their engine and judge, question sets, expert sessions, disputes. */
function evaluationServices(
  workspace: Workspace,
  bus: EventBus,
  options: ServicesOptions,
  { jobs, documents, datasets, facts, factIndex, retrieval, llm }: LibraryServices,
) {
  const ask = new AskService({
    db: workspace.db,
    documents,
    datasets,
    retrieval,
    llm,
    jobs,
    factIndex,
    filings: facts,
  });
  const runs = new RunService(workspace.db, datasets, jobs);
  const questionSets = new QuestionSetService({ db: workspace.db, datasets });
  const sessions = new SessionService({
    db: workspace.db,
    datasets,
    documents,
    questionSets,
    // The expert signing key is kept like API keys, in a store of its own (main/sessions).
    identityStore: fileSecretStore(workspace.dir, options.secretCipher, 'expert-identity'),
  });
  const disputes = new DisputeService({ db: workspace.db, datasets, sessions });
  const engine = new RunEngine({
    db: workspace.db,
    datasets,
    documents,
    llm,
    jobs,
    ask,
    runs,
    batchLlm: llm.batches,
    prober: llm.connections,
    ...(options.host.kind !== 'cli' ? { autoResume: AUTO_RESUME } : {}),
    bus,
    questionSets,
  });
  const judge = new JudgeService({ db: workspace.db, llm, jobs, runs, datasets });
  return { ask, runs, questionSets, sessions, disputes, engine, judge };
}

type LibraryServices = ReturnType<typeof libraryServices>;

/** Closes what holds workers, jobs or unwritten rows, then the workspace, in that order. */
function closeServices(s: Omit<Services, 'close'>): void {
  s.facts.close();
  // Stops the sandbox workers; running asks are cancelled.
  void s.ask.close();
  // Stops the calculator sandbox's worker.
  void s.sessions.close();
  // Runs being written are marked interrupted (their jobs are cancelled next).
  s.runs.close();
  // Running jobs are marked interrupted while the database is still open.
  s.jobs.close();
  // The response cache's answers of the last event-loop turn, not yet committed.
  s.llm.flush();
  s.workspace.close();
}

function envMaxImportBytes(): number | undefined {
  const mb = Number(process.env.WORKBENCH_MAX_IMPORT_MB);
  return Number.isFinite(mb) && mb > 0 ? Math.round(mb * 1024 * 1024) : undefined;
}
