import type { Database } from 'better-sqlite3';
import { WorkbenchError } from '../../shared/api/result';
import type { DatasetSummary, StoredQuestion } from '../../shared/datasets';
import {
  MAX_QUESTION_SET_SIZE,
  QuestionSetCreateInput,
  type QuestionSet,
  type QuestionSetDetail,
  type QuestionSetSelection,
} from '../../shared/question-sets/question-set';
import { filterValues, questionFilter } from '../../shared/question-sets/select';
import { sampleQuestions } from '../../shared/sessions/sampling';
import type { Session } from '../../shared/sessions/session';
import type { DatasetService } from '../datasets/dataset-service';
import { questionSetsRepo } from '../db/question-sets-repo';
import { sessionsRepo } from '../db/sessions-repo';
import { questionSetKey } from './question-set-key';
import { candidates } from './sample-session';

export interface QuestionSetServiceDeps {
  db: Database;
  datasets: Pick<DatasetService, 'summary' | 'storedQuestions' | 'list'>;
  now?: () => Date;
}

/** The first few of a list, for a message. */
const some = (xs: readonly (string | number)[], n = 5) =>
  xs.slice(0, n).join(', ') + (xs.length > n ? `, … (${xs.length} in all)` : '');

/**
 * Question sets (docs/sessions.md, "Question sets"): a named list of a dataset's questions,
 * chosen by id, by filters or by a seeded stratified sample, that sessions and runs are made
 * from. The API handlers, the session service, the run engine and the CLI go through it.
 */
export class QuestionSetService {
  constructor(private readonly deps: QuestionSetServiceDeps) {}

  private get repo() {
    return questionSetsRepo(this.deps.db);
  }

  get(id: number): QuestionSet {
    const s = this.repo.get(id);
    if (!s) throw new WorkbenchError('not-found', `no question set #${id} in this workspace`);
    return s;
  }

  /** A set by id or by name (the CLI's `--questions SET`); undefined when neither names one. */
  lookup(idOrName: string): QuestionSet | undefined {
    const text = idOrName.trim();
    if (/^\d+$/.test(text)) return this.repo.get(Number(text));
    return this.repo.byName(text);
  }

  find(idOrName: string): QuestionSet {
    const s = this.lookup(idOrName);
    if (!s)
      throw new WorkbenchError(
        'not-found',
        `no question set ${/^\d+$/.test(idOrName.trim()) ? '#' : ''}${idOrName.trim()} in this workspace (workbench question-set list shows them)`,
      );
    return s;
  }

  list(datasetId?: number): QuestionSet[] {
    return this.repo.list(datasetId);
  }

  remove(id: number): boolean {
    return this.repo.remove(id);
  }

  detail(id: number): QuestionSetDetail {
    const set = this.get(id);
    const stored = new Map(this.deps.datasets.storedQuestions(set.datasetId).map((q) => [q.id, q]));
    const questions = [];
    const missing: string[] = [];
    for (const { questionId, externalId } of this.repo.questions(id)) {
      const q = stored.get(questionId);
      if (!q) {
        missing.push(externalId);
        continue;
      }
      questions.push({
        id: q.id,
        externalId: q.externalId,
        datasetId: q.datasetId,
        documentId: q.documentId,
        documentExternalId: q.documentExternalId,
        question: q.question,
        type: q.type,
      });
    }
    const runIds = this.deps.db
      .prepare<[number], { id: number }>(
        "SELECT id FROM runs WHERE json_extract(manifest, '$.questionSet.id') = ? ORDER BY id",
      )
      .all(id)
      .map((r) => r.id);
    return {
      set,
      questions,
      missing,
      sessionIds: sessionsRepo(this.deps.db)
        .ofQuestionSet(set.key)
        .map((s) => s.id),
      runIds,
    };
  }

  /**
   * The set's questions as the dataset holds them now, in the set's order; refused when a
   * re-import removed one (a session or run on it would not be on the set's questions).
   */
  questionsNow(set: QuestionSet): StoredQuestion[] {
    const stored = new Map(this.deps.datasets.storedQuestions(set.datasetId).map((q) => [q.id, q]));
    const rows = this.repo.questions(set.id);
    const gone = rows.filter((r) => !stored.has(r.questionId)).map((r) => r.externalId);
    if (gone.length > 0)
      throw new WorkbenchError(
        'invalid-input',
        `${gone.length} question(s) of question set "${set.name}" are no longer in dataset #${set.datasetId} (${some(gone)}); make a new set`,
      );
    return rows.map((r) => stored.get(r.questionId)!);
  }

  create(raw: QuestionSetCreateInput): QuestionSet {
    const input = QuestionSetCreateInput.parse(raw);
    const name = input.name.trim();
    const taken = this.repo.byName(name);
    if (taken)
      throw new WorkbenchError(
        'duplicate',
        `a question set is already named "${name}" (#${taken.id}, ${taken.questionIds.length} questions of ${taken.datasetName})`,
      );
    const dataset = this.deps.datasets.summary(input.datasetId);
    const stored = this.deps.datasets.storedQuestions(dataset.id);
    if (stored.length === 0)
      throw new WorkbenchError('invalid-input', `dataset #${dataset.id} has no questions`);
    const { questions, selection } = this.choose(dataset, stored, input);
    return this.store(dataset, name, input.description ?? '', questions, selection);
  }

  private store(
    dataset: DatasetSummary,
    name: string,
    description: string,
    questions: readonly StoredQuestion[],
    selection: QuestionSetSelection,
  ): QuestionSet {
    const id = this.repo.create({
      name,
      description,
      datasetId: dataset.id,
      key: questionSetKey(
        dataset.format,
        dataset.name,
        questions.map((q) => q.externalId),
      ),
      selection,
      createdAt: (this.deps.now?.() ?? new Date()).toISOString(),
      questions: questions.map((q) => ({ questionId: q.id, externalId: q.externalId })),
    });
    return this.get(id);
  }

  /** Which questions the input names, in the set's order, and how they were chosen. */
  private choose(
    dataset: DatasetSummary,
    stored: readonly StoredQuestion[],
    input: QuestionSetCreateInput,
  ): { questions: StoredQuestion[]; selection: QuestionSetSelection } {
    const lists = [input.questionIds, input.externalIds, input.ids].filter((l) => l !== undefined);
    const byIds = lists.length > 0;
    if (lists.length > 1)
      throw new WorkbenchError(
        'invalid-input',
        'give one list of questions: workspace ids, the dataset’s own ids, or ids of either kind',
      );
    if (byIds && (input.filter !== undefined || input.sample !== undefined))
      throw new WorkbenchError(
        'invalid-input',
        'choose the questions by id, or by a filter and/or a sample, not both',
      );
    if (!byIds && input.filter === undefined && input.sample === undefined)
      throw new WorkbenchError(
        'invalid-input',
        'say which questions: ids, a filter (type, answer source, document) or a sample',
      );

    if (byIds) {
      const questions =
        input.questionIds !== undefined
          ? this.byWorkspaceIds(dataset, stored, input.questionIds)
          : input.externalIds !== undefined
            ? this.byExternalIds(dataset, stored, input.externalIds)
            : this.byWorkspaceIds(
                dataset,
                stored,
                this.resolveIdList(input.ids!, dataset.id).questionIds,
              );
      return {
        questions,
        selection: { kind: 'ids', filter: null, sample: null, sessionId: null },
      };
    }

    let pool = [...stored];
    const filter = input.filter ?? null;
    if (filter) {
      const pass = questionFilter(dataset.format, filter);
      pool = pool.filter(pass);
      if (pool.length === 0) {
        const known = filterValues(dataset.format, stored);
        throw new WorkbenchError(
          'invalid-input',
          `no question of dataset #${dataset.id} ${dataset.name} passes the filter; its types: ${known.types.join(', ') || 'none'}; its answer sources: ${known.answerSources.join(', ') || 'none'}`,
        );
      }
    }
    if (!input.sample)
      return {
        questions: pool,
        selection: { kind: 'filter', filter, sample: null, sessionId: null },
      };
    const c = candidates(dataset.format, pool, input.sample.stratify ?? 'none');
    const ids = sampleQuestions(c.candidates, input.sample.count, input.sample.seed);
    const byId = new Map(pool.map((q) => [q.id, q]));
    return {
      questions: ids.map((id) => byId.get(id)!),
      selection: {
        kind: 'sample',
        filter,
        sample: { count: input.sample.count, seed: input.sample.seed, stratify: c.stratify },
        sessionId: null,
      },
    };
  }

  private byWorkspaceIds(
    dataset: DatasetSummary,
    stored: readonly StoredQuestion[],
    ids: readonly number[],
  ): StoredQuestion[] {
    const byId = new Map(stored.map((q) => [q.id, q]));
    const unknown = ids.filter((id) => !byId.has(id));
    if (unknown.length > 0)
      throw new WorkbenchError(
        'invalid-input',
        `${unknown.length} question id(s) are not questions of dataset #${dataset.id} ${dataset.name}: ${some(unknown)}`,
      );
    return unique(ids.map((id) => byId.get(id)!));
  }

  private byExternalIds(
    dataset: DatasetSummary,
    stored: readonly StoredQuestion[],
    ids: readonly string[],
  ): StoredQuestion[] {
    const byId = new Map(stored.map((q) => [q.externalId, q]));
    const unknown = ids.filter((id) => !byId.has(id));
    if (unknown.length > 0)
      throw new WorkbenchError(
        'invalid-input',
        `${unknown.length} id(s) are not questions of dataset #${dataset.id} ${dataset.name}: ${some(unknown)}`,
      );
    return unique(ids.map((id) => byId.get(id)!));
  }

  /**
   * A list of question ids as a user writes one (a file for `eval --questions FILE` or
   * `question-set create --ids FILE`): each the dataset's own id or a workspace id. A token is
   * the dataset's own id when the dataset has a question with it, otherwise a whole number is
   * a workspace id. Without `datasetId` the dataset is the one holding every token.
   */
  resolveIdList(
    tokens: readonly string[],
    datasetId?: number,
  ): { datasetId: number; questionIds: number[] } {
    if (tokens.length === 0) throw new WorkbenchError('invalid-input', 'the list has no ids');
    if (tokens.length > MAX_QUESTION_SET_SIZE)
      throw new WorkbenchError(
        'invalid-input',
        `the list has ${tokens.length} ids; at most ${MAX_QUESTION_SET_SIZE}`,
      );
    const datasets =
      datasetId !== undefined ? [this.deps.datasets.summary(datasetId)] : this.deps.datasets.list();
    const attempts = datasets.map((d) => {
      const stored = this.deps.datasets.storedQuestions(d.id);
      const byExternal = new Map(stored.map((q) => [q.externalId, q.id]));
      const byId = new Set(stored.map((q) => q.id));
      const ids: number[] = [];
      const unknown: string[] = [];
      for (const t of tokens) {
        const ext = byExternal.get(t);
        if (ext !== undefined) ids.push(ext);
        else if (/^\d+$/.test(t) && byId.has(Number(t))) ids.push(Number(t));
        else unknown.push(t);
      }
      return { dataset: d, ids, unknown };
    });
    const whole = attempts.filter((a) => a.unknown.length === 0);
    if (whole.length === 1) {
      const a = whole[0]!;
      return { datasetId: a.dataset.id, questionIds: [...new Set(a.ids)] };
    }
    if (whole.length > 1)
      throw new WorkbenchError(
        'invalid-input',
        `the ids are questions of ${whole.length} datasets (${whole.map((a) => `#${a.dataset.id} ${a.dataset.name}`).join(', ')}); give --dataset-id`,
      );
    const best = [...attempts].sort((a, b) => a.unknown.length - b.unknown.length)[0];
    if (!best) throw new WorkbenchError('not-found', 'no dataset in this workspace');
    throw new WorkbenchError(
      'invalid-input',
      `${best.unknown.length} of ${tokens.length} ids are not questions of ${datasetId !== undefined ? '' : 'any one dataset; closest: '}dataset #${best.dataset.id} ${best.dataset.name}: ${some(best.unknown)} (a line is the dataset's own question id, or a workspace id as workbench questions lists them)`,
    );
  }

  /**
   * The set of a session's questions: one already on them (the same key and dataset), else a
   * new one named after the session. What a run on a session's questions is made from.
   */
  forSession(session: Session): { set: QuestionSet; created: boolean } {
    if (session.datasetId === null)
      throw new WorkbenchError(
        'invalid-input',
        `session #${session.id}'s dataset (${session.datasetName}) is no longer in this workspace`,
      );
    const existing = this.repo
      .byKey(session.questionSetKey)
      .find((s) => s.datasetId === session.datasetId);
    if (existing) return { set: existing, created: false };
    const dataset = this.deps.datasets.summary(session.datasetId);
    const stored = new Map(this.deps.datasets.storedQuestions(dataset.id).map((q) => [q.id, q]));
    const gone = session.questionIds.filter((id) => !stored.has(id));
    if (gone.length > 0)
      throw new WorkbenchError(
        'invalid-input',
        `${gone.length} question(s) of session #${session.id} are no longer in the dataset`,
      );
    let name = `session #${session.id}`;
    for (let n = 2; this.repo.byName(name); n++) name = `session #${session.id} (${n})`;
    // The dataset's order, not the expert's (which is theirs, from the session's seed).
    const questions = [...session.questionIds].sort((a, b) => a - b).map((id) => stored.get(id)!);
    const set = this.store(
      dataset,
      name,
      `The questions of session #${session.id} (${session.expert}).`,
      questions,
      { kind: 'session', filter: null, sample: null, sessionId: session.id },
    );
    return { set, created: true };
  }
}

function unique(questions: StoredQuestion[]): StoredQuestion[] {
  const seen = new Set<number>();
  return questions.filter((q) => !seen.has(q.id) && (seen.add(q.id), true));
}
