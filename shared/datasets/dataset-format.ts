// The enum lives in the model because a Document's source names its dataset format; it stays
// importable from here, where the dataset readers and the API look for it.
export { datasetFormats, DatasetFormat, isDatasetFormat } from '../model/dataset-format';
