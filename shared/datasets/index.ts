export * from './dataset-document';
export * from './dataset-format';
export * from './evidence';
export * from './question';
export * from './table-description';
export * from './guess-format';
