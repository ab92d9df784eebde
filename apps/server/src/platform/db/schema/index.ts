export * from './system.ts';
