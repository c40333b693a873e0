// The form's second column: when the campaign goes, its message, link buttons, image and purpose.
import { displayTimeZone, LIMITS, PURPOSES, utilityTemplateAllowed } from '@pagecast/contract';
import { FormField } from '../../primitives/form-field';
import { Input } from '../../primitives/input';
import { Select } from '../../primitives/select';
import { Textarea } from '../../primitives/textarea';
import { ButtonsField } from './buttons-field';
import { IMAGE_TEXT, SCHEDULE_TEXT } from './texts';
import type { ScheduleForm } from './use-schedule-form';
import { WhenField } from './when-field';

const T = SCHEDULE_TEXT;

export function MessageSection({ form, now }: { form: ScheduleForm; now: () => Date }) {
  const {
    id,
    values,
    errors,
    set,
    setValues,
    setErrors,
    a11y,
    following,
    setFollowing,
    followNow,
  } = form;
  return (
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
              ...(utilityTemplateAllowed(purpose) ? {} : { templateId: '', templateParams: {} }),
            }));
            setErrors((er) => ({ ...er, contentType: undefined, templateId: undefined }));
          }}
        />
        <p id={`${id('contentType')}-hint`} className="text-sm text-muted-foreground">
          {T.purposeHint}
        </p>
      </FormField>
    </div>
  );
}
