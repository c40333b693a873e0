import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { matchesName, type Page } from '@pagecast/contract';
import { ThemeMenu } from '@pagecast/ui/layout/public-layout';
import { SelectScreen } from '@pagecast/ui/screens/select';
import { errorMessage } from '../../lib/query';
import { useTheme } from '../../lib/theme';
import { useAuthStore, usePagesStore } from '../../stores';
import { useLogin, useLogout } from '../auth';
import { fetchPage } from './queries';

export const PAGE_FETCH_ERROR_FALLBACK = 'An error occurred';

/** /select: the accounts stored at sign-in; choosing one fetches the page, stores it and opens the dashboard. */
export function SelectPage() {
  const theme = useTheme();
  const navigate = useNavigate();
  const user = useAuthStore((s) => s.user);
  const logout = useLogout();
  const pages = usePagesStore((s) => s.pages);
  const [search, setSearch] = useState('');
  // 'Add New Page': sign in again so the social network lets the user grant access to more pages.
  const { login, pending: addPending } = useLogin();

  const choose = useMutation({
    mutationFn: fetchPage,
    onSuccess: async (page) => {
      usePagesStore.getState().setSelectedPage({
        pageId: page.pageId,
        id: page.id,
        name: page.name,
        syncScope: page.syncScope,
        profilePicture: page.profilePicture,
        canMessage: page.canMessage,
      });
      await navigate({ to: '/dashboard', replace: true });
    },
  });

  const visible = pages.filter((page) => matchesName(page.name, search));

  return (
    <SelectScreen
      accountActions={
        <ThemeMenu
          value={theme.preference}
          resolved={theme.resolved}
          onChange={theme.setTheme}
          side="right"
        />
      }
      user={user ? { name: user.name, profilePic: user.profilePic } : null}
      pages={visible}
      search={search}
      onSearchChange={setSearch}
      onSelect={(page: Page) => choose.mutate(page.pageId)}
      onAddNewPage={() => void login()}
      addNewPagePending={addPending}
      onLogout={logout}
      loading={choose.isPending}
      error={choose.isError ? errorMessage(choose.error, PAGE_FETCH_ERROR_FALLBACK) : null}
    />
  );
}
