import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const renderer = (p: string) => fileURLToPath(new URL(`./renderer/${p}`, import.meta.url));

/**
 * renderer/boot.ts is an entry of its own, and its script comes first in index.html: a module
 * script named in the HTML would be bundled into the app's, and the point of the boot script is
 * to start asking for an opened document before the app's script has arrived and compiled.
 */
function bootScriptFirst(): Plugin {
  return {
    name: 'workbench-boot-script-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const boot = Object.values(ctx.bundle ?? {}).find(
          (c) => c.type === 'chunk' && c.isEntry && c.facadeModuleId === renderer('boot.ts'),
        );
        const app = html.indexOf('<script type="module"');
        if (!boot || app < 0) throw new Error('renderer/boot.ts or the app script was not built');
        // After the CSP's meta tag (Electron has no other), before the app's script: module
        // scripts run in the order they are written.
        const tag = `<script type="module" crossorigin src="./${boot.fileName}"></script>\n    `;
        return html.slice(0, app) + tag + html.slice(app);
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
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const startup = reach(entries);
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
  plugins: [react(), bootScriptFirst(), documentView.plugin],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    rolldownOptions: {
      input: { index: renderer('index.html'), boot: renderer('boot.ts') },
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'document-view',
              test: documentView.test,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
