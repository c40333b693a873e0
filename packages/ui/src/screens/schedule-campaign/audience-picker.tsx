// The Schedule form's Audience (spec §10.9): 'All users' or one tag as before, or several tags combined (any of
// them / all of them), then narrowed: leave out tags, "wrote in the last N days", marketing subscribers only.
// Pure: the audience comes in and goes out whole; the reach preview beside it follows every change.
import { AUDIENCE_MESSAGES, LIMITS, type CampaignAudience } from '@pagecast/contract';
import { useState } from 'react';
import { Checkbox } from '../../primitives/checkbox';
import { FieldError } from '../../primitives/field-error';
import { Input } from '../../primitives/input';
import { Label } from '../../primitives/label';
import { Select, type SelectOption } from '../../primitives/select';
import { SCHEDULE_TEXT as T } from './texts';

/** The main select's choice that opens the list of tags to combine. */
const SEVERAL = '__several';

export interface AudiencePickerProps {
  /** The control's id; the parts derive theirs from it. */
  id: string;
  value: CampaignAudience;
  onChange: (audience: CampaignAudience) => void;
  tags: Array<{ id: string; name: string }>;
  tagsLoading: boolean;
  tagsError: string | null;
  /** The audience's error (from the form rules or the server). */
  error?: string;
}

export function AudiencePicker({
  id,
  value,
  onChange,
  tags,
  tagsLoading,
  tagsError,
  error,
}: AudiencePickerProps) {
  // Several tags stay chosen as such even with one or none ticked yet.
  const [several, setSeveral] = useState(value.tagIds.length > 1);
  const [daysText, setDaysText] = useState(
    value.wroteWithinDays === null ? '30' : String(value.wroteWithinDays),
  );
  // Open from the start when the audience is already narrowed (a form keeping its values).
  const [narrowed] = useState(
    value.excludeTagIds.length > 0 || value.wroteWithinDays !== null || value.subscribersOnly,
  );
  const set = (patch: Partial<CampaignAudience>) => onChange({ ...value, ...patch });
  const toggle = (list: string[], tagId: string, on: boolean) =>
    on ? [...list, tagId] : list.filter((t) => t !== tagId);

  const main = several ? SEVERAL : value.tagIds.length === 1 ? (value.tagIds[0] ?? '') : '';
  const options: SelectOption[] = [
    { value: '', label: T.allUsers },
    ...(tagsLoading
      ? [{ value: '__loading', label: T.loadingTags, disabled: true }]
      : tagsError
        ? [{ value: '__error', label: T.errorLoadingTags, disabled: true }]
        : [
            ...tags.map((t) => ({ value: t.id, label: t.name })),
            ...(tags.length > 1 ? [{ value: SEVERAL, label: T.audienceSeveral }] : []),
          ]),
  ];
  const daysValid = (text: string) => {
    const n = Number(text);
    return Number.isInteger(n) && n >= 1 && n <= LIMITS.audienceDaysMax;
  };
  const days = value.wroteWithinDays !== null;
  const describedBy = [error ? `${id}-error` : '', `${id}-hint`].filter(Boolean).join(' ');

  return (
    <div className="grid gap-3">
      <div className="grid gap-2">
        <Label htmlFor={id}>{T.tagsLabel}</Label>
        <Select
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          options={options}
          value={main}
          disabled={Boolean(tagsError)}
          onChange={(e) => {
            const next = e.target.value;
            setSeveral(next === SEVERAL);
            // Tags chosen to combine stay when switching to 'several'; one tag or all users replace them.
            if (next === SEVERAL) return;
            set({ tagIds: next ? [next] : [], match: 'any' });
          }}
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {T.audienceHint}
        </p>
        {tagsError ? (
          <p role="alert" className="text-sm text-destructive">
            {tagsError}
          </p>
        ) : null}
      </div>

      {several ? (
        <fieldset className="grid gap-2 rounded-md border border-border px-3 py-2">
          <legend className="px-1 text-sm font-medium">{T.audienceInclude}</legend>
          <div role="radiogroup" aria-label={T.audienceMatch} className="flex flex-wrap gap-4">
            {(['any', 'all'] as const).map((m) => (
              <label key={m} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${id}-match`}
                  className="size-4 accent-primary"
                  checked={value.match === m}
                  onChange={() => set({ match: m })}
                />
                {m === 'any' ? T.audienceAny : T.audienceAll}
              </label>
            ))}
          </div>
          <TagChecks
            name={`${id}-include`}
            tags={tags}
            checked={value.tagIds}
            disabledIds={value.excludeTagIds}
            onToggle={(tagId, on) => set({ tagIds: toggle(value.tagIds, tagId, on) })}
          />
        </fieldset>
      ) : null}

      {/* Closed until wanted: a checkbox per tag is many Tab stops for who sends to all users. */}
      <details
        open={narrowed}
        className="rounded-md border border-border px-3 py-2 [&[open]>summary]:mb-2"
      >
        <summary className="cursor-pointer text-sm font-medium">{T.audienceNarrow}</summary>
        <fieldset className="grid gap-3">
          <legend className="sr-only">{T.audienceNarrow}</legend>
          {tags.length > 0 ? (
            <div className="grid gap-1">
              <p id={`${id}-exclude-label`} className="text-sm">
                {T.audienceExclude}
              </p>
              <div role="group" aria-labelledby={`${id}-exclude-label`}>
                <TagChecks
                  name={`${id}-exclude`}
                  tags={tags}
                  checked={value.excludeTagIds}
                  disabledIds={value.tagIds}
                  onToggle={(tagId, on) =>
                    set({ excludeTagIds: toggle(value.excludeTagIds, tagId, on) })
                  }
                />
              </div>
            </div>
          ) : null}
          <div className="flex flex-wrap items-center gap-2">
            <Checkbox
              id={`${id}-days-on`}
              checked={days}
              onChange={(e) =>
                set({
                  wroteWithinDays:
                    e.target.checked && daysValid(daysText) ? Number(daysText) : null,
                })
              }
            />
            <label htmlFor={`${id}-days-on`} className="text-sm">
              {T.audienceWroteWithin}
            </label>
            <Input
              id={`${id}-days`}
              type="number"
              inputMode="numeric"
              min={1}
              max={LIMITS.audienceDaysMax}
              aria-label={T.audienceDays}
              aria-invalid={!daysValid(daysText) || undefined}
              aria-describedby={!daysValid(daysText) ? `${id}-days-error` : undefined}
              className="h-8 w-20"
              value={daysText}
              onChange={(e) => {
                setDaysText(e.target.value);
                // Typing a number turns the narrowing on; the count follows each valid value.
                if (daysValid(e.target.value)) set({ wroteWithinDays: Number(e.target.value) });
              }}
            />
            <span className="text-sm" aria-hidden>
              {T.audienceDaysUnit}
            </span>
          </div>
          {!daysValid(daysText) ? (
            <FieldError id={`${id}-days-error`}>{AUDIENCE_MESSAGES.daysInvalid}</FieldError>
          ) : null}
          <div className="flex items-center gap-2">
            <Checkbox
              id={`${id}-subscribers`}
              checked={value.subscribersOnly}
              onChange={(e) => set({ subscribersOnly: e.target.checked })}
            />
            <label htmlFor={`${id}-subscribers`} className="text-sm">
              {T.audienceSubscribers}
            </label>
          </div>
        </fieldset>
      </details>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

/** One checkbox per tag; a tag chosen in the other list cannot be ticked here (never both). */
function TagChecks({
  name,
  tags,
  checked,
  disabledIds,
  onToggle,
}: {
  name: string;
  tags: Array<{ id: string; name: string }>;
  checked: string[];
  disabledIds: string[];
  onToggle: (tagId: string, on: boolean) => void;
}) {
  return (
    <ul className="grid max-h-40 gap-1 overflow-y-auto @md:grid-cols-2">
      {tags.map((t) => {
        const tid = `${name}-${t.id}`;
        const full = !checked.includes(t.id) && checked.length >= LIMITS.audienceTagsMax;
        return (
          <li key={t.id} className="flex items-center gap-2">
            <Checkbox
              id={tid}
              checked={checked.includes(t.id)}
              disabled={disabledIds.includes(t.id) || full}
              onChange={(e) => onToggle(t.id, e.target.checked)}
            />
            <label htmlFor={tid} className="text-sm">
              {t.name}
            </label>
          </li>
        );
      })}
    </ul>
  );
}
