// The notes module's public face: nothing outside it needs more than its router (composed in
// modules/index.ts); the service is named for tests and future callers.
export { createNotesService, type NotesService } from './service.js';
