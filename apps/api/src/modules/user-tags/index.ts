// The user-tags module's public face: its router is composed in modules/index.ts; the one writer of
// contact_tags lends other statements its insert.
export { tagChunkSql } from './repo.js';
