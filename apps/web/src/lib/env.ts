// The ONLY module that reads import.meta.env. Values are fixed at build time (VITE_* variables) with
// defaults that match the embedded setup (docs/CONVENTIONS.md "Embedded defaults").
import { GRAPH_API_VERSION } from '@pagecast/contract';

const read = (value: string | undefined, fallback: string): string =>
  value !== undefined && value.trim() !== '' ? value.trim() : fallback;

export const env = {
  /** Social network app id used by FB.init. */
  fbAppId: read(import.meta.env.VITE_FB_APP_ID, '1000000000000001'),
  /** Where the login SDK (sdk.js) is loaded from; the emulator serves one locally. */
  fbSdkUrl: read(import.meta.env.VITE_FB_SDK_URL, 'http://localhost:4010/sdk.js'),
  /** Graph / SDK version (spec §6 default v16.0). */
  graphApiVersion: read(import.meta.env.VITE_GRAPH_API_VERSION, GRAPH_API_VERSION),
  /** Support chat (chat-app link) used by the landing page and 'Upgrade to Pro'. */
  supportUrl: read(import.meta.env.VITE_SUPPORT_URL, 'https://wa.me/15550100200'),
  isDev: import.meta.env.DEV,
} as const;
