// Requests Pagecast makes today that Meta's spec refuses or does not know, each fixed by other work on the same
// issue (Pagecast "Ready for the real Facebook"). Until then the emulator lets them through and the API's spec
// test reports them without failing. Remove an entry with its fix: the spec test then fails if it comes back.
export interface KnownOffender {
  /** `METHOD Node/edge`, as the spec check names a request. */
  where: string;
  param: string;
  /** The offending values (for an enum); none: the parameter itself is outside the spec. */
  values?: string[];
  /** Who fixes it, and why it is off. */
  owner: string;
}

export const KNOWN_OFFENDERS: KnownOffender[] = [
  {
    where: 'POST Page/subscribed_apps',
    param: 'subscribed_fields',
    values: ['messenger_template_status_update'],
    owner: 'webhooks: the Page field Meta lists is message_template_status_update (meta review D3)',
  },
  {
    where: 'DELETE Page/message_templates',
    param: 'hsm_id',
    owner: "templates: the spec's parameters are name and template_id",
  },
];

/** The owner of a known offender matching this parameter (and every offending value), if any. */
export function knownOffender(where: string, param: string, values: string[]): string | undefined {
  return KNOWN_OFFENDERS.find(
    (o) =>
      o.where === where &&
      o.param === param &&
      (o.values === undefined ? values.length === 0 : values.every((v) => o.values?.includes(v))),
  )?.owner;
}
