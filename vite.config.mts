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

// One bundle for both transports: relative base so Electron can load it from file:// and
// web mode from http://127.0.0.1.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react(), bootScriptFirst()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    rolldownOptions: { input: { index: renderer('index.html'), boot: renderer('boot.ts') } },
  },
});
