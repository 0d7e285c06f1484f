import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../../main/services';
import { gridLayout } from '../../../shared/document/grid-layout';
import type { FactsSearchResult, FactsSeriesResult } from '../../../shared/facts/company-facts';
import { chartPoints, periodKinds, seriesCsv } from '../../../shared/facts/series';
import type { ImportReport } from '../../../shared/library/document';
import type { Document } from '../../../shared/document';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';
import { tempServices } from '../../support/services';

// Issue 27: a company's facts across its filings (facts.search, facts.series), on Boeing's
// 10-K for 2024 (sec-more/) and 10-Q for the second quarter of 2025 (sec-check/, used here as a
// second filing of one filer, not to choose any rule).

if (!hasData) console.warn(`[skip] ${noDataMessage}`);

describe.skipIf(!hasData)("a company's facts across its filings", () => {
  let services: Services;
  let cleanup: () => void;
  const ids: number[] = [];
  const call = async <T>(method: string, input: unknown): Promise<T> => {
    const r = await services.registry.call(method, input);
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    return r.value as T;
  };

  beforeAll(async () => {
    ({ services, cleanup } = await tempServices());
    const imported = await call<ImportReport>('library.importPaths', {
      paths: [
        dataPath('sec-more', 'ba-10-k-2025-02-03.html'),
        dataPath('sec-check', 'ba-10-q-2025-07-29.html'),
      ],
    });
    for (const item of imported.items) if (item.ok) ids.push(item.document.id);
    await services.facts.fill();
  }, 120_000);
  afterAll(() => {
    services?.close();
    cleanup?.();
  });

  it('finds us-gaap:Revenues first for "revenues", in both filings, by CIK with or without zeros', async () => {
    const found = await call<FactsSearchResult>('facts.search', {
      subject: { company: '12927' },
      query: 'revenues',
    });
    expect(found.company).toMatchObject({ key: 'cik:0000012927', cik: '0000012927' });
    expect(found.filings.map((f) => [f.form, f.fiscalPeriod])).toEqual([
      ['10-Q', 'Q2 2025'],
      ['10-K', 'FY2024'],
    ]);
    expect(found.filings.every((f) => f.factCount > 100 && f.error === null)).toBe(true);
    expect(found.concepts[0]).toMatchObject({ concept: 'us-gaap:Revenues', filings: 2 });
    expect(found.concepts.map((c) => c.concept)).toContain(
      'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax',
    );
  }, 120_000);

  it('finds a concept by the words of its row label, not only its name', async () => {
    const found = await call<FactsSearchResult>('facts.search', {
      subject: { documentIds: ids },
      query: 'total revenues',
    });
    // "total" is in no concept's name: us-gaap:Revenues is found by its rows' labels
    const revenues = found.concepts.find((c) => c.concept === 'us-gaap:Revenues');
    expect(revenues?.rowLabels.length).toBeGreaterThan(0);
    expect(found.concepts.every((c) => !/total/i.test(c.concept))).toBe(true);
  }, 60_000);

  it('gives a series across both filings whose every point is the value of its cell', async () => {
    const series = await call<FactsSeriesResult>('facts.series', {
      subject: { company: 'cik:0000012927' },
      concept: 'Revenues',
    });
    expect(series.concept).toBe('us-gaap:Revenues');
    const docs = new Set(series.points.map((p) => p.documentId));
    expect(docs).toEqual(new Set(ids));
    const byLabel = (label: string) => series.points.filter((p) => p.label === label);
    // Boeing's revenues: $66,517 million in 2024, $22,749 million in the second quarter of 2025
    expect(byLabel('FY2024').map((p) => [p.value, p.scale, p.unit])).toEqual([
      [66_517, 1e6, 'USD'],
    ]);
    expect(byLabel('Q2 2025').map((p) => p.base)).toEqual([22_749e6]);
    expect(new Set(series.points.map((p) => p.label))).toEqual(
      new Set(['FY2022', 'FY2023', 'FY2024', 'Q2 2024', 'Q2 2025', 'H1 2024', 'H1 2025']),
    );
    expect(periodKinds(series.points)[0]).toBe('year');
    expect(chartPoints(series.points, 'year', series.filings).map((p) => p.label)).toEqual([
      'FY2022',
      'FY2023',
      'FY2024',
    ]);

    const models = new Map<number, Document>();
    for (const id of ids) {
      const opened = await call<{ model: Document }>('document.open', { id });
      models.set(id, opened.model);
    }
    for (const p of series.points) {
      const at = p.cells[0]!;
      const table = models.get(p.documentId)!.tables.find((t) => t.id === at.tableId)!;
      const layout = gridLayout(table);
      const cell = layout.rows[at.row]!.cells[layout.columns[at.col]!.field];
      expect(cell?.value, `${p.label} ${at.tableId} ${at.row}/${at.col}`).toBe(p.value);
    }

    const csv = seriesCsv(series.concept, series.points, series.filings);
    expect(csv.split('\r\n')[0]).toMatch(/^concept,period,period_start,period_end,value,/);
    expect(csv).toContain(
      'us-gaap:Revenues,FY2024,2024-01-01,2024-12-31,66517,1000000,66517000000,USD',
    );
  }, 120_000);

  it('says what it could not find', async () => {
    await expect(
      call('facts.series', { subject: { company: 'Netflix' }, concept: 'Revenues' }),
    ).rejects.toThrow(/not-found: no company "Netflix"/);
    await expect(
      call('facts.series', { subject: { documentIds: ids }, concept: 'us-gaap:NoSuchThing' }),
    ).rejects.toThrow(/not-found: no fact tagged us-gaap:NoSuchThing/);
    await expect(
      call('facts.search', { subject: { company: 'x', documentIds: ids }, query: '' }),
    ).rejects.toThrow(/invalid-input/);
  });
});

if (!hasData) it.skip(`company facts: ${noDataMessage}`, () => undefined);
