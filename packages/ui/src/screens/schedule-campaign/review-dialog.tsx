// The review 'Schedule Campaign' opens (spec §10.11): who gets the message by which path (the form's own
// audience preview, the same words and numbers), the paid part's estimated cost, the message as a real
// contact of the audience reads it, 'Send a test to me', then Confirm. Nothing is created before Confirm.
import {
  formatWithZone,
  renderPlaceholders,
  type AudiencePreview,
  type CampaignReview,
} from '@pagecast/contract';
import { Send } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '../../primitives/button';
import {
  Dialog,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../primitives/dialog';
import { Input } from '../../primitives/input';
import { RemoteImage } from '../../primitives/remote-image';
import { Paths, type AudienceChoices } from './audience-note';
import { REVIEW_TEXT as R, SCHEDULE_TEXT as T } from './texts';

export interface ReviewDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The validated message, its link buttons and time. */
  message: string;
  buttons?: Array<{ title: string; url: string }>;
  /** The image sent before the text on standard sends ('' = none). */
  imageUrl?: string;
  sendNow: boolean;
  dateTime: Date;
  audience: AudiencePreview | null;
  choices: AudienceChoices;
  /** A contact to preview with and where a test can go (null while loading). */
  review: CampaignReview | null;
  /** The page's name, shown as the sender in the preview. */
  pageName?: string;
  /** The admin's price per paid message ('' = none given). */
  price: string;
  onPriceChange: (price: string) => void;
  /** Sends the message to the admin's own conversation; rejects with the server's message. */
  onSendTest?: (message: string, imageUrl?: string) => Promise<{ sentTo: string }>;
  confirming: boolean;
  onConfirm: () => void;
}

export function ReviewDialog({
  open,
  onOpenChange,
  message,
  buttons = [],
  imageUrl = '',
  sendNow,
  dateTime,
  audience,
  choices,
  review,
  pageName,
  price,
  onPriceChange,
  onSendTest,
  confirming,
  onConfirm,
}: ReviewDialogProps) {
  const ids = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [test, setTest] = useState<{ state: 'idle' | 'sending' | 'sent' | 'failed'; text: string }>(
    { state: 'idle', text: '' },
  );
  const sample = review?.sample ?? null;
  const name = sample ? (sample.firstName ?? sample.name) : null;
  const preview = renderPlaceholders(message, {
    firstName: sample?.firstName ?? null,
    lastName: sample?.lastName ?? null,
  });
  const paid = choices.marketing ? (audience?.subscribersOutside ?? 0) : 0;
  const perMessage = Number(price);
  const priced = price.trim() !== '' && Number.isFinite(perMessage) && perMessage >= 0;
  const conversation = review?.testConversation;

  const sendTest = async () => {
    if (!onSendTest) return;
    setTest({ state: 'sending', text: R.testSending });
    try {
      const { sentTo } = await (imageUrl ? onSendTest(message, imageUrl) : onSendTest(message));
      setTest({ state: 'sent', text: R.testSent(sentTo) });
    } catch (err) {
      const text = (err as { message?: unknown } | null)?.message;
      setTest({ state: 'failed', text: typeof text === 'string' && text ? text : R.testFailed });
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!confirming) onOpenChange(o);
      }}
      initialFocusRef={titleRef}
      className="max-w-xl"
    >
      <DialogHeader>
        <DialogTitle ref={titleRef} tabIndex={-1} className="outline-hidden">
          {R.title}
        </DialogTitle>
        <DialogDescription>
          {sendNow ? R.whenNow : R.whenAt(formatWithZone(dateTime))}
        </DialogDescription>
      </DialogHeader>

      <section aria-labelledby={`${ids}-who`} className="grid gap-2 text-sm">
        <h3 id={`${ids}-who`} className="font-medium">
          {R.whoTitle}
        </h3>
        <div
          data-testid="review-audience"
          className="grid gap-2 rounded-md border border-border bg-muted/40 px-4 py-3"
        >
          {audience ? (
            <Paths audience={audience} choices={choices} />
          ) : (
            <p className="text-muted-foreground">{T.audienceLoading}</p>
          )}
        </div>
      </section>

      {paid > 0 ? (
        // Meta's message_delivery_estimate estimates deliveries for an ad budget (campaign sends), not the
        // price of one direct-send marketing message: the estimate here is the admin's own price.
        <section aria-labelledby={`${ids}-cost`} className="grid gap-2 text-sm">
          <h3 id={`${ids}-cost`} className="font-medium">
            {R.costTitle}
          </h3>
          <div className="grid gap-1">
            <label htmlFor={`${ids}-price`} className="text-sm">
              {R.priceLabel}
            </label>
            <Input
              id={`${ids}-price`}
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              value={price}
              aria-describedby={`${ids}-price-hint`}
              className="max-w-40"
              onChange={(e) => onPriceChange(e.target.value)}
            />
            <p id={`${ids}-price-hint`} className="text-xs text-muted-foreground">
              {R.priceHint}
            </p>
          </div>
          <p data-testid="review-cost" aria-live="polite">
            {priced
              ? R.estimate(
                  paid,
                  (paid * perMessage).toLocaleString('en', { maximumFractionDigits: 2 }),
                )
              : R.estimateNone(paid)}
          </p>
        </section>
      ) : null}

      <section aria-labelledby={`${ids}-preview`} className="grid gap-2 text-sm">
        <h3 id={`${ids}-preview`} className="font-medium">
          {name ? R.previewTitle(name) : R.previewAnyone}
        </h3>
        {/* A phone's chat: the page's name on top, the message in the page's bubble. */}
        <div
          data-testid="review-preview"
          className="mx-auto grid w-full max-w-72 gap-3 rounded-[1.75rem] border-4 border-foreground/80 bg-background px-3 pt-3 pb-6"
        >
          <p className="truncate border-b border-border pb-2 text-center text-xs font-medium">
            {pageName ?? ''}
          </p>
          {imageUrl ? (
            // The image goes first, as a message of its own (standard sends only).
            <RemoteImage
              src={imageUrl}
              alt={R.previewImage}
              data-testid="review-image"
              className="ml-auto max-h-48 max-w-[85%] rounded-2xl rounded-br-sm border border-border object-contain"
              fallback={
                <p className="ml-auto max-w-[85%] rounded-2xl rounded-br-sm border border-dashed border-border px-3 py-2 text-xs text-muted-foreground [overflow-wrap:anywhere]">
                  {R.previewImageBroken}
                </p>
              }
            />
          ) : null}
          <div className="ml-auto grid max-w-[85%] gap-px overflow-hidden rounded-2xl rounded-br-sm">
            <p className="bg-primary px-3 py-2 text-sm whitespace-pre-wrap text-primary-foreground [overflow-wrap:anywhere]">
              {preview}
            </p>
            {buttons.map((b) => (
              <p
                key={`${b.title}-${b.url}`}
                className="bg-muted px-3 py-2 text-center text-sm font-medium text-foreground"
              >
                {b.title}
              </p>
            ))}
          </div>
        </div>
        {!review ? <p className="text-muted-foreground">{R.previewLoading}</p> : null}
        {review && !sample ? <p className="text-muted-foreground">{R.previewNobody}</p> : null}
      </section>

      {onSendTest ? (
        <section aria-labelledby={`${ids}-test`} className="grid gap-2 text-sm">
          <h3 id={`${ids}-test`} className="font-medium">
            {R.testTitle}
          </h3>
          <p className="text-muted-foreground">{R.testHint}</p>
          {conversation === 'none' || conversation === 'closed' ? (
            <p role="note" className="rounded-md border border-warning/60 bg-warning/15 px-3 py-2">
              {conversation === 'none' ? R.testNone : R.testClosed}
            </p>
          ) : null}
          <div>
            <Button
              type="button"
              variant="outline"
              loading={test.state === 'sending'}
              disabled={test.state === 'sending' || confirming}
              onClick={() => void sendTest()}
            >
              <Send aria-hidden className="size-4" />
              {R.testButton}
            </Button>
          </div>
          <p
            role="status"
            data-testid="review-test-status"
            className={test.state === 'failed' ? 'text-destructive' : 'text-muted-foreground'}
          >
            {test.state === 'idle' ? '' : test.text}
          </p>
        </section>
      ) : null}

      <DialogFooter>
        <Button
          type="button"
          variant="outline"
          disabled={confirming}
          onClick={() => onOpenChange(false)}
        >
          {R.back}
        </Button>
        <Button type="button" loading={confirming} disabled={confirming} onClick={onConfirm}>
          {confirming ? R.confirming : sendNow ? R.confirmNow : R.confirmLater}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
