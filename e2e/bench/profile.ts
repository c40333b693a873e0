/**
 * Profiling for the web benchmark: a Chrome performance trace (Tracing over CDP, through Playwright) and a
 * V8 CPU profile (Profiler over CDP) of one action, summarised as where the renderer's main thread spent
 * its time (self time per trace event: script, style, layout, paint, image decoding, ...) and which
 * JavaScript functions took it. Raw files go to BENCH_WEB_PROFILE_DIR when set (open the trace in the
 * DevTools Performance panel or https://ui.perfetto.dev).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';

export interface ProfileSummary {
  /** Wall time of the profiled action. */
  ms: number;
  /** Renderer main thread: self time (ms) per trace event name, largest first. */
  mainThread: Array<{ event: string; selfMs: number }>;
  /** Main-thread busy time (top-level tasks) over the action's wall time. */
  busyShare: number;
  /** CPU time the main thread's top-level tasks used (thread time, so a loaded machine does not inflate
   *  it the way it inflates wall times). */
  mainThreadCpuMs: number;
  /** JavaScript self time (ms) per function, largest first (`name file:line`); empty without the CPU profile. */
  functions: Array<{ fn: string; selfMs: number }>;
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  tdur?: number;
  args?: { name?: string };
}

interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }>;
  samples?: number[];
  timeDeltas?: number[];
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'toplevel',
  'v8',
  'blink',
  'cc',
];

/** Runs `action` with a trace (and, unless `cpuProfile` is false, a CPU profile) of `page` recording. */
export async function profile(
  browser: Browser,
  page: Page,
  label: string,
  action: () => Promise<unknown>,
  { cpuProfile = true, top = 15 }: { cpuProfile?: boolean; top?: number } = {},
): Promise<ProfileSummary> {
  const cdp = cpuProfile ? await page.context().newCDPSession(page) : undefined;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    // The profiler first: its start-up (hundreds of ms) would otherwise be the largest event of the trace.
    await cdp.send('Profiler.start');
  }
  await browser.startTracing(page, { categories: CATEGORIES });
  const t0 = Date.now();
  await action();
  const ms = Date.now() - t0;
  const cpu = cdp
    ? ((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile
    : undefined;
  const traceBuf = await browser.stopTracing();
  await cdp?.detach().catch(() => undefined);

  const dir = process.env.BENCH_WEB_PROFILE_DIR;
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${label}.trace.json`), traceBuf);
    if (cpu) fs.writeFileSync(path.join(dir, `${label}.cpuprofile`), JSON.stringify(cpu));
  }
  const events = (JSON.parse(traceBuf.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  return {
    ms,
    ...mainThreadSummary(events, ms, top),
    functions: cpu ? cpuSummary(cpu, top) : [],
  };
}

/** Self time per event name on the busiest renderer main thread (nested complete events, stack-based). */
function mainThreadSummary(events: TraceEvent[], ms: number, top: number) {
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || e.dur === undefined || !mains.has(key)) continue;
    const list = byThread.get(key) ?? [];
    list.push(e);
    byThread.set(key, list);
  }
  let best: TraceEvent[] = [];
  let bestTotal = -1;
  for (const list of byThread.values()) {
    const total = list.reduce((n, e) => n + (e.dur ?? 0), 0);
    if (total > bestTotal) [best, bestTotal] = [list, total];
  }
  best.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const stack: Array<{ e: TraceEvent; end: number; child: number }> = [];
  let busy = 0;
  let cpu = 0;
  const close = (upTo: number) => {
    while (stack.length && (stack.at(-1) as { end: number }).end <= upTo) {
      const f = stack.pop() as { e: TraceEvent; end: number; child: number };
      self.set(f.e.name, (self.get(f.e.name) ?? 0) + Math.max(0, (f.e.dur ?? 0) - f.child));
      const parent = stack.at(-1);
      if (parent) parent.child += f.e.dur ?? 0;
      else {
        busy += f.e.dur ?? 0;
        cpu += f.e.tdur ?? f.e.dur ?? 0;
      }
    }
  };
  for (const e of best) {
    close(e.ts);
    stack.push({ e, end: e.ts + (e.dur ?? 0), child: 0 });
  }
  close(Number.POSITIVE_INFINITY);
  const mainThread = [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([event, us]) => ({ event, selfMs: Math.round(us / 100) / 10 }));
  return {
    mainThread,
    busyShare: Math.round((busy / 1000 / ms) * 100) / 100,
    mainThreadCpuMs: Math.round(cpu / 100) / 10,
  };
}

/** JavaScript self time per function from the sampled CPU profile. */
function cpuSummary(cpu: CpuProfile, top: number) {
  const nodes = new Map(cpu.nodes.map((n) => [n.id, n.callFrame]));
  const self = new Map<string, number>();
  const samples = cpu.samples ?? [];
  const deltas = cpu.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const f = nodes.get(samples[i] as number);
    if (!f) continue;
    const file = f.url ? f.url.split('/').pop()?.split('?')[0] : '';
    const key = `${f.functionName || '(anonymous)'}${file ? ` ${file}:${f.lineNumber + 1}` : ''}`;
    // A sample's time is the delta to the next sample.
    self.set(key, (self.get(key) ?? 0) + (deltas[i + 1] ?? 0));
  }
  return [...self.entries()]
    .filter(([fn]) => fn !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([fn, us]) => ({ fn, selfMs: Math.round(us / 100) / 10 }));
}
