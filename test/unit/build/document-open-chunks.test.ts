import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Opening a document (issue 26) loads the app's scripts, the document view's chunk and the
 * table grid's, and what they import. None of them validates anything with zod, so none may
 * load it: a value the view takes from a `shared/` file that also defines zod schemas (an
 * evidence key, a job subject, the ask modes) brings zod and every schema of that file along,
 * ≈ 100 ms of building schemas on a cached open of a 10-K under load (docs/BENCHMARKS.md).
 * Such values live in zod-free files (`evidence-key.ts`, `job-subject.ts`, `ask-mode.ts`, …).
 * Reads the built renderer: `npm run build:renderer` first (`RENDERER_DIR` to check another).
 */
const dir = process.env.RENDERER_DIR ?? join(__dirname, '../../../dist/renderer');

/** Only zod's own code names its classes so ("$ZodType" is the root of every schema class). */
const ZOD_MARK = '$ZodType';

function builtPage(): string {
  const page = join(dir, 'index.html');
  if (!existsSync(page)) throw new Error(`no built renderer in ${dir}: npm run build:renderer`);
  return readFileSync(page, 'utf8');
}

const chunkText = (file: string) => readFileSync(join(dir, 'assets', file), 'utf8');

/** Chunk files a chunk imports statically (`from"./x.js"`, `import"./x.js"`). */
const staticImports = (text: string) =>
  [...text.matchAll(/(?:from|import)\s*["'`]\.\/([^"'`]+\.js)["'`]/g)].map((m) => m[1]!);

/** Chunk files a chunk imports when asked (`import("./x.js")`). */
const dynamicImports = (text: string) =>
  [...text.matchAll(/import\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g)].map((m) => m[1]!);

/** The chunks and everything they import statically. */
function closure(roots: string[]): Set<string> {
  const seen = new Set<string>();
  for (let todo = [...roots], f = todo.pop(); f !== undefined; f = todo.pop()) {
    if (seen.has(f)) continue;
    seen.add(f);
    todo.push(...staticImports(chunkText(f)));
  }
  return seen;
}

/** The page's module scripts (the boot script). */
function pageScripts(): string[] {
  const html = builtPage();
  const scripts = [...html.matchAll(/<script type="module"[^>]*src="\.\/assets\/([^"]+)"/g)];
  expect(scripts.length, 'the page names its scripts').toBeGreaterThan(0);
  return scripts.map((m) => m[1]!);
}

/** The chunks the page preloads (the app's, which the boot script imports when it is time). */
const preloaded = () =>
  [...builtPage().matchAll(/<link rel="modulepreload"[^>]*href="\.\/assets\/([^"]+)"/g)].map(
    (m) => m[1]!,
  );

/**
 * What a document open loads: the page's scripts and the app's preloaded chunks, then the
 * view's and the grid's chunks.
 */
function documentOpenChunks(): Set<string> {
  const loaded = closure([...pageScripts(), ...preloaded()]);
  for (const lazy of [/^document-view-/, /^TableGrid-/]) {
    const target = [...loaded]
      .flatMap((f) => dynamicImports(chunkText(f)))
      .find((f) => lazy.test(f));
    expect(target, `a startup chunk imports ${lazy.source}…`).toBeDefined();
    for (const f of closure([target!])) loaded.add(f);
  }
  return loaded;
}

describe('the chunks a document open loads', () => {
  it('load no zod', () => {
    const loaded = documentOpenChunks();
    expect([...loaded].some((f) => f.startsWith('document-view-'))).toBe(true);
    expect([...loaded].some((f) => f.startsWith('TableGrid-'))).toBe(true);
    const withZod = [...loaded].filter((f) => chunkText(f).includes(ZOD_MARK));
    expect(withZod, 'chunks with zod among those a document open loads').toEqual([]);
  });

  it('the boot script draws the first screen without React or ag-grid: neither is in its chunks', () => {
    // The first screen is drawn before the app is evaluated (renderer/boot.ts): the boot
    // script's own chunks carry no React (its element symbol) and no ag-grid (its root class).
    const boot = closure(pageScripts());
    const heavy = [...boot].filter((f) =>
      /react\.transitional\.element|ag-root-wrapper/.test(chunkText(f)),
    );
    expect(heavy).toEqual([]);
    // The app's chunks are named in the page (fetched beside the boot script), React among them.
    const app = closure(preloaded());
    expect([...app].some((f) => chunkText(f).includes('react.transitional.element'))).toBe(true);
  });

  it("the first table's grid made before the app brings ag-grid without React", () => {
    // The boot script asks for early-grid.ts when the window opens on a document and makes the
    // first table's grid with it before the app is evaluated: its chunks hold ag-grid (its root
    // class) but no React, and no zod.
    const boot = closure(pageScripts());
    const early = [...boot]
      .flatMap((f) => dynamicImports(chunkText(f)))
      .find((f) => f.startsWith('early-grid-'));
    expect(early, 'the boot script imports early-grid-….js').toBeDefined();
    const chunks = [...closure([early!])].filter((f) => !boot.has(f));
    expect(chunks.some((f) => chunkText(f).includes('ag-root-wrapper'))).toBe(true);
    const heavy = chunks.filter(
      (f) => chunkText(f).includes('react.transitional.element') || chunkText(f).includes(ZOD_MARK),
    );
    expect(heavy).toEqual([]);
  });

  it('the mark finds zod where it is', () => {
    // The mark is still zod's: some chunk of the build (the other screens') carries it.
    const all = closure([...pageScripts(), ...preloaded()]);
    for (const f of [...all]) for (const d of dynamicImports(chunkText(f))) all.add(d);
    const every = closure([...all]);
    expect([...every].some((f) => chunkText(f).includes(ZOD_MARK))).toBe(true);
  });
});
