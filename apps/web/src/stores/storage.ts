// Admin-scoped localStorage keys and small safe helpers (storage can be full, disabled or hold bad JSON).

export const STORAGE_KEYS = {
  user: 'pagecast.admin.user',
  /** No longer written (the session is a cookie); deleted on load and on reset. */
  legacyAccessToken: 'pagecast.admin.accessToken',
  pages: 'pagecast.admin.pages',
  selectedPage: 'pagecast.admin.selectedPage',
  jobs: 'pagecast.admin.jobs',
} as const;

const storage = (): Storage | undefined => {
  try {
    return typeof window !== 'undefined' ? window.localStorage : undefined;
  } catch {
    return undefined;
  }
};

export function readString(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function readJson<T>(key: string, isValid: (value: unknown) => value is T): T | null {
  const raw = readString(key);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isValid(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function write(key: string, value: string | object | null | undefined): void {
  try {
    const s = storage();
    if (!s) return;
    if (value === null || value === undefined) s.removeItem(key);
    else s.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
  } catch {
    // Quota exceeded or storage disabled: the in-memory state still works for this tab.
  }
}

export function removeAll(): void {
  for (const key of Object.values(STORAGE_KEYS)) write(key, null);
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
