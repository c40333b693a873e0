import { c } from './c';
import { accountContract } from './account';
import { apiKeysContract } from './api-keys';
import { signInContract } from './sign-in';
import { campaignsContract } from './campaigns';
import { inboxContract } from './inbox';
import { marketingContract } from './marketing';
import { notesContract } from './notes';
import { operatorContract } from './operator';
import { outboundWebhooksContract } from './outbound-webhooks';
import { savedRepliesContract } from './saved-replies';
import { pagesContract } from './pages';
import { sessionsContract } from './sessions';
import { systemContract } from './system';
import { tagsContract } from './tags';
import { templatesContract } from './templates';
import { userContract } from './user';
import { userTagsContract } from './user-tags';

/** The whole Pagecast API. Paths are absolute (`/api/v1/...`, `/api/user-tags/...`). */
export const contract = c.router(
  {
    signIn: signInContract,
    operator: operatorContract,
    user: userContract,
    pages: pagesContract,
    sessions: sessionsContract,
    account: accountContract,
    apiKeys: apiKeysContract,
    inbox: inboxContract,
    tags: tagsContract,
    userTags: userTagsContract,
    templates: templatesContract,
    marketing: marketingContract,
    notes: notesContract,
    savedReplies: savedRepliesContract,
    campaigns: campaignsContract,
    webhooks: outboundWebhooksContract,
    system: systemContract,
  },
  { strictStatusCodes: true },
);
export type Contract = typeof contract;

export * from './common';
export * from './constants';
export * from './entities';
export * from './sign-in';
export * from './operator';
export * from './user';
export * from './pages';
export * from './sessions';
export * from './account';
export * from './api-keys';
export * from './outbound-webhooks';
export * from './time-format';
export * from './inbox';
export * from './tags';
export * from './user-tags';
export * from './templates';
export * from './marketing';
export * from './notes';
export * from './saved-replies';
export * from './rules/placeholders';
export * from './campaigns';
export * from './system';
export * from './rules/messages';
export * from './rules/tag-rules';
export * from './rules/campaign-rules';
export * from './rules/purpose-rules';
export * from './rules/audience-rules';
export * from './rules/template-rules';
export * from './rules/marketing-rules';
export * from './rules/reply-window';
export * from './rules/permissions';
export * from './rules/placeholders';
export * from './display';
export * from './routes';
