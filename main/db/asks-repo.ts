import type { Database } from 'better-sqlite3';
import { AskResult, type PromptTemplate } from '../../shared/ask/ask';
import { perConnection } from './per-connection';

interface AskRow {
  id: number;
  result: string;
}

interface TemplateRow {
  id: string;
  name: string;
  mode: PromptTemplate['mode'];
  system: string;
  user: string;
}

/** A stored result is read back through the schema (an older row missing a field fails loudly). */
const toResult = (r: AskRow): AskResult => AskResult.parse({ ...JSON.parse(r.result), id: r.id });

/** The asks history and the user's prompt templates (migration 0010). */
export const asksRepo = perConnection((db: Database) => {
  const insert = db.prepare<[string, number | null, number | null, string, string, string, string]>(
    `INSERT INTO asks (ask_id, document_id, question_id, mode, model, created_at, result)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const byDocument = db.prepare<[number, number], AskRow>(
    'SELECT id, result FROM asks WHERE document_id = ? ORDER BY id DESC LIMIT ?',
  );
  const byQuestion = db.prepare<[number, number], AskRow>(
    'SELECT id, result FROM asks WHERE question_id = ? ORDER BY id DESC LIMIT ?',
  );
  const byBoth = db.prepare<[number, number, number], AskRow>(
    'SELECT id, result FROM asks WHERE document_id = ? AND question_id = ? ORDER BY id DESC LIMIT ?',
  );
  const recent = db.prepare<[number], AskRow>(
    'SELECT id, result FROM asks ORDER BY id DESC LIMIT ?',
  );
  const templates = db.prepare<[], TemplateRow>(
    'SELECT id, name, mode, system, user FROM prompt_templates ORDER BY name, id',
  );
  const template = db.prepare<[string], TemplateRow>(
    'SELECT id, name, mode, system, user FROM prompt_templates WHERE id = ?',
  );
  const putTemplate = db.prepare<[string, string, string, string, string, string]>(
    `INSERT INTO prompt_templates (id, name, mode, system, user, updated_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, mode = excluded.mode,
       system = excluded.system, user = excluded.user, updated_at = excluded.updated_at`,
  );
  const toTemplate = (r: TemplateRow): PromptTemplate => ({ ...r, builtin: false });

  return {
    /** Stores a completed ask; returns it with its row id. */
    add(result: Omit<AskResult, 'id'>): AskResult {
      const { lastInsertRowid } = insert.run(
        result.askId,
        result.documentId,
        result.questionId,
        result.mode,
        result.model,
        result.createdAt,
        JSON.stringify(result),
      );
      return { ...result, id: Number(lastInsertRowid) };
    },
    history(filter: { documentId?: number; questionId?: number }, limit: number): AskResult[] {
      const { documentId, questionId } = filter;
      const rows =
        documentId !== undefined && questionId !== undefined
          ? byBoth.all(documentId, questionId, limit)
          : documentId !== undefined
            ? byDocument.all(documentId, limit)
            : questionId !== undefined
              ? byQuestion.all(questionId, limit)
              : recent.all(limit);
      return rows.map(toResult);
    },
    templates: (): PromptTemplate[] => templates.all().map(toTemplate),
    template(id: string): PromptTemplate | undefined {
      const r = template.get(id);
      return r ? toTemplate(r) : undefined;
    },
    saveTemplate(t: PromptTemplate): PromptTemplate {
      putTemplate.run(t.id, t.name, t.mode, t.system, t.user, new Date().toISOString());
      return { ...t, builtin: false };
    },
  };
});
