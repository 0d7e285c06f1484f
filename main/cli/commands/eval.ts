import { SecretName } from '../../../shared/llm/provider';
import { PassageKind } from '../../../shared/retrieval/hit';
import {
  RunMode,
  type RunProgress,
  type RunResumeInput,
  type RunStartInput,
} from '../../../shared/runs/run';
import { CliError, type CliCommand, type CliContext } from '../command';
import { optionalDecimal, optionalWholeNumber } from '../flags';
import { readIdList } from '../id-list';
import { parseRunRef } from '../run-ref';
import { INTERRUPTED_EXIT_CODE } from '../interrupt';
import { terminalText } from '../terminal-text';
import { compact } from '../../../shared/util/compact';

/** What `workbench eval --json` prints when the run stops. */
export interface EvalOutput {
  runId: number;
  status: RunProgress['status'];
  done: number;
  failed: number;
  total: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number | null;
  message: string | null;
}

/** A non-terminal stderr (a log file, CI) gets one progress line this often. */
const PLAIN_EVERY_MS = 5000;
/** Flags that say how a new run asks; `--resume` takes them from the run's manifest. */
const START_FLAGS = [
  'dataset-id',
  'questions',
  'session',
  'subset',
  'limit',
  'base-url',
  'model',
  'api-key-name',
  'mode',
  'scorer',
  'k',
  'unit',
  'template',
  'temperature',
  'max-tokens',
  'no-cache',
  'batch-api',
];

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** A new run's input as the flags say it; `datasetId` may wait for `--questions`/`--session`. */
type StartFlags = Omit<RunStartInput, 'datasetId'> & { datasetId?: number };

function startInput(ctx: CliContext): StartFlags {
  const v = ctx.values;
  const datasetId = optionalWholeNumber(v['dataset-id'], '--dataset-id', { min: 1 });
  if (v.questions !== undefined && v.session !== undefined)
    throw new CliError('--questions and --session both say which questions; give one', 2);
  if (datasetId === undefined && v.questions === undefined && v.session === undefined)
    throw new CliError(
      'give --dataset-id N (workbench import-dataset prints it), --questions SET|FILE or --session ID',
      2,
    );
  const baseUrl = text(v['base-url']);
  if (baseUrl === undefined) throw new CliError('--base-url URL is required', 2);
  const model = text(v.model)?.trim();
  if (!model) throw new CliError('--model NAME is required', 2);
  const apiKeyName = text(v['api-key-name']);
  if (apiKeyName !== undefined && !SecretName.safeParse(apiKeyName).success)
    throw new CliError(
      `--api-key-name must be lower-case letters, digits, ".", "_" or "-", got ${apiKeyName}`,
      2,
    );
  const mode = RunMode.safeParse(v.mode ?? 'direct');
  if (!mode.success)
    throw new CliError(
      `--mode must be direct, cot, pot, pot-python or table-first, got ${String(v.mode)}`,
      2,
    );
  const unitFlag = v.unit;
  const unit = unitFlag === undefined ? undefined : PassageKind.safeParse(unitFlag);
  if (unit && !unit.success)
    throw new CliError(`--unit must be cell, row or block, got ${String(unitFlag)}`, 2);
  const k = optionalWholeNumber(v.k, '--k', { min: 1, max: 200 });
  const temperature = optionalDecimal(v.temperature, '--temperature', 0, 2);
  const maxTokens = optionalWholeNumber(v['max-tokens'], '--max-tokens', {
    min: 1,
    max: 1_000_000,
  });
  const scorers = text(v.scorer)
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (scorers?.length === 0) throw new CliError('--scorer needs one or more scorer ids', 2);
  const subset = text(v.subset);
  const limit = optionalWholeNumber(v.limit, '--limit', { min: 1 });
  const template = text(v.template);
  return {
    ...compact({ datasetId }),
    provider: { baseUrl, ...compact({ apiKeyName }) },
    model,
    mode: mode.data,
    ...compact({ subset, limit }),
    ...(scorers ? { scorers } : {}),
    ...compact({ templateId: template }),
    ...(temperature !== undefined || maxTokens !== undefined
      ? {
          params: compact({ temperature, maxTokens }),
        }
      : {}),
    ...(k !== undefined || unit
      ? { retrieval: { ...compact({ k }), ...(unit ? { unit: unit.data } : {}) } }
      : {}),
    ...(v['no-cache'] === true ? { cache: false } : {}),
    ...(v['batch-api'] === true ? { batchApi: true } : {}),
  };
}

/**
 * `--questions SET|FILE` and `--session ID` (docs/runs.md, "Which questions"): a question set
 * by id or name; else a file listing question ids (one a line or a JSON array; the dataset's
 * own ids or workspace ids); or the questions of a session, through the question set on them
 * (found by the session's question-set key, or made for it), so the run is on the expert's
 * questions exactly.
 */
async function withQuestions(ctx: CliContext, flags: StartFlags): Promise<RunStartInput> {
  const v = ctx.values;
  const questions = text(v.questions);
  if (questions === undefined && v.session === undefined)
    return { ...flags, datasetId: flags.datasetId! };
  const services = await ctx.services();
  const sets = services.questionSets;
  if (v.session !== undefined) {
    const sessionId = optionalWholeNumber(v.session, '--session', { min: 1 })!;
    const { set, created } = sets.forSession(services.sessions.session(sessionId));
    ctx.progress(
      `session #${sessionId}: ${set.questionIds.length} questions, question set #${set.id} "${set.name}"${created ? ' (made for it)' : ''}`,
    );
    return { ...flags, datasetId: flags.datasetId ?? set.datasetId, questionSetId: set.id };
  }
  const set = sets.lookup(questions!);
  if (set) return { ...flags, datasetId: flags.datasetId ?? set.datasetId, questionSetId: set.id };
  const { datasetId, questionIds } = sets.resolveIdList(
    readIdList(questions!, '--questions', false),
    flags.datasetId,
  );
  return { ...flags, datasetId, questionIds };
}

function seconds(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

function tokens(n: number): string {
  return n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)}k` : `${n}`;
}

/** One progress line: bar, counts, tokens, cost, ETA, concurrency. */
export function progressLine(p: RunProgress, width = 24): string {
  const committed = p.done + p.failed;
  const filled = p.total > 0 ? Math.round((width * committed) / p.total) : width;
  const bar = `${'#'.repeat(filled)}${'.'.repeat(Math.max(0, width - filled))}`;
  return [
    `run #${p.runId} [${bar}] ${committed}/${p.total}`,
    p.failed > 0 ? ` (${p.failed} failed)` : '',
    `, tokens ${tokens(p.inputTokens)} in / ${tokens(p.outputTokens)} out`,
    p.costUsd !== null ? `, $${p.costUsd.toFixed(4)}` : '',
    p.etaMs !== null && p.status === 'running' ? `, ETA ${seconds(p.etaMs)}` : '',
    p.batch
      ? `, batch ${p.batch.batchId} ${p.batch.status} ${p.batch.completed + p.batch.failed}/${p.batch.total}`
      : `, concurrency ${p.concurrency}`,
    p.cached > 0 ? `, ${p.cached} cached` : '',
  ].join('');
}

/** Progress on stderr: one rewritten line on a terminal, a line every few seconds otherwise. */
function progressPrinter() {
  const tty = process.stderr.isTTY === true;
  let last = 0;
  let open = false;
  return {
    update(p: RunProgress) {
      const now = Date.now();
      if (tty) {
        const line = terminalText(progressLine(p)).slice(0, (process.stderr.columns || 120) - 1);
        process.stderr.write(`\r\x1b[2K${line}`);
        open = true;
      } else if (now - last >= PLAIN_EVERY_MS || p.status !== 'running') {
        last = now;
        process.stderr.write(`${terminalText(progressLine(p))}\n`);
      }
    },
    end() {
      if (open) process.stderr.write('\n');
      open = false;
    },
    note(line: string) {
      this.end();
      process.stderr.write(`${terminalText(line)}\n`);
    },
  };
}

/**
 * A new run's input (with --questions read) or a resume's, with the pacing flags; --resume
 * refuses the flags that say how a new run asks.
 */
async function startOrResume(
  ctx: CliContext,
): Promise<{ start: RunStartInput | undefined; resume: RunResumeInput | undefined }> {
  const concurrency = optionalWholeNumber(ctx.values.concurrency, '--concurrency', {
    min: 1,
    max: 256,
  });
  const rpm = optionalWholeNumber(ctx.values.rpm, '--rpm', { min: 1, max: 1_000_000 });
  const poll = optionalDecimal(ctx.values['poll-seconds'], '--poll-seconds', 0.01, 3600);
  const pacing = {
    ...compact({ concurrency, rpm }),
    ...(poll !== undefined ? { pollMs: Math.round(poll * 1000) } : {}),
  };
  const resumeRun =
    ctx.values.resume === undefined ? undefined : parseRunRef(ctx.values.resume, '--resume');
  let start: RunStartInput | undefined;
  let resume: RunResumeInput | undefined;
  if (resumeRun !== undefined) {
    const given = START_FLAGS.filter((f) => ctx.values[f] !== undefined);
    if (given.length > 0)
      throw new CliError(
        `--resume continues run #${resumeRun} as it was started; --${given.join(', --')} cannot be given with it (only --force, --concurrency, --rpm, --poll-seconds)`,
        2,
      );
    resume = {
      runId: resumeRun,
      ...(ctx.values.force === true ? { force: true } : {}),
      ...pacing,
    };
  } else {
    if (ctx.values.force === true) throw new CliError('--force goes with --resume RUN', 2);
    start = await withQuestions(ctx, { ...startInput(ctx), ...pacing });
  }
  return { start, resume };
}

type Engine = Awaited<ReturnType<CliContext['services']>>['engine'];

/**
 * Ctrl-C: the first pauses (questions in flight finish and are committed), the second cancels
 * them, a third leaves at once. Every way keeps the run resumable.
 */
function ctrlCPresses(
  engine: Engine,
  runId: number,
  batch: boolean,
  printer: ReturnType<typeof progressPrinter>,
) {
  let presses = 0;
  const onSigint = () => {
    presses++;
    if (presses === 1) {
      printer.note(
        batch
          ? 'pausing: polling stops, the batch goes on at the server (Ctrl-C again cancels the batch)…'
          : 'pausing: finishing the questions in flight (Ctrl-C again to stop now)…',
      );
      engine.pause(runId);
    } else if (presses === 2) {
      printer.note(batch ? 'cancelling the batch at the server…' : 'stopping now…');
      void engine.cancel(runId, 'cancelled (Ctrl-C)');
    } else process.exit(INTERRUPTED_EXIT_CODE);
  };
  return { onSigint, presses: () => presses };
}

/** What `--json` prints of the run's last progress. */
const evalOutput = (last: RunProgress): EvalOutput => ({
  runId: last.runId,
  status: last.status,
  done: last.done,
  failed: last.failed,
  total: last.total,
  inputTokens: last.inputTokens,
  outputTokens: last.outputTokens,
  costUsd: last.costUsd,
  message: last.message ?? null,
});

// Not through the contract: drives the run engine in this process: progress on stderr, Ctrl-C pauses, it waits for the end (runs.start answers once the run has started).
export const evalCommand: CliCommand = {
  name: 'eval',
  summary:
    'Run a dataset through a model (any OpenAI-compatible endpoint): each answer graded and committed as it completes; resumable',
  usage:
    'workbench eval (--dataset-id N | --questions SET|FILE | --session ID) [--subset A,B] [--limit N] --base-url URL --model NAME [--api-key-name NAME] [--mode direct|cot|pot|pot-python|table-first] [--concurrency N] [--rpm N] [--scorer ID[,ID…]] [--k N] [--unit cell|row|block] [--template ID] [--temperature T] [--max-tokens N] [--no-cache] [--batch-api [--poll-seconds S]] [--json] [--workspace DIR]\n       workbench eval --resume RUN [--force] [--concurrency N] [--rpm N] [--poll-seconds S] [--json] [--workspace DIR]\n       RUN: a run as workbench runs lists it: 5, run:5 or #5',
  options: {
    'dataset-id': { type: 'string' },
    questions: { type: 'string' },
    session: { type: 'string' },
    subset: { type: 'string' },
    limit: { type: 'string' },
    'base-url': { type: 'string' },
    model: { type: 'string' },
    'api-key-name': { type: 'string' },
    mode: { type: 'string' },
    concurrency: { type: 'string' },
    rpm: { type: 'string' },
    resume: { type: 'string' },
    force: { type: 'boolean' },
    scorer: { type: 'string' },
    k: { type: 'string' },
    unit: { type: 'string' },
    template: { type: 'string' },
    temperature: { type: 'string' },
    'max-tokens': { type: 'string' },
    'no-cache': { type: 'boolean' },
    'batch-api': { type: 'boolean' },
    'poll-seconds': { type: 'string' },
  },
  handlesCtrlC: true,
  async run(ctx) {
    if (ctx.args.length > 0)
      throw new CliError(`eval takes no FILE argument (got ${ctx.args[0]})`, 2);
    const { start, resume } = await startOrResume(ctx);

    const services = await ctx.services();
    const engine = services.engine;
    const printer = progressPrinter();
    // The endpoint is checked first (one request); one that cannot be asked ends here, in one
    // line, with nothing written (a resumed run keeps its status).
    const handle = start
      ? await engine.startChecked(start, (p) => printer.update(p))
      : await engine.resumeChecked(resume!, (p) => printer.update(p));
    // A Batch API run's batch goes on at the server when this process stops polling it.
    const batch = services.runs.get(handle.runId).manifest.engine?.batch !== undefined;
    printer.note(
      `${start ? 'started' : 'resuming'} run #${handle.runId}; Ctrl-C pauses it (${batch ? 'stops polling; the batch goes on at the server; again: cancels the batch' : 'again: stops at once'}), \`workbench eval --resume ${handle.runId}\` continues`,
    );
    const ctrlC = ctrlCPresses(engine, handle.runId, batch, printer);
    process.on('SIGINT', ctrlC.onSigint);
    let last: RunProgress;
    try {
      last = await handle.finished;
    } finally {
      process.off('SIGINT', ctrlC.onSigint);
      printer.end();
    }
    const result = evalOutput(last);
    if (last.status === 'done') {
      ctx.say(
        `run #${last.runId} done: ${last.done} items; report: workbench report ${last.runId}`,
      );
      return result;
    }
    // The message may begin with the status itself ("paused: …"): said once.
    const message = (last.message ?? '').replace(new RegExp(`^${last.status}: `), '');
    const why = `run #${last.runId} ${last.status}: ${message}`;
    throw new CliError(why, ctrlC.presses() > 0 ? INTERRUPTED_EXIT_CODE : 1, result);
  },
};
