// The delivery funnel as plain CSS bars (no chart library): each stage as a share of the audience, the main
// stages each with the one line that defines it, then the failures and the skips by reason.
import { SKIP_REASONS, type CampaignDetail } from '@pagecast/contract';
import { FunnelTrack, percent } from '../../components/funnel-bars';
import { cn } from '../../primitives/cn';
import { FUNNEL_STAGE_TEXT } from './texts';

type Funnel = CampaignDetail['funnel'];

type Stage = keyof Omit<Funnel, 'failedByReason' | 'skippedByReason' | 'reconciliation'>;

const defined = (key: keyof typeof FUNNEL_STAGE_TEXT) => ({
  label: FUNNEL_STAGE_TEXT[key][0],
  definition: FUNNEL_STAGE_TEXT[key][1],
});

const STAGES: Array<{ key: Stage; label: string; bar: string; definition?: string }> = [
  { key: 'audience', ...defined('audience'), bar: 'bg-muted-foreground/40' },
  { key: 'dispatched', ...defined('dispatched'), bar: 'bg-primary' },
  { key: 'delivered', ...defined('delivered'), bar: 'bg-primary/75' },
  { key: 'read', ...defined('read'), bar: 'bg-primary/55' },
  { key: 'interacted', ...defined('interacted'), bar: 'bg-success' },
  { key: 'failed', label: 'Failed', bar: 'bg-destructive' },
  { key: 'skipped', label: 'Skipped (no allowed path)', bar: 'bg-warning/70' },
  { key: 'unknown', label: 'Unknown (review)', bar: 'bg-warning' },
  { key: 'pending', label: 'Not sent yet', bar: 'bg-muted-foreground/25' },
];

function Bar({
  label,
  value,
  of,
  bar,
  wide,
  definition,
}: {
  label: string;
  value: number;
  of: number;
  bar: string;
  wide?: boolean;
  definition?: string | undefined;
}) {
  const p = percent(value, of, 1);
  return (
    <li
      className={cn(
        'grid items-center gap-3 text-sm',
        wide
          ? 'grid-cols-[minmax(0,13rem)_minmax(0,1fr)_5.5rem] max-sm:grid-cols-[minmax(0,8rem)_minmax(0,1fr)_4.5rem]'
          : 'grid-cols-[8rem_minmax(0,1fr)_5.5rem] max-sm:grid-cols-[6.5rem_minmax(0,1fr)_4.5rem]',
      )}
    >
      <span className={cn('text-muted-foreground', wide ? 'text-pretty' : 'truncate')}>
        {label}
      </span>
      <FunnelTrack
        value={value}
        of={of}
        decimals={1}
        meterLabel={label}
        className="h-3"
        fillClassName={cn('transition-[width] duration-500', bar)}
      />
      <span className="text-right tabular-nums" data-testid={`funnel-${label}`}>
        {value.toLocaleString('en')}
        <span className="ml-1 text-xs text-muted-foreground">{of > 0 ? `${p}%` : ''}</span>
      </span>
      {definition ? (
        <span className="col-span-3 -mt-2 text-xs text-muted-foreground">{definition}</span>
      ) : null}
    </li>
  );
}

/** One outcome's rows by reason, each a share of that outcome; nothing while it has none. */
function ByReason({
  title,
  rows,
  of,
  bar,
}: {
  title: string;
  rows: Array<{ key: string; label: string; count: number }>;
  of: number;
  bar: string;
}) {
  if (rows.length === 0) return null;
  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium">{title}</p>
      <ul className="grid gap-2">
        {rows.map((r) => (
          <Bar key={r.key} label={r.label} value={r.count} of={of} bar={bar} wide />
        ))}
      </ul>
    </div>
  );
}

export function FunnelChart({ funnel }: { funnel: Funnel }) {
  const of = funnel.audience;
  return (
    <div className="grid gap-4" data-testid="funnel">
      <ul className="grid gap-2">
        {STAGES.filter(
          (s) => (s.key !== 'unknown' && s.key !== 'skipped') || funnel[s.key] > 0,
        ).map((s) => (
          <Bar
            key={s.key}
            label={s.label}
            definition={s.definition}
            value={funnel[s.key]}
            of={of}
            bar={s.bar}
          />
        ))}
      </ul>
      <ByReason
        title="Failed by reason"
        rows={funnel.failedByReason.map((r) => ({
          key: r.reason,
          label: r.code !== null ? `${r.reason} (${r.code})` : r.reason,
          count: r.count,
        }))}
        of={funnel.failed}
        bar="bg-destructive/70"
      />
      <ByReason
        title="Skipped by reason"
        rows={funnel.skippedByReason.map((r) => ({
          key: r.reason,
          label: SKIP_REASONS[r.reason],
          count: r.count,
        }))}
        of={funnel.skipped}
        bar="bg-warning/60"
      />
    </div>
  );
}
