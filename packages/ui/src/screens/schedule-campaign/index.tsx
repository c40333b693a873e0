// /dashboard/schedule (spec §2 Schedule Campaign, §4 Campaign creation, §5 Campaign form, §8, §9). Pure:
// tags, sync state and the audience preview come in; the creation goes out through `onSubmit`. Long because
// the spec's form is one screen whose fields depend on each other (content type, audience, schedule, paths);
// each field group is its own component below.
import {
  CAMPAIGN_FIELD_TO_FORM,
  LIMITS,
  makeCampaignFormSchema,
  startOfMinute,
  displayTimeZone,
  PROMOTION,
  PURPOSES,
  TIMINGS,
  utilityTemplateAllowed,
  ALL_USERS,
  CampaignAudience,
  type AudiencePreview,
  type CampaignReview,
  type CampaignFormInput,
  type CampaignFormValues,
  type MessageTemplate,
} from '@pagecast/contract';
import { ExternalLink, Info } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ScreenHeader } from '../../layout/dashboard-shell';
import { Button } from '../../primitives/button';
import { fieldA11y, FormField } from '../../primitives/form-field';
import { Input } from '../../primitives/input';
import { Select } from '../../primitives/select';
import { Textarea } from '../../primitives/textarea';
import { toast } from '../../primitives/toaster';
import { SyncBanner } from '../sync';
import {
  defaultChoices,
  TemplateSection,
  toParamMap,
  type ParamChoice,
  type ParamChoices,
} from './template-section';
import { AudienceNote } from './audience-note';
import { AudiencePicker } from './audience-picker';
import { ButtonsField, type LinkButton } from './buttons-field';
import { MarketingChoice } from './marketing-choice';
import { ReachSection } from './reach-section';
import { ReturnDelayField } from './return-delay-field';
import { ReviewDialog } from './review-dialog';
import { IMAGE_TEXT, SCHEDULE_TEXT } from './texts';
import { WhenField } from './when-field';

export { BUTTONS_TEXT, IMAGE_TEXT, REVIEW_TEXT, SCHEDULE_TEXT } from './texts';
export {
  DateTimePicker,
  formatDate,
  formatTime,
  useHoldRepeat,
} from '../../primitives/date-time-picker';

const T = SCHEDULE_TEXT;
type Field = keyof CampaignFormInput;
type FormState = {
  campaignName: string;
  campaignDescription: string;
  audience: CampaignAudience;
  dateTime: Date | null;
  message: string;
  contentType: string;
  /** '' = skip the contacts outside the window. */
  templateId: string;
  templateParams: ParamChoices;
  reachableOnly: boolean;
  /** Deliver on return (0 = off). */
  deliverOnReturnDays: number;
  /** Deliver on return: minutes to wait for a person's answer first. */
  returnDelayMinutes: number;
  marketing: boolean;
  buttons: LinkButton[];
  /** An image sent before the text on standard sends ('' = none). */
  imageUrl: string;
};

/** What `onSubmit` rejects with: the server's error body (or an Error with a message). */
export interface CampaignActionError {
  message?: string;
  fieldErrors?: Record<string, string[]>;
}

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

const emptyForm = (now: Date): FormState => ({
  campaignName: '',
  campaignDescription: '',
  audience: ALL_USERS,
  dateTime: startOfMinute(now),
  message: '',
  contentType: PROMOTION,
  templateId: '',
  templateParams: {},
  reachableOnly: true,
  deliverOnReturnDays: 0,
  returnDelayMinutes: LIMITS.returnDelayMinutesDefault,
  marketing: false,
  buttons: [],
  imageUrl: '',
});

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
  const ids = useId();
  const id = (f: Field) => `${ids}-${f}`;
  const [values, setValues] = useState<FormState>(() => ({
    ...emptyForm(now()),
    selectedTag: initialTagId,
  }));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  // The time follows the clock until the admin picks one ('Send now' goes back to following).
  const [following, setFollowing] = useState(true);
  const [pending, setPending] = useState(false);
  const inFlight = useRef(false);
  /** The validated values under review; nothing is created until Confirm. */
  const [reviewing, setReviewing] = useState<CampaignFormValues | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // After a refused submit, the first field in error takes the focus (once the errors are rendered).
  const focusError = useRef(false);
  useEffect(() => {
    if (!focusError.current) return;
    focusError.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);
  const showErrors = (next: Partial<Record<Field, string>>) => {
    focusError.current = Object.keys(next).length > 0;
    setErrors(next);
  };
  const showReview = (values: CampaignFormValues | null) => {
    setReviewing(values);
    onReviewChange?.(values !== null);
  };

  const set = <K extends keyof FormState>(field: K, value: FormState[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const a11y = (f: Field) => fieldA11y(id(f), Boolean(errors[f]));
  const followNow = useCallback((d: Date) => {
    setFollowing(true);
    setValues((v) => ({ ...v, dateTime: d }));
    setErrors((e) => ({ ...e, dateTime: undefined }));
  }, []);

  /** 'Schedule Campaign': the form's rules, then the review (nothing is sent yet). */
  const submit = () => {
    if (inFlight.current || syncing) return;
    const parsed = makeCampaignFormSchema(now).safeParse({
      ...values,
      // Following the clock: the campaign goes at the moment it is scheduled, by the server's clock.
      dateTime: following ? now() : values.dateTime,
      sendNow: following,
      templateParams: values.templateId ? toParamMap(values.templateParams) : {},
    });
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const f = issue.path[0] as Field;
        next[f] ??= issue.message;
      }
      showErrors(next);
      return;
    }
    showReview(parsed.data);
  };

  /** Confirm in the review: the campaign is created (sent now or scheduled). */
  const confirm = async () => {
    if (inFlight.current || !reviewing) return;
    inFlight.current = true;
    setPending(true);
    try {
      await onSubmit(reviewing);
      showReview(null);
      toast.success(T.created, { duration: TIMINGS.campaignToastMs });
      setValues(emptyForm(now()));
      setFollowing(true);
      setErrors({});
      onAudienceChange?.(ALL_USERS);
    } catch (err) {
      const body = (err ?? {}) as CampaignActionError;
      toast.error(
        typeof body.message === 'string' && body.message ? body.message : T.createFailed,
        {
          duration: TIMINGS.campaignToastMs,
        },
      );
      // The server's field errors land on their fields (the original product failed to do this).
      const next: Partial<Record<Field, string>> = {};
      for (const [key, messages] of Object.entries(body.fieldErrors ?? {})) {
        // The audience picker shows a tag's error too (one tag is the audience's simplest form).
        const mapped = CAMPAIGN_FIELD_TO_FORM[key.split('.')[0] ?? key];
        const f = mapped === 'selectedTag' ? 'audience' : mapped;
        if (f && messages[0]) next[f] = messages[0];
      }
      showReview(null);
      showErrors(next);
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  };

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
            {utilityTemplateAllowed(values.contentType) &&
            ((audience?.outsideWindow ?? 0) > 0 || values.templateId) &&
            permissionNotes.templates ? (
              <PathPermissionNote text={permissionNotes.templates} />
            ) : null}
            {/* A promotion never goes as a utility template (spec §10.8). */}
            {utilityTemplateAllowed(values.contentType) &&
            ((audience?.outsideWindow ?? 0) > 0 || values.templateId) ? (
              <TemplateSection
                id={(f) => `${ids}-${f}`}
                templates={approved}
                loading={templatesLoading}
                templateId={values.templateId}
                choices={values.templateParams}
                templateError={errors.templateId}
                paramsError={errors.templateParams}
                templatesHref={templatesHref}
                onTemplate={(templateId) => {
                  set('templateId', templateId);
                  set('templateParams', defaultChoices(approved.find((t) => t.id === templateId)));
                }}
                onChoice={(param: string, choice: ParamChoice) =>
                  set('templateParams', { ...values.templateParams, [param]: choice })
                }
              />
            ) : null}
            {((audience?.subscribersOutside ?? 0) > 0 || values.marketing) &&
            permissionNotes.marketing ? (
              <PathPermissionNote text={permissionNotes.marketing} />
            ) : null}
            {(marketingAvailable && (audience?.subscribersOutside ?? 0) > 0) ||
            values.marketing ||
            errors.marketing ? (
              <MarketingChoice
                id={`${ids}-marketing`}
                checked={values.marketing}
                subscribers={audience?.subscribersOutside ?? 0}
                error={errors.marketing}
                onChange={(on) => set('marketing', on)}
              />
            ) : null}
            {((audience?.outsideWindow ?? 0) > 0 && !values.templateId) ||
            values.deliverOnReturnDays > 0 ||
            errors.deliverOnReturnDays ? (
              <ReachSection
                id={(f) => `${ids}-${f}`}
                reachableOnly={values.reachableOnly}
                returnDays={values.deliverOnReturnDays}
                returnError={errors.deliverOnReturnDays}
                // Keeping the others waiting needs them in the audience, and the other way round.
                onReachableOnly={(on) =>
                  setValues((v) => ({
                    ...v,
                    reachableOnly: on,
                    deliverOnReturnDays: on ? 0 : v.deliverOnReturnDays,
                  }))
                }
                onReturnDays={(days) => {
                  setValues((v) => ({
                    ...v,
                    deliverOnReturnDays: days,
                    reachableOnly: days > 0 ? false : v.reachableOnly,
                  }));
                  setErrors((e) => ({ ...e, deliverOnReturnDays: undefined }));
                }}
              />
            ) : null}
            {values.deliverOnReturnDays > 0 ? (
              <ReturnDelayField
                id={id('returnDelayMinutes')}
                minutes={values.returnDelayMinutes}
                error={errors.returnDelayMinutes}
                onChange={(m) => set('returnDelayMinutes', m)}
              />
            ) : null}
          </div>
          <div className="grid content-start gap-5">
            <FormField
              id={id('dateTime')}
              label={T.dateLabelIn(displayTimeZone())}
              error={errors.dateTime}
            >
              <WhenField
                id={id('dateTime')}
                value={values.dateTime}
                following={following}
                now={now}
                invalid={Boolean(errors.dateTime)}
                describedBy={errors.dateTime ? `${id('dateTime')}-error` : undefined}
                onPick={(d) => {
                  setFollowing(false);
                  set('dateTime', d);
                }}
                onSendNow={followNow}
              />
            </FormField>
            <FormField id={id('message')} label={T.messageLabel} error={errors.message}>
              <Textarea
                {...a11y('message')}
                value={values.message}
                placeholder={T.messagePlaceholder}
                showCounter
                maxLength={LIMITS.campaignMessageMax}
                className="min-h-28"
                onChange={(e) => set('message', e.target.value)}
              />
            </FormField>
            <ButtonsField
              id={id('buttons')}
              buttons={values.buttons}
              error={errors.buttons}
              onChange={(buttons) => set('buttons', buttons)}
            />
            <FormField id={id('imageUrl')} label={IMAGE_TEXT.label} error={errors.imageUrl}>
              <Input
                {...a11y('imageUrl')}
                aria-describedby={
                  errors.imageUrl
                    ? `${id('imageUrl')}-error ${id('imageUrl')}-hint`
                    : `${id('imageUrl')}-hint`
                }
                type="url"
                value={values.imageUrl}
                placeholder="https://"
                onChange={(e) => set('imageUrl', e.target.value)}
              />
              <p id={`${id('imageUrl')}-hint`} className="text-sm text-muted-foreground">
                {IMAGE_TEXT.hint}
              </p>
            </FormField>
            <FormField id={id('contentType')} label={T.contentTypeLabel} error={errors.contentType}>
              <Select
                {...a11y('contentType')}
                aria-describedby={
                  errors.contentType
                    ? `${id('contentType')}-error ${id('contentType')}-hint`
                    : `${id('contentType')}-hint`
                }
                options={PURPOSES.map((c) => ({ value: c.value, label: c.label }))}
                value={values.contentType}
                onChange={(e) => {
                  const purpose = e.target.value;
                  setValues((v) => ({
                    ...v,
                    contentType: purpose,
                    // A promotion has no template path: a template chosen for an update goes.
                    ...(utilityTemplateAllowed(purpose)
                      ? {}
                      : { templateId: '', templateParams: {} }),
                  }));
                  setErrors((er) => ({ ...er, contentType: undefined, templateId: undefined }));
                }}
              />
              <p id={`${id('contentType')}-hint`} className="text-sm text-muted-foreground">
                {T.purposeHint}
              </p>
            </FormField>
          </div>
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
        <div
          role="note"
          className="flex items-start gap-3 rounded-md border border-warning/60 bg-warning/15 px-4 py-3 text-sm text-warning-foreground dark:text-foreground"
        >
          <Info
            aria-hidden
            className="mt-0.5 size-4 shrink-0 text-warning-foreground dark:text-warning"
          />
          <p>
            {T.policyNotice}{' '}
            <a
              href={T.policyUrl}
              target="_blank"
              rel="noreferrer noopener"
              className="inline-flex items-center gap-1 font-medium underline underline-offset-4"
            >
              {T.policyLink}
              <ExternalLink aria-hidden className="size-3.5" />
            </a>
          </p>
        </div>
      </form>
    </div>
  );
}

/** A send path's missing permission, beside its choice. */
function PathPermissionNote({ text }: { text: string }) {
  return (
    <p role="note" className="rounded-md border border-warning/60 bg-warning/15 px-3 py-2 text-sm">
      {text}
    </p>
  );
}
