// The subset of the social network's JS SDK (sdk.js) the web app uses.

interface FbAuthResponse {
  accessToken: string;
  /** Seconds until the user token expires (may be missing or 0). */
  expiresIn?: number | string;
  userID: string;
  signedRequest?: string;
  data_access_expiration_time?: number;
}

interface FbLoginStatusResponse {
  status: 'connected' | 'not_authorized' | 'unknown';
  authResponse: FbAuthResponse | null | undefined;
}

interface FbInitParams {
  appId: string;
  version: string;
  cookie?: boolean;
  xfbml?: boolean;
  status?: boolean;
}

interface FbLoginOptions {
  scope?: string;
  auth_type?: string;
  return_scopes?: boolean;
}

interface FbProfile {
  id: string;
  name?: string;
  email?: string;
  picture?: { data?: { url?: string; is_silhouette?: boolean } };
  error?: { message?: string };
}

interface FbSdk {
  init(params: FbInitParams): void;
  login(callback: (response: FbLoginStatusResponse) => void, options?: FbLoginOptions): void;
  logout?(callback?: (response: FbLoginStatusResponse) => void): void;
  getLoginStatus?(callback: (response: FbLoginStatusResponse) => void): void;
  api(path: string, params: Record<string, string>, callback: (response: FbProfile) => void): void;
  api(path: string, callback: (response: FbProfile) => void): void;
}

interface Window {
  FB?: FbSdk;
  fbAsyncInit?: () => void;
}
