import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { cn } from '../primitives/cn';
import { useIsMobile } from './use-is-mobile';

/** Spec §9 sidebar sizes and shortcut. */
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';

export interface SidebarContextValue {
  /** Desktop: expanded (true) or collapsed to icons (false). */
  open: boolean;
  setOpen: (open: boolean) => void;
  /** Mobile: the side sheet is shown. */
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  /** Toggles the sheet on mobile, expanded/collapsed otherwise. */
  toggleSidebar: () => void;
  state: 'expanded' | 'collapsed';
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const ctx = useContext(SidebarContext);
  if (!ctx) throw new Error('useSidebar must be used inside a SidebarProvider');
  return ctx;
}

export interface SidebarProviderProps {
  /** Controlled expanded state (the app persists it, e.g. in a cookie). */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
  className?: string;
}

/** Sidebar state for the dashboard: controlled expanded/collapsed, the mobile sheet, and the
 *  Ctrl/Cmd + b shortcut. Sets --sidebar-width / --sidebar-width-icon on its wrapper. */
export function SidebarProvider({ open, onOpenChange, children, className }: SidebarProviderProps) {
  const isMobile = useIsMobile();
  const [openMobile, setOpenMobile] = useState(false);

  const toggleSidebar = useCallback(() => {
    if (isMobile) setOpenMobile((v) => !v);
    else onOpenChange(!open);
  }, [isMobile, onOpenChange, open]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (
        event.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT &&
        (event.metaKey || event.ctrlKey) &&
        !event.altKey
      ) {
        event.preventDefault();
        toggleSidebar();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggleSidebar]);

  // Leaving the mobile layout closes the sheet.
  useEffect(() => {
    if (!isMobile) setOpenMobile(false);
  }, [isMobile]);

  const value = useMemo<SidebarContextValue>(
    () => ({
      open,
      setOpen: onOpenChange,
      openMobile,
      setOpenMobile,
      isMobile,
      toggleSidebar,
      state: open ? 'expanded' : 'collapsed',
    }),
    [open, onOpenChange, openMobile, isMobile, toggleSidebar],
  );

  return (
    <SidebarContext.Provider value={value}>
      <div
        data-slot="sidebar-wrapper"
        style={
          {
            '--sidebar-width': SIDEBAR_WIDTH,
            '--sidebar-width-mobile': SIDEBAR_WIDTH_MOBILE,
            '--sidebar-width-icon': SIDEBAR_WIDTH_ICON,
          } as CSSProperties
        }
        className={cn('flex min-h-svh w-full bg-background text-foreground', className)}
      >
        {children}
      </div>
    </SidebarContext.Provider>
  );
}
