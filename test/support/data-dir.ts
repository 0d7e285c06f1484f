import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The real public data handed to us (../shared/data), read through one setting so CI and a
 * fresh clone behave the same: WORKBENCH_DATA_DIR, default ../shared/data from the repo root.
 * Tests that need it use `describeWithData`, which skips with a message when it is absent.
 */
export const dataDir = resolve(
  process.env.WORKBENCH_DATA_DIR ?? join(__dirname, '..', '..', '..', 'shared', 'data'),
);

export const hasData = existsSync(join(dataDir, 'README.md'));

export const dataPath = (...parts: string[]) => join(dataDir, ...parts);

export const noDataMessage = `real data not found at ${dataDir}; set WORKBENCH_DATA_DIR to run these tests`;

if (!hasData) console.warn(`[skip] ${noDataMessage}`);
