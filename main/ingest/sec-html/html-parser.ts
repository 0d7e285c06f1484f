import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as Htmlparser2 from 'htmlparser2';

const load = createRequire(__filename);

/**
 * htmlparser2's Tokenizer, loaded from its own file (the reader drives it itself:
 * `html-events.ts`). The package's index also loads its Parser, DOM builder and serializer
 * (domhandler, domutils, dom-serializer and the entity encoder, 22 files), which the reader
 * never uses: about 20 ms of a cold `workbench ingest` (docs/BENCHMARKS.md, "CLI start and
 * ingest"). The package's `exports` map names only its index, so the file is found beside it;
 * were a version to lay its files out otherwise, the index is loaded as before. Either way it
 * is the same class (one module per file).
 */
function loadTokenizer(): typeof Htmlparser2.Tokenizer {
  try {
    const own = load(join(dirname(load.resolve('htmlparser2')), 'Tokenizer.js')) as {
      default?: unknown;
    };
    if (typeof own.default === 'function') return own.default as typeof Htmlparser2.Tokenizer;
  } catch {
    // the index below
  }
  return (load('htmlparser2') as typeof Htmlparser2).Tokenizer;
}

export const Tokenizer = loadTokenizer();
export type TokenizerCallbacks = Htmlparser2.TokenizerCallbacks;
