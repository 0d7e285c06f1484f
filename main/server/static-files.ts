import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
};

/** `hashed`: a build file under `assets/`, named by its content's hash (the same name, the same bytes). */
type StaticFile = { body: Buffer; type: string; hashed: boolean };

/**
 * The build's `assets/` files, kept once read. Vite names them by their content's hash, so a
 * name always means the same bytes; a window opening on a document asks for ~30 of them at once,
 * and under load reading each from disk again held the document view back by 100–300 ms
 * (docs/BENCHMARKS.md). Bounded: past the budget, files are read from disk as before.
 */
const assets = new Map<string, StaticFile>();
const ASSET_CACHE_BYTES = 32 * 1024 * 1024;
let cachedBytes = 0;

/** Reads a file under `root` for a URL path; undefined if missing or outside root. */
export async function readStatic(root: string, urlPath: string): Promise<StaticFile | undefined> {
  const rel = normalize(decodeURIComponent(urlPath)).replace(/^([/\\])+/, '');
  const full = join(root, rel === '' ? 'index.html' : rel);
  if (full !== root && !full.startsWith(root + sep)) return undefined;
  const kept = assets.get(full);
  if (kept) return kept;
  try {
    const hashed = full.startsWith(join(root, 'assets') + sep);
    const file = {
      body: await readFile(full),
      type: types[extname(full)] ?? 'application/octet-stream',
      hashed,
    };
    if (hashed && cachedBytes + file.body.byteLength <= ASSET_CACHE_BYTES) {
      assets.set(full, file);
      cachedBytes += file.body.byteLength;
    }
    return file;
  } catch {
    return undefined;
  }
}
