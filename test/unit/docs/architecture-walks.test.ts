import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../support/cli';

/**
 * docs/ARCHITECTURE.md "Where things live: three walks" (issue 24, done-when 4) names, step by
 * step, a file and a name in it. A maintainer follows those names; a rename that forgets the
 * page would send them nowhere, so each step is checked here: the file exists and holds the
 * name. Every other repository path the page quotes must exist too.
 */

const page = readFileSync(join(repoRoot, 'docs', 'ARCHITECTURE.md'), 'utf8');

function walksSection(): string {
  const start = page.indexOf('## Where things live');
  if (start < 0) throw new Error('docs/ARCHITECTURE.md has no "Where things live" section');
  const end = page.indexOf('\n## ', start + 1);
  return page.slice(start, end < 0 ? undefined : end);
}

/** "1. `path` `name`: what happens" */
const STEP = /^\d+\. `([^`]+)` `([^`]+)`:/gm;

describe('docs/ARCHITECTURE.md, where things live', () => {
  const section = walksSection();
  const steps = [...section.matchAll(STEP)].map((m) => ({ file: m[1]!, name: m[2]! }));

  it('has three walks of several steps each', () => {
    const walks = section.split(/\n\*\*[^*\n]+\*\*\n/).slice(1);
    expect(walks).toHaveLength(3);
    for (const walk of walks) expect([...walk.matchAll(STEP)].length).toBeGreaterThanOrEqual(8);
  });

  it.each(steps.map((s) => [`${s.file} ${s.name}`, s] as const))('%s', (_title, step) => {
    const path = join(repoRoot, step.file);
    expect(existsSync(path), `${step.file} does not exist`).toBe(true);
    expect(readFileSync(path, 'utf8'), `${step.file} does not mention ${step.name}`).toContain(
      step.name,
    );
  });

  it('names only paths that exist', () => {
    const quoted = [...page.matchAll(/`((?:main|shared|renderer|test|docs)\/[\w./-]+)`/g)]
      .map((m) => m[1]!)
      .filter((p) => !p.includes('<'));
    const missing = [...new Set(quoted)].filter((p) => !existsSync(join(repoRoot, p)));
    expect(missing).toEqual([]);
  });
});
