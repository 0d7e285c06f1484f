import { describe, expect, it } from 'vitest';
import { ok } from '../../../shared/api/result';
import type { MethodInput } from '../../../shared/api/contract';
import type { LibraryEntry } from '../../../shared/library/filing-facts';
import { createAskStore } from '../../../renderer/stores/ask/ask-store';
import { entryLabel, filingChoices } from '../../../renderer/features/ask/filing-choices';
import { fakeClient } from '../questions/fake-client';
import { askResult } from './panel-fixtures';

const settle = () => new Promise((r) => setTimeout(r, 0));

function setup() {
  const runs: MethodInput<'ask.run'>[] = [];
  const api = fakeClient({
    'ask.history': () => ok({ asks: [] }),
    'ask.run': (input) => {
      runs.push(input);
      return ok(
        askResult(5, {
          askId: 'ask-id-1',
          documentId: 7,
          documentIds: (input as { documentIds?: number[] }).documentIds ?? [7],
        }),
      );
    },
  });
  const store = createAskStore(api.client, () => 'ask-id-1');
  return { store, runs };
}

const entry = (
  id: number,
  company: string | null,
  form: string | null,
  periodEnd: string | null,
  kind: LibraryEntry['kind'] = 'sec-html',
): LibraryEntry =>
  ({
    id,
    name: `doc-${id}.htm`,
    kind,
    facts: company
      ? {
          company,
          form,
          periodEnd,
          fiscalYear: periodEnd ? Number(periodEnd.slice(0, 4)) : null,
          fiscalPeriod: null,
          cik: null,
          source: 'xbrl',
        }
      : null,
  }) as unknown as LibraryEntry;

describe('Ask panel across filings (issue 27)', () => {
  it('asks with documentIds once a filing is added; one filing keeps documentId', async () => {
    const { store, runs } = setup();
    store.getState().open({ documentId: 7 });
    store.getState().setDraft({ providerId: 1, model: 'm', question: 'Growth?' });
    await store.getState().run();
    expect(runs[0]).toMatchObject({ documentId: 7 });
    expect(runs[0]).not.toHaveProperty('documentIds');
    store.getState().addFiling(3);
    store.getState().addFiling(3);
    store.getState().addFiling(7);
    expect(store.getState().filings).toEqual([3]);
    await store.getState().run();
    expect(runs[1]).toMatchObject({ documentIds: [7, 3] });
    expect(runs[1]).not.toHaveProperty('documentId');
    store.getState().removeFiling(3);
    expect(store.getState().filings).toEqual([]);
    // At most 8 filings in one ask: the open one and 7 more.
    for (let id = 10; id < 20; id++) store.getState().addFiling(id);
    expect(store.getState().filings).toHaveLength(7);
  });

  it('going to another filing of the shown ask keeps it shown; another document clears it', async () => {
    const { store } = setup();
    store.getState().open({ documentId: 7 });
    store.getState().setDraft({ providerId: 1, model: 'm', question: 'Growth?' });
    store.getState().addFiling(3);
    await store.getState().run();
    expect(store.getState().shown?.documentIds).toEqual([7, 3]);
    store.getState().open({ documentId: 3 });
    await settle();
    expect(store.getState().shown?.id).toBe(5);
    expect(store.getState().filings).toEqual([7]);
    store.getState().open({ documentId: 99 });
    expect(store.getState().shown).toBeUndefined();
    expect(store.getState().filings).toEqual([]);
  });

  it('offers the same company’s filings first, newest first, and no dataset files', () => {
    const docs = [
      entry(1, 'Johnson & Johnson', '10-Q', '2025-06-29'),
      entry(2, 'JOHNSON & JOHNSON', '10-K', '2024-12-29'),
      entry(3, 'Johnson & Johnson', '10-K', '2023-12-31'),
      entry(4, 'Boeing Co', '10-K', '2024-12-31'),
      entry(5, null, null, null, 'dataset'),
      entry(6, null, null, null, 'pdf'),
    ];
    const c = filingChoices(docs, 1, [3]);
    expect(c.company).toBe('Johnson & Johnson');
    expect(c.sameCompany.map((d) => d.id)).toEqual([2]);
    expect(c.others.map((d) => d.id)).toEqual([4, 6]);
    expect(entryLabel(docs[1]!)).toBe('10-K · period ended 2024-12-29 · doc-2.htm');
  });
});
