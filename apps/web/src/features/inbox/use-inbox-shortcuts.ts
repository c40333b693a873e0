// Inbox keyboard shortcuts: the InboxScreen stays pure, so this hook drives it through the DOM it
// renders (accessible names and the conversation rows), scoped to the element `rootRef` points at.
import { useEffect, type RefObject } from 'react';

export interface InboxShortcut {
  keys: string[];
  description: string;
}

const MOD =
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';

/** What the '?' dialog lists; each entry is handled below (or by the sidebar / composer / dialogs). */
export const INBOX_SHORTCUTS: InboxShortcut[] = [
  { keys: ['↓', 'j'], description: 'Next conversation' },
  { keys: ['↑', 'k'], description: 'Previous conversation' },
  { keys: ['/'], description: 'Search conversations' },
  { keys: ['c'], description: 'Write a message in the open conversation' },
  { keys: ['t'], description: 'Add or remove tags of the open conversation' },
  { keys: ['e'], description: 'Resolve the open conversation' },
  { keys: ['Enter'], description: 'Open the focused conversation and write a message' },
  { keys: ['Enter'], description: 'Send the message (Shift+Enter adds a new line)' },
  { keys: ['Esc'], description: 'Leave the message box or search, close the open panel' },
  { keys: [MOD, 'B'], description: 'Show or hide the sidebar' },
  { keys: ['?'], description: 'Show these shortcuts' },
];

const ROW = '[data-testid="conversation-row"]';
const SEARCH = 'input[aria-label="Search conversations"]';
const COMPOSER = 'textarea[aria-label="Message"]';
const TAGS = 'button[aria-label="Tags of this chat"]';
/** The open conversation's Resolve button (it names its shortcut; Reopen has none). */
const RESOLVE = 'button[aria-keyshortcuts="e"]';
const LIST = 'aside[aria-label="Conversations"]';
const CHAT = 'section[aria-label="Conversation"]';

function isTextField(el: Element | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  if (el.isContentEditable) return true;
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  if (!(el instanceof HTMLInputElement)) return false;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(
    el.type,
  );
}

/** Another layer (dialog, sheet, open menu) owns the keyboard while it is shown. */
function overlayOpen(): boolean {
  return document.querySelector('[aria-modal="true"], [role="menu"]') !== null;
}

function visible(el: HTMLElement | null): el is HTMLElement {
  return el !== null && el.getClientRects().length > 0;
}

/** A control a shortcut may act on: shown and enabled (else the key does nothing). */
function usable<T extends HTMLButtonElement | HTMLTextAreaElement>(el: T | null): T | null {
  return el && !el.disabled && visible(el) ? el : null;
}

/** The list and the chat take turns (a phone, or a narrow inbox next to the sidebar). */
function isNarrow(root: HTMLElement): boolean {
  return !(
    visible(root.querySelector<HTMLElement>(LIST)) && visible(root.querySelector<HTMLElement>(CHAT))
  );
}

/** In multi-select mode the rows are checkboxes: moving never ticks one. */
function isCheckRow(el: Element): boolean {
  return el.getAttribute('role') === 'checkbox';
}

/** Focus the composer once React has rendered the chat that was just opened. */
function focusComposerSoon(root: HTMLElement): void {
  window.setTimeout(() => {
    const composer = root.querySelector<HTMLTextAreaElement>(COMPOSER);
    if (composer && !composer.disabled && visible(composer)) composer.focus();
  }, 0);
}

function move(root: HTMLElement, delta: 1 | -1): void {
  const rows = Array.from(root.querySelectorAll<HTMLElement>(ROW));
  if (rows.length === 0) return;
  const active = document.activeElement;
  let index = rows.findIndex((r) => r === active);
  if (index < 0) index = rows.findIndex((r) => r.getAttribute('aria-current') === 'true');
  const next = rows[index < 0 ? 0 : Math.min(rows.length - 1, Math.max(0, index + delta))];
  if (!next) return;
  // Wide screens open the conversation as the selection moves (like Front / Gmail); phones and
  // multi-select only move the focus, so the list stays on screen and nothing gets ticked by accident.
  if (!isCheckRow(next) && !isNarrow(root) && next.getAttribute('aria-current') !== 'true')
    next.click();
  next.focus();
  next.scrollIntoView({ block: 'nearest' });
}

export function useInboxShortcuts(
  rootRef: RefObject<HTMLElement | null>,
  opts: { onHelp: () => void },
): void {
  const { onHelp } = opts;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const root = rootRef.current;
      if (!root || event.isComposing) return;
      const target = document.activeElement;
      const onRow = target instanceof HTMLElement && target.matches(ROW) && root.contains(target);
      // Checked before `defaultPrevented`: the row's own Enter handler prevents the default.
      if (event.key === 'Enter' && onRow && !isCheckRow(target)) {
        // The row itself opens the chat; then the composer takes the focus.
        focusComposerSoon(root);
        return;
      }

      if (event.defaultPrevented) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (overlayOpen()) return;
      const inText = isTextField(target);

      if (event.key === 'Escape') {
        if (inText && root.contains(target)) {
          // Leave the field and land on the open conversation, so j/k work right away.
          (target as HTMLElement).blur();
          const current = root.querySelector<HTMLElement>(`${ROW}[aria-current="true"]`);
          if (visible(current)) current.focus();
          event.preventDefault();
          return;
        }
        const back = root.querySelector<HTMLElement>('button[aria-label="Back to conversations"]');
        if (visible(back)) {
          back.click();
          event.preventDefault();
          return;
        }
        const multi = root.querySelector<HTMLElement>('[role="switch"][aria-checked="true"]');
        if (multi) {
          multi.click();
          event.preventDefault();
        }
        return;
      }

      if (inText) return;
      switch (event.key) {
        case '?':
          event.preventDefault();
          onHelp();
          return;
        case '/': {
          const search = root.querySelector<HTMLInputElement>(SEARCH);
          if (!visible(search)) return;
          event.preventDefault();
          search.focus();
          search.select();
          return;
        }
        case 'c': {
          const composer = usable(root.querySelector<HTMLTextAreaElement>(COMPOSER));
          if (!composer) return;
          event.preventDefault();
          composer.focus();
          return;
        }
        case 't':
        case 'e': {
          const button = usable(
            root.querySelector<HTMLButtonElement>(event.key === 't' ? TAGS : RESOLVE),
          );
          if (!button) return;
          event.preventDefault();
          button.click();
          return;
        }
        case 'j':
        case 'k':
          event.preventDefault();
          move(root, event.key === 'j' ? 1 : -1);
          return;
        case 'ArrowDown':
        case 'ArrowUp': {
          // Arrows keep scrolling whatever has the focus, except on the page itself or in the list.
          const free = target === null || target === document.body || onRow;
          if (!free) return;
          event.preventDefault();
          move(root, event.key === 'ArrowDown' ? 1 : -1);
          return;
        }
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [rootRef, onHelp]);
}
