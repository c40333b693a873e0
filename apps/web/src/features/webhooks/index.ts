// The webhooks feature's face: what routes may use; its other files are its own.
export { WebhooksPage } from './webhooks-page';
