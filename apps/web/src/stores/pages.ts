// pages slice (spec §3): the page list from sign-in (starts empty) and the selected page (starts empty).
// Persisted so a reload keeps the chosen page. `pages` are the `accounts` of the login result.
import { create } from 'zustand';
import type { Page, SelectedPage } from '@pagecast/contract';
import { STORAGE_KEYS, isRecord, readJson, write } from './storage';

export type { Page, SelectedPage };

const isPageList = (value: unknown): value is Page[] =>
  Array.isArray(value) &&
  value.every((p) => isRecord(p) && typeof p.pageId === 'string' && typeof p.name === 'string');
const isSelectedPage = (value: unknown): value is SelectedPage =>
  isRecord(value) && typeof value.pageId === 'string' && typeof value.name === 'string';

export interface PagesState {
  pages: Page[];
  selectedPage: SelectedPage | null;
  setPages: (pages: Page[]) => void;
  setSelectedPage: (page: SelectedPage | null) => void;
  reset: () => void;
}

export function loadPagesFromStorage(): Pick<PagesState, 'pages' | 'selectedPage'> {
  return {
    pages: readJson(STORAGE_KEYS.pages, isPageList) ?? [],
    selectedPage: readJson(STORAGE_KEYS.selectedPage, isSelectedPage),
  };
}

export const usePagesStore = create<PagesState>()((set) => ({
  ...loadPagesFromStorage(),
  setPages: (pages) => {
    write(STORAGE_KEYS.pages, pages);
    set({ pages });
  },
  setSelectedPage: (selectedPage) => {
    write(STORAGE_KEYS.selectedPage, selectedPage);
    set({ selectedPage });
  },
  reset: () => {
    write(STORAGE_KEYS.pages, null);
    write(STORAGE_KEYS.selectedPage, null);
    set({ pages: [], selectedPage: null });
  },
}));
