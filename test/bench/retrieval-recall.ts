/**
 * Retrieval recall on real benchmarks, ours next to plain BM25 over flattened text in the same
 * run (docs/BENCHMARKS.md, Retrieval). Offline, no training.
 *
 *   node --import tsx test/bench/retrieval-recall.ts [multihiertt|financebench|all] [--fresh] [--misses N]
 *   node --import tsx test/bench/retrieval-recall.ts --cv [K] [--seeds N] [--scores FILE]
 *
 * 1. MultiHiertt dev_subset.json. Gold evidence of a question: its `table_evidence` cells
 *    ("t-r-c" = table t, source row r, source column c: the reader keeps the dataset's grid, see
 *    main/ingest/datasets/multihiertt.ts) and its `text_evidence` paragraph indices.
 *    recall@10 of a question = gold items found among the top 10 hits / gold items; reported
 *    averaged over questions (macro, the target) and over items (micro). Ours ranks cells and
 *    paragraphs (`unit: 'cell'`); a gold cell counts only when that very cell is a hit.
 *    Baseline: the same FTS5 and query terms over each table row flattened to its label and
 *    values (no column headers, no caption, no header paths, no stemming, no number
 *    normalising, equal weights) and the paragraphs; a gold cell counts when its row is a hit
 *    (ours with `unit: 'row'` is reported on that same footing).
 * 2. FinanceBench questions.jsonl: a question is found when one of its evidence pages
 *    (`evidence_page_num` is 0-based; pages here are 1-based) is the page of one of the top 5
 *    hits. PDFs are parsed by the product's PDF reader (cached, see retrieval-data.ts).
 * 3. `--cv`: both measures cross-validated over the ranking's settings (retrieval-cv.ts):
 *    each question ranked with the settings chosen on the other folds, beside the in-sample
 *    figures of the product's defaults and of the setting best on all questions.
 */
import Database from 'better-sqlite3';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { memoryIndexDatabase, RetrievalService } from '../../main/retrieval/retrieval-service';
import type { Document } from '../../shared/document';
import type { RetrievalHit, PassageKind } from '../../shared/retrieval/hit';
import { DEFAULT_TUNING, type RetrievalTuning } from '../../shared/retrieval/tuning';
import { ftsQuery, questionTerms } from '../../shared/retrieval/terms';
import { hasData, noDataMessage } from '../support/data-dir';
import {
  financeBenchItems,
  financeBenchModels,
  hierttHeldOut,
  hierttItems,
  type HierttItem,
} from './retrieval-data';
import { choose, crossValidate, tuningGrid, type SettingScores } from './retrieval-cv';
import { compact } from '../../shared/util/compact';

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** A unit of the baseline: where it is, and its flattened text. */
interface FlatUnit {
  kind: 'row' | 'paragraph';
  blockId: string;
  sourceRow?: number;
  page?: number;
  text: string;
}

/** Rows flattened to "label value value …" and paragraphs, as a plain text retriever sees them. */
function flatUnits(document: Document): FlatUnit[] {
  const out: FlatUnit[] = [];
  for (const b of document.blocks)
    if (b.type === 'paragraph')
      out.push({
        kind: 'paragraph',
        blockId: b.id,
        ...(b.location.kind === 'pdf' ? { page: b.location.page } : {}),
        text: b.text,
      });
  for (const t of document.tables)
    for (const r of t.rows) {
      const cells = t.cells.filter((c) => c.sourceRow === r.sourceRow);
      if (r.kind === 'header' || cells.length === 0) continue;
      const values = cells.sort((a, b) => a.sourceCol - b.sourceCol).map((c) => c.text);
      out.push({
        kind: 'row',
        blockId: t.id,
        sourceRow: r.sourceRow,
        ...compact({ page: t.page }),
        text: [r.label, ...values].join(' '),
      });
    }
  return out;
}

/** Plain BM25: one FTS5 column, unicode61 without stemming, bm25() unweighted. */
class FlatIndex {
  private readonly db = new Database(':memory:');
  private readonly units: FlatUnit[];
  constructor(document: Document) {
    this.units = flatUnits(document);
    this.db.exec("CREATE VIRTUAL TABLE u USING fts5(text, tokenize = 'unicode61')");
    const ins = this.db.prepare('INSERT INTO u (rowid, text) VALUES (?, ?)');
    this.db.transaction(() => this.units.forEach((x, i) => ins.run(i + 1, x.text)))();
  }
  search(question: string, k: number): FlatUnit[] {
    const match = ftsQuery(questionTerms(question));
    if (match === null) return [];
    return this.db
      .prepare<[string, number], { id: number }>(
        'SELECT rowid AS id FROM u WHERE u MATCH ? ORDER BY bm25(u), rowid LIMIT ?',
      )
      .all(match, k)
      .map((r) => this.units[r.id - 1]!);
  }
  close() {
    this.db.close();
  }
}

/** One document's index in memory, built once and reused for all its questions. */
function productIndex() {
  const service = new RetrievalService(memoryIndexDatabase());
  return (doc: Document, question: string, k: number, unit: PassageKind) =>
    service.search(1, doc, question, { k, unit });
}

/**
 * One document's index in memory, searched with any ranking settings: the index does not
 * depend on them (only the scoring does), so it is built once for all the settings.
 */
function tunableIndex() {
  const db = memoryIndexDatabase();
  const services = new Map<RetrievalTuning, RetrievalService>();
  return (
    doc: Document,
    question: string,
    k: number,
    unit: PassageKind,
    tuning: RetrievalTuning,
  ) => {
    let service = services.get(tuning);
    if (!service) services.set(tuning, (service = new RetrievalService(db, tuning)));
    return service.search(1, doc, question, { k, unit });
  };
}

/** A MultiHiertt question's recall@10 from its hits (exact cells and gold sentences). */
function hierttRecall(item: HierttItem, hits: readonly RetrievalHit[]): number | null {
  const cells = item.cells.map((c) =>
    hits.some(
      (h) =>
        h.kind === 'cell' &&
        h.blockId === `t${c.table}` &&
        h.sourceRow === c.row &&
        h.sourceCol === c.col,
    ),
  );
  const sentences = item.sentences.map((s) =>
    hits.some((h) => h.kind === 'paragraph' && h.blockId === `p${s}`),
  );
  const all = [...cells, ...sentences];
  return all.length === 0 ? null : all.filter(Boolean).length / all.length;
}

/** Every setting of the grid scored on every question of both benchmarks. */
async function settingScores(fresh: boolean): Promise<SettingScores[]> {
  const grid = tuningGrid();
  if (!grid.some((g) => JSON.stringify(g.tuning) === JSON.stringify(DEFAULT_TUNING)))
    throw new Error("the grid must hold the product's default settings");
  const scores: SettingScores[] = grid.map((g) => ({ ...g, multihiertt: [], financebench: [] }));
  for (const item of hierttItems()) {
    const search = tunableIndex();
    for (const s of scores) {
      const r = hierttRecall(
        item,
        await search(item.document, item.question, 10, 'cell', s.tuning),
      );
      if (r !== null) s.multihiertt.push(r);
    }
  }
  const items = financeBenchItems();
  const { models } = await financeBenchModels([...new Set(items.map((i) => i.doc))], {
    fresh,
    log: (line) => console.log(`  ${line}`),
  });
  const byDoc = new Map<string, ReturnType<typeof tunableIndex>>();
  for (const item of items) {
    const doc = models.get(item.doc);
    if (!doc || item.pages.length === 0) continue;
    let search = byDoc.get(item.doc);
    if (!search) byDoc.set(item.doc, (search = tunableIndex()));
    for (const s of scores) {
      const hits = await search(doc, item.question, 5, 'block', s.tuning);
      s.financebench.push(
        hits.some((h) => h.page !== undefined && item.pages.includes(h.page)) ? 1 : 0,
      );
    }
  }
  return scores;
}

export async function runCrossValidation(
  k: number,
  seeds: number,
  fresh: boolean,
  cacheFile?: string,
) {
  const started = performance.now();
  // --scores FILE: the grid's per-question scores kept between runs (the grid takes minutes).
  const scores: SettingScores[] =
    cacheFile && !fresh && existsSync(cacheFile)
      ? (JSON.parse(readFileSync(cacheFile, 'utf8')) as SettingScores[])
      : await settingScores(fresh);
  if (cacheFile) writeFileSync(cacheFile, JSON.stringify(scores));
  const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const nMh = scores[0]!.multihiertt.length;
  const nFb = scores[0]!.financebench.length;
  const defaults = scores.find((s) => JSON.stringify(s.tuning) === JSON.stringify(DEFAULT_TUNING))!;
  // Which MultiHiertt scores belong to the held-out part (the questions with gold evidence,
  // in the order settingScores scored them).
  const held = hierttItems()
    .filter((i) => i.cells.length + i.sentences.length > 0)
    .map((i) => hierttHeldOut(i.uid));
  if (held.length !== nMh) throw new Error('MultiHiertt scores do not match the questions');
  const part = (xs: readonly number[], h: boolean) => mean(xs.filter((_, q) => held[q] === h));
  const parts = (xs: readonly number[]) =>
    `(tuning part ${pct(part(xs, false))}, held-out part ${pct(part(xs, true))})`;
  const bestAll = choose(
    scores,
    () => true,
    () => true,
  );
  console.log(
    `Cross-validated retrieval: ${scores.length} settings, MultiHiertt ${nMh} questions (recall@10, cells + paragraphs), FinanceBench ${nFb} (page@5, block units), ${k} folds, ${seeds} seeds (${((performance.now() - started) / 1000).toFixed(0)} s to score the grid)`,
  );
  console.log(
    `  in-sample, product defaults:        MultiHiertt ${pct(mean(defaults.multihiertt))} ${parts(defaults.multihiertt)}  FinanceBench ${pct(mean(defaults.financebench))}  (${defaults.name})`,
  );
  console.log(
    `  in-sample, best on all questions:   MultiHiertt ${pct(mean(bestAll.multihiertt))} ${parts(bestAll.multihiertt)}  FinanceBench ${pct(mean(bestAll.financebench))}  (${bestAll.name})`,
  );
  const noRowPath = choose(
    scores.filter((s) => s.tuning.bm25.rowPath === 0),
    () => true,
    () => true,
  );
  console.log(
    `  in-sample, best without row path:   MultiHiertt ${pct(mean(noRowPath.multihiertt))} ${parts(noRowPath.multihiertt)}  FinanceBench ${pct(mean(noRowPath.financebench))}  (${noRowPath.name})`,
  );
  const runs = [...Array(seeds).keys()].map((seed) => crossValidate(scores, k, seed + 1));
  runs.forEach((r, i) =>
    console.log(
      `  cross-validated, seed ${i + 1}:          MultiHiertt ${pct(r.multihiertt)} ${parts(r.perMultihiertt)}  FinanceBench ${pct(r.financebench)}  (folds chose the defaults ${r.chosen.filter((c) => c === defaults.name).length}/${k} times)`,
    ),
  );
  const range = (xs: number[]) =>
    `${pct(mean(xs))} (${pct(Math.min(...xs))}–${pct(Math.max(...xs))})`;
  console.log(
    `  cross-validated, mean (min–max) over seeds: MultiHiertt ${range(runs.map((r) => r.multihiertt))}  FinanceBench ${range(runs.map((r) => r.financebench))}`,
  );
  console.log(
    `    MultiHiertt tuning part ${range(runs.map((r) => part(r.perMultihiertt, false)))}, held-out part ${range(runs.map((r) => part(r.perMultihiertt, true)))}`,
  );
  const chosen = new Map<string, number>();
  for (const r of runs) for (const c of r.chosen) chosen.set(c, (chosen.get(c) ?? 0) + 1);
  console.log('  settings the folds chose (times):');
  for (const [name, n] of [...chosen].sort((a, b) => b[1] - a[1]))
    console.log(
      `    ${String(n).padStart(3)}  ${name}${name === defaults.name ? '  (defaults)' : ''}`,
    );
}

interface Recall {
  macro: number;
  found: number;
  items: number;
  cells: [number, number];
  sentences: [number, number];
}

/** Gold items of a MultiHiertt question found by a predicate over the hits. */
function recallOf(
  items: HierttItem[],
  found: (item: HierttItem) => { cells: boolean[]; sentences: boolean[] },
): { recall: Recall; perItem: { uid: string; r: number }[] } {
  let sum = 0;
  let counted = 0;
  const r: Recall = { macro: 0, found: 0, items: 0, cells: [0, 0], sentences: [0, 0] };
  const perItem: { uid: string; r: number }[] = [];
  for (const item of items) {
    const f = found(item);
    const all = [...f.cells, ...f.sentences];
    if (all.length === 0) continue;
    const hit = all.filter(Boolean).length;
    sum += hit / all.length;
    counted++;
    r.found += hit;
    r.items += all.length;
    r.cells[0] += f.cells.filter(Boolean).length;
    r.cells[1] += f.cells.length;
    r.sentences[0] += f.sentences.filter(Boolean).length;
    r.sentences[1] += f.sentences.length;
    perItem.push({ uid: item.uid, r: hit / all.length });
  }
  r.macro = sum / Math.max(1, counted);
  return { recall: r, perItem };
}

const line = (name: string, r: Recall) =>
  `${name.padEnd(44)} ${pct(r.macro).padStart(6)}  (micro ${r.found}/${r.items} = ${pct(r.found / Math.max(1, r.items))}; cells ${r.cells[0]}/${r.cells[1]}, sentences ${r.sentences[0]}/${r.sentences[1]})`;

export async function runMultihiertt(showMisses = 0) {
  const items = hierttItems();
  const k = 10;
  const ours = new Map<string, RetrievalHit[]>();
  const oursRows = new Map<string, RetrievalHit[]>();
  const flat = new Map<string, FlatUnit[]>();
  for (const item of items) {
    const search = productIndex();
    ours.set(item.uid, await search(item.document, item.question, k, 'cell'));
    oursRows.set(item.uid, await search(item.document, item.question, k, 'row'));
    const base = new FlatIndex(item.document);
    flat.set(item.uid, base.search(item.question, k));
    base.close();
  }
  const sentenceFound = (hits: { kind: string; blockId: string }[], s: number) =>
    hits.some((h) => h.kind === 'paragraph' && h.blockId === `p${s}`);
  const cellsExact = recallOf(items, (item) => {
    const hits = ours.get(item.uid)!;
    return {
      cells: item.cells.map((c) =>
        hits.some(
          (h) =>
            h.kind === 'cell' &&
            h.blockId === `t${c.table}` &&
            h.sourceRow === c.row &&
            h.sourceCol === c.col,
        ),
      ),
      sentences: item.sentences.map((s) => sentenceFound(hits, s)),
    };
  });
  const rowFound =
    (hits: { kind: string; blockId: string; sourceRow?: number | undefined }[]) =>
    (item: HierttItem) => ({
      cells: item.cells.map((c) =>
        hits.some((h) => h.kind === 'row' && h.blockId === `t${c.table}` && h.sourceRow === c.row),
      ),
      sentences: item.sentences.map((s) => sentenceFound(hits, s)),
    });
  const rows = recallOf(items, (item) => rowFound(oursRows.get(item.uid)!)(item));
  const base = recallOf(items, (item) => rowFound(flat.get(item.uid)!)(item));
  console.log(
    `MultiHiertt dev_subset: ${items.length} questions, recall@${k} (mean over questions)`,
  );
  console.log(line('ours, cells + paragraphs (exact cell)', cellsExact.recall));
  console.log(line('ours, rows + paragraphs (cell via its row)', rows.recall));
  console.log(line('baseline BM25, flattened rows + paragraphs', base.recall));
  const part = (held: boolean) => {
    const rs = cellsExact.perItem.filter((p) => hierttHeldOut(p.uid) === held).map((p) => p.r);
    return `${pct(rs.reduce((a, b) => a + b, 0) / Math.max(1, rs.length))} of ${rs.length}`;
  };
  console.log(`  ours, cells: tuning part ${part(false)}, held-out part ${part(true)}`);
  // Misses are printed from the tuning part only: the held-out part is never read to design a rule.
  if (showMisses > 0)
    for (const p of cellsExact.perItem
      .filter((x) => x.r < 1 && !hierttHeldOut(x.uid))
      .slice(0, showMisses)) {
      const item = items.find((i) => i.uid === p.uid)!;
      console.log(`  ${pct(p.r)} ${item.uid}: ${item.question}`);
      console.log(
        `     gold cells ${item.cells.map((c) => `${c.table}-${c.row}-${c.col}`).join(' ')} sentences ${item.sentences.join(' ')}`,
      );
      for (const h of ours.get(item.uid)!.slice(0, 10))
        console.log(
          `     ${h.kind} ${h.blockId} ${h.sourceRow ?? ''}-${h.sourceCol ?? ''} ${h.score.toFixed(2)} ${h.text.slice(0, 90)}`,
        );
    }
  return { ours: cellsExact.recall, rows: rows.recall, baseline: base.recall };
}

export async function runFinanceBench(fresh: boolean, showMisses = 0) {
  const items = financeBenchItems();
  const names = [...new Set(items.map((i) => i.doc))];
  const { models, cached, parsedMs } = await financeBenchModels(names, {
    fresh,
    log: (s) => console.log(`  ${s}`),
  });
  const k = 5;
  const units: PassageKind[] = ['cell', 'row', 'block'];
  const found: Record<string, number> = { cell: 0, row: 0, block: 0, baseline: 0 };
  let counted = 0;
  const misses: string[] = [];
  const byDoc = new Map<string, ReturnType<typeof productIndex>>();
  for (const item of items) {
    const doc = models.get(item.doc);
    if (!doc || item.pages.length === 0) continue;
    counted++;
    let search = byDoc.get(item.doc);
    if (!search) byDoc.set(item.doc, (search = productIndex()));
    for (const unit of units) {
      const hits = await search(doc, item.question, k, unit);
      const ok = hits.some((h) => h.page !== undefined && item.pages.includes(h.page));
      if (ok) found[unit]!++;
      else if (unit === 'block')
        misses.push(
          `  ${item.id} ${item.doc} gold p${item.pages.join(',')} got p${hits.map((h) => h.page ?? '?').join(',')}: ${item.question.slice(0, 110)}`,
        );
    }
    const base = new FlatIndex(doc);
    if (
      base.search(item.question, k).some((h) => h.page !== undefined && item.pages.includes(h.page))
    )
      found.baseline!++;
    base.close();
  }
  console.log(
    `FinanceBench: ${counted} questions on ${models.size} PDFs (${cached} models from the cache, ${(parsedMs / 1000).toFixed(0)} s parsing)`,
  );
  console.log('gold evidence page among the pages of the top 5 hits:');
  for (const u of units)
    console.log(`  ours, unit ${u.padEnd(6)} ${found[u]}/${counted} = ${pct(found[u]! / counted)}`);
  console.log(
    `  baseline BM25, flattened rows + paragraphs ${found.baseline}/${counted} = ${pct(found.baseline! / counted)}`,
  );
  for (const m of misses.slice(0, showMisses)) console.log(m);
  return { counted, found };
}

async function main() {
  if (!hasData) {
    console.log(`[skip] ${noDataMessage}`);
    return;
  }
  const what = process.argv[2] ?? 'all';
  const fresh = process.argv.includes('--fresh');
  const cv = process.argv.indexOf('--cv');
  if (cv > 0) {
    const k = Number(process.argv[cv + 1]) || 5;
    const sIdx = process.argv.indexOf('--seeds');
    const cIdx = process.argv.indexOf('--scores');
    await runCrossValidation(
      k,
      sIdx > 0 ? Number(process.argv[sIdx + 1]) : 5,
      fresh,
      cIdx > 0 ? process.argv[cIdx + 1] : undefined,
    );
    return;
  }
  const mIdx = process.argv.indexOf('--misses');
  const misses = mIdx > 0 ? Number(process.argv[mIdx + 1]) : 0;
  if (what === 'multihiertt' || what === 'all') await runMultihiertt(misses);
  if (what === 'financebench' || what === 'all') await runFinanceBench(fresh, misses);
}

void main();
