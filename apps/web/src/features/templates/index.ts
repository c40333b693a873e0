// The templates feature's face: what other features, routes and entries may use; its other files are its own.
export { useTemplatesQuery } from './queries';
export { TemplatesPage } from './templates-page';
