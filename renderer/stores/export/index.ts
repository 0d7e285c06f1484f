import { useStore } from 'zustand';
import { api } from '../../api/client';
import { saveDownload } from './save-download';
import { createExportStore, type ExportState } from './export-store';

export const exportStore = createExportStore(api, saveDownload);

export function useExport<T>(selector: (s: ExportState) => T): T {
  return useStore(exportStore, selector);
}
