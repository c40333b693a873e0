// Dashboard layout pieces (spec §2 "Dashboard layout"): pure components, props in / callbacks out.
export { DashboardShell, ScreenHeader, NAV_ICONS } from './dashboard-shell';
export type {
  DashboardShellProps,
  DashboardNavItem,
  NavIconName,
  ScreenHeaderProps,
} from './dashboard-shell';
export { DashboardHeader, type DashboardHeaderProps } from './dashboard-header';
export { NavUser, USERNAME_FALLBACK, UNKNOWN_VALUE } from './nav-user';
export type { NavUserProps, NavUserInfo, NavUserSubscription, ThemeChoice } from './nav-user';
export {
  SidebarPageHeader,
  PAGE_NAME_FALLBACK,
  PRODUCT_NAME,
  type SidebarPageHeaderProps,
} from './sidebar-page-header';
export {
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
  SidebarTrigger,
  useSidebarCollapsed,
} from './sidebar';
export type { SidebarProps, SidebarGroupProps, SidebarMenuButtonProps } from './sidebar';
export {
  SidebarProvider,
  useSidebar,
  SIDEBAR_WIDTH,
  SIDEBAR_WIDTH_MOBILE,
  SIDEBAR_WIDTH_ICON,
  SIDEBAR_KEYBOARD_SHORTCUT,
} from './sidebar-context';
export type { SidebarContextValue, SidebarProviderProps } from './sidebar-context';
export { useIsMobile, MOBILE_BREAKPOINT_PX } from './use-is-mobile';
