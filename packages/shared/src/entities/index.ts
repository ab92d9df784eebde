export * from './access.ts';
export * from './api-messages.ts';
export * from './base44-rules.ts';
export * from './columns.ts';
export * from './csv.ts';
export * from './export.ts';
export * from './palette.ts';
