import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, resetAll, useAuthStore, useJobsStore, usePagesStore } from '../src/stores';
import { makePage, selectPage, signIn, testUser } from './helpers';

describe('auth slice', () => {
  it('restores the user from localStorage at start and deletes the token an older version stored', async () => {
    localStorage.setItem('pagecast.admin.user', JSON.stringify(testUser));
    localStorage.setItem('pagecast.admin.accessToken', 'restored.jwt');
    vi.resetModules();
    const { useAuthStore: fresh } = await import('../src/stores/auth');
    expect(fresh.getState().user).toEqual(testUser);
    expect(fresh.getState()).not.toHaveProperty('accessToken');
    expect(localStorage.getItem('pagecast.admin.accessToken')).toBeNull();
  });

  it('drops the social network token an older version stored with the user, from memory and storage', async () => {
    localStorage.setItem(
      'pagecast.admin.user',
      JSON.stringify({ ...testUser, accessToken: 'EAAB-old-token', expiresIn: 5184000 }),
    );
    vi.resetModules();
    const { useAuthStore: fresh } = await import('../src/stores/auth');
    expect(fresh.getState().user).toEqual(testUser);
    expect(localStorage.getItem('pagecast.admin.user')).not.toContain('EAAB-old-token');
  });

  it('ignores a corrupt stored user', async () => {
    localStorage.setItem('pagecast.admin.user', '{not json');
    vi.resetModules();
    const { useAuthStore: fresh } = await import('../src/stores/auth');
    expect(fresh.getState().user).toBeNull();
  });

  it('setAuth saves the user and no token; logout removes it', () => {
    signIn(testUser);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null')).toEqual(testUser);
    expect(localStorage.getItem(STORAGE_KEYS.legacyAccessToken)).toBeNull();

    useAuthStore.getState().logout();
    expect(useAuthStore.getState()).toMatchObject({ user: null });
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });
});

describe('pages slice', () => {
  it('starts empty, sets the list and the selected page, persists them and resets both', async () => {
    expect(usePagesStore.getState()).toMatchObject({ pages: [], selectedPage: null });
    usePagesStore.getState().setPages([makePage(1), makePage(2)]);
    selectPage(makePage(2));
    expect(usePagesStore.getState().pages).toHaveLength(2);
    expect(usePagesStore.getState().selectedPage?.pageId).toBe(makePage(2).pageId);

    vi.resetModules();
    const { usePagesStore: fresh } = await import('../src/stores/pages');
    expect(fresh.getState().selectedPage?.name).toBe('Page 2');
    expect(fresh.getState().pages).toHaveLength(2);

    usePagesStore.getState().reset();
    expect(usePagesStore.getState()).toMatchObject({ pages: [], selectedPage: null });
    expect(localStorage.getItem(STORAGE_KEYS.selectedPage)).toBeNull();
  });
});

describe('jobs slice', () => {
  it('adds (one job per page: adding replaces), removes and resets', () => {
    const jobs = () => useJobsStore.getState().jobs;
    useJobsStore.getState().addJob('111', 'job-a');
    useJobsStore.getState().addJob('222', 'job-b');
    expect(jobs()).toEqual({ '111': 'job-a', '222': 'job-b' });

    useJobsStore.getState().addJob('111', 'job-c');
    expect(jobs()).toEqual({ '111': 'job-c', '222': 'job-b' });

    useJobsStore.getState().removeJob('111');
    expect(jobs()).toEqual({ '222': 'job-b' });
    useJobsStore.getState().removeJob('does-not-exist');
    expect(jobs()).toEqual({ '222': 'job-b' });

    useJobsStore.getState().reset();
    expect(jobs()).toEqual({});
    expect(localStorage.getItem(STORAGE_KEYS.jobs)).toBeNull();
  });
});

describe('resetAll', () => {
  it('clears the three slices and every admin key, leaving other keys alone', () => {
    signIn();
    usePagesStore.getState().setPages([makePage(1)]);
    selectPage();
    useJobsStore.getState().addJob('1', 'j');
    localStorage.setItem('pagecast.theme', 'dark');

    resetAll();

    expect(useAuthStore.getState()).toMatchObject({ user: null });
    expect(usePagesStore.getState()).toMatchObject({ pages: [], selectedPage: null });
    expect(useJobsStore.getState().jobs).toEqual({});
    for (const key of Object.values(STORAGE_KEYS)) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem('pagecast.theme')).toBe('dark');
  });
});
