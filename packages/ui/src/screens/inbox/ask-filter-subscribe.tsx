import type { BulkOptinResult } from '@pagecast/contract';
import { Megaphone } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../primitives/button';
import {
  Dialog,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../primitives/dialog';
import { Spinner } from '../../primitives/spinner';
import { TEAM_TEXT } from './team-text';

export interface AskFilterToSubscribeProps {
  /** What a run would do now (nothing is sent): the confirmation's figures. */
  onPreview: () => Promise<BulkOptinResult | null>;
  /** Sends the requests; resolves with what was done (null when it failed, already said). */
  onConfirm: () => Promise<BulkOptinResult | null>;
}

/**
 * 'Ask to subscribe' for the inbox's current view: the button counts who can be asked, the dialog says how
 * many will be and why the others will not, and only its confirmation sends.
 */
export function AskFilterToSubscribe({ onPreview, onConfirm }: AskFilterToSubscribeProps) {
  const [open, setOpen] = useState(false);
  const [preview, setPreview] = useState<BulkOptinResult | null>(null);
  const [sending, setSending] = useState(false);
  const start = () => {
    setPreview(null);
    setOpen(true);
    void onPreview().then((p) => (p ? setPreview(p) : setOpen(false)));
  };
  const skipped = preview ? TEAM_TEXT.askFilterSkipped(preview.skipped) : '';
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="size-8 text-muted-foreground"
        aria-label={TEAM_TEXT.askFilterLabel}
        title={TEAM_TEXT.askFilterLabel}
        onClick={start}
      >
        <Megaphone aria-hidden="true" />
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogHeader>
          <DialogTitle>{TEAM_TEXT.askFilterTitle}</DialogTitle>
          <DialogDescription>{TEAM_TEXT.askFilterRule}</DialogDescription>
        </DialogHeader>
        <div aria-live="polite" className="grid gap-1 text-sm">
          {preview === null ? (
            <Spinner label={TEAM_TEXT.askFilterCounting} />
          ) : (
            <>
              <p className="font-medium">
                {preview.asked > 0
                  ? TEAM_TEXT.askFilterWill(preview.asked)
                  : TEAM_TEXT.askFilterNobody}
              </p>
              {skipped ? <p className="text-muted-foreground">{skipped}</p> : null}
            </>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            {TEAM_TEXT.cancel}
          </Button>
          <Button
            disabled={!preview || preview.asked === 0}
            loading={sending}
            onClick={() => {
              setSending(true);
              void onConfirm().then(() => {
                setSending(false);
                setOpen(false);
              });
            }}
          >
            {TEAM_TEXT.askFilterConfirm(preview?.asked ?? 0)}
          </Button>
        </DialogFooter>
      </Dialog>
    </>
  );
}
