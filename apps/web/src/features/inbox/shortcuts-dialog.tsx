import { Dialog, DialogDescription, DialogHeader, DialogTitle, Kbd } from '@pagecast/ui';
import { Fragment } from 'react';
import { INBOX_SHORTCUTS } from './use-inbox-shortcuts';

/** The '?' help: every inbox shortcut with its keys. */
export function ShortcutsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogHeader>
        <DialogTitle>Keyboard shortcuts</DialogTitle>
        <DialogDescription>Shortcuts work when the focus is not in a text field.</DialogDescription>
      </DialogHeader>
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2.5 text-sm">
        {INBOX_SHORTCUTS.map((s) => (
          <Fragment key={s.description}>
            <dt className="flex items-center gap-1">
              {s.keys.map((k, i) => (
                <Fragment key={k}>
                  {i > 0 ? (
                    <span className="text-xs text-muted-foreground">
                      {s.keys[0] === 'Ctrl' || s.keys[0] === '⌘' ? '+' : 'or'}
                    </span>
                  ) : null}
                  <Kbd>{k}</Kbd>
                </Fragment>
              ))}
            </dt>
            <dd>{s.description}</dd>
          </Fragment>
        ))}
      </dl>
    </Dialog>
  );
}
