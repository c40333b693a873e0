// /dashboard/schedule (spec §2 Schedule Campaign, §4 Campaign creation, §5 Campaign form, §8, §9). Pure:
// tags, sync state and the audience preview come in; the creation goes out through `onSubmit`. The spec's
// form is one screen whose fields depend on each other (content type, audience, schedule, paths): its state
// and two steps are in use-schedule-form.ts, and each field group is its own component.
import {
  LIMITS,
  CampaignAudience,
  type AudiencePreview,
  type CampaignReview,
  type CampaignFormValues,
  type MessageTemplate,
} from '@pagecast/contract';
import { ScreenHeader } from '../../layout/dashboard-shell';
import { Button } from '../../primitives/button';
import { FormField } from '../../primitives/form-field';
import { Input } from '../../primitives/input';
import { Textarea } from '../../primitives/textarea';
import { SyncBanner } from '../sync';
import { AudienceNote } from './audience-note';
import { AudiencePicker } from './audience-picker';
import { ReviewDialog } from './review-dialog';
import { SCHEDULE_TEXT } from './texts';
import { MessageSection } from './message-section';
import { PolicyNotice } from './policy-notice';
import { SendPaths } from './send-paths';
import { useScheduleForm } from './use-schedule-form';

export { BUTTONS_TEXT, IMAGE_TEXT, REVIEW_TEXT, SCHEDULE_TEXT } from './texts';
export type { CampaignActionError } from './use-schedule-form';
export {
  DateTimePicker,
  formatDate,
  formatTime,
  useHoldRepeat,
} from '../../primitives/date-time-picker';

const T = SCHEDULE_TEXT;

export interface ScheduleCampaignScreenProps {
  tags: Array<{ id: string; name: string }>;
  tagsLoading: boolean;
  /** The tags' load error message, or null. */
  tagsError: string | null;
  /** Spec §4: the banner shows and scheduling is disabled while the page syncs. */
  syncing: boolean;
  /** Who the chosen audience is right now (null while unknown). */
  audience: AudiencePreview | null;
  audienceLoading?: boolean;
  /** The chosen audience (spec §10.9), each valid change, so the preview can follow it. */
  onAudienceChange?: (audience: CampaignAudience) => void;
  /** The audience the form opens with: this tag (a follow-up to a campaign's recipients). */
  initialTagId?: string;
  /** Creates the campaign; rejects with a CampaignActionError-like value on failure. */
  onSubmit: (values: CampaignFormValues) => Promise<unknown>;
  /** The page's utility templates (only approved ones can be chosen). */
  templates?: MessageTemplate[];
  templatesLoading?: boolean;
  /** Where 'Manage templates' goes. */
  templatesHref?: string;
  /** The page is set up for paid marketing messages (an ad account is connected). */
  marketingAvailable?: boolean;
  /**
   * A path the signed-in admin lacks a Meta permission for: which, and how to grant it (docs/product.md
   * §6), shown with that path's choice.
   */
  permissionNotes?: { templates?: string | null; marketing?: string | null };
  /** The clock (tests pin it). */
  now?: () => Date;
  /**
   * The review before Confirm (spec §10.11): told when it opens and closes (the page loads `review` only
   * then), a contact to preview with, the test send, and the admin's price per paid message.
   */
  onReviewChange?: (open: boolean) => void;
  review?: CampaignReview | null;
  onSendTest?: (message: string, imageUrl?: string) => Promise<{ sentTo: string }>;
  pageName?: string;
  price?: string;
  onPriceChange?: (price: string) => void;
}

/** The default clock, one function for every render (the time field's follow timer depends on it). */
const systemNow = () => new Date();

export function ScheduleCampaignScreen({
  tags,
  tagsLoading,
  tagsError,
  syncing,
  audience,
  audienceLoading = false,
  onAudienceChange,
  initialTagId = '',
  onSubmit,
  templates = [],
  templatesLoading = false,
  templatesHref = '/dashboard/templates',
  marketingAvailable = false,
  permissionNotes = {},
  now = systemNow,
  onReviewChange,
  review = null,
  onSendTest,
  pageName,
  price = '',
  onPriceChange,
}: ScheduleCampaignScreenProps) {
  const approved = templates.filter((t) => t.status === 'approved');
  const form = useScheduleForm({
    now,
    initialTagId,
    syncing,
    onSubmit,
    onReviewChange,
    onAudienceChange,
  });
  const { id, values, errors, set, a11y } = form;
  const { pending, reviewing, showReview, formRef, submit, confirm } = form;

  return (
    <div className="@container flex min-w-0 flex-1 flex-col gap-6 p-4 md:p-6">
      <ScreenHeader
        title={T.title}
        description="Send one message to all your page's users, to a tag, or to tags combined, at a time you choose (in your time zone, set on Account)."
      />
      {syncing ? <SyncBanner /> : null}
      <form
        ref={formRef}
        noValidate
        aria-label={T.title}
        className="grid max-w-5xl gap-6"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="grid gap-6 @2xl:grid-cols-2">
          <div className="grid content-start gap-5">
            <FormField id={id('campaignName')} label={T.nameLabel} error={errors.campaignName}>
              <Input
                {...a11y('campaignName')}
                value={values.campaignName}
                placeholder={T.namePlaceholder}
                maxLength={LIMITS.campaignNameMax}
                onChange={(e) => set('campaignName', e.target.value)}
              />
            </FormField>
            <FormField
              id={id('campaignDescription')}
              label={T.descriptionLabel}
              error={errors.campaignDescription}
            >
              <Textarea
                {...a11y('campaignDescription')}
                value={values.campaignDescription}
                placeholder={T.descriptionPlaceholder}
                showCounter
                maxLength={LIMITS.campaignDescriptionMax}
                onChange={(e) => set('campaignDescription', e.target.value)}
              />
            </FormField>
            <AudiencePicker
              id={id('audience')}
              value={values.audience}
              tags={tags}
              tagsLoading={tagsLoading}
              tagsError={tagsError}
              error={errors.audience}
              onChange={(audience) => {
                set('audience', audience);
                // Only a valid audience is counted (the picker's own message says what is wrong).
                if (CampaignAudience.safeParse(audience).success) onAudienceChange?.(audience);
              }}
            />
            <AudienceNote
              audience={audience}
              loading={audienceLoading}
              choices={{
                template: approved.find((t) => t.id === values.templateId)?.name ?? null,
                reachableOnly: values.reachableOnly,
                returnDays: values.deliverOnReturnDays,
                marketing: values.marketing,
              }}
            />
            <SendPaths
              form={form}
              audience={audience}
              approved={approved}
              templatesLoading={templatesLoading}
              templatesHref={templatesHref}
              marketingAvailable={marketingAvailable}
              permissionNotes={permissionNotes}
            />
          </div>
          <MessageSection form={form} now={now} />
        </div>
        <div>
          <Button type="submit" loading={pending} disabled={syncing} className="w-full sm:w-auto">
            {pending ? T.submitting : T.submit}
          </Button>
          {reviewing ? (
            <ReviewDialog
              open
              onOpenChange={(open) => {
                if (!open) showReview(null);
              }}
              message={reviewing.message}
              buttons={reviewing.buttons}
              imageUrl={reviewing.imageUrl}
              sendNow={reviewing.sendNow}
              dateTime={reviewing.dateTime}
              audience={audience}
              choices={{
                template: approved.find((t) => t.id === reviewing.templateId)?.name ?? null,
                reachableOnly: reviewing.reachableOnly,
                returnDays: reviewing.deliverOnReturnDays,
                marketing: reviewing.marketing,
              }}
              review={review}
              pageName={pageName}
              price={price}
              onPriceChange={(p) => onPriceChange?.(p)}
              onSendTest={onSendTest}
              confirming={pending}
              onConfirm={() => void confirm()}
            />
          ) : null}
        </div>
        <PolicyNotice />
      </form>
    </div>
  );
}
