import { CONTENT_TYPE_VALUES, PROMOTION, PURPOSE_VALUES, type Purpose } from '../constants';

/** Purpose (spec §10.8) in plain words; not in the original spec. */
export const PURPOSE_MESSAGES = {
  invalid:
    'Purpose must be one of: Promotion, Confirmed event update, Post purchase update, Account update',
  templateForPromotion:
    'A promotion cannot go out as a utility template: Meta allows utility messages for transactional updates only. Choose an update as the Purpose, or skip the contacts outside the window.',
} as const;

/** Whether `value` is a Purpose the product knows. */
export const isPurpose = (value: unknown): value is Purpose =>
  typeof value === 'string' && (PURPOSE_VALUES as readonly string[]).includes(value);

/**
 * A stored campaign's purpose: its `type`, or a promotion when it has none (a row written before Purpose
 * existed always has one of the three updates, so it reads as it was scheduled).
 */
export const purposeOf = (type: string | null | undefined): Purpose =>
  isPurpose(type) ? type : PROMOTION;

/**
 * Whether a campaign of this purpose may take the utility-template path outside the 24-hour window: only the
 * three transactional updates may (Meta refuses utility templates for anything promotional). A promotion
 * goes on the standard path inside the window and as a paid marketing message to subscribers outside it.
 */
export function utilityTemplateAllowed(type: string | null | undefined): boolean {
  return (CONTENT_TYPE_VALUES as readonly string[]).includes(purposeOf(type));
}
