import { WorkbenchError } from '../../shared/api/result';
import type { StoredQuestion } from '../../shared/datasets';
import {
  buildGapReport,
  type GapHuman,
  type GapModel,
  type GapQuestion,
} from '../../shared/gap/build-gap';
import type { GapCompareInput, GapReport } from '../../shared/gap/gap-report';
import { defaultScorer, showAnswer } from '../../shared/runs/report';
import { questionFacets } from '../../shared/runs/subsets';
import { answerText } from '../../shared/sessions/prediction';
import type { ApiContext } from '../api/context';
import { ModelUnits } from './model-units';

export type GapServices = Pick<ApiContext, 'sessions' | 'runs' | 'datasets' | 'documents'>;

function storedQuestion(s: GapServices, id: number): StoredQuestion | undefined {
  try {
    return s.datasets.question(id);
  } catch (e) {
    if (e instanceof WorkbenchError && e.code === 'not-found') return undefined;
    throw e;
  }
}

/**
 * The gap between one finished expert session and one run (docs/sessions.md, "Gap view").
 * Reads the session's results (verdicts, active time, marks) and the run's report input
 * (items, verdicts, subsets), matches questions by the dataset's own id, finds the cells the
 * model's programs used, and builds the report (shared/gap/build-gap.ts).
 */
export async function compareGap(s: GapServices, input: GapCompareInput): Promise<GapReport> {
  const results = s.sessions.results(input.sessionId);
  const session = results.session;
  const run = s.runs.reportInput(input.runId);
  const format = run.manifest.dataset.format;
  if (format !== session.datasetFormat)
    throw new WorkbenchError(
      'invalid-input',
      `run #${input.runId} is on a ${format} dataset (${run.manifest.dataset.name}) and session #${session.id} on a ${session.datasetFormat} one (${session.datasetName}): a gap compares the same questions`,
    );

  const runScorers = [...new Set(run.verdicts.map((v) => v.scorer))];
  const scorer =
    input.scorer ??
    (runScorers.includes(results.scorer) ? results.scorer : defaultScorer(runScorers));
  if (scorer === undefined || !runScorers.includes(scorer))
    throw new WorkbenchError(
      'invalid-input',
      `run #${input.runId} has no verdicts of scorer "${scorer ?? '(none)'}" (it has ${runScorers.join(', ') || 'none'})`,
    );

  const notes: string[] = [];
  if (scorer !== results.scorer)
    notes.push(
      `the expert is graded by ${results.scorer} and the model by ${scorer}: the two rules differ`,
    );
  if (run.datasetChanged)
    notes.push(`the dataset changed since run #${input.runId} was graded; re-grade it first`);

  const questions: GapQuestion[] = [];
  const human: GapHuman[] = [];
  for (const it of results.items) {
    const q = storedQuestion(s, it.questionId);
    questions.push({
      questionId: it.questionId,
      externalId: it.externalId,
      question: it.question,
      facets: q
        ? questionFacets(format, q)
        : { subset: 'removed from the dataset', answerType: null, evidenceSource: null },
      gold: it.gold,
      goldEvidence: (q?.evidence ?? []).flatMap((e) => (e.target ? [e.target] : [])),
      documentId: q?.documentId ?? null,
      cluster: q
        ? q.documentId !== null
          ? `d${q.documentId}`
          : `e${q.documentExternalId}`
        : `q${it.externalId}`,
    });
    human.push({
      questionId: it.questionId,
      answer: it.answer ? answerText(it.answer) : null,
      submitted: it.answer?.submitted ?? false,
      correct: it.verdict ? it.verdict.correct : null,
      rule: it.verdict?.rule ?? null,
      activeSeconds: it.activeSeconds,
      marks: it.answer?.evidence ?? [],
    });
  }

  const inSession = new Map(questions.map((q) => [q.externalId, q]));
  const verdicts = new Map(
    run.verdicts.filter((v) => v.scorer === scorer).map((v) => [v.itemId, v]),
  );
  const units = new ModelUnits(s.documents);
  const model: GapModel[] = [];
  try {
    for (const it of run.items) {
      const q = inSession.get(it.externalId);
      if (!q) continue;
      const v = verdicts.get(it.itemId);
      const found = await units.of(it, run.manifest.mode, q.documentId);
      model.push({
        externalId: it.externalId,
        answer: showAnswer(it),
        correct: v ? v.correct : null,
        rule: v?.rule ?? null,
        latencyMs: it.latencyMs,
        error: it.error,
        units: found.units,
        unitsSource: found.source,
      });
    }
  } finally {
    await units.close();
  }
  if (model.length === 0)
    throw new WorkbenchError(
      'invalid-input',
      `run #${input.runId} answered none of session #${session.id}'s ${questions.length} questions: pick a run on ${session.datasetName}`,
    );

  return buildGapReport(
    {
      session: {
        id: session.id,
        expert: session.expert,
        scorer: results.scorer,
        signature: session.signature,
      },
      run: { id: run.run.runId, model: run.run.model, mode: run.run.mode, scorer },
      datasetId: session.datasetId,
      datasetName: session.datasetName,
      questions,
      human,
      model,
      notes,
    },
    {
      ...(input.seed !== undefined ? { seed: input.seed } : {}),
      ...(input.iterations !== undefined ? { iterations: input.iterations } : {}),
    },
  );
}
