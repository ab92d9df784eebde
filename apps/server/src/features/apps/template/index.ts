export { templateFiles } from './template-files.ts';
