import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  Button,
  Dialog,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  Input,
  Sheet,
  SheetTitle,
  TOAST_DEFAULTS,
  Toaster,
  Tooltip,
  toast,
} from '../src';

function DialogHarness({ onOpenChange }: { onOpenChange?: (open: boolean) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open dialog</Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          onOpenChange?.(next);
          setOpen(next);
        }}
      >
        <DialogTitle>Confirm</DialogTitle>
        <DialogDescription>Are you sure?</DialogDescription>
        <Input aria-label="Reason" />
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button>OK</Button>
        </DialogFooter>
      </Dialog>
    </>
  );
}

function SheetHarness({ side }: { side?: 'left' | 'right' }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open menu</Button>
      <Sheet open={open} onOpenChange={setOpen} side={side}>
        <SheetTitle>Navigation</SheetTitle>
        <nav>
          <a href="/dashboard/home">Home</a>
          <a href="/dashboard/chats">Chats</a>
        </nav>
      </Sheet>
    </>
  );
}

describe('Dialog', () => {
  it('opens as a labelled modal dialog and focuses the first focusable element', async () => {
    const user = userEvent.setup();
    render(<DialogHarness />);
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Are you sure?');
    expect(screen.getByRole('textbox', { name: 'Reason' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('Escape closes and returns focus to the trigger', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(<DialogHarness onOpenChange={onOpenChange} />);
    const trigger = screen.getByRole('button', { name: 'Open dialog' });
    await user.click(trigger);
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });

  it('traps focus: Tab from the last element wraps to the first, Shift+Tab from the first to the last', async () => {
    const user = userEvent.setup();
    render(<DialogHarness />);
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    const input = screen.getByRole('textbox', { name: 'Reason' });
    const close = screen.getByRole('button', { name: 'Close' });
    expect(input).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab();
    expect(input).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();
  });

  it('overlay click and the Close button close it', async () => {
    const user = userEvent.setup();
    render(<DialogHarness />);
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    await user.click(screen.getByTestId('dialog-overlay'));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('renders nothing when closed', () => {
    render(
      <Dialog open={false} onOpenChange={vi.fn()}>
        <DialogTitle>Hidden</DialogTitle>
      </Dialog>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Sheet', () => {
  it('opens on the chosen side as a modal dialog, Escape closes and returns focus', async () => {
    const user = userEvent.setup();
    render(<SheetHarness side="left" />);
    const trigger = screen.getByRole('button', { name: 'Open menu' });
    await user.click(trigger);
    const sheet = screen.getByRole('dialog', { name: 'Navigation' });
    expect(sheet).toHaveAttribute('aria-modal', 'true');
    expect(sheet).toHaveAttribute('data-side', 'left');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger).toHaveFocus();
  });

  it('traps focus inside the panel', async () => {
    const user = userEvent.setup();
    render(<SheetHarness />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('dialog')).toHaveAttribute('data-side', 'right');
    const home = screen.getByRole('link', { name: 'Home' });
    await user.tab();
    expect(screen.getByRole('link', { name: 'Chats' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(home).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('overlay click closes', async () => {
    const user = userEvent.setup();
    render(<SheetHarness />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(screen.getByTestId('sheet-overlay'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('only the top-most modal reacts to Escape', async () => {
    const user = userEvent.setup();
    function Nested() {
      const [outer, setOuter] = useState(true);
      const [inner, setInner] = useState(true);
      return (
        <>
          <Sheet open={outer} onOpenChange={setOuter} aria-label="Outer">
            <Button>Outer button</Button>
          </Sheet>
          <Dialog open={inner} onOpenChange={setInner} aria-label="Inner" describedBy={false}>
            <Button>Inner button</Button>
          </Dialog>
        </>
      );
    }
    render(<Nested />);
    expect(screen.getAllByRole('dialog')).toHaveLength(2);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Inner' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('DropdownMenu', () => {
  function Menu({ onLogout = vi.fn() }: { onLogout?: () => void }) {
    return (
      <>
        <DropdownMenu>
          <DropdownMenuTrigger aria-label="User menu">Ana</DropdownMenuTrigger>
          <DropdownMenuContent>
            <DropdownMenuLabel>ana@example.test</DropdownMenuLabel>
            <DropdownMenuItem>Upgrade to Pro</DropdownMenuItem>
            <DropdownMenuItem disabled>Billing</DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={onLogout}>Log out</DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
        <button type="button">Outside</button>
      </>
    );
  }

  it('opens a role=menu, focuses the first item and moves with arrow keys (skipping disabled)', async () => {
    const user = userEvent.setup();
    render(<Menu />);
    const trigger = screen.getByRole('button', { name: 'User menu' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    const upgrade = screen.getByRole('menuitem', { name: 'Upgrade to Pro' });
    const logout = screen.getByRole('menuitem', { name: 'Log out' });
    expect(upgrade).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(logout).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(upgrade).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(logout).toHaveFocus();
    await user.keyboard('{Home}');
    expect(upgrade).toHaveFocus();
    await user.keyboard('{End}');
    expect(logout).toHaveFocus();
  });

  it('a menu that would hang out of the window is shifted back inside, 8 px from the edge', async () => {
    // jsdom lays nothing out: a 48 px trigger whose right-aligned 224 px menu starts 176 px to its left.
    const proto = HTMLElement.prototype;
    const saved = {
      offsetParent: Object.getOwnPropertyDescriptor(proto, 'offsetParent'),
      offsetLeft: Object.getOwnPropertyDescriptor(proto, 'offsetLeft'),
      offsetWidth: Object.getOwnPropertyDescriptor(proto, 'offsetWidth'),
    };
    let triggerLeft = 100;
    const isMenu = (el: HTMLElement) => el.getAttribute('role') === 'menu';
    Object.defineProperty(proto, 'offsetParent', {
      configurable: true,
      get(this: HTMLElement) {
        return this.parentElement;
      },
    });
    Object.defineProperty(proto, 'offsetLeft', {
      configurable: true,
      get(this: HTMLElement) {
        return isMenu(this) ? -176 : 0;
      },
    });
    Object.defineProperty(proto, 'offsetWidth', {
      configurable: true,
      get(this: HTMLElement) {
        return isMenu(this) ? 224 : 48;
      },
    });
    const rect = vi
      .spyOn(Element.prototype, 'getBoundingClientRect')
      .mockImplementation(() => DOMRect.fromRect({ x: triggerLeft, y: 0, width: 48, height: 32 }));
    try {
      const user = userEvent.setup();
      render(
        <DropdownMenu>
          <DropdownMenuTrigger aria-label="Snooze">S</DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem>1 hour</DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>,
      );
      const trigger = screen.getByRole('button', { name: 'Snooze' });
      await user.click(trigger);
      // 100 - 176 = -76: 84 px to the right puts it at 8.
      expect(screen.getByRole('menu').style.translate).toBe('84px 0');
      await user.keyboard('{Escape}');
      // Room enough: left where CSS put it.
      triggerLeft = 600;
      await user.click(trigger);
      expect(screen.getByRole('menu').style.translate).toBe('');
    } finally {
      rect.mockRestore();
      for (const [name, descriptor] of Object.entries(saved))
        if (descriptor) Object.defineProperty(proto, name, descriptor);
        else Reflect.deleteProperty(proto, name);
    }
  });

  it('Escape closes and returns focus to the trigger', async () => {
    const user = userEvent.setup();
    render(<Menu />);
    const trigger = screen.getByRole('button', { name: 'User menu' });
    await user.click(trigger);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger).toHaveFocus();
  });

  it('selecting an item calls onSelect and closes; ArrowUp on the trigger opens at the last item', async () => {
    const user = userEvent.setup();
    const onLogout = vi.fn();
    render(<Menu onLogout={onLogout} />);
    const trigger = screen.getByRole('button', { name: 'User menu' });
    trigger.focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger).toHaveFocus();
  });

  it('a click outside closes', async () => {
    const user = userEvent.setup();
    render(<Menu />);
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    await user.click(screen.getByRole('button', { name: 'Outside' }));
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

describe('Tooltip', () => {
  it('shows on focus, describes the element, hides on Escape', async () => {
    const user = userEvent.setup();
    render(
      <Tooltip content="Toggle sidebar">
        <button type="button">Menu</button>
      </Tooltip>,
    );
    await user.tab();
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent('Toggle sidebar');
    expect(button).toHaveAccessibleDescription('Toggle sidebar');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});

describe('Toaster', () => {
  it('uses the spec settings', () => {
    expect(TOAST_DEFAULTS).toEqual({
      position: 'top-right',
      visibleToasts: 3,
      duration: 4000,
      gap: 14,
      width: '356px',
      // Below the 64 px header (not in the spec): toasts never cover a close button or the sync chip.
      offset: { top: '4.5rem', right: '1rem' },
      mobileOffset: { top: '4.5rem', right: '0.75rem', left: '0.75rem' },
    });
  });

  it('shows toasts sent through the re-exported toast()', async () => {
    render(<Toaster />);
    act(() => {
      toast.success('Tag added successfully!');
    });
    await waitFor(() => expect(screen.getByText('Tag added successfully!')).toBeInTheDocument());
    const region = screen.getByRole('region', { name: /Notifications/ });
    const list = region.querySelector('[data-sonner-toaster]');
    expect(list).toHaveAttribute('data-y-position', 'top');
    expect(list).toHaveAttribute('data-x-position', 'right');
    act(() => {
      toast.dismiss();
    });
  });
});
