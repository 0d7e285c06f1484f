import {
  EXPORT_FORMATS,
  type ExportFormat,
  type ExportTarget,
} from '../../shared/export/export-format';

export { EXPORT_FORMATS, type ExportFormat, type ExportTarget };

export const isExportFormat = (s: string): s is ExportFormat =>
  (EXPORT_FORMATS as readonly string[]).includes(s);
