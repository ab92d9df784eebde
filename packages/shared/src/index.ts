export * from './contracts/error.ts';
export * from './contracts/health.ts';
export * from './errors.ts';
export * from './plans/limits.ts';
export * from './plans/plan-ids.ts';
export * from './chunking/index.ts';
export * from './constants/data-sources.ts';
export * from './contracts/data-sources.ts';
