import {
  ArrowLeftRight,
  CalendarClock,
  ChartColumn,
  FileText,
  House,
  Megaphone,
  MessagesSquare,
  Tags,
  Webhook,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { DashboardHeader } from './dashboard-header';
import { NavUser, type NavUserInfo, type NavUserSubscription, type ThemeChoice } from './nav-user';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarHeader,
  SidebarInset,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarSeparator,
} from './sidebar';
import { SidebarProvider } from './sidebar-context';
import { SidebarPageHeader } from './sidebar-page-header';

/** Icons the dashboard navigation can use. */
export const NAV_ICONS = {
  home: <House />,
  'manage-tags': <Tags />,
  chats: <MessagesSquare />,
  schedule: <CalendarClock />,
  templates: <FileText />,
  marketing: <Megaphone />,
  analytics: <ChartColumn />,
  webhooks: <Webhook />,
  'change-page': <ArrowLeftRight />,
} as const;
export type NavIconName = keyof typeof NAV_ICONS;

export interface DashboardNavItem {
  /** Route segment under /dashboard ('home', 'manage-tags', ...). */
  key: string;
  label: string;
  icon?: NavIconName;
}

export interface DashboardShellProps {
  /** Desktop expanded (true) / collapsed (false); the app persists it. */
  sidebarOpen: boolean;
  onSidebarOpenChange: (open: boolean) => void;
  page: { name?: string | null; picture?: string | null } | null;
  productName?: string;
  /** The 'Features' group. */
  navItems: DashboardNavItem[];
  /** The 'Settings' group: the selected page's settings (Webhooks); none, no group. */
  settingsItems?: DashboardNavItem[];
  /** Key of the current item (marked aria-current). */
  currentKey: string;
  /** The URL of an item (amendment 10.4: items are real links); a plain click calls onNavigate. */
  hrefFor: (key: string) => string;
  onNavigate: (key: string) => void;
  /** Secondary 'Change Page' item, a link to `changePageHref`. */
  changePageHref: string;
  onChangePage: () => void;
  user: NavUserInfo;
  subscription?: NavUserSubscription;
  onSubscriptionOpen?: () => void;
  onUpgrade: () => void;
  onLogout: () => void;
  /** The user menu's 'Account' item. */
  onAccount?: () => void;
  /** Theme preference shown in the user menu (Light / Dark / System). */
  theme?: ThemeChoice;
  onThemeChange?: (theme: ThemeChoice) => void;
  breadcrumb: string[];
  headerActions?: ReactNode;
  children: ReactNode;
}

/** The whole dashboard frame of spec §2: sidebar (page header, Features, Change Page, user menu), sticky
 *  header with toggle and breadcrumb, and the screen. Pure: props in, callbacks out. */
export function DashboardShell({
  sidebarOpen,
  onSidebarOpenChange,
  page,
  productName,
  navItems,
  settingsItems = [],
  currentKey,
  hrefFor,
  onNavigate,
  changePageHref,
  onChangePage,
  user,
  subscription,
  onSubscriptionOpen,
  onUpgrade,
  onLogout,
  onAccount,
  theme,
  onThemeChange,
  breadcrumb,
  headerActions,
  children,
}: DashboardShellProps) {
  const links = { currentKey, hrefFor, onNavigate };
  return (
    <SidebarProvider open={sidebarOpen} onOpenChange={onSidebarOpenChange}>
      {/* WCAG 2.4.1: the first Tab stop jumps over the navigation to the screen. */}
      <a
        href="#main-content"
        onClick={(event) => {
          event.preventDefault();
          // Focusable only for this jump: a permanently focusable <main> would take the focus on every
          // click on its blank space (and on disabled buttons), closing popovers that watch for blur.
          const main = document.getElementById('main-content');
          if (!main) return;
          main.tabIndex = -1;
          main.focus();
          main.addEventListener('blur', () => main.removeAttribute('tabindex'), { once: true });
        }}
        className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Sidebar label="Dashboard navigation">
        <SidebarHeader>
          <SidebarPageHeader
            pageName={page?.name}
            pagePicture={page?.picture}
            productName={productName}
          />
        </SidebarHeader>
        <SidebarSeparator />
        <SidebarContent>
          <nav aria-label="Dashboard" className="flex flex-1 flex-col">
            <NavGroup label="Features" items={navItems} {...links} />
            {settingsItems.length > 0 ? (
              <NavGroup label="Settings" items={settingsItems} {...links} />
            ) : null}
            <SidebarGroup className="mt-auto">
              <SidebarMenu>
                <SidebarMenuItem>
                  <SidebarMenuButton
                    label="Change Page"
                    icon={NAV_ICONS['change-page']}
                    href={changePageHref}
                    onClick={onChangePage}
                  />
                </SidebarMenuItem>
              </SidebarMenu>
            </SidebarGroup>
          </nav>
        </SidebarContent>
        <SidebarFooter>
          <NavUser
            user={user}
            subscription={subscription}
            onSubscriptionOpen={onSubscriptionOpen}
            onUpgrade={onUpgrade}
            onLogout={onLogout}
            onAccount={onAccount}
            theme={theme}
            onThemeChange={onThemeChange}
          />
        </SidebarFooter>
      </Sidebar>
      <SidebarInset>
        <DashboardHeader breadcrumb={breadcrumb} actions={headerActions} pageName={page?.name} />
        <main id="main-content" className="flex min-w-0 flex-1 flex-col outline-hidden">
          {children}
        </main>
      </SidebarInset>
    </SidebarProvider>
  );
}

/** A labelled group of dashboard links, the current one marked. */
function NavGroup({
  label,
  items,
  currentKey,
  hrefFor,
  onNavigate,
}: { label: string; items: DashboardNavItem[] } & Pick<
  DashboardShellProps,
  'currentKey' | 'hrefFor' | 'onNavigate'
>) {
  return (
    <SidebarGroup label={label}>
      <SidebarMenu>
        {items.map((item) => (
          <SidebarMenuItem key={item.key}>
            <SidebarMenuButton
              label={item.label}
              icon={item.icon ? NAV_ICONS[item.icon] : undefined}
              isActive={item.key === currentKey}
              href={hrefFor(item.key)}
              onClick={() => onNavigate(item.key)}
            />
          </SidebarMenuItem>
        ))}
      </SidebarMenu>
    </SidebarGroup>
  );
}

export interface ScreenHeaderProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}

/** Title row at the top of a dashboard screen. */
export function ScreenHeader({ title, description, actions }: ScreenHeaderProps) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex items-center gap-2">{actions}</div> : null}
    </div>
  );
}
