// Types of bench/lib.mjs (the common results shape of `pnpm bench`).
export type TargetOp = '>=' | '<=' | '>' | '<';

export interface Target {
  op: TargetOp;
  value: number;
  /** What the target compares: the median (default), the ratio to the baseline, or the largest run. */
  of?: 'median' | 'ratio' | 'max';
}

export interface Figure {
  name: string;
  unit: string;
  median: number | null;
  min: number | null;
  max: number | null;
  runs: number;
  values?: Array<number | null>;
  baseline?: { name: string; median: number };
  ratio?: number | null;
  target?: Target;
  holds?: boolean;
  /** Why a figure is missing or how to read it. */
  note?: string;
}

export interface Machine {
  cores: number;
  model: string;
  memoryGB: number | null;
  freeMemoryGB: number | null;
  node: string;
  platform: string;
  loadAverage: Array<number | null>;
}

export interface BenchResult {
  name: string;
  date: string;
  machine: Machine;
  quick: boolean;
  figures: Figure[];
  notes: string[];
  [extra: string]: unknown;
}

export const REPO_ROOT: string;
export const RESULTS_DIR: string;
export const QUICK: boolean;
export function median(values: number[]): number | null;
export function min(values: number[]): number | null;
export function max(values: number[]): number | null;
export function percentile(values: number[], p: number): number | null;
export function round(v: number | null | undefined, digits?: number): number | null;
export function compare(
  value: number | null | undefined,
  op: TargetOp,
  target: number,
): boolean | undefined;
/** The value of figure `f` its target compares (see `Target.of`). */
export function targetSubject(f: Figure): number | null | undefined;
export function figure(input: {
  name: string;
  unit: string;
  values: number[];
  baseline?: { name: string; median: number | null } | null;
  target?: Target;
  note?: string;
  digits?: number;
}): Figure;
export function machine(): Machine;
export function writeResult(
  name: string,
  result: { figures: Figure[]; notes?: string[]; [extra: string]: unknown },
): string;
