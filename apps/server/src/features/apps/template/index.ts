export { templateFiles, templateLayoutSource, templateSourceOf } from './template-files.ts';
