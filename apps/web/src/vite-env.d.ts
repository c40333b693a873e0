/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_FB_APP_ID?: string;
  readonly VITE_FB_SDK_URL?: string;
  readonly VITE_GRAPH_API_VERSION?: string;
  readonly VITE_SUPPORT_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
