import { PanelLeft } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../primitives/cn';
import { Sheet } from '../primitives/sheet';
import { useSidebar } from './sidebar-context';

export interface SidebarProps {
  children: ReactNode;
  /** Accessible name of the navigation landmark / mobile sheet. */
  label?: string;
  className?: string;
}

/** Desktop: a fixed column (16rem, or 3rem icons-only when collapsed). Mobile: a left side sheet (18rem). */
export function Sidebar({ children, label = 'Sidebar', className }: SidebarProps) {
  const { isMobile, openMobile, setOpenMobile, state } = useSidebar();

  if (isMobile) {
    // The sheet is portalled to <body>, outside the provider's CSS variables: use the literal width.
    return (
      <Sheet
        open={openMobile}
        onOpenChange={setOpenMobile}
        side="left"
        aria-label={label}
        className="w-[18rem] p-0"
      >
        <div
          data-slot="sidebar"
          data-state="expanded"
          data-mobile="true"
          className="flex h-full flex-col [&_[data-slot=sidebar-header]]:pr-12"
        >
          {children}
        </div>
      </Sheet>
    );
  }

  return (
    <div
      data-slot="sidebar-gap"
      data-state={state}
      className={cn(
        'relative hidden shrink-0 transition-[width] duration-200 ease-linear md:block',
        state === 'expanded' ? 'w-(--sidebar-width)' : 'w-(--sidebar-width-icon)',
      )}
    >
      <aside
        data-slot="sidebar"
        data-state={state}
        data-collapsible={state === 'collapsed' ? 'icon' : ''}
        aria-label={label}
        className={cn(
          'fixed inset-y-0 left-0 z-20 flex h-svh flex-col border-r border-border bg-sidebar text-sidebar-foreground',
          'transition-[width] duration-200 ease-linear',
          state === 'expanded' ? 'w-(--sidebar-width)' : 'w-(--sidebar-width-icon)',
          className,
        )}
      >
        {children}
      </aside>
    </div>
  );
}

/** True when the sidebar shows icons only (desktop, collapsed). */
export function useSidebarCollapsed(): boolean {
  const { isMobile, state } = useSidebar();
  return !isMobile && state === 'collapsed';
}

export function SidebarHeader({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-header"
      className={cn('flex flex-col gap-2 p-2', className)}
      {...props}
    />
  );
}

export function SidebarContent({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-content"
      className={cn(
        'flex min-h-0 flex-1 flex-col gap-2 overflow-x-hidden overflow-y-auto',
        className,
      )}
      {...props}
    />
  );
}

export function SidebarFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-footer"
      className={cn('flex flex-col gap-2 p-2', className)}
      {...props}
    />
  );
}

export interface SidebarGroupProps extends ComponentProps<'div'> {
  label?: string;
}

/** A labelled group of menu items ('Features'); the label hides when collapsed. */
export function SidebarGroup({ label, className, children, ...props }: SidebarGroupProps) {
  const collapsed = useSidebarCollapsed();
  return (
    <div
      data-slot="sidebar-group"
      role="group"
      aria-label={label}
      className={cn('relative flex w-full min-w-0 flex-col p-2', className)}
      {...props}
    >
      {label ? (
        <div
          aria-hidden="true"
          className={cn(
            'flex h-8 shrink-0 items-center rounded-md px-2 text-xs font-medium text-sidebar-foreground/70',
            collapsed && 'sr-only',
          )}
        >
          {label}
        </div>
      ) : null}
      {children}
    </div>
  );
}

export function SidebarMenu({ className, ...props }: ComponentProps<'ul'>) {
  return (
    <ul
      data-slot="sidebar-menu"
      className={cn('flex w-full min-w-0 flex-col gap-1', className)}
      {...props}
    />
  );
}

export function SidebarMenuItem({ className, ...props }: ComponentProps<'li'>) {
  return <li data-slot="sidebar-menu-item" className={cn('relative', className)} {...props} />;
}

export interface SidebarMenuButtonProps {
  icon?: ReactNode;
  label: string;
  isActive?: boolean;
  /** Shown after the label (hidden when collapsed). */
  suffix?: ReactNode;
  className?: string;
  /**
   * Where the item leads: it is then a real link (middle-click, the URL on hover, open in a new tab),
   * and a plain click calls `onClick` instead of following it (the app navigates with replace).
   */
  href?: string;
  onClick?: () => void;
}

/** A plain left click, without a modifier: the app handles it; anything else is the browser's. */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** A nav item: icon + label; collapsed it shows the icon only, with the label as tooltip/aria-label. */
export function SidebarMenuButton({
  icon,
  label,
  isActive,
  suffix,
  className,
  href,
  onClick,
}: SidebarMenuButtonProps) {
  const collapsed = useSidebarCollapsed();
  const { isMobile, setOpenMobile } = useSidebar();
  const choose = () => {
    onClick?.();
    // On mobile the sheet closes once an item is chosen.
    if (isMobile) setOpenMobile(false);
  };
  const common = {
    'data-slot': 'sidebar-menu-button',
    'data-active': isActive || undefined,
    'aria-current': isActive ? ('page' as const) : undefined,
    'aria-label': collapsed ? label : undefined,
    title: collapsed ? label : undefined,
    className: cn(
      'flex h-8 w-full cursor-pointer items-center gap-2 overflow-hidden rounded-md px-2 text-left text-sm outline-hidden',
      'hover:bg-sidebar-accent focus-visible:ring-2 focus-visible:ring-ring',
      'data-[active]:bg-sidebar-accent data-[active]:font-medium',
      '[&_svg]:size-4 [&_svg]:shrink-0',
      collapsed && 'justify-center px-0',
      className,
    ),
  };
  const content = (
    <>
      {icon ? (
        <span aria-hidden="true" className="inline-flex">
          {icon}
        </span>
      ) : null}
      <span className={cn('truncate', collapsed && 'sr-only')}>{label}</span>
      {suffix && !collapsed ? <span className="ml-auto">{suffix}</span> : null}
    </>
  );
  if (href) {
    return (
      <a
        {...common}
        href={href}
        onClick={(event) => {
          if (!isPlainClick(event.nativeEvent)) return;
          event.preventDefault();
          choose();
        }}
      >
        {content}
      </a>
    );
  }
  return (
    <button type="button" {...common} onClick={choose}>
      {content}
    </button>
  );
}

export function SidebarSeparator({ className, ...props }: ComponentProps<'div'>) {
  return <div role="none" className={cn('mx-2 h-px shrink-0 bg-border', className)} {...props} />;
}

/** The header's toggle button (aria-label 'Toggle Sidebar'). */
export function SidebarTrigger({ className, onClick, ...props }: ComponentProps<'button'>) {
  const { toggleSidebar, isMobile, open, openMobile } = useSidebar();
  return (
    <button
      type="button"
      data-slot="sidebar-trigger"
      aria-label="Toggle Sidebar"
      aria-expanded={isMobile ? openMobile : open}
      title="Toggle Sidebar (Ctrl/⌘ + B)"
      onClick={(event) => {
        onClick?.(event);
        toggleSidebar();
      }}
      className={cn(
        'inline-flex size-8 cursor-pointer items-center justify-center rounded-md text-foreground',
        'hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden',
        className,
      )}
      {...props}
    >
      <PanelLeft aria-hidden="true" className="size-4" />
    </button>
  );
}

/** The main column next to the sidebar. */
export function SidebarInset({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-inset"
      className={cn(
        'relative flex min-h-svh w-full min-w-0 flex-1 flex-col bg-background',
        className,
      )}
      {...props}
    />
  );
}
