import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// One bundle for both transports: relative base so Electron can load it from file:// and
// web mode from http://127.0.0.1.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: { outDir: '../dist/renderer', emptyOutDir: true },
});
