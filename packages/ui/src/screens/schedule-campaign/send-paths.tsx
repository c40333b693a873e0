// The form's send paths, each shown when the audience needs it: a utility template for those outside the
// window, a paid marketing message for subscribers, deliver on return, with a path's missing permission.
import {
  utilityTemplateAllowed,
  type AudiencePreview,
  type MessageTemplate,
} from '@pagecast/contract';
import { defaultChoices, TemplateSection, type ParamChoice } from './template-section';
import { MarketingChoice } from './marketing-choice';
import { ReachSection } from './reach-section';
import { ReturnDelayField } from './return-delay-field';
import type { ScheduleForm } from './use-schedule-form';

export function SendPaths({
  form,
  audience,
  approved,
  templatesLoading,
  templatesHref,
  marketingAvailable,
  permissionNotes,
}: {
  form: ScheduleForm;
  audience: AudiencePreview | null;
  approved: MessageTemplate[];
  templatesLoading: boolean;
  templatesHref: string;
  marketingAvailable: boolean;
  permissionNotes: { templates?: string | null; marketing?: string | null };
}) {
  const { ids, id, values, setValues, errors, setErrors, set } = form;
  return (
    <>
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
    </>
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
