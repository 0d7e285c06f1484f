import { WorkbenchError } from '../../../shared/api/result';
import {
  eloOfRuns,
  type EloTable,
  type RunPairwiseInput,
  type RunPairwiseResult,
} from '../../../shared/runs/judge';
import { pairwiseMessages } from '../../../shared/runs/judge-prompt';
import { parsePairChoice } from '../../../shared/runs/judge-verdict';
import type { ChatMessage } from '../../../shared/llm/provider';
import type { RunItem, RunSummary } from '../../../shared/runs/run';
import { runsRepo } from '../../db/runs-repo';
import { answerText, contentHash, judgeQuestion } from './judge-inputs';
import { askAndStore, runJudgeJob } from './judge-job';
import type { PoolCounts } from './judge-pool';
import { judgeRepo } from './judge-repo';
import { questionsOf, type JudgeDeps, type JudgeProgressListener } from './judge-run';
import { resolveRubric, type ResolvedRubric } from './rubric-of';

function distinctRuns(deps: JudgeDeps, runIds: readonly number[]): RunSummary[] {
  if (new Set(runIds).size !== runIds.length)
    throw new WorkbenchError('invalid-input', `a run is named twice in ${runIds.join(', ')}`);
  return runIds.map((id) => deps.runs.get(id).summary);
}

/**
 * Asks a judge which of two runs' answers to the same question is better, for every pair of
 * the runs and every question all of them answered, in both orders (position bias cancels when
 * the two are combined: see combinePairJudgements). Stored as they arrive and re-used when the
 * judge, rubric, answers and gold are unchanged. Answers the Elo table of the runs.
 */
export async function judgePairs(
  deps: JudgeDeps,
  input: RunPairwiseInput,
  onProgress?: JudgeProgressListener,
): Promise<RunPairwiseResult> {
  const runs = runsOnOneDataset(deps, input.runIds);
  const rubric = resolveRubric(input.rubricText);
  const questions = questionsOf(deps, runs[0]!.datasetId);
  const answered = runs.map((r) => answersOf(deps, r.runId));
  const shared = sharedQuestions(answered, questions, input);
  const { tasks, reused } = pairTasks(deps, input.model, rubric, runs, answered, shared);
  const counts = await askPairs(deps, input, rubric, tasks, onProgress);
  return {
    runIds: input.runIds,
    judgeModel: input.model,
    rubric: { id: rubric.id, hash: rubric.hash },
    questions: shared.length,
    wanted: shared.length * runs.length * (runs.length - 1),
    reused,
    ...counts,
    elo: eloOf(deps, input.runIds, { judgeModel: input.model, rubricId: rubric.id }),
  };
}

/** A run's answer to one question: its item and the text the judge reads. */
interface Answer {
  item: RunItem;
  text: string;
}

/** A question every run answered, as the judge sees it. */
interface SharedQuestion {
  externalId: string;
  jq: NonNullable<ReturnType<typeof judgeQuestion>>;
}

/** One judgement to ask: two runs' answers to one question, in this order. */
interface PairTask {
  externalId: string;
  hash: string;
  firstRun: number;
  secondRun: number;
  first: number;
  second: number;
  messages: ChatMessage[];
}

/** The named runs, each once, all on one dataset still in this workspace. */
function runsOnOneDataset(deps: JudgeDeps, runIds: readonly number[]): RunSummary[] {
  const runs = distinctRuns(deps, runIds);
  const datasets = new Set(runs.map((r) => r.datasetId));
  if (datasets.size !== 1 || runs[0]!.datasetId === null)
    throw new WorkbenchError(
      'invalid-input',
      `pairwise judgements compare answers to the same questions: runs ${runs.map((r) => `#${r.runId} (dataset ${r.datasetId ?? 'removed'})`).join(', ')} must be on one dataset in this workspace`,
    );
  return runs;
}

/** A run's answers that have a text to judge, by question id. */
function answersOf(deps: JudgeDeps, runId: number): Map<string, Answer> {
  const m = new Map<string, Answer>();
  for (const item of runsRepo(deps.db).items(runId)) {
    const text = answerText(item);
    if (text !== null) m.set(item.externalId, { item, text });
  }
  return m;
}

/** Questions every run answered that have a gold, in the first run's order, up to `limit`. */
function sharedQuestions(
  answered: readonly Map<string, Answer>[],
  questions: ReturnType<typeof questionsOf>,
  input: RunPairwiseInput,
): SharedQuestion[] {
  const shared = [...answered[0]!.values()]
    .filter(({ item }) => answered.every((m) => m.has(item.externalId)))
    .map(({ item }) => ({
      externalId: item.externalId,
      q: item.questionId === null ? undefined : questions.get(item.questionId),
    }))
    .flatMap(({ externalId, q }) => {
      const jq = q ? judgeQuestion(q) : null;
      return jq ? [{ externalId, jq }] : [];
    })
    .slice(0, input.limit);
  if (shared.length === 0)
    throw new WorkbenchError(
      'invalid-input',
      `runs ${input.runIds.map((id) => `#${id}`).join(', ')} share no answered question with a gold: nothing to compare`,
    );
  return shared;
}

/**
 * Every ordered pair of runs on every shared question, less those whose stored judgement (same
 * judge, rubric, answers and gold) is re-used.
 */
function pairTasks(
  deps: JudgeDeps,
  model: string,
  rubric: ResolvedRubric,
  runs: readonly RunSummary[],
  answered: readonly Map<string, Answer>[],
  shared: readonly SharedQuestion[],
): { tasks: PairTask[]; reused: number } {
  const have = judgeRepo(deps.db).pairHashes(model, rubric.hash);
  let reused = 0;
  const tasks: PairTask[] = [];
  for (const { externalId, jq } of shared)
    for (let i = 0; i < runs.length; i++)
      for (let j = 0; j < runs.length; j++) {
        if (i === j) continue;
        const first = answered[i]!.get(externalId)!;
        const second = answered[j]!.get(externalId)!;
        const hash = contentHash(jq, first.text, second.text);
        if (have.get(`${first.item.itemId}:${second.item.itemId}`) === hash) {
          reused++;
          continue;
        }
        tasks.push({
          externalId,
          hash,
          firstRun: runs[i]!.runId,
          secondRun: runs[j]!.runId,
          first: first.item.itemId,
          second: second.item.itemId,
          messages: pairwiseMessages(rubric, jq, first.text, second.text),
        });
      }
  return { tasks, reused };
}

/** The pairwise judgements asked as one job, each stored as it arrives. */
function askPairs(
  deps: JudgeDeps,
  input: RunPairwiseInput,
  rubric: ResolvedRubric,
  tasks: readonly PairTask[],
  onProgress: JudgeProgressListener | undefined,
): Promise<PoolCounts> {
  const repo = judgeRepo(deps.db);
  const setup = { llm: deps.llm, provider: input.provider, model: input.model, rubric };
  return runJudgeJob(
    deps.jobs,
    {
      label: `Judge runs ${input.runIds.map((id) => `#${id}`).join(', ')} pairwise with ${input.model} (${rubric.id})`,
      subject: `judge:pairs:${input.runIds.join(',')}`,
    },
    tasks,
    {
      concurrency: input.concurrency,
      label: (t) => `${t.externalId} (#${t.firstRun} vs #${t.secondRun})`,
      onProgress,
    },
    (t, signal) =>
      askAndStore(setup, t, signal, parsePairChoice, (meta, parsed) =>
        repo.putPair({
          ...meta,
          firstRun: t.firstRun,
          secondRun: t.secondRun,
          firstItem: t.first,
          secondItem: t.second,
          externalId: t.externalId,
          choice: parsed.status === 'judged' ? parsed.choice : null,
        }),
      ),
  );
}

/**
 * The Elo table of runs from the pairwise judgements stored among them. Without a judge named,
 * the runs must have been compared by exactly one judge model and rubric.
 */
export function eloOf(
  deps: JudgeDeps,
  runIds: readonly number[],
  judge: { judgeModel?: string; rubricId?: string } = {},
  options: { iterations?: number; seed?: number } = {},
): EloTable {
  const runs = distinctRuns(deps, runIds);
  if (runs.length < 2)
    throw new WorkbenchError('invalid-input', 'an Elo table needs two or more runs');
  const rows = judgeRepo(deps.db).pairsAmong(runIds);
  const judges = [...new Set(rows.map((r) => `${r.judgeModel}\u0000${r.rubricId}`))]
    .map((k) => k.split('\u0000') as [string, string])
    .filter(
      ([m, r]) =>
        (judge.judgeModel === undefined || m === judge.judgeModel) &&
        (judge.rubricId === undefined || r === judge.rubricId),
    );
  const ids = runIds.map((id) => `#${id}`).join(', ');
  if (judges.length === 0)
    throw new WorkbenchError(
      'not-found',
      `no pairwise judgements among runs ${ids}${judge.judgeModel ? ` by ${judge.judgeModel}` : ''}: run \`workbench judge --pairwise ${runIds.join(' ')} --base-url URL --model NAME\` first`,
    );
  if (judges.length > 1)
    throw new WorkbenchError(
      'invalid-input',
      `runs ${ids} were compared by more than one judge (${judges.map(([m, r]) => `${m}/${r}`).join(', ')}); name one with --judge-model (and --rubric-id)`,
    );
  const [judgeModel, rubricId] = judges[0]!;
  return eloOfRuns(
    runs,
    { judgeModel, rubricId },
    rows.filter((r) => r.judgeModel === judgeModel && r.rubricId === rubricId),
    options,
  );
}
