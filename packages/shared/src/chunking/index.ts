export * from './chunker.ts';
