import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as Htmlparser2 from 'htmlparser2';

const load = createRequire(__filename);

/**
 * htmlparser2's Parser, loaded from its own file. The package's index also loads its DOM
 * builder and serializer (domhandler, domutils, dom-serializer and the entity encoder, 22
 * files), which the reader never uses: about 20 ms of a cold `workbench ingest`
 * (docs/BENCHMARKS.md, "CLI start and ingest"). The package's `exports` map names only its
 * index, so the file is found beside it; were a version to lay its files out otherwise, the
 * index is loaded as before. Either way it is the same class (one module per file).
 */
function loadParser(): typeof Htmlparser2.Parser {
  try {
    const own = load(join(dirname(load.resolve('htmlparser2')), 'Parser.js')) as {
      Parser?: unknown;
    };
    if (typeof own.Parser === 'function') return own.Parser as typeof Htmlparser2.Parser;
  } catch {
    // the index below
  }
  return (load('htmlparser2') as typeof Htmlparser2).Parser;
}

export const Parser = loadParser();
