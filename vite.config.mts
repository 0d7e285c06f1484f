import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const renderer = (p: string) => fileURLToPath(new URL(`./renderer/${p}`, import.meta.url));

/**
 * renderer/boot.ts is the page's script and imports the app (renderer/main.tsx) when it is
 * time: on a document route only after it has drawn the document's first screen
 * (first-paint.ts), since evaluating the app first held that picture back. So that the app's
 * code is not fetched only then, its chunks (and their CSS) are named in the page too, as
 * `modulepreload` (fetched and compiled, not run) and stylesheets.
 */
function preloadApp(): Plugin {
  return {
    name: 'workbench-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const app = chunks.find((c) => c.facadeModuleId === renderer('main.tsx'));
        if (!app) throw new Error('renderer/main.tsx was not built');
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const files = new Set<string>();
        const css = new Set<string>();
        for (let todo = [app.fileName], f = todo.pop(); f !== undefined; f = todo.pop()) {
          const c = byName.get(f);
          if (!c || files.has(f)) continue;
          files.add(f);
          for (const s of c.viteMetadata?.importedCss ?? []) css.add(s);
          todo.push(...c.imports);
        }
        const named = (f: string) => html.includes(`/${f}"`);
        const tags = [
          ...[...files]
            .filter((f) => !named(f))
            .map((f) => `<link rel="modulepreload" crossorigin href="./${f}">`),
          ...[...css]
            .filter((f) => !named(f))
            .map((f) => `<link rel="stylesheet" crossorigin href="./${f}">`),
        ];
        return html.replace('</head>', `  ${tags.join('\n    ')}\n  </head>`);
      },
    },
  };
}

/**
 * The document view's own modules in one chunk. Left to the automatic splitting they came as
 * ~20 small chunks (modules the view shares with other lazy screens), each a request of its own
 * behind the browser's six connections per host: opening a window on a document waited for the
 * last of them (docs/BENCHMARKS.md). Only modules the view imports statically and the app's
 * entries do not (those load at startup and stay in the app's chunks), and no packages (zod
 * and ag-grid stay chunks of their own, shared with the other screens).
 */
function documentViewChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const view = new Set<string>();
  const plugin: Plugin = {
    name: 'workbench-document-view-chunk',
    apply: 'build',
    buildEnd() {
      const reach = (roots: string[]) => {
        const seen = new Set<string>();
        const todo = [...roots];
        for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          todo.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      // The app (main.tsx) is imported by the boot script but loads at startup too.
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      // The first table's grid made from the boot script (early-grid.ts) takes its modules
      // without the view's: they stay out of the view's chunk.
      const startup = reach([
        ...entries,
        renderer('main.tsx'),
        renderer('features/document/early-grid.ts'),
      ]);
      for (const id of reach([renderer('features/document/DocumentScreen.tsx')]))
        if (!startup.has(id) && !id.includes('/node_modules/')) view.add(id);
    },
  };
  return { plugin, test: (id) => view.has(id) };
}
const documentView = documentViewChunk();

// One bundle for both transports: relative base so Electron can load it from file:// and
// web mode from http://127.0.0.1.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react(), preloadApp(), documentView.plugin],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'document-view',
              test: documentView.test,
              includeDependenciesRecursively: false,
            },
            // ag-grid (the boot script's first grid and the view's grids share it) under its own
            // name, not that of whichever module of ours came first.
            { name: 'ag-grid', test: /\/node_modules\/(ag-grid-community|ag-stack)\// },
          ],
        },
      },
    },
  },
});
