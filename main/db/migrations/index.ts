import type { Migration } from './migration';
import { m0001Documents } from './0001-documents';

/** Append only. Never edit a migration that has shipped: add the next one instead. */
export const migrations: readonly Migration[] = [m0001Documents];

export const latestSchemaVersion = migrations.length;
