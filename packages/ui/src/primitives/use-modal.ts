import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'summary',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** Tabbable descendants of `root`, in DOM order (hidden subtrees excluded). */
export function getFocusable(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) =>
      el.tabIndex >= 0 &&
      !el.closest('[hidden], [inert]') &&
      el.getAttribute('aria-hidden') !== 'true',
  );
}

/** Open modals, innermost last: only the top one reacts to Escape / Tab. */
const stack: symbol[] = [];
let scrollLocks = 0;
let savedOverflow = '';

export interface UseModalOptions {
  open: boolean;
  onClose: () => void;
  panelRef: RefObject<HTMLElement | null>;
  /** Element to focus on open; default: first tabbable element in the panel, else the panel. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  closeOnEscape?: boolean;
}

/** Modal behaviour shared by Dialog and Sheet: initial focus, focus trap (Tab / Shift+Tab wrap), Escape
 *  closes, body scroll lock, and focus returns to the previously focused element on close. */
export function useModal({
  open,
  onClose,
  panelRef,
  initialFocusRef,
  closeOnEscape = true,
}: UseModalOptions) {
  // The element to give the focus back to, read while rendering the opening: by the time effects run, an
  // autoFocus field inside the modal may already have taken the focus.
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && typeof document !== 'undefined') {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  wasOpen.current = open;
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (!open) return;
    const token = Symbol('modal');
    stack.push(token);
    const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const inside = (el: HTMLElement | null) => Boolean(el && panelRef.current?.contains(el));
    const previouslyFocused =
      opener.current && !inside(opener.current) ? opener.current : inside(active) ? null : active;

    const panel = panelRef.current;
    if (panel) {
      const target = initialFocusRef?.current ?? getFocusable(panel)[0] ?? panel;
      target.focus();
    }

    if (scrollLocks === 0) {
      savedOverflow = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
    }
    scrollLocks += 1;

    const onKeyDown = (event: KeyboardEvent) => {
      if (stack[stack.length - 1] !== token) return;
      const current = panelRef.current;
      if (event.key === 'Escape' && closeOnEscape) {
        event.preventDefault();
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !current) return;
      const focusable = getFocusable(current);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) {
        event.preventDefault();
        current.focus();
        return;
      }
      const active = document.activeElement;
      const inside = active instanceof Node && current.contains(active);
      if (event.shiftKey) {
        if (!inside || active === first || active === current) {
          event.preventDefault();
          last.focus();
        }
      } else if (!inside || active === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);

    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      const index = stack.indexOf(token);
      if (index !== -1) stack.splice(index, 1);
      scrollLocks -= 1;
      if (scrollLocks === 0) document.body.style.overflow = savedOverflow;
      if (previouslyFocused && previouslyFocused.isConnected) previouslyFocused.focus();
    };
  }, [open, panelRef, initialFocusRef, closeOnEscape]);
}
