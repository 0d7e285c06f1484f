export * from './block';
export * from './cell';
export * from './cell-sentence';
export * from './dataset-format';
export * from './document';
export * from './header-node';
export * from './source-location';
export * from './table';
