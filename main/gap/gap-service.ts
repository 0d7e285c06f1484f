import { WorkbenchError } from '../../shared/api/result';
import type { StoredQuestion } from '../../shared/datasets';
import {
  buildGapReport,
  type GapHuman,
  type GapModel,
  type GapQuestion,
} from '../../shared/gap/build-gap';
import type { GapCompareInput, GapReport } from '../../shared/gap/gap-report';
import { defaultScorerRow } from '../../shared/grading/default-scorers';
import { getScorer } from '../../shared/grading/scorers';
import { fromCache } from '../../shared/runs/model-time';
import { showAnswer, type ReportInput } from '../../shared/runs/report';
import { IMPORTED_SCORER_ID } from '../../shared/runs/run';
import { questionFacets } from '../../shared/runs/subsets';
import { answerText } from '../../shared/sessions/prediction';
import type { SessionResults, SessionVerdict } from '../../shared/sessions/session';
import type { DatasetService } from '../datasets/dataset-service';
import type { DocumentService } from '../document/document-service';
import type { RunService } from '../runs/run-service';
import type { SessionService } from '../sessions/session-service';
import { ModelEvidenceItems } from './model-evidence-items';
import { compact } from '../../shared/util/compact';

export interface GapServices {
  sessions: SessionService;
  runs: RunService;
  datasets: DatasetService;
  documents: DocumentService;
}

function storedQuestion(s: GapServices, id: number): StoredQuestion | undefined {
  try {
    return s.datasets.question(id);
  } catch (e) {
    if (e instanceof WorkbenchError && e.code === 'not-found') return undefined;
    throw e;
  }
}

/**
 * A gap compares like with like: on every paired question (the expert submitted and was graded,
 * the model answered and was graded), both verdicts must come from the same version of the
 * scorer and the same gold version (main/grading/grading-service.ts `goldVersion`). Otherwise it
 * refuses with one line saying which and how to catch up, instead of comparing two rules.
 */
function refuseUnlike(
  s: GapServices,
  runId: number,
  sessionId: number,
  results: SessionResults,
  run: ReportInput,
  scorer: string,
  human: ReadonlyMap<number, SessionVerdict>,
): void {
  const model = new Map(run.verdicts.filter((v) => v.scorer === scorer).map((v) => [v.itemId, v]));
  const items = new Map(
    run.items.filter((it) => it.error === null).map((it) => [it.externalId, it]),
  );
  const versions = new Set<string>();
  const golds: string[] = [];
  const unrecorded: string[] = [];
  let paired = 0;
  for (const it of results.items) {
    const h = human.get(it.questionId);
    const item = items.get(it.externalId);
    const m = item ? model.get(item.itemId) : undefined;
    if (!h || !m || !it.answer?.submitted) continue;
    paired++;
    if (h.scorerVersion !== m.scorerVersion)
      versions.add(`${scorer} ${m.scorerVersion} in the run, ${h.scorerVersion} in the session`);
    const hg = h.goldVersion ?? null;
    const mg = m.goldVersion ?? null;
    if (hg !== mg) golds.push(it.externalId);
    else if (hg === null && storedQuestion(s, it.questionId)) unrecorded.push(it.externalId);
  }
  const fix = 'catch up with `workbench regrade --stale`, then compare again';
  if (versions.size > 0)
    throw new WorkbenchError(
      'invalid-input',
      `run #${runId} and session #${sessionId} were graded by different versions of ${scorer} (${[...versions][0]}): ${fix}`,
    );
  if (golds.length > 0)
    throw new WorkbenchError(
      'invalid-input',
      `run #${runId} and session #${sessionId} were graded against different gold versions on ${golds.length} of ${paired} paired questions (e.g. ${golds.slice(0, 3).join(', ')}): ${fix}`,
    );
  if (unrecorded.length > 0)
    throw new WorkbenchError(
      'invalid-input',
      `${unrecorded.length} of ${paired} paired questions of run #${runId} and session #${sessionId} were graded before gold versions were recorded (e.g. ${unrecorded.slice(0, 3).join(', ')}): ${fix}`,
    );
}

/**
 * Verdicts graded by an older scorer version or against another gold version (a workspace
 * from before gold versions were recorded, an accepted dispute) are caught up first: pure
 * re-grading of stored answers, no model calls, so the comparison is never refused for it.
 * Says what was re-graded.
 */
function catchUp(s: GapServices, input: GapCompareInput): string[] {
  return [
    ...s.runs
      .regradeStale([input.runId])
      .filter((r) => r.verdicts > 0)
      .map((r) => `${r.verdicts} verdicts of run #${r.runId} (${r.flipped} flipped)`),
    ...s.sessions
      .regradeStale([input.sessionId])
      .map((r) => `${r.verdicts} verdicts of session #${r.sessionId} (${r.flipped} flipped)`),
  ];
}

/**
 * One rule on both sides: the session's scorer (the format's default, which runs on the
 * dataset also grade with), or the scorer asked for, which then grades the expert too. The
 * expert's verdicts under it, by question id.
 */
function oneScorer(
  s: GapServices,
  input: GapCompareInput,
  results: SessionResults,
  run: ReportInput,
): { scorer: string; humanVerdicts: Map<number, SessionVerdict> } {
  const { session } = results;
  const format = run.manifest.dataset.format;
  const runScorers = [...new Set(run.verdicts.map((v) => v.scorer))];
  const scorer = input.scorer ?? results.scorer;
  const chosen = getScorer(scorer);
  if (!chosen)
    throw new WorkbenchError(
      'invalid-input',
      `"${scorer}" cannot grade the expert (${scorer === IMPORTED_SCORER_ID ? 'it is the file’s own verdicts' : 'no such scorer'}): a gap compares one scorer on both sides; choose one of ${runScorers.filter((x) => getScorer(x)).join(', ') || 'ours'}`,
    );
  if (!runScorers.includes(scorer))
    throw new WorkbenchError(
      'invalid-input',
      `run #${input.runId} has no verdicts of ${scorer}${input.scorer === undefined ? `, the scorer session #${session.id} is graded by (the ${defaultScorerRow(format).label} default)` : ''}: re-grade it with \`workbench regrade ${input.runId} --scorer ${scorer}\` to compare (it has ${runScorers.join(', ') || 'none'})`,
    );
  const humanVerdicts = new Map<number, SessionVerdict>(
    (scorer === results.scorer
      ? results.items.flatMap((it) => (it.verdict ? [it.verdict] : []))
      : s.sessions.gradeWith(session.id, chosen)
    ).map((v) => [v.questionId, v]),
  );
  return { scorer, humanVerdicts };
}

/** The session's side: each question (with its facets and gold) and the expert's answer. */
function sessionSide(
  s: GapServices,
  results: SessionResults,
  format: ReportInput['manifest']['dataset']['format'],
  humanVerdicts: ReadonlyMap<number, SessionVerdict>,
): { questions: GapQuestion[]; human: GapHuman[] } {
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
      correct: humanVerdicts.get(it.questionId)?.correct ?? null,
      rule: humanVerdicts.get(it.questionId)?.rule ?? null,
      activeSeconds: it.activeSeconds,
      marks: it.answer?.evidence ?? [],
    });
  }
  return { questions, human };
}

/** The run's side on the session's questions: answers, verdicts and the cells programs used. */
async function modelSide(
  s: GapServices,
  run: ReportInput,
  questions: readonly GapQuestion[],
  scorer: string,
): Promise<GapModel[]> {
  const inSession = new Map(questions.map((q) => [q.externalId, q]));
  const verdicts = new Map(
    run.verdicts.filter((v) => v.scorer === scorer).map((v) => [v.itemId, v]),
  );
  const units = new ModelEvidenceItems(s.documents);
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
        // An answer from the response cache took the model no time: counted apart.
        cached: fromCache(it),
        error: it.error,
        units: found.units,
        unitsSource: found.source,
      });
    }
  } finally {
    await units.close();
  }
  return model;
}

/**
 * The gap between one finished expert session and one run (docs/sessions.md, "Gap view").
 * Reads the session's results (verdicts, active time, marks) and the run's report input
 * (items, verdicts, subsets), matches questions by the dataset's own id, finds the cells the
 * model's programs used, and builds the report (shared/gap/build-gap.ts).
 */
export async function compareGap(s: GapServices, input: GapCompareInput): Promise<GapReport> {
  const caughtUp = catchUp(s, input);
  const results = s.sessions.results(input.sessionId);
  const session = results.session;
  const run = s.runs.reportInput(input.runId);
  const format = run.manifest.dataset.format;
  if (format !== session.datasetFormat)
    throw new WorkbenchError(
      'invalid-input',
      `run #${input.runId} is on a ${format} dataset (${run.manifest.dataset.name}) and session #${session.id} on a ${session.datasetFormat} one (${session.datasetName}): a gap compares the same questions`,
    );
  const { scorer, humanVerdicts } = oneScorer(s, input, results, run);
  refuseUnlike(s, input.runId, session.id, results, run, scorer, humanVerdicts);

  const notes: string[] = [];
  if (caughtUp.length)
    notes.push(
      `re-graded with the current scorer and gold before comparing: ${caughtUp.join('; ')}`,
    );
  if (run.datasetChanged)
    notes.push(`the dataset changed since run #${input.runId} was graded; re-grade it first`);

  const { questions, human } = sessionSide(s, results, format, humanVerdicts);
  const model = await modelSide(s, run, questions, scorer);
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
        scorer,
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
    compact({ seed: input.seed, iterations: input.iterations }),
  );
}
