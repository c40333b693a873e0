// The tags module's public face: its router is composed in modules/index.ts; the service is named for
// tests and future callers.
export { createTagsService, type TagsService } from './service.js';
