// Shared helpers of the `pnpm bench` benchmarks: the common results shape, medians, machine facts.
// Plain ESM (with lib.d.mts for TypeScript) so scripts/bench.mjs and every TS bench can import it.
//
// bench/results/<name>.json:
//   { name, date, machine, figures: [{ name, unit, median, min, max, runs, values?,
//       baseline?: { name, median }, ratio?, target?: { op, value, of? }, holds?, note? }], notes }
// `target.of` says what the target compares: 'median' (default), 'ratio' (median / baseline.median) or
// 'max' (every run must hold it: a limit that no run may break).
// A figure that could not be measured has median/min/max null and a `note` saying why.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, freemem, loadavg, totalmem } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const RESULTS_DIR = resolve(REPO_ROOT, 'bench/results');

/** BENCH_QUICK=1: short durations and fewer runs, for smoke runs on a busy machine. */
export const QUICK = ['1', 'true', 'yes'].includes(
  String(process.env.BENCH_QUICK ?? '').toLowerCase(),
);

export function median(values) {
  const xs = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (xs.length === 0) return null;
  const mid = Math.floor(xs.length / 2);
  return xs.length % 2 ? xs[mid] : (xs[mid - 1] + xs[mid]) / 2;
}

export function min(values) {
  const xs = values.filter((v) => Number.isFinite(v));
  return xs.length ? Math.min(...xs) : null;
}

export function max(values) {
  const xs = values.filter((v) => Number.isFinite(v));
  return xs.length ? Math.max(...xs) : null;
}

/** The p-th percentile (0..1) of unsorted samples, nearest-rank. */
export function percentile(values, p) {
  const xs = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (xs.length === 0) return null;
  const i = Math.min(xs.length - 1, Math.max(0, Math.ceil(p * xs.length) - 1));
  return xs[i];
}

export const round = (v, digits = 2) =>
  v === null || v === undefined || !Number.isFinite(v)
    ? null
    : Math.round(v * 10 ** digits) / 10 ** digits;

export function compare(value, op, target) {
  if (value === null || value === undefined || !Number.isFinite(value)) return undefined;
  switch (op) {
    case '>=':
      return value >= target;
    case '<=':
      return value <= target;
    case '>':
      return value > target;
    case '<':
      return value < target;
    default:
      throw new Error(`unknown target op ${op}`);
  }
}

/** The value of figure `f` its target compares (see `target.of`). */
export function targetSubject(f) {
  const of = f.target?.of;
  return of === 'ratio' ? f.ratio : of === 'max' ? f.max : f.median;
}

/**
 * One figure from the values of its runs. `baseline` is another figure of the same run (or {name, median});
 * the ratio is median / baseline median; `target.of: 'ratio'` checks the ratio instead of the median, and
 * `'max'` the largest value of any run.
 */
export function figure({ name, unit, values, baseline, target, note, digits = 2 }) {
  const measured = values.filter((v) => Number.isFinite(v));
  const f = {
    name,
    unit,
    median: round(median(measured), digits),
    min: round(min(measured), digits),
    max: round(max(measured), digits),
    runs: measured.length,
    values: measured.map((v) => round(v, digits)),
  };
  if (baseline && baseline.median !== null && baseline.median !== undefined) {
    f.baseline = { name: baseline.name, median: baseline.median };
    if (f.median !== null && baseline.median !== 0) f.ratio = round(f.median / baseline.median, 3);
  }
  if (target) {
    f.target = target;
    const holds = compare(targetSubject(f), target.op, target.value);
    if (holds !== undefined) f.holds = holds;
  }
  if (note) f.note = note;
  return f;
}

export function machine() {
  const list = cpus();
  return {
    cores: list.length,
    model: list[0]?.model?.trim() ?? 'unknown',
    memoryGB: round(totalmem() / 1024 ** 3, 1),
    freeMemoryGB: round(freemem() / 1024 ** 3, 1),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    /** 1/5/15-minute load averages when the result was written: other work on the machine skews figures. */
    loadAverage: loadavg().map((v) => round(v, 2)),
  };
}

/** Writes bench/results/<name>.json in the common shape and returns the path. */
export function writeResult(name, { figures, notes = [], ...extra }) {
  const result = {
    name,
    date: new Date().toISOString(),
    machine: machine(),
    quick: QUICK,
    figures,
    notes,
    ...extra,
  };
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = resolve(RESULTS_DIR, `${name}.json`);
  writeFileSync(file, JSON.stringify(result, null, 2) + '\n');
  return file;
}
