export * from './contracts/error.ts';
export * from './contracts/health.ts';
export * from './errors.ts';
