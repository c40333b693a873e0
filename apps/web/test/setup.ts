import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { queryClient } from '../src/lib/query-client';
import { resetFbSdkLoader } from '../src/features/auth/fb-sdk';
import { resetAll } from '../src/stores';

// jsdom lacks these browser APIs (sonner reads prefers-color-scheme; the router restores scroll).
// Tests may override matchMedia (e.g. to emulate a phone) with vi.stubGlobal.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  resetAll();
  queryClient.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
  delete window.FB;
  delete window.fbAsyncInit;
  resetFbSdkLoader();
  document.getElementById('facebook-jssdk')?.remove();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
});

// sonner removes a dismissed toast 200 ms later with a bare setTimeout that unmounting does not
// clear; if it fires after this file's jsdom is torn down, React throws "window is not defined".
// Let those timers run out while the window still exists.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 400)));
