export * from './system.ts';
export * from './llm.ts';
export * from './accounts.ts';
export * from './apps.ts';
export * from './dev-outbox.ts';
export * from './rate-limits.ts';
export * from './data-sources.ts';
export * from './billing.ts';
