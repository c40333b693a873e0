// The page-rows module's public face: the one writer of the `pages` and `page_admins` tables (docs/architecture.md, "Who
// writes each table"). A core module, below the features that set a page's options (inbox, marketing) and
// the edges that upsert pages (sign-in) or sync them (pages).
export {
  connectAdAccount,
  linkPageAdmins,
  markAdminPageTokensInvalid,
  markPageAdminTokenInvalid,
  type PageAdminLink,
  disconnectAdAccount,
  inboxSettings,
  markPageSynced,
  markPageTokenInvalid,
  type PageUpsert,
  upsertPages,
} from './repo.js';
