// The inbox module's public face: what the rest of the API may use (the import-graph rule in
// .dependency-cruiser.cjs refuses a reach into its other files).
export {
  applyReceipt,
  editMessage,
  type HistoryMessage,
  insertMessage,
  setReaction,
  settleHeldReactions,
  storeHistory,
  storeMessages,
} from './messages-repo.js';
export {
  graphAttachments,
  mediaPolicyOf,
  type MediaUrlPolicy,
  previewOf,
  templateText,
  webhookAttachments,
  type WireAttachment,
  wireAttachments,
} from './attachments.js';
export { toMessage, toRecipient, unknownContact } from './mappers.js';
export {
  findRecipientFields,
  pageQueueCounts,
  placeholders,
  recipientMatch,
  type RecipientQuery,
  recipientQuery,
} from './repo.js';
export { liveMessageLoader } from './messages-repo.js';
export { type IncomingMessage, recordMessage } from './record.js';
