// The contacts module's public face: what the rest of the API may use (the import-graph rule in
// .dependency-cruiser.cjs refuses a reach into its other files).
export { CONTACT_NOT_FOUND, pageContact } from './lookup.js';
export {
  type ContactUpsert,
  countUnread,
  previewEdited,
  upsertContact,
  upsertContacts,
} from './repo.js';
export {
  assignContact,
  automatedMid,
  markContactRead,
  markHistorySynced,
  queueOnMessage,
  type QueueChange,
  queueSql,
  resolveUnreachable,
  setContactStatus,
  storedMessagesUpdate,
  unreachableSql,
} from './queue-repo.js';
