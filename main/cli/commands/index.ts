import type { CliCommand } from '../command';

/**
 * A command as dispatch and `workbench --help` see it before it is loaded: its words, its line
 * in the help, and how to load it. A command's module (and everything it imports: services,
 * SQLite, the zod API contract, the parsers, pdf.js) is loaded only when that command runs, so
 * `workbench --help` loads none of them and `workbench ingest` only the ingest path.
 *
 * `summary` repeats the command's own; test/unit/cli/command-index.test.ts checks that every
 * command module's commands are listed here, under the same name and summary.
 */
export interface CommandEntry {
  /** Words after `workbench`, e.g. "workspace info". */
  name: string;
  summary: string;
  load(): Promise<CliCommand>;
}

/** The command named `name` among what a module exports (one command or a list). */
function pick(name: string, exported: CliCommand | readonly CliCommand[]): CliCommand {
  const list: readonly CliCommand[] = 'run' in exported ? [exported] : exported;
  const found = list.find((c) => c.name === name);
  if (!found) throw new Error(`command "${name}" is not in the module its entry loads`);
  return found;
}

/**
 * A command's module (a file beside this one), loaded when its command runs. The built CLI is
 * CommonJS, so it is required: `import()` would start node's ES module loader for it (the
 * loader's own modules, then cjs-module-lexer reading the module's source for its export
 * names), CPU that a one-shot command such as `workbench ingest` spends for nothing (about 10 ms;
 * docs/BENCHMARKS.md, "CLI ingest"). From source (tsx, vitest), where `./x.js` names a `.ts`
 * file only their loaders find, `fromSource` imports it as before. Both name the same file
 * (test/unit/cli/command-index.test.ts checks each entry).
 */
const builtAsCommonJs = __filename.endsWith('.js');
async function commandModule<T>(specifier: string, fromSource: () => Promise<T>): Promise<T> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- see above: no ES module loader for a CommonJS file
  return builtAsCommonJs ? (require(specifier) as T) : fromSource();
}

const entry = (
  name: string,
  summary: string,
  load: () => Promise<CliCommand | readonly CliCommand[]>,
): CommandEntry => ({ name, summary, load: async () => pick(name, await load()) });

/** Every CLI command, in the order `--help` lists them. Add new commands here. */
export const commandIndex: readonly CommandEntry[] = [
  entry(
    'workspace info',
    'Show where the workspace is and what it holds',
    async () =>
      (await commandModule('./workspace-info.js', () => import('./workspace-info.js')))
        .workspaceInfoCommand,
  ),
  entry(
    'import',
    'Store files in the workspace library (SEC HTML, PDF, datasets, other)',
    async () => (await commandModule('./import.js', () => import('./import.js'))).importCommand,
  ),
  entry(
    'import-dataset',
    'Read a benchmark dataset file into documents and questions (TAT-QA, FinQA, ...)',
    async () =>
      (await commandModule('./import-dataset.js', () => import('./import-dataset.js')))
        .importDatasetCommand,
  ),
  entry(
    'ingest',
    'Read SEC filings (HTML) and PDFs into tables, cells and blocks; write the Document JSON',
    async () => (await commandModule('./ingest.js', () => import('./ingest.js'))).ingestCommand,
  ),
  entry(
    'serve',
    'Web mode: serve the app on 127.0.0.1 with a random token (npm run web)',
    async () => (await commandModule('./serve.js', () => import('./serve.js'))).serveCommand,
  ),
  entry(
    'grade',
    'Grade model answers in a prediction file (analyst, strict or official-parity scorers)',
    async () => (await commandModule('./grade.js', () => import('./grade.js'))).gradeCommand,
  ),
  entry(
    'exec',
    'Run one JavaScript program in the QuickJS sandbox; print its answer or why it failed',
    async () => (await commandModule('./exec.js', () => import('./exec.js'))).execCommand,
  ),
  entry(
    'models',
    'List model providers; find local servers (--detect); test one (--test ID)',
    async () => (await commandModule('./models.js', () => import('./models.js'))).modelsCommand,
  ),
  entry(
    'retrieve',
    'Rank a document’s cells, rows, tables and paragraphs for a question (the evidence an answer would be given)',
    async () =>
      (await commandModule('./retrieve.js', () => import('./retrieve.js'))).retrieveCommand,
  ),
  entry(
    'ask',
    'Ask a model (any OpenAI-compatible endpoint) a question about a filing: direct, CoT, or a program run in the sandbox with its grounding',
    async () => (await commandModule('./ask.js', () => import('./ask.js'))).askCommand,
  ),
  entry(
    'facts search',
    'A company’s tagged concepts (inline XBRL) whose name or row label has the given words',
    async () => (await commandModule('./facts.js', () => import('./facts.js'))).factsCommands,
  ),
  entry(
    'facts series',
    'One concept’s values across a company’s filings and periods, each with its cell',
    async () => (await commandModule('./facts.js', () => import('./facts.js'))).factsCommands,
  ),
  entry(
    'eval',
    'Run a dataset through a model (any OpenAI-compatible endpoint): each answer graded and committed as it completes; resumable',
    async () => (await commandModule('./eval.js', () => import('./eval.js'))).evalCommand,
  ),
  entry(
    'import-run',
    'Import a prediction file as an evaluation run, graded against a dataset in the workspace',
    async () =>
      (await commandModule('./import-run.js', () => import('./import-run.js'))).importRunCommand,
  ),
  entry(
    'runs',
    'List evaluation runs (eval and import-run): status, items done, model, dataset; a paused run goes on with eval --resume RUN',
    async () => (await commandModule('./runs.js', () => import('./runs.js'))).runsCommand,
  ),
  entry(
    'report',
    'Report a run: accuracy per scorer and subset, intervals, failures; --compare another run',
    async () => (await commandModule('./report.js', () => import('./report.js'))).reportCommand,
  ),
  entry(
    'regrade',
    'Grade a run again with one scorer, or every stale verdict (--stale: older scorer version or another gold version) of runs and sessions; no model calls',
    async () => (await commandModule('./regrade.js', () => import('./regrade.js'))).regradeCommand,
  ),
  entry(
    'judge',
    "Grade a run's answers with an LLM judge and a rubric (kept apart from the scorers), or compare runs pairwise for an Elo table",
    async () => (await commandModule('./judge.js', () => import('./judge.js'))).judgeCommand,
  ),
  entry(
    'export',
    'Export the graded transcripts of a run or a finished session (HTML report, JSONL, CSV, DocMath-Eval CodaLab, TAT-QA predictions)',
    async () => (await commandModule('./export.js', () => import('./export.js'))).exportCommand,
  ),
  entry(
    'doctor',
    'Check Node, the SQLite module, Chromium, the workspace and free disk, and say what to fix',
    async () => (await commandModule('./doctor.js', () => import('./doctor.js'))).doctorCommand,
  ),
  entry(
    'questions',
    'List a dataset’s questions: workspace id, the dataset’s own id, type and text (no gold)',
    async () =>
      (await commandModule('./questions.js', () => import('./questions.js'))).questionsCommand,
  ),
  entry(
    'question-set create',
    'Name a set of a dataset’s questions (by id, by type, answer source or document, or a seeded stratified sample) for sessions and runs',
    async () =>
      (await commandModule('./question-set.js', () => import('./question-set.js')))
        .questionSetCommands,
  ),
  entry(
    'question-set list',
    'List question sets (newest first): dataset, size, how they were chosen',
    async () =>
      (await commandModule('./question-set.js', () => import('./question-set.js')))
        .questionSetCommands,
  ),
  entry(
    'question-set show',
    'A question set’s questions (workspace id, dataset id, type, text) and the sessions and runs on it',
    async () =>
      (await commandModule('./question-set.js', () => import('./question-set.js')))
        .questionSetCommands,
  ),
  entry(
    'session create',
    'Create a timed, blinded expert session: N questions of a dataset sampled with a seed',
    async () =>
      (await commandModule('./session-create.js', () => import('./session-create.js')))
        .sessionCreateCommand,
  ),
  entry(
    'session list',
    'List expert sessions (newest first): status, answers submitted, active time',
    async () =>
      (await commandModule('./session-list.js', () => import('./session-list.js')))
        .sessionListCommand,
  ),
  entry(
    'session finish',
    'End an expert session and grade its submitted answers',
    async () =>
      (await commandModule('./session-results.js', () => import('./session-results.js')))
        .sessionFinishCommand,
  ),
  entry(
    'session results',
    'A finished session: accuracy with a 95% Wilson interval, verdicts, active time',
    async () =>
      (await commandModule('./session-results.js', () => import('./session-results.js')))
        .sessionResultsCommand,
  ),
  entry(
    'session agreement',
    "Agreement of finished sessions on the same questions: percent, Cohen's and Fleiss' kappa",
    async () =>
      (await commandModule('./session-results.js', () => import('./session-results.js')))
        .sessionAgreementCommand,
  ),
  entry(
    'session export-bundle',
    "Write a finished session as a bundle signed with this workspace's expert key (answers, events, documents by hash)",
    async () =>
      (await commandModule('./session-bundle.js', () => import('./session-bundle.js')))
        .sessionExportBundleCommand,
  ),
  entry(
    'session import-bundle',
    'Import an expert session bundle next to the other experts on the same questions',
    async () =>
      (await commandModule('./session-bundle.js', () => import('./session-bundle.js')))
        .sessionImportBundleCommand,
  ),
  entry(
    'gap',
    'The human-vs-model gap: a finished session vs a run on the questions both answered (McNemar, paired bootstrap, time, disagreements, evidence overlap)',
    async () => (await commandModule('./gap.js', () => import('./gap.js'))).gapCommand,
  ),
  entry(
    'dispute raise',
    "Propose a correction of a question's gold answer, with a reason",
    async () => (await commandModule('./dispute.js', () => import('./dispute.js'))).disputeCommands,
  ),
  entry(
    'dispute list',
    'List gold disputes (by status, dataset or question)',
    async () => (await commandModule('./dispute.js', () => import('./dispute.js'))).disputeCommands,
  ),
  entry(
    'dispute accept',
    'Accept a gold dispute: a new gold version, every run and session re-graded',
    async () => (await commandModule('./dispute.js', () => import('./dispute.js'))).disputeCommands,
  ),
  entry(
    'dispute reject',
    'Reject a gold dispute: the gold and every verdict stay as they are',
    async () => (await commandModule('./dispute.js', () => import('./dispute.js'))).disputeCommands,
  ),
];

/** Every command, loaded (each module once): for tests, and for argv only an unusual command line needs. */
export const loadCommands = (): Promise<CliCommand[]> =>
  Promise.all(commandIndex.map((e) => e.load()));
