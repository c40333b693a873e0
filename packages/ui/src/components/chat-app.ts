/**
 * The note beside every link to the support chat (landing 'Chat with us', the pricing button, 'Upgrade to
 * Pro'): spec amendment 10.5, say that the link opens a chat app rather than a form or a checkout.
 */
export const CHAT_APP_NOTE = 'Opens a chat app in a new tab';
