import type { JsonValue } from '../../shared/grading/verdict';
import { asJsonValue, readId } from './json-value';
import { isRecord, parseJsonl, parseJsonLenient } from './parse-json';

// A separate gold file for `--gold`: the answers by id, overriding those in the predictions.
// Accepts the published layouts so no conversion step is needed.

export interface GoldEntry {
  gold: JsonValue;
  goldScale?: string;
  answerType?: string;
}

function fromRecord(r: Record<string, unknown>): [string, GoldEntry] | undefined {
  // FinanceMath / DocMath-Eval validation.json
  const qid = readId(r.question_id);
  if (qid !== undefined && 'ground_truth' in r)
    return [qid, { gold: asJsonValue(r.ground_truth) ?? null }];
  // FinQA
  if (readId(r.id) !== undefined && isRecord(r.qa) && 'exe_ans' in r.qa)
    return [readId(r.id) as string, { gold: asJsonValue(r.qa.exe_ans) ?? null }];
  // Generic {id, gold, scale?, answer_type?}
  const id = readId(r.id);
  if (id !== undefined && 'gold' in r)
    return [
      id,
      {
        gold: asJsonValue(r.gold) ?? null,
        ...(typeof r.scale === 'string' ? { goldScale: r.scale } : {}),
        ...(typeof r.answer_type === 'string' ? { answerType: r.answer_type } : {}),
      },
    ];
  return undefined;
}

export function readGoldFile(text: string): Map<string, GoldEntry> {
  const out = new Map<string, GoldEntry>();
  let records: unknown[];
  try {
    const data = parseJsonLenient(text);
    records = Array.isArray(data) ? data : [data];
  } catch {
    records = parseJsonl(text).flatMap((l) => ('value' in l ? [l.value] : []));
  }
  for (const r of records) {
    if (!isRecord(r)) continue;
    // TAT-QA dataset: contexts with questions[]
    if (Array.isArray(r.questions)) {
      for (const q of r.questions) {
        if (!isRecord(q)) continue;
        const uid = readId(q.uid);
        if (uid === undefined) continue;
        out.set(uid, {
          gold: asJsonValue(q.answer) ?? null,
          ...(typeof q.scale === 'string' ? { goldScale: q.scale } : {}),
          ...(typeof q.answer_type === 'string' ? { answerType: q.answer_type } : {}),
        });
      }
      continue;
    }
    const entry = fromRecord(r);
    if (entry) out.set(entry[0], entry[1]);
  }
  return out;
}
