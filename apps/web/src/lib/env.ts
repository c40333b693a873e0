// The ONLY module that reads configuration. The API serves /config.js (window.__PAGECAST_CONFIG__) so
// one build runs against the emulator or Facebook; VITE_* variables and the embedded defaults
// (docs/CONVENTIONS.md) fill in what it does not set (e.g. in unit tests).
import { GRAPH_API_VERSION } from '@pagecast/contract';

export interface RuntimeConfig {
  fbAppId?: string;
  fbSdkUrl?: string;
  graphApiVersion?: string;
  supportUrl?: string;
  /** Permission-gated features the API has on (config UTILITY_TEMPLATES_ENABLED, …). */
  features?: Partial<Features>;
}

export interface Features {
  utilityTemplates: boolean;
  marketingMessages: boolean;
  /** Meta approved the app for Human Agent replies (HUMAN_AGENT_ENABLED). */
  humanAgent: boolean;
}
declare global {
  interface Window {
    __PAGECAST_CONFIG__?: RuntimeConfig;
  }
}

const runtime: RuntimeConfig = (typeof window !== 'undefined' && window.__PAGECAST_CONFIG__) || {};

const read = (...values: (string | undefined)[]): string =>
  values.find((v) => v !== undefined && v.trim() !== '')?.trim() ?? '';

export const env = {
  /** Social network app id used by FB.init. */
  fbAppId: read(runtime.fbAppId, import.meta.env.VITE_FB_APP_ID, '1000000000000001'),
  /** Where the login SDK (sdk.js) is loaded from; the emulator serves one locally. */
  fbSdkUrl: read(runtime.fbSdkUrl, import.meta.env.VITE_FB_SDK_URL, 'http://localhost:4010/sdk.js'),
  /** Graph / SDK version for FB.init (a live one by default: spec amendment 3). */
  graphApiVersion: read(
    runtime.graphApiVersion,
    import.meta.env.VITE_GRAPH_API_VERSION,
    GRAPH_API_VERSION,
  ),
  /** Support chat (chat-app link) used by the landing page and 'Upgrade to Pro'. */
  supportUrl: read(
    runtime.supportUrl,
    import.meta.env.VITE_SUPPORT_URL,
    'https://wa.me/15550100200',
  ),
  /** What sign-in asks for and what the inbox allows; the API's defaults when /config.js says nothing. */
  features: {
    utilityTemplates: runtime.features?.utilityTemplates ?? true,
    marketingMessages: runtime.features?.marketingMessages ?? true,
    humanAgent: runtime.features?.humanAgent ?? false,
  } satisfies Features,
  isDev: import.meta.env.DEV,
} as const;
