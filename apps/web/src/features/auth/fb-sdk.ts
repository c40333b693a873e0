// Loads the social network's login SDK once and wraps its callback API in promises (spec §4, §6).
import { env } from '../../lib/env';

const initialized = new WeakSet<FbSdk>();
let loading: Promise<FbSdk> | null = null;

function ensureInit(fb: FbSdk): FbSdk {
  if (!initialized.has(fb)) {
    fb.init({ appId: env.fbAppId, version: env.graphApiVersion, cookie: true, xfbml: false });
    initialized.add(fb);
  }
  return fb;
}

/** The SDK if it is already loaded (and initialised), without waiting. */
export function readyFbSdk(): FbSdk | null {
  return typeof window !== 'undefined' && window.FB ? ensureInit(window.FB) : null;
}

/** Injects the SDK script once (window.fbAsyncInit); rejects when it cannot load (retried on the next call). */
export function loadFbSdk(): Promise<FbSdk> {
  const ready = readyFbSdk();
  if (ready) return Promise.resolve(ready);
  if (loading) return loading;
  loading = new Promise<FbSdk>((resolve, reject) => {
    const finish = () => {
      const fb = readyFbSdk();
      if (fb) resolve(fb);
      else {
        loading = null;
        reject(new Error('The login SDK did not initialise'));
      }
    };
    window.fbAsyncInit = finish;
    const script = document.createElement('script');
    script.id = 'facebook-jssdk';
    script.src = env.fbSdkUrl;
    script.async = true;
    script.crossOrigin = 'anonymous';
    script.onload = finish;
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error(`Could not load the login SDK from ${env.fbSdkUrl}`));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/**
 * FB.login; resolves null when the user cancels (no authResponse). `rerequest`: ask again for permissions
 * the person declined before (Facebook does not, otherwise).
 */
export function fbLogin(
  fb: FbSdk,
  scopes: readonly string[],
  rerequest = false,
): Promise<FbAuthResponse | null> {
  return new Promise((resolve) => {
    fb.login((response) => resolve(response?.authResponse ?? null), {
      scope: scopes.join(','),
      ...(rerequest ? { auth_type: 'rerequest' } : {}),
    });
  });
}

export function fbProfile(fb: FbSdk): Promise<FbProfile> {
  return new Promise((resolve) => {
    fb.api('/me', { fields: 'id,name,email,picture' }, (response) => resolve(response));
  });
}

export interface SocialLogin {
  auth: FbAuthResponse;
  profile: FbProfile;
}

/**
 * Loads the SDK if needed, logs in with the given scopes and reads the profile.
 * Resolves null when the login is cancelled or the SDK is unavailable (both are ignored, spec §4).
 */
export async function socialLogin(
  scopes: readonly string[],
  rerequest = false,
  /** The person closed or cancelled the login dialog (not called when the SDK is unavailable). */
  onCancelled?: () => void,
): Promise<SocialLogin | null> {
  // When the SDK is already there FB.login runs synchronously inside the click (popup blockers).
  let fb = readyFbSdk();
  if (!fb) {
    try {
      fb = await loadFbSdk();
    } catch (error) {
      console.warn('Login SDK unavailable:', error instanceof Error ? error.message : error);
      return null;
    }
  }
  const auth = await fbLogin(fb, scopes, rerequest);
  if (!auth) {
    onCancelled?.();
    return null;
  }
  const profile = await fbProfile(fb);
  return { auth, profile };
}

/** Test hook: forget a half-loaded SDK. */
export function resetFbSdkLoader(): void {
  loading = null;
}
