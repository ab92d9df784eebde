export * from './system.ts';
export * from './llm.ts';
