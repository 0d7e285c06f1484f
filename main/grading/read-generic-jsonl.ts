import type { ReadItem, ReadResult } from './grade-record';
import { tooLong } from './input-limits';
import { asJsonValue, goldProblem, readId } from './json-value';
import { isRecord, parseJsonl } from './parse-json';

// Generic JSONL: one record a line `{id, question?, gold, output, scale?}` with free-text gold
// ("$1,496.5 million", "23.42%", 0.2342) and the model's free-text output.

function readOne(r: Record<string, unknown>, line: number): ReadItem {
  const id = readId(r.id);
  if (id === undefined) return { id: `line ${line}`, error: 'missing id' };
  const problem = goldProblem(r.gold);
  if (problem) return { id, error: problem };
  const gold = asJsonValue(r.gold);
  if (gold === undefined || (typeof gold !== 'string' && typeof gold !== 'number'))
    return { id, error: 'gold must be a string or a number' };
  if (r.output !== undefined && r.output !== null && typeof r.output !== 'string')
    return { id, error: 'output must be a string' };
  const output = typeof r.output === 'string' ? r.output : null;
  if (output !== null) {
    const big = tooLong(output);
    if (big) return { id, error: big };
  }
  const scale = typeof r.scale === 'string' ? r.scale : undefined;
  const question = typeof r.question === 'string' ? r.question : undefined;
  return {
    id,
    input: {
      gold,
      ...(scale ? { goldScale: scale } : {}),
      ...(question ? { question } : {}),
      prediction: output,
      predictionKind: 'text',
    },
  };
}

export function readGenericJsonl(text: string): ReadResult {
  const items: ReadItem[] = [];
  const ids = new Set<string>();
  for (const l of parseJsonl(text)) {
    if ('error' in l) {
      items.push({ id: `line ${l.line}`, error: l.error });
      continue;
    }
    if (!isRecord(l.value)) {
      items.push({ id: `line ${l.line}`, error: 'record is not an object' });
      continue;
    }
    const item = readOne(l.value, l.line);
    if (ids.has(item.id)) {
      items.push({ id: item.id, error: `duplicate id (line ${l.line})` });
      continue;
    }
    ids.add(item.id);
    items.push(item);
  }
  return { items, warnings: [] };
}
