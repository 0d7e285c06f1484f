import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Services } from '../../../main/services';
import type { RunProgress } from '../../../shared/runs/run';
import { dataPath } from '../../support/data-dir';
import type { RecordedRequest } from '../../support/openai-test-server';

/** One TAT-QA dev record as the file has it (what the tests need of it). */
export interface TatqaRecord {
  table: unknown;
  paragraphs: unknown[];
  questions: { uid: string; question: string; answer: unknown; answer_type: string }[];
}

export function tatqaDev(): TatqaRecord[] {
  return JSON.parse(
    readFileSync(dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json'), 'utf8'),
  ) as TatqaRecord[];
}

/** The first `records` TAT-QA dev records written to `dir`, imported as a dataset. */
export async function importTatqa(
  services: Services,
  dir: string,
  records: TatqaRecord[],
  name = 'tatqa_engine.json',
): Promise<{ datasetId: number; file: string }> {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(records));
  const stored = await services.datasets.importFile('tatqa', file);
  return { datasetId: stored.datasetId, file };
}

/** The last user message of a recorded chat request (the question and its context). */
export function lastUser(req: RecordedRequest): string {
  const messages = (req.body as { messages?: { role: string; content: string }[] }).messages ?? [];
  return [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
}

/** The question line of our templates' user message (`Question: …`). */
export function questionOf(req: RecordedRequest): string {
  const m = /Question:\s*(.+)/.exec(lastUser(req));
  return (m?.[1] ?? '').trim();
}

export const chatRequests = (requests: readonly RecordedRequest[]) =>
  requests.filter((r) => r.path.endsWith('/chat/completions'));

/** Resolves when `cond` holds (polled every 10 ms), rejects after `ms`. */
export async function waitFor(cond: () => boolean, ms = 20_000, what = 'condition'): Promise<void> {
  const until = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Collects a run's progress events. */
export function progressLog(): { events: RunProgress[]; listener: (p: RunProgress) => void } {
  const events: RunProgress[] = [];
  return { events, listener: (p) => events.push(p) };
}
