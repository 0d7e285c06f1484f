import { WorkbenchError } from '../../shared/api/result';
import {
  EXPORT_FORMATS,
  type ExportFormat,
  type ExportTarget,
} from '../../shared/export/export-format';

export { EXPORT_FORMATS, type ExportFormat, type ExportTarget };

export const isExportFormat = (s: string): s is ExportFormat =>
  (EXPORT_FORMATS as readonly string[]).includes(s);

/** `run:3` or `session:7`: the one spelling `workbench export` takes. */
export function parseExportTarget(text: string): ExportTarget {
  const m = /^(run|session):(\d+)$/.exec(text.trim());
  if (!m || !Number.isSafeInteger(Number(m[2])))
    throw new WorkbenchError(
      'invalid-input',
      `"${text}" is not a run or a session: write run:N (workbench runs lists them) or session:N (workbench session list)`,
    );
  return { kind: m[1] as 'run' | 'session', id: Number(m[2]) };
}
