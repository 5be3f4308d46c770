// The library API: the pipeline's stages as plain functions over plain data.
export * from './model/index.js';
export * from './errors.js';
export type * from './extract/types.js';
export type * from './platform/types.js';
export type * from './plan/types.js';
