import { useState } from 'react';
import { Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { DashboardShell, type NavUserSubscription } from '@pagecast/ui/layout';
import { env } from '../../lib/env';
import { useTheme } from '../../lib/theme';
import { useAuthStore, usePagesStore } from '../../stores';
import { useDisplayTimeZone } from '../account';
import { useLogout } from '../auth';
import { useSubscriptionQuery, subscriptionTimeLeft } from '../subscription';
import { SyncHeaderProgress, useSyncWatcher } from '../sync';
import {
  currentSection,
  navItemsFor,
  sectionLabel,
  settingsItemsFor,
  type DashboardSection,
} from './nav';
import { useSidebarState } from './sidebar-state';

/** /dashboard layout: wires the stores, router and cookie to the pure DashboardShell. */
export function DashboardLayout() {
  const navigate = useNavigate();
  const logout = useLogout();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const selectedPage = usePagesStore((s) => s.selectedPage);
  const user = useAuthStore((s) => s.user);
  const [sidebarOpen, setSidebarOpen] = useSidebarState();
  const theme = useTheme();
  useSyncWatcher();
  const zoneKey = useDisplayTimeZone();

  // The subscription values are fetched only once the user opens the expander.
  const [wantSubscription, setWantSubscription] = useState(false);
  const subscriptionBody = useSubscriptionQuery(wantSubscription).data ?? null;
  const subscription: NavUserSubscription = {
    time: subscriptionBody ? subscriptionTimeLeft(subscriptionBody) : null,
    credits: subscriptionBody ? subscriptionBody.availableCredits.toLocaleString() : null,
  };

  const current = currentSection(pathname);

  return (
    <DashboardShell
      sidebarOpen={sidebarOpen}
      onSidebarOpenChange={setSidebarOpen}
      page={selectedPage ? { name: selectedPage.name, picture: selectedPage.profilePicture } : null}
      navItems={navItemsFor(selectedPage?.canMessage)}
      settingsItems={settingsItemsFor(selectedPage?.canMessage)}
      currentKey={current}
      hrefFor={(key) => `/dashboard/${key}`}
      onNavigate={(key) =>
        void navigate({ to: `/dashboard/${key as DashboardSection}`, replace: true })
      }
      changePageHref="/select"
      onChangePage={() => void navigate({ to: '/select' })}
      user={{
        name: user?.name,
        email: user?.email,
        userId: user?.userId,
        avatar: user?.profilePic,
      }}
      subscription={subscription}
      onSubscriptionOpen={() => setWantSubscription(true)}
      onUpgrade={() => window.open(env.supportUrl, '_blank', 'noopener,noreferrer')}
      onLogout={logout}
      onAccount={() => void navigate({ to: '/dashboard/account' })}
      theme={theme.preference}
      onThemeChange={theme.setTheme}
      breadcrumb={['Dashboard', sectionLabel(current) ?? 'Home']}
      headerActions={<SyncHeaderProgress />}
    >
      {/* The screens read the display zone while rendering: a new zone remounts them. */}
      <Outlet key={zoneKey} />
    </DashboardShell>
  );
}
