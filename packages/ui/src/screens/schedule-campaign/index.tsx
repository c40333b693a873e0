// /dashboard/schedule (spec §2 Schedule Campaign, §4 Campaign creation, §5 Campaign form, §8, §9). Pure:
// tags, sync state and the audience preview come in; the creation goes out through `onSubmit`. Long because
// the spec's form is one screen whose fields depend on each other (content type, audience, schedule, paths);
// each field group is its own component below.
import {
  CAMPAIGN_FIELD_TO_FORM,
  CONTENT_TYPES,
  LIMITS,
  makeCampaignFormSchema,
  startOfMinute,
  TIMINGS,
  type AudiencePreview,
  type CampaignFormInput,
  type CampaignFormValues,
  type MessageTemplate,
} from '@pagecast/contract';
import { ExternalLink, Info } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import { ScreenHeader } from '../../layout/dashboard-shell';
import { Button } from '../../primitives/button';
import { fieldA11y, FormField } from '../../primitives/form-field';
import { Input } from '../../primitives/input';
import { Select, type SelectOption } from '../../primitives/select';
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
import { MarketingChoice } from './marketing-choice';
import { ReachSection } from './reach-section';
import { SCHEDULE_TEXT } from './texts';
import { WhenField } from './when-field';

export { SCHEDULE_TEXT } from './texts';
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
  selectedTag: string;
  dateTime: Date | null;
  message: string;
  contentType: string;
  /** '' = skip the contacts outside the window. */
  templateId: string;
  templateParams: ParamChoices;
  reachableOnly: boolean;
  /** Deliver on return (0 = off). */
  deliverOnReturnDays: number;
  marketing: boolean;
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
  /** The chosen tag ('' = all users), so the preview can follow it. */
  onTagChange?: (tagId: string) => void;
  /** The audience the form opens with (a follow-up to a campaign's recipients). */
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
}

/** The default clock, one function for every render (the time field's follow timer depends on it). */
const systemNow = () => new Date();

const emptyForm = (now: Date): FormState => ({
  campaignName: '',
  campaignDescription: '',
  selectedTag: '',
  dateTime: startOfMinute(now),
  message: '',
  contentType: '',
  templateId: '',
  templateParams: {},
  reachableOnly: true,
  deliverOnReturnDays: 0,
  marketing: false,
});

export function ScheduleCampaignScreen({
  tags,
  tagsLoading,
  tagsError,
  syncing,
  audience,
  audienceLoading = false,
  onTagChange,
  initialTagId = '',
  onSubmit,
  templates = [],
  templatesLoading = false,
  templatesHref = '/dashboard/templates',
  marketingAvailable = false,
  permissionNotes = {},
  now = systemNow,
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

  const submit = async () => {
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
      setErrors(next);
      return;
    }
    inFlight.current = true;
    setPending(true);
    try {
      await onSubmit(parsed.data);
      toast.success(T.created, { duration: TIMINGS.campaignToastMs });
      setValues(emptyForm(now()));
      setFollowing(true);
      setErrors({});
      onTagChange?.('');
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
        const f = CAMPAIGN_FIELD_TO_FORM[key];
        if (f && messages[0]) next[f] = messages[0];
      }
      setErrors(next);
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  };

  const tagOptions: SelectOption[] = [
    { value: '', label: T.allUsers },
    ...(tagsLoading
      ? [{ value: '__loading', label: T.loadingTags, disabled: true }]
      : tagsError
        ? [{ value: '__error', label: T.errorLoadingTags, disabled: true }]
        : tags.map((t) => ({ value: t.id, label: t.name }))),
  ];

  return (
    <div className="@container flex min-w-0 flex-1 flex-col gap-6 p-4 md:p-6">
      <ScreenHeader
        title={T.title}
        description="Send one message to all your page's users, or to one tag, at a time you choose (UTC)."
      />
      {syncing ? <SyncBanner /> : null}
      <form
        noValidate
        aria-label={T.title}
        className="grid max-w-5xl gap-6"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
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
            <FormField id={id('selectedTag')} label={T.tagsLabel} error={errors.selectedTag}>
              <Select
                {...a11y('selectedTag')}
                options={tagOptions}
                value={values.selectedTag}
                disabled={Boolean(tagsError)}
                onChange={(e) => {
                  set('selectedTag', e.target.value);
                  onTagChange?.(e.target.value);
                }}
              />
              {tagsError ? (
                <p role="alert" className="text-sm text-destructive">
                  {tagsError}
                </p>
              ) : null}
            </FormField>
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
            {((audience?.outsideWindow ?? 0) > 0 || values.templateId) &&
            permissionNotes.templates ? (
              <PathPermissionNote text={permissionNotes.templates} />
            ) : null}
            {(audience?.outsideWindow ?? 0) > 0 || values.templateId ? (
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
          </div>
          <div className="grid content-start gap-5">
            <FormField id={id('dateTime')} label={T.dateLabel} error={errors.dateTime}>
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
            <FormField id={id('contentType')} label={T.contentTypeLabel} error={errors.contentType}>
              <Select
                {...a11y('contentType')}
                options={CONTENT_TYPES.map((c) => ({ value: c.value, label: c.label }))}
                placeholder={T.contentTypePlaceholder}
                value={values.contentType}
                onChange={(e) => set('contentType', e.target.value)}
              />
            </FormField>
          </div>
        </div>
        <div>
          <Button type="submit" loading={pending} disabled={syncing} className="w-full sm:w-auto">
            {pending ? T.submitting : T.submit}
          </Button>
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
