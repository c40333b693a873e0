import { describe, expect, it } from 'vitest';
import { contentTypeLabel, isPurpose, PURPOSES, purposeOf, utilityTemplateAllowed } from '../src';

describe('purpose (spec §10.8)', () => {
  it('offers Promotion first, then the three updates with their old values and labels', () => {
    expect(PURPOSES.map((p) => `${p.value}:${p.label}`)).toEqual([
      'PROMOTION:Promotion',
      'CONFIRMED_EVENT_UPDATE:Confirmed event update',
      'POST_PURCHASE_UPDATE:Post purchase update',
      'ACCOUNT_UPDATE:Account update',
    ]);
    expect(contentTypeLabel('PROMOTION')).toBe('Promotion');
    expect(contentTypeLabel('ACCOUNT_UPDATE')).toBe('Account update');
  });

  it('knows exactly the four purposes', () => {
    for (const p of PURPOSES) expect(isPurpose(p.value)).toBe(true);
    for (const v of ['', 'promotion', 'HUMAN_AGENT', null, undefined, 42])
      expect(isPurpose(v)).toBe(false);
  });

  it('reads a stored type as its purpose, and anything else as a promotion', () => {
    expect(purposeOf('POST_PURCHASE_UPDATE')).toBe('POST_PURCHASE_UPDATE');
    expect(purposeOf('PROMOTION')).toBe('PROMOTION');
    expect(purposeOf(null)).toBe('PROMOTION');
    expect(purposeOf('HUMAN_AGENT')).toBe('PROMOTION');
  });

  it('lets only a transactional update take the utility template path', () => {
    expect(utilityTemplateAllowed('CONFIRMED_EVENT_UPDATE')).toBe(true);
    expect(utilityTemplateAllowed('POST_PURCHASE_UPDATE')).toBe(true);
    expect(utilityTemplateAllowed('ACCOUNT_UPDATE')).toBe(true);
    expect(utilityTemplateAllowed('PROMOTION')).toBe(false);
    expect(utilityTemplateAllowed(null)).toBe(false);
    expect(utilityTemplateAllowed(undefined)).toBe(false);
    expect(utilityTemplateAllowed('MARKETING')).toBe(false);
  });
});
