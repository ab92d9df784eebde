export { templateFiles, templateSourceOf } from './template-files.ts';
