// Theme preference: 'light' | 'dark' | 'system', saved under 'pagecast.theme'. index.html applies the
// `.dark` class before the first paint with the same rule.
export type ThemePreference = 'light' | 'dark' | 'system';

export const THEME_STORAGE_KEY = 'pagecast.theme';

export function currentTheme(): ThemePreference {
  try {
    const saved = localStorage.getItem(THEME_STORAGE_KEY);
    return saved === 'light' || saved === 'dark' ? saved : 'system';
  } catch {
    return 'system';
  }
}
