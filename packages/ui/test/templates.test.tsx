import { TEMPLATE_STATUSES, type MessageTemplate, type TemplateStatus } from '@pagecast/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TEMPLATES_TEXT as T, TemplatesScreen } from '../src/screens/templates';

const template = (over: Partial<MessageTemplate> = {}): MessageTemplate => ({
  id: '7b0e8a52-3c2f-4a51-9a7e-1f6f3f0a9c11',
  pageId: '42',
  name: 'order_update',
  language: 'en_US',
  body: 'Hi {{first_name}}, your order {{order_ref}} has shipped.',
  parameterFormat: 'NAMED',
  params: ['first_name', 'order_ref'],
  buttons: [],
  status: 'approved',
  rejectedReason: null,
  scheduledCampaigns: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

function show(templates: MessageTemplate[]) {
  render(
    <TemplatesScreen
      templates={templates}
      loading={false}
      error={null}
      onCreate={vi.fn(() => Promise.resolve())}
      onRefresh={vi.fn(() => Promise.resolve())}
      onDelete={vi.fn(() => Promise.resolve())}
    />,
  );
  return screen.getAllByTestId('template-card');
}

describe('Templates: what each of Meta’s statuses means', () => {
  const labels: Record<TemplateStatus, string> = {
    approved: 'Approved',
    pending: 'In review',
    in_appeal: 'In appeal',
    rejected: 'Rejected',
    paused: 'Paused',
    disabled: 'Disabled',
    limit_exceeded: 'Over limit',
    archived: 'Archived',
    pending_deletion: 'Being deleted',
    deleted: 'Deleted',
  };

  it.each(TEMPLATE_STATUSES.map((s) => [s]))('%s has its own badge and meaning', (status) => {
    const [card] = show([template({ status })]);
    const c = within(card as HTMLElement);
    expect(c.getByText(labels[status], { exact: true })).toBeInTheDocument();
    if (status === 'approved') expect(T.meaning(status)).toBe('');
    else if (status !== 'rejected')
      expect(c.getByText(T.meaning(status), { exact: true })).toBeInTheDocument();
  });

  it('a deleted template is not shown as in review, a paused one not as rejected', () => {
    const [deleted, paused] = show([
      template({ status: 'deleted' }),
      template({
        id: 'a1e5f4b8-0c7d-4e2a-8b1f-9d3c2b1a0f99',
        name: 'paused_one',
        status: 'paused',
      }),
    ]);
    expect(deleted).not.toHaveTextContent('In review');
    expect(deleted).toHaveTextContent('Deleted at Meta: it cannot be sent any more.');
    expect(paused).not.toHaveTextContent('Rejected');
    expect(paused).toHaveTextContent(
      'Meta paused it. It cannot be sent while paused: campaigns skip contacts outside the 24-hour window and still send to those inside it.',
    );
  });

  it.each([
    ['TAG_SHOULD_BE_MARKETING', 'Rejected: Meta read it as marketing.'],
    ['INCORRECT_PARAMS', 'Rejected: Meta found its parameters wrong.'],
    ['PARAMS_TO_WORD_RATIO_EXCEED_LIMIT', 'Rejected: Too many parameters for its length.'],
    ['SOMETHING_NEW', 'Rejected by Meta (something new). Reword it and submit a new one.'],
    [null, 'Rejected by Meta. Reword it and submit a new one.'],
    ['NONE', 'Rejected by Meta. Reword it and submit a new one.'],
  ])('says what a %s rejection means', (reason, text) => {
    const [card] = show([template({ status: 'rejected', rejectedReason: reason })]);
    expect(card).toHaveTextContent(text);
    expect(card).not.toHaveTextContent('INCORRECT_CATEGORY');
  });

  it('shows a positional template’s parameters as numbered', () => {
    const [card] = show([
      template({
        body: 'Hi {{1}}, your order {{2}} has shipped.',
        parameterFormat: 'POSITIONAL',
        params: ['1', '2'],
      }),
    ]);
    expect(card).toHaveTextContent('Parameters (numbered): {{1}}, {{2}}');
  });
});
