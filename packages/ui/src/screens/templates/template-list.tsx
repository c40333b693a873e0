// The page's templates as cards: status from Meta (with what it means for sending), the text with its
// parameters, the link buttons, how many scheduled campaigns send it, and Delete.
import { templateLanguageLabel, type MessageTemplate } from '@pagecast/contract';
import { ExternalLink, Trash2 } from 'lucide-react';
import { Badge, type BadgeVariant } from '../../primitives/badge';
import { Button } from '../../primitives/button';
import { TEMPLATES_TEXT as T } from './texts';

const STATUS_VARIANT: Record<MessageTemplate['status'], BadgeVariant> = {
  approved: 'success',
  pending: 'warning',
  in_appeal: 'warning',
  rejected: 'destructive',
  paused: 'warning',
  disabled: 'destructive',
  limit_exceeded: 'destructive',
  archived: 'muted',
  pending_deletion: 'muted',
  deleted: 'muted',
};

export function TemplateList({
  templates,
  loading,
  error,
  onDelete,
}: {
  templates: MessageTemplate[];
  loading: boolean;
  error: string | null;
  onDelete: (t: MessageTemplate) => void;
}) {
  if (loading) return <p className="text-sm text-muted-foreground">{T.loading}</p>;
  if (error)
    return (
      <p role="alert" className="text-sm text-destructive">
        {T.loadError} {error}
      </p>
    );
  if (templates.length === 0) return <p className="text-sm text-muted-foreground">{T.empty}</p>;
  return (
    <ul className="grid gap-3" aria-label={T.listSection}>
      {templates.map((t) => (
        <li
          key={t.id}
          data-testid="template-card"
          className="grid gap-3 rounded-lg border border-border bg-card p-4 text-sm"
        >
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="grid min-w-0 gap-1">
              <h3 className="font-mono font-semibold break-all">{t.name}</h3>
              <p className="text-xs text-muted-foreground">{templateLanguageLabel(t.language)}</p>
            </div>
            <div className="flex items-center gap-2">
              <Badge variant={STATUS_VARIANT[t.status]}>{T.status[t.status]}</Badge>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`${T.delete} ${t.name}`}
                onClick={() => onDelete(t)}
              >
                <Trash2 aria-hidden />
                <span className="hidden sm:inline">{T.delete}</span>
              </Button>
            </div>
          </div>
          <p className="rounded-md bg-muted/60 px-3 py-2 whitespace-pre-wrap">
            <bdi>{t.body}</bdi>
          </p>
          {t.buttons.length > 0 ? (
            <ul className="flex flex-wrap gap-2" aria-label="Link buttons">
              {t.buttons.map((b) => (
                <li
                  key={`${b.text}-${b.url}`}
                  className="inline-flex items-center gap-1 rounded-md border border-border px-2 py-1 text-xs"
                  title={b.url}
                >
                  <ExternalLink aria-hidden className="size-3" />
                  {b.text}
                </li>
              ))}
            </ul>
          ) : null}
          <p className="text-xs text-muted-foreground">
            {T.params}
            {t.parameterFormat === 'POSITIONAL' && t.params.length ? ` (${T.numbered})` : ''}:{' '}
            {t.params.length ? t.params.map((p) => `{{${p}}}`).join(', ') : T.noParams}
            {t.scheduledCampaigns > 0 ? ` · ${T.usedBy(t.scheduledCampaigns)}` : ''}
          </p>
          {t.status === 'rejected' ? (
            <p className="text-sm text-destructive">{T.rejected(t.rejectedReason)}</p>
          ) : T.meaning(t.status) ? (
            <p
              className={
                STATUS_VARIANT[t.status] === 'destructive'
                  ? 'text-sm text-destructive'
                  : 'text-sm text-muted-foreground'
              }
            >
              {T.meaning(t.status)}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
