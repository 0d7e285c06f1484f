import { z } from 'zod';

/** The benchmark file formats `workbench import-dataset --format` reads. */
export const datasetFormats = [
  'tatqa',
  'tathqa',
  'finqa',
  'multihiertt',
  'docmath',
  'financebench',
  'tablequest',
] as const;
export const DatasetFormat = z.enum(datasetFormats);
export type DatasetFormat = z.infer<typeof DatasetFormat>;

export const isDatasetFormat = (s: string): s is DatasetFormat =>
  (datasetFormats as readonly string[]).includes(s);
