import { WorkbenchError } from '../../shared/api/result';
import type { StoredQuestion } from '../../shared/datasets';
import { answerPrediction, answerText } from '../../shared/sessions/prediction';
import type { DatasetService } from '../datasets/dataset-service';
import type { SessionService } from '../sessions/session-service';
import {
  TRANSCRIPT_SCHEMA,
  type TranscriptHeader,
  type TranscriptLine,
} from '../../shared/runs/transcript';

export interface SessionTranscriptDeps {
  sessions: SessionService;
  datasets: DatasetService;
}

function storedQuestion(datasets: DatasetService, id: number): StoredQuestion | undefined {
  try {
    return datasets.question(id);
  } catch (e) {
    if (e instanceof WorkbenchError && e.code === 'not-found') return undefined;
    throw e;
  }
}

/**
 * A finished session's questions as transcript lines, in the order the expert saw them. An
 * open session is refused: its transcript carries gold, and the expert is still blinded.
 * Sessions hold at most 1,000 questions, so they are read whole (results() does the grading
 * join the session screens show).
 */
export function sessionTranscripts(
  deps: SessionTranscriptDeps,
  sessionId: number,
): { header: TranscriptHeader; lines: TranscriptLine[] } {
  const results = deps.sessions.results(sessionId);
  const s = results.session;
  const header: TranscriptHeader = {
    kind: 'session',
    id: s.id,
    title: `Session #${s.id}: ${s.expert} on ${s.datasetName}`,
    by: s.expert,
    mode: null,
    datasetId: s.datasetId,
    datasetName: s.datasetName,
    datasetFormat: s.datasetFormat,
    scorers: [results.scorer],
    items: results.items.length,
    activeSeconds: results.activeSeconds,
    method: results.method,
  };
  const lines = results.items.map((it): TranscriptLine => {
    const q = storedQuestion(deps.datasets, it.questionId);
    const a = it.answer;
    const { prediction, predScale } = a
      ? answerPrediction(a)
      : { prediction: '', predScale: undefined };
    return {
      schema: TRANSCRIPT_SCHEMA,
      source: { kind: 'session', id: s.id, by: s.expert, mode: null },
      itemId: null,
      position: it.position,
      questionId: q ? it.questionId : null,
      externalId: it.externalId,
      datasetId: s.datasetId,
      datasetFormat: s.datasetFormat,
      question: q?.question ?? null,
      documentExternalId: q?.documentExternalId ?? null,
      gold: q ? { answer: q.gold.answer, scale: q.scale } : null,
      output: a ? answerText(a) : null,
      // What the session's scorer graded (grade-session.ts): the value with % and the scale.
      answer: a && a.submitted && prediction !== '' ? prediction : null,
      answerKind: 'extracted',
      answerScale: a && a.submitted ? (predScale ?? null) : null,
      program: null,
      execution: null,
      usage: null,
      latencyMs: null,
      error: null,
      human: {
        expert: s.expert,
        value: a?.value ?? '',
        unit: a?.unit ?? '',
        scale: a?.scale ?? '',
        confidence: a?.confidence ?? null,
        notes: a?.notes ?? '',
        evidence: a?.evidence ?? [],
        submitted: a?.submitted ?? false,
        submittedAt: a?.submittedAt ?? null,
        late: a?.late ?? false,
        activeSeconds: it.activeSeconds,
      },
      verdicts: it.verdict
        ? [
            {
              scorer: it.verdict.scorer,
              scorerVersion: it.verdict.scorerVersion,
              correct: it.verdict.correct,
              score: it.verdict.score,
              outcome: it.verdict.outcome,
              rule: it.verdict.rule,
              extracted: null,
              predNormalized: it.verdict.predNormalized,
              goldNormalized: it.verdict.goldNormalized,
            },
          ]
        : [],
      reviewerOverrides: [],
    };
  });
  return { header, lines };
}
