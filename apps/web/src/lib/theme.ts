// Theme preference: 'light' | 'dark' | 'system', saved under 'pagecast.theme'. index.html's inline script applies
// the `.dark` class before the first paint with the same rule; this module keeps it in sync afterwards
// (user choice, other tabs, and the system preference while 'system' is chosen).
import { useSyncExternalStore } from 'react';

export type ThemePreference = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'pagecast.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

export function currentTheme(): ThemePreference {
  try {
    const saved = localStorage.getItem(THEME_STORAGE_KEY);
    return saved === 'light' || saved === 'dark' ? saved : 'system';
  } catch {
    return 'system';
  }
}

function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(DARK_QUERY).matches
    : false;
}

export function resolveTheme(preference: ThemePreference): ResolvedTheme {
  if (preference === 'system') return systemPrefersDark() ? 'dark' : 'light';
  return preference;
}

const listeners = new Set<() => void>();
let snapshot = '';

function applyTheme(): void {
  const preference = currentTheme();
  const resolved = resolveTheme(preference);
  document.documentElement.classList.toggle('dark', resolved === 'dark');
  document.documentElement.style.colorScheme = resolved;
  const next = `${preference}:${resolved}`;
  if (next !== snapshot) {
    snapshot = next;
    for (const listener of listeners) listener();
  }
}

/** Saves the preference ('system' removes the key so the OS decides) and applies it at once. */
export function setTheme(preference: ThemePreference): void {
  try {
    if (preference === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Storage may be unavailable (private mode): the choice then lasts for this page only.
  }
  applyTheme();
}

let watching = false;
function watch(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  if (typeof window.matchMedia === 'function') {
    window.matchMedia(DARK_QUERY).addEventListener('change', applyTheme);
  }
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) applyTheme();
  });
  applyTheme();
}

function subscribe(listener: () => void): () => void {
  watch();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): string {
  return snapshot || `${currentTheme()}:${resolveTheme(currentTheme())}`;
}

/** The saved preference, the theme actually shown, and a setter; re-renders when any of them changes. */
export function useTheme(): {
  preference: ThemePreference;
  resolved: ResolvedTheme;
  setTheme: typeof setTheme;
} {
  const value = useSyncExternalStore(subscribe, getSnapshot, () => 'system:light');
  const [preference, resolved] = value.split(':') as [ThemePreference, ResolvedTheme];
  return { preference, resolved, setTheme };
}
