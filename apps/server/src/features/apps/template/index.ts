export { missingTemplateFiles } from './missing-template-files.ts';
export { templateFiles, templateLayoutSource, templateSourceOf } from './template-files.ts';
