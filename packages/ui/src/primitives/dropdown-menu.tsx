import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentProps,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { cn } from './cn';
import { useClickOutside } from './use-click-outside';

interface MenuContextValue {
  open: boolean;
  setOpen: (open: boolean) => void;
  triggerRef: RefObject<HTMLButtonElement | null>;
  contentRef: RefObject<HTMLDivElement | null>;
  triggerId: string;
  contentId: string;
  focusTarget: RefObject<'first' | 'last'>;
}

const MenuContext = createContext<MenuContextValue | null>(null);

function useMenu(component: string): MenuContextValue {
  const ctx = useContext(MenuContext);
  if (!ctx) throw new Error(`${component} must be used inside a DropdownMenu`);
  return ctx;
}

export interface DropdownMenuProps {
  children: ReactNode;
  /** Controlled open state (optional). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  className?: string;
}

/** Small accessible menu button. Compose DropdownMenuTrigger + DropdownMenuContent (role=menu) with
 *  DropdownMenuItem / DropdownMenuLabel / DropdownMenuSeparator. Arrow keys, Home/End move between items,
 *  Escape closes and returns focus to the trigger, Tab or a click outside closes. */
export function DropdownMenu({
  children,
  open: openProp,
  onOpenChange,
  className,
}: DropdownMenuProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(false);
  const open = openProp ?? uncontrolledOpen;
  const setOpen = useCallback(
    (next: boolean) => {
      if (openProp === undefined) setUncontrolledOpen(next);
      onOpenChange?.(next);
    },
    [openProp, onOpenChange],
  );
  const triggerRef = useRef<HTMLButtonElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const focusTarget = useRef<'first' | 'last'>('first');
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  const close = useCallback(() => setOpen(false), [setOpen]);
  useClickOutside(rootRef, open, close);

  return (
    <MenuContext.Provider
      value={{
        open,
        setOpen,
        triggerRef,
        contentRef,
        triggerId: `${id}-trigger`,
        contentId: `${id}-menu`,
        focusTarget,
      }}
    >
      <div ref={rootRef} className={cn('relative inline-block', className)}>
        {children}
      </div>
    </MenuContext.Provider>
  );
}

export function DropdownMenuTrigger({
  className,
  onClick,
  onKeyDown,
  ...props
}: ComponentProps<'button'>) {
  const { open, setOpen, triggerRef, triggerId, contentId, focusTarget } =
    useMenu('DropdownMenuTrigger');
  return (
    <button
      ref={triggerRef}
      type="button"
      id={triggerId}
      aria-haspopup="menu"
      aria-expanded={open}
      aria-controls={open ? contentId : undefined}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented) return;
        focusTarget.current = 'first';
        setOpen(!open);
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.defaultPrevented) return;
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault();
          focusTarget.current = event.key === 'ArrowUp' ? 'last' : 'first';
          setOpen(true);
        }
      }}
      className={cn(
        'inline-flex cursor-pointer items-center gap-2 rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden',
        className,
      )}
      {...props}
    />
  );
}

function menuItems(content: HTMLElement): HTMLElement[] {
  return Array.from(
    content.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])'),
  );
}

const placement = {
  bottom: { start: 'top-full left-0 mt-1', end: 'top-full right-0 mt-1' },
  top: { start: 'bottom-full left-0 mb-1', end: 'bottom-full right-0 mb-1' },
  right: { start: 'left-full top-0 ml-1', end: 'left-full bottom-0 ml-1' },
} as const;

export interface DropdownMenuContentProps extends ComponentProps<'div'> {
  side?: 'bottom' | 'top' | 'right';
  align?: 'start' | 'end';
}

export function DropdownMenuContent({
  side = 'bottom',
  align = 'start',
  className,
  children,
  ...props
}: DropdownMenuContentProps) {
  const { open, setOpen, contentRef, triggerRef, triggerId, contentId, focusTarget } =
    useMenu('DropdownMenuContent');

  useEffect(() => {
    if (!open || !contentRef.current) return;
    const items = menuItems(contentRef.current);
    const target = focusTarget.current === 'last' ? items[items.length - 1] : items[0];
    (target ?? contentRef.current).focus();
  }, [open, contentRef, focusTarget]);

  // The menu hangs from its trigger by CSS alone; a trigger near the window's edge (the chat header's
  // menus on a phone) would push it out of view. Shift it back inside, 8 px from the edge. Offsets, not
  // getBoundingClientRect: the opening animation scales the menu.
  useLayoutEffect(() => {
    const content = contentRef.current;
    if (!open || !content) return;
    content.style.translate = '';
    const parent = content.offsetParent;
    if (!parent) return;
    const margin = 8;
    const left = parent.getBoundingClientRect().left + content.offsetLeft;
    const right = left + content.offsetWidth;
    const room = document.documentElement.clientWidth || window.innerWidth;
    const shift = left < margin ? margin - left : right > room - margin ? room - margin - right : 0;
    if (shift !== 0) content.style.translate = `${Math.round(shift)}px 0`;
  }, [open, contentRef, side, align]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const content = contentRef.current;
    if (!content) return;
    const items = menuItems(content);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => items[(i + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index <= 0 ? items.length - 1 : index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(items.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        triggerRef.current?.focus();
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  return (
    <div
      ref={contentRef}
      id={contentId}
      role="menu"
      aria-labelledby={triggerId}
      aria-orientation="vertical"
      tabIndex={-1}
      onKeyDown={onKeyDown}
      className={cn(
        'absolute z-50 min-w-48 overflow-hidden rounded-lg border border-border bg-popover p-1 text-popover-foreground shadow-lg',
        'focus:outline-hidden motion-safe:animate-zoom-in',
        placement[side][align],
        className,
      )}
      {...props}
    >
      {children}
    </div>
  );
}

export interface DropdownMenuItemProps extends Omit<ComponentProps<'button'>, 'onSelect'> {
  /** Called on click / Enter / Space. Call event.preventDefault() to keep the menu open. */
  onSelect?: (event: MouseEvent<HTMLButtonElement>) => void;
  destructive?: boolean;
}

export function DropdownMenuItem({
  onSelect,
  onClick,
  destructive = false,
  disabled,
  className,
  ...props
}: DropdownMenuItemProps) {
  const { setOpen, triggerRef } = useMenu('DropdownMenuItem');
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      aria-disabled={disabled || undefined}
      onClick={(event) => {
        if (disabled) return;
        onClick?.(event);
        onSelect?.(event);
        if (event.defaultPrevented) return;
        setOpen(false);
        triggerRef.current?.focus();
      }}
      className={cn(
        'flex w-full cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm outline-hidden',
        'hover:bg-accent hover:text-accent-foreground focus:bg-accent focus:text-accent-foreground',
        'aria-disabled:pointer-events-none aria-disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
        destructive && 'text-destructive hover:text-destructive focus:text-destructive',
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('px-2 py-1.5 text-sm font-medium', className)} {...props} />;
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<'div'>) {
  return <div role="separator" className={cn('-mx-1 my-1 h-px bg-border', className)} {...props} />;
}
