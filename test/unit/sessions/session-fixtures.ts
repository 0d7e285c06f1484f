import type {
  AnswerFields,
  ClockSummary,
  SessionAnswer,
  SessionDetail,
} from '../../../shared/sessions/session';
import { emptyAnswer } from '../../../shared/sessions/answer-fields';

export const clock = (over: Partial<ClockSummary> = {}): ClockSummary => ({
  state: 'active',
  activeSeconds: 10,
  budgetSeconds: 600,
  remainingSeconds: 590,
  exhausted: false,
  focusQuestionId: null,
  perQuestion: [
    { questionId: 11, activeSeconds: 0, capReached: false },
    { questionId: 12, activeSeconds: 0, capReached: false },
    { questionId: 13, activeSeconds: 0, capReached: false },
  ],
  asOfMs: 0,
  clockJumps: 0,
  ...over,
});

export const storedAnswer = (
  questionId: number,
  revision: number,
  fields: Partial<AnswerFields> = {},
  over: Partial<SessionAnswer> = {},
): SessionAnswer => ({
  questionId,
  revision,
  ...emptyAnswer(),
  submitted: false,
  submittedAt: null,
  submittedActiveSeconds: null,
  late: false,
  updatedAt: '2026-11-23T18:00:00.000Z',
  ...fields,
  ...over,
});

export const detail = (over: Partial<SessionDetail> = {}): SessionDetail => ({
  session: {
    id: 5,
    datasetId: 1,
    datasetName: 'tatqa_dataset_dev.json',
    datasetFormat: 'tatqa',
    questionIds: [12, 11, 13],
    questionSetKey: 'k',
    seed: 7,
    stratify: 'none',
    budgetSeconds: 600,
    perQuestionCapSeconds: null,
    expert: 'Ada',
    instructions: '',
    blinded: true,
    status: 'open',
    createdAt: '2026-11-23T18:00:00.000Z',
    finishedAt: null,
    appVersion: '0.1.0',
    origin: 'local',
    bundleSha256: null,
    uid: '6f1c2a8e-3b4d-4c5e-8f90-1a2b3c4d5e6f',
    signature: 'local',
    signerFingerprint: null,
  },
  // Positions give the order, whatever order the list arrives in.
  questions: [11, 12, 13].map((id) => ({
    id,
    position: id === 12 ? 0 : id === 11 ? 1 : 2,
    externalId: `uid-${id}`,
    datasetId: 1,
    documentId: 100 + id,
    documentExternalId: `doc-${id}`,
    question: `What is ${id}?`,
    type: 'arithmetic',
  })),
  answers: [],
  scratch: [],
  clock: clock({ state: 'not-started', activeSeconds: 0 }),
  ...over,
});
