// Meta's verdict on one of the page's utility templates (a `changes` item).
import { noteTemplatePath } from '../../campaigns/index.js';
import { applyTemplateStatus } from '../../templates/index.js';
import type { ChangeEvent } from '../events.js';
import type { Handler } from './common.js';

export const handleTemplateStatus: Handler<
  Extract<ChangeEvent, { kind: 'template-status' }>
> = async (tx, page, { value, at }) => {
  await applyTemplateStatus(tx, page.id, value, at, noteTemplatePath);
  return { live: [] };
};
