import {
  Check,
  ChevronDown,
  ChevronsUpDown,
  LogOut,
  Monitor,
  Moon,
  Sparkles,
  Sun,
  UserCog,
} from 'lucide-react';
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { CHAT_APP_NOTE } from '../components/chat-app';
import { Avatar } from '../primitives/avatar';
import { cn } from '../primitives/cn';
import { useClickOutside } from '../primitives/use-click-outside';
import { useSidebarCollapsed } from './sidebar';

export const USERNAME_FALLBACK = 'Username';
/** Shown for a subscription value that is not known (yet). */
export const UNKNOWN_VALUE = '—';

export interface NavUserInfo {
  name?: string | null;
  email?: string | null;
  /** Shown when there is no e-mail. */
  userId?: string | null;
  avatar?: string | null;
}

export interface NavUserSubscription {
  /** Remaining time / period, already formatted; null or undefined = unknown ('—'). */
  time?: ReactNode;
  /** Available credits; null or undefined = unknown ('—'). */
  credits?: ReactNode;
}

export type ThemeChoice = 'light' | 'dark' | 'system';

const THEME_CHOICES: Array<{ value: ThemeChoice; label: string; icon: ReactNode }> = [
  { value: 'light', label: 'Light', icon: <Sun aria-hidden="true" /> },
  { value: 'dark', label: 'Dark', icon: <Moon aria-hidden="true" /> },
  { value: 'system', label: 'System', icon: <Monitor aria-hidden="true" /> },
];

export interface NavUserProps {
  user: NavUserInfo;
  /** Current theme preference; with onThemeChange, the menu shows a Light / Dark / System choice. */
  theme?: ThemeChoice;
  onThemeChange?: (theme: ThemeChoice) => void;
  subscription?: NavUserSubscription;
  /** Called when the Subscription expander opens (e.g. to fetch the values lazily). */
  onSubscriptionOpen?: () => void;
  onUpgrade: () => void;
  onLogout: () => void;
  /** Opens the Account screen (plan, sessions, pages, delete my data). */
  onAccount?: () => void;
}

function Identity({ user, hideText }: { user: NavUserInfo; hideText?: boolean }) {
  const name = user.name?.trim() ? user.name : USERNAME_FALLBACK;
  const secondary = user.email?.trim() ? user.email : (user.userId ?? '');
  return (
    <>
      <Avatar src={user.avatar} name={name} size="sm" className="rounded-lg [&>span]:rounded-lg" />
      <span
        className={cn('grid min-w-0 flex-1 text-left text-sm leading-tight', hideText && 'sr-only')}
      >
        <span className="truncate font-semibold">{name}</span>
        <span className="truncate text-xs text-muted-foreground">{secondary}</span>
      </span>
    </>
  );
}

const itemClass =
  'flex w-full cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm outline-hidden ' +
  'hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent focus-visible:text-accent-foreground ' +
  '[&_svg]:size-4 [&_svg]:shrink-0';

/** Sidebar footer user menu: avatar, name ('Username'), e-mail (or the user id), a Subscription expander
 *  ('Time', 'Available Credits'), 'Upgrade to Pro' and 'Log out' (spec §2). */
export function NavUser({
  user,
  subscription,
  onSubscriptionOpen,
  onUpgrade,
  onLogout,
  onAccount,
  theme,
  onThemeChange,
}: NavUserProps) {
  const collapsed = useSidebarCollapsed();
  const [open, setOpen] = useState(false);
  const [subscriptionOpen, setSubscriptionOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const menuId = `${id}-menu`;
  const subscriptionId = `${id}-subscription`;

  // Close on outside pointer down; focus the first item when the menu opens.
  const dismiss = useCallback(() => setOpen(false), []);
  useClickOutside(rootRef, open, dismiss);
  useEffect(() => {
    if (open) menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);

  const close = (refocus = true) => {
    setOpen(false);
    if (refocus) triggerRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
      return;
    }
    if (event.key === 'Tab') {
      setOpen(false);
      return;
    }
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
    const items = Array.from(
      menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [],
    );
    if (items.length === 0) return;
    event.preventDefault();
    const index = items.indexOf(document.activeElement as HTMLElement);
    let next = 0;
    if (event.key === 'End') next = items.length - 1;
    else if (event.key === 'ArrowDown') next = index < 0 ? 0 : (index + 1) % items.length;
    else if (event.key === 'ArrowUp') next = index <= 0 ? items.length - 1 : index - 1;
    items[next]?.focus();
  };

  const toggleSubscription = () => {
    const next = !subscriptionOpen;
    setSubscriptionOpen(next);
    if (next) onSubscriptionOpen?.();
  };

  return (
    <div ref={rootRef} data-slot="nav-user" className="relative">
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={collapsed ? 'User menu' : undefined}
        title={collapsed ? (user.name?.trim() ? user.name : USERNAME_FALLBACK) : undefined}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className={cn(
          'flex h-12 w-full cursor-pointer items-center gap-2 overflow-hidden rounded-md p-2 text-left outline-hidden',
          'hover:bg-sidebar-accent focus-visible:ring-2 focus-visible:ring-ring aria-expanded:bg-sidebar-accent',
          collapsed && 'size-8 justify-center p-0',
        )}
      >
        <Identity user={user} hideText={collapsed} />
        {collapsed ? null : (
          <ChevronsUpDown aria-hidden="true" className="ml-auto size-4 shrink-0" />
        )}
      </button>

      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="User menu"
          onKeyDown={onMenuKeyDown}
          className={cn(
            'absolute z-50 min-w-56 rounded-lg border border-border bg-popover p-1 text-popover-foreground shadow-lg',
            'motion-safe:animate-fade-in',
            collapsed ? 'bottom-0 left-full ml-2' : 'bottom-full left-0 mb-2 w-full',
          )}
        >
          <div className="flex items-center gap-2 px-1 py-1.5" role="none">
            <Identity user={user} />
          </div>
          <MenuSeparator />
          <button
            type="button"
            role="menuitem"
            aria-expanded={subscriptionOpen}
            aria-controls={subscriptionId}
            onClick={toggleSubscription}
            className={itemClass}
          >
            <span className="flex-1">Subscription</span>
            <ChevronDown
              aria-hidden="true"
              className={cn('transition-transform', subscriptionOpen && 'rotate-180')}
            />
          </button>
          <div
            id={subscriptionId}
            role="group"
            aria-label="Subscription"
            hidden={!subscriptionOpen}
          >
            <dl className="grid gap-1 px-2 pb-1.5 pl-4 text-sm">
              <SubscriptionRow term="Time" value={subscription?.time} />
              <SubscriptionRow term="Available Credits" value={subscription?.credits} />
            </dl>
          </div>
          <MenuSeparator />
          <MenuAction
            icon={<Sparkles aria-hidden="true" />}
            hint={CHAT_APP_NOTE}
            onSelect={() => {
              close(false);
              onUpgrade();
            }}
          >
            Upgrade to Pro
          </MenuAction>
          {onAccount ? (
            <MenuAction
              icon={<UserCog aria-hidden="true" />}
              onSelect={() => {
                close(false);
                onAccount();
              }}
            >
              Account
            </MenuAction>
          ) : null}
          {onThemeChange ? (
            <>
              <MenuSeparator />
              <div role="group" aria-label="Theme">
                <div
                  aria-hidden="true"
                  className="px-2 py-1 text-xs font-medium text-muted-foreground"
                >
                  Theme
                </div>
                {THEME_CHOICES.map((choice) => (
                  <button
                    key={choice.value}
                    type="button"
                    role="menuitemradio"
                    aria-checked={theme === choice.value}
                    onClick={() => onThemeChange(choice.value)}
                    className={itemClass}
                  >
                    {choice.icon}
                    <span className="flex-1">{choice.label}</span>
                    {theme === choice.value ? <Check aria-hidden="true" /> : null}
                  </button>
                ))}
              </div>
            </>
          ) : null}
          <MenuSeparator />
          <MenuAction
            icon={<LogOut aria-hidden="true" />}
            onSelect={() => {
              close(false);
              onLogout();
            }}
          >
            Log out
          </MenuAction>
        </div>
      ) : null}
    </div>
  );
}

function MenuSeparator() {
  return <div role="separator" className="-mx-1 my-1 h-px bg-border" />;
}

/** A plain menu item: icon and label; `onSelect` runs on click. */
function MenuAction({
  icon,
  onSelect,
  children,
  hint,
}: {
  icon: ReactNode;
  onSelect: () => void;
  children: ReactNode;
  /** A second, muted line: where the action leads (its description, not its name). */
  hint?: string;
}) {
  const hintId = useId();
  return (
    <button
      type="button"
      role="menuitem"
      onClick={onSelect}
      className={itemClass}
      aria-describedby={hint ? hintId : undefined}
    >
      {icon}
      {hint ? (
        <span className="grid text-left">
          <span>{children}</span>
          {/* Out of the name ('Upgrade to Pro'), read as its description instead. */}
          <span
            id={hintId}
            aria-hidden="true"
            className="text-xs font-normal text-muted-foreground"
          >
            {hint}
          </span>
        </span>
      ) : (
        children
      )}
    </button>
  );
}

/** One line of the Subscription group; an unknown value shows UNKNOWN_VALUE. */
function SubscriptionRow({ term, value }: { term: string; value: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="font-medium tabular-nums">
        {value === null || value === undefined || value === '' ? UNKNOWN_VALUE : value}
      </dd>
    </div>
  );
}
