export * from './dataset-document';
export { datasetFormats, DatasetFormat, isDatasetFormat } from '../document/dataset-format';
export * from './evidence';
export * from './question';
export * from './table-description';
export * from './guess-format';
export * from './stored-question';
