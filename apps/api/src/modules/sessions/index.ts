// The sessions module's public face: what the rest of the API may use (the import-graph rule in
// .dependency-cruiser.cjs refuses a reach into its other files).
export { endSessions, listActiveSessions, openSession, ownsSession, sessionState } from './repo.js';
