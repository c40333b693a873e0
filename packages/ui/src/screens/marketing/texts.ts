/**
 * Texts of the Marketing screen (beyond the spec: Meta's paid Marketing Message API, the one way left to
 * send promotions outside the 24-hour window).
 */
export const MARKETING_TEXT = {
  title: 'Marketing',
  description:
    'Paid marketing messages to the contacts who subscribed, outside the 24-hour window, through Meta.',
  accountTitle: 'Ad account',
  accountDescription: 'Meta bills the marketing messages this page sends on this ad account.',
  accountLabel: 'Ad account ID',
  yourAccounts: 'Your ad accounts',
  chooseAccount: 'Choose one of your ad accounts',
  accountOption: (name: string, id: string) => `${name} (${id})`,
  accountPlaceholder: 'act_1234567890',
  connect: 'Connect',
  connecting: 'Checking with Meta...',
  connected: 'Ad account connected.',
  connectFailed: 'Failed to connect the ad account.',
  connectTitle: 'Connect this ad account?',
  connectDescription: (account: string, page: string) =>
    `Meta bills every paid marketing message that ${page} delivers to ${account}. Connect it only if it is this page's business account.`,
  connectOtherPage: (other: string) =>
    `Its name mentions ${other}, another of your pages: it may belong to that page's business.`,
  connectConfirm: 'Connect it',
  connectCancel: 'Not now',
  thisPage: 'this page',
  disconnect: 'Disconnect',
  disconnectTitle: 'Stop marketing messages on this page?',
  disconnectDescription:
    'Campaigns can no longer send marketing messages until an ad account is connected again. Subscribers are kept.',
  disconnecting: 'Disconnecting...',
  disconnected: 'Ad account disconnected.',
  disconnectFailed: 'Failed to disconnect the ad account.',
  keep: 'Keep it',
  currency: (c: string) => `Billed in ${c}`,
  subscribersTitle: 'Subscribers',
  subscribed: 'Subscribed',
  stopped: 'Stopped',
  howTitle: 'How contacts subscribe',
  how: [
    'In Chats, open a conversation and choose Ask to subscribe: Meta shows them its opt-in request. It can be sent within 24 hours of their last message, once per topic a week.',
    'People who answer a click-to-Messenger ad, and subscribers from Meta’s own tools, arrive with the next page sync.',
    'Anyone can stop from a marketing message’s own link; Meta does not tell Pagecast, so they show as stopped after the next send to them is refused.',
  ],
  loadError: 'Error loading the marketing setup:',
  retry: 'Retry',
} as const;
