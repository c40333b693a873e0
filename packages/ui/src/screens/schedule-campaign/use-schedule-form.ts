// The Schedule Campaign form's state and its two steps: 'Schedule Campaign' checks the form's rules and
// opens the review (nothing is sent yet); Confirm creates the campaign, and the server's field errors land
// on their fields.
import {
  ALL_USERS,
  CAMPAIGN_FIELD_TO_FORM,
  LIMITS,
  makeCampaignFormSchema,
  PROMOTION,
  startOfMinute,
  TIMINGS,
  type CampaignAudience,
  type CampaignFormInput,
  type CampaignFormValues,
} from '@pagecast/contract';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { fieldA11y } from '../../primitives/form-field';
import { toast } from '../../primitives/toaster';
import type { LinkButton } from './buttons-field';
import { toParamMap, type ParamChoices } from './template-section';
import { SCHEDULE_TEXT } from './texts';

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

/** The form as its sections read and change it. */
export type ScheduleForm = ReturnType<typeof useScheduleForm>;

export function useScheduleForm({
  now,
  initialTagId,
  syncing,
  onSubmit,
  onReviewChange,
  onAudienceChange,
}: {
  now: () => Date;
  initialTagId: string;
  syncing: boolean;
  onSubmit: (values: CampaignFormValues) => Promise<unknown>;
  onReviewChange: ((open: boolean) => void) | undefined;
  onAudienceChange: ((audience: CampaignAudience) => void) | undefined;
}) {
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

  return {
    ids,
    id,
    values,
    setValues,
    errors,
    setErrors,
    set,
    a11y,
    following,
    setFollowing,
    followNow,
    pending,
    reviewing,
    showReview,
    formRef,
    submit,
    confirm,
  };
}
