import type { AskService } from '../ask/ask-service';
import type { DocumentService } from '../document/document-service';
import type { EventBus } from '../events/bus';
import type { Importer } from '../library/importer';
import type { FilingFactsService } from '../library/filing-facts-service';
import type { CompanyFactsService } from '../library/company-facts-service';
import type { JobRunner } from '../jobs/job-runner';
import type { LlmService } from '../llm/llm-service';
import type { SecretStore } from '../secrets/secret-store';
import type { Workspace } from '../workspace/workspace';
import type { DatasetService } from '../datasets/dataset-service';
import type { RetrievalService } from '../retrieval/retrieval-service';
import type { RunEngine } from '../runs/engine/run-engine';
import type { JudgeService } from '../runs/judge/judge-service';
import type { RunService } from '../runs/run-service';
import type { SessionService } from '../sessions/session-service';
import type { DisputeService } from '../disputes/dispute-service';
import type { QuestionSetService } from '../question-sets/question-set-service';

/** What the host (Electron, web server, CLI) can do that the others cannot. */
export interface Host {
  kind: 'electron' | 'web' | 'cli';
  /** Native open-file dialog; absent outside Electron. Resolves to [] when cancelled. */
  pickFiles?: () => Promise<string[]>;
  /** Native dialog for one .gguf model file; absent outside Electron. Null when cancelled. */
  pickModelFile?: () => Promise<string | null>;
}

/** Everything a handler may use; built once per workspace by main/services.ts. */
export interface ApiContext {
  workspace: Workspace;
  bus: EventBus;
  host: Host;
  importer: Importer;
  documents: DocumentService;
  secrets: SecretStore;
  sampleDir: string;
  datasets: DatasetService;
  jobs: JobRunner;
  /** Company, form and period of each library file, read in the background. */
  facts: FilingFactsService;
  /** A company's tagged facts across its filings: the Facts panel (issue 27). */
  companyFacts: CompanyFactsService;
  /** Model providers, chat and embeddings (main/llm). */
  llm: LlmService;
  maxImportBytes: number;
  /** Full-text (and optional dense) retrieval over a document's cells and paragraphs. */
  retrieval: RetrievalService;
  /** Asking a model about a document: retrieval, prompt, model, sandbox, grounding, grade. */
  ask: AskService;
  /** Evaluation runs: imports, re-grades, reports (main/runs). */
  runs: RunService;
  /** The run engine: runs started, paused, resumed and cancelled (main/runs/engine). */
  engine: RunEngine;
  /** The LLM judge of runs (main/runs/judge). */
  judge: JudgeService;
  /** Timed human-expert sessions (main/sessions). */
  sessions: SessionService;
  /** Gold disputes and gold versions (main/disputes). */
  disputes: DisputeService;
  /** Named sets of a dataset's questions that sessions and runs are made from. */
  questionSets: QuestionSetService;
}
