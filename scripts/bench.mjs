#!/usr/bin/env node
// `pnpm bench`: runs each benchmark in its own process, one after the other (they would skew each other),
// then writes bench/REPORT.md from bench/results/*.json. A benchmark whose file does not exist is reported
// as missing; one that fails (exit code, timeout, no result written) is recorded with its error. Either way
// the others still run and the report is written.
//
//   node scripts/bench.mjs                 all benchmarks, full durations
//   BENCH_QUICK=1 node scripts/bench.mjs   short smoke run (busy machine)
//   node scripts/bench.mjs api web         only these (the report still lists every benchmark)
//   node scripts/bench.mjs --report-only   rebuild REPORT.md from the results already on disk
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compare, machine, QUICK, REPO_ROOT, RESULTS_DIR, targetSubject } from '../bench/lib.mjs';

/** In run order. `result`: the file in bench/results it writes. `timeoutMin`: full / quick. */
const BENCHES = [
  {
    name: 'emulator-send-capacity',
    title: 'Graph emulator: raw Send API capacity (baseline of dispatch)',
    file: 'apps/graph-emulator/bench/send-capacity.ts',
    timeoutMin: [10, 5],
  },
  {
    name: 'api',
    title: 'API under load (autocannon, 50 connections)',
    file: 'apps/api/bench/api.ts',
    timeoutMin: [30, 10],
    // The API's node flags as deployed (Dockerfile, deploy/systemd): the bench process is the API.
    nodeArgs: ['--max-semi-space-size=64'],
  },
  { name: 'sync', title: 'Page sync', file: 'apps/api/bench/sync.ts', timeoutMin: [60, 15] },
  {
    name: 'search',
    title: 'Inbox search and filters (100,000 contacts, 1,000,000 messages)',
    file: 'apps/api/bench/search.ts',
    timeoutMin: [60, 20],
  },
  {
    name: 'ingest',
    title: 'Webhook ingest at campaign volume',
    file: 'apps/api/bench/ingest.ts',
    timeoutMin: [40, 20],
    nodeArgs: ['--max-semi-space-size=64'],
  },
  {
    name: 'dispatch',
    title: 'Campaign dispatch',
    file: 'apps/api/bench/dispatch.ts',
    timeoutMin: [60, 15],
  },
  {
    name: 'outbound-webhooks',
    title: 'Outbound webhook fan-out to a local receiver',
    file: 'apps/api/bench/outbound.ts',
    timeoutMin: [15, 5],
  },
  {
    name: 'web',
    title: 'Web app: bundles, first render, scrolling, echo',
    file: 'e2e/bench/web.ts',
    timeoutMin: [30, 10],
  },
];

const args = process.argv.slice(2);
const reportOnly = args.includes('--report-only');
const only = args.filter((a) => !a.startsWith('--'));
const unknown = only.filter((n) => !BENCHES.some((b) => b.name === n));
if (unknown.length) {
  console.error(
    `Unknown benchmark(s): ${unknown.join(', ')}. Known: ${BENCHES.map((b) => b.name).join(', ')}`,
  );
  process.exit(2);
}

// tsx from the API package (every bench is TypeScript; e2e has no tsx of its own).
const tsxLoader = pathToFileURL(
  createRequire(resolve(REPO_ROOT, 'apps/api/package.json')).resolve('tsx'),
).href;

const startedAt = new Date();
const machineAtStart = machine();
/** name -> { status: 'ok'|'failed'|'missing'|'skipped'|'not-run', error?, seconds?, log? } */
const runs = new Map();

async function runBench(bench) {
  const file = resolve(REPO_ROOT, bench.file);
  if (!existsSync(file)) {
    console.log(`\n=== ${bench.name}: missing (${bench.file} does not exist)`);
    return { status: 'missing', error: `${bench.file} does not exist` };
  }
  const logFile = resolve(RESULTS_DIR, `${bench.name}.log`);
  const resultFile = resolve(RESULTS_DIR, `${bench.name}.json`);
  const log = createWriteStream(logFile);
  const timeoutMs = bench.timeoutMin[QUICK ? 1 : 0] * 60_000;
  const t0 = Date.now();
  console.log(`\n=== ${bench.name}: ${bench.file}${QUICK ? ' (BENCH_QUICK)' : ''}`);
  const { code, signal, timedOut, tail } = await new Promise((resolveRun) => {
    // Own process group, so a timeout ends the bench and whatever it started (servers, browsers).
    const child = spawn(
      process.execPath,
      [...(bench.nodeArgs ?? []), '--import', tsxLoader, file],
      {
        cwd: findPackageDir(file),
        env: process.env,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      },
    );
    let tailText = '';
    const onData = (stream) => (chunk) => {
      stream.write(chunk);
      log.write(chunk);
      tailText = (tailText + chunk.toString()).slice(-4000);
    };
    child.stdout.on('data', onData(process.stdout));
    child.stderr.on('data', onData(process.stderr));
    let timedOutFlag = false;
    const timer = setTimeout(() => {
      timedOutFlag = true;
      killGroup(child.pid, 'SIGTERM');
      setTimeout(() => killGroup(child.pid, 'SIGKILL'), 10_000).unref();
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      resolveRun({ code: null, signal: null, timedOut: false, tail: String(err) });
    });
    child.on('close', (c, s) => {
      clearTimeout(timer);
      resolveRun({ code: c, signal: s, timedOut: timedOutFlag, tail: tailText });
    });
  });
  log.end();
  const seconds = Math.round((Date.now() - t0) / 100) / 10;
  const fresh = existsSync(resultFile) && statSync(resultFile).mtimeMs >= t0 - 1000;
  const logRel = relative(REPO_ROOT, logFile);
  if (timedOut)
    return {
      status: 'failed',
      seconds,
      log: logRel,
      error: `timed out after ${timeoutMs / 60_000} min`,
      fresh,
    };
  if (code !== 0) {
    return {
      status: 'failed',
      seconds,
      log: logRel,
      error: `exit ${code ?? signal}: ${lastLines(tail, 12)}`,
      fresh,
    };
  }
  if (!fresh)
    return {
      status: 'failed',
      seconds,
      log: logRel,
      error: `exited 0 but did not write bench/results/${bench.name}.json`,
    };
  return { status: 'ok', seconds, log: logRel, fresh };
}

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

function findPackageDir(file) {
  for (let d = dirname(file); d !== dirname(d); d = dirname(d)) {
    if (existsSync(resolve(d, 'package.json'))) return d;
  }
  return REPO_ROOT;
}

const lastLines = (text, n) => text.trim().split('\n').slice(-n).join('\n');

// ---------------------------------------------------------------------------------------------------------
// Report

function loadResult(name) {
  const file = resolve(RESULTS_DIR, `${name}.json`);
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    return { unreadable: String(err) };
  }
}

/** Every bench writes bench/lib.mjs's shape; anything else is shown as its numeric leaves. */
function toFigures(result) {
  if (Array.isArray(result.figures)) return result.figures.map(normaliseFigure);
  // Unknown shape: every numeric leaf as a one-run figure, `meetsTarget`-like booleans as notes.
  const figures = [];
  const walk = (value, path) => {
    if (typeof value === 'number' && Number.isFinite(value)) {
      figures.push({ name: path, unit: '', median: value, min: value, max: value, runs: 1 });
    } else if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) {
        if (['machine', 'date', 'node', 'cpus'].includes(k) && !path) continue;
        walk(v, path ? `${path}.${k}` : k);
      }
    }
  };
  walk(result, '');
  return figures;
}

function normaliseFigure(f) {
  const out = { ...f };
  out.name = String(f.name ?? f.label ?? '?');
  out.unit = String(f.unit ?? '');
  for (const k of ['median', 'min', 'max'])
    out[k] = typeof f[k] === 'number' ? f[k] : (f[k] ?? null);
  if (out.median === null && typeof f.value === 'number') out.median = out.min = out.max = f.value;
  out.runs =
    typeof f.runs === 'number'
      ? f.runs
      : Array.isArray(f.runs)
        ? f.runs.length
        : (f.values?.length ?? 1);
  if (typeof f.target === 'number') out.target = { op: '>=', value: f.target };
  if (out.target && typeof out.holds !== 'boolean') {
    const h = compare(targetSubject(out), out.target.op, out.target.value);
    if (h !== undefined) out.holds = h;
  }
  return out;
}

const fmt = (v) => {
  if (v === null || v === undefined) return '–';
  if (typeof v !== 'number') return String(v);
  if (Math.abs(v) >= 1000) return Math.round(v).toLocaleString('en-US');
  if (Math.abs(v) >= 100) return String(Math.round(v * 10) / 10);
  // Ratios near a target (0.949 against 0.95) must not round onto it.
  if (Math.abs(v) < 1) return String(Math.round(v * 1000) / 1000);
  return String(Math.round(v * 100) / 100);
};
const cell = (s) => String(s).replace(/\|/g, '\\|').replace(/\n/g, ' ');

function targetText(f) {
  if (!f.target) return '–';
  const t = f.target;
  if (typeof t !== 'object') return cell(String(t));
  const v = `${t.op ?? ''} ${fmt(t.value)}${t.of === 'ratio' ? '× baseline' : f.unit ? ` ${f.unit}` : ''}${t.of === 'max' ? ' in every run' : ''}`;
  return cell(v.trim());
}

function buildReport() {
  const m = machine();
  const lines = [];
  lines.push('# Pagecast benchmarks', '');
  lines.push(
    `Generated by \`pnpm bench\` (scripts/bench.mjs) on ${startedAt.toISOString()}` +
      (reportOnly ? ' from the results already on disk (--report-only).' : '.') +
      (QUICK ? ' **Quick mode (BENCH_QUICK=1): short runs, figures are indicative only.**' : ''),
    '',
  );
  lines.push('## Machine', '');
  lines.push('| | |', '|---|---|');
  lines.push(`| CPU | ${m.cores} × ${cell(m.model)} |`);
  lines.push(`| Memory | ${m.memoryGB} GB total |`);
  lines.push(`| Node | ${m.node} (${m.platform}) |`);
  lines.push(
    `| Load average (1/5/15 min) | at start ${machineAtStart.loadAverage.join(' / ')}, at end ${m.loadAverage.join(' / ')} |`,
    '',
  );
  lines.push(
    'Each figure is the median of its runs, with min and max. A baseline is measured in the same run, side by side, ' +
      'and the ratio is median / baseline median. Other load on the machine lowers every figure; compare ratios ' +
      'more than absolute numbers.',
    '',
  );

  // Summary
  const sections = [];
  const summary = [
    '## Summary',
    '',
    '| Benchmark | Status | Time | Targets held | Result date |',
    '|---|---|---|---|---|',
  ];
  const missing = [];
  for (const bench of BENCHES) {
    const run =
      runs.get(bench.name) ??
      (existsSync(resolve(REPO_ROOT, bench.file)) ? { status: 'not-run' } : { status: 'missing' });
    const result = loadResult(bench.name);
    const figures = result && !result.unreadable ? toFigures(result) : [];
    const withTarget = figures.filter((f) => f.target);
    const held = withTarget.filter((f) => f.holds === true).length;
    let status = run.status;
    if (run.status === 'not-run' || run.status === 'skipped') {
      status = result
        ? `${run.status === 'skipped' ? 'skipped' : 'not run'} (earlier result shown)`
        : `${run.status === 'skipped' ? 'skipped' : 'not run'}, no result`;
    }
    if (run.status === 'failed' && result && run.fresh === false)
      status = 'failed (earlier result shown)';
    if (run.status === 'missing') missing.push(bench);
    const resultDate = result?.date ?? '–';
    summary.push(
      `| ${bench.name} | ${cell(status)} | ${run.seconds !== undefined ? `${run.seconds} s` : '–'} | ` +
        `${withTarget.length ? `${held} / ${withTarget.length}` : '–'} | ${cell(resultDate)} |`,
    );

    const s = [
      `## ${bench.title}`,
      '',
      `\`${bench.file}\` → \`bench/results/${bench.name}.json\``,
      '',
    ];
    if (run.status === 'missing') s.push(`**Missing**: ${bench.file} does not exist yet.`, '');
    if (run.status === 'failed')
      s.push(
        '**Failed**:',
        '',
        '```',
        run.error ?? 'unknown error',
        '```',
        '',
        `Log: \`${run.log}\``,
        '',
      );
    if (result?.unreadable) s.push(`Result file unreadable: ${result.unreadable}`, '');
    if (result && !result.unreadable) {
      if (result.date)
        s.push(`Result of ${result.date}${result.quick ? ' (quick mode)' : ''}.`, '');
      if (!Array.isArray(result.figures)) {
        s.push(
          '_This result does not use the common shape of bench/lib.mjs; its figures were read from its fields._',
          '',
        );
      }
      s.push(
        '| Figure | Median | Min | Max | Runs | Baseline | Ratio | Target | Holds |',
        '|---|---|---|---|---|---|---|---|---|',
      );
      for (const f of figures) {
        const base = f.baseline ? `${cell(f.baseline.name)}: ${fmt(f.baseline.median)}` : '–';
        const holds =
          f.holds === true ? '✅ yes' : f.holds === false ? '❌ no' : f.target ? 'n/a' : '–';
        const unit = f.unit ? ` ${f.unit}` : '';
        s.push(
          `| ${cell(f.name)}${f.note ? ` <br>_${cell(f.note)}_` : ''} | ${fmt(f.median)}${f.median === null ? '' : unit} | ` +
            `${fmt(f.min)} | ${fmt(f.max)} | ${f.runs ?? '–'} | ${base} | ${f.ratio !== undefined && f.ratio !== null ? `${fmt(f.ratio)}×` : '–'} | ` +
            `${targetText(f)} | ${holds} |`,
        );
      }
      s.push('');
      const notes = Array.isArray(result.notes) ? result.notes : result.notes ? [result.notes] : [];
      if (notes.length)
        s.push(
          'Notes:',
          '',
          ...notes.map((n) => `- ${typeof n === 'string' ? n : JSON.stringify(n)}`),
          '',
        );
    } else if (run.status !== 'missing') {
      s.push('No result.', '');
    }
    sections.push(s.join('\n'));
  }
  lines.push(...summary, '');
  if (missing.length)
    lines.push(`Missing benchmark files: ${missing.map((b) => `\`${b.file}\``).join(', ')}.`, '');
  lines.push(...sections);

  const findings = resolve(REPO_ROOT, 'bench/FINDINGS.md');
  if (existsSync(findings)) {
    lines.push(
      '## Profiling findings (bench/FINDINGS.md)',
      '',
      readFileSync(findings, 'utf8')
        .replace(/^#[^\n]*\n/, '')
        .trim(),
      '',
    );
  }
  return lines.join('\n') + '\n';
}

// Main (at the end: the helpers above are consts).
if (!reportOnly) {
  for (const bench of BENCHES) {
    if (only.length && !only.includes(bench.name)) {
      runs.set(bench.name, { status: 'skipped' });
      continue;
    }
    runs.set(bench.name, await runBench(bench));
  }
}

const report = buildReport();
writeFileSync(resolve(REPO_ROOT, 'bench/REPORT.md'), report);
console.log(
  `\nWrote ${relative(process.cwd(), resolve(REPO_ROOT, 'bench/REPORT.md')) || 'bench/REPORT.md'}`,
);
const failed = [...runs.entries()].filter(([, r]) => r.status === 'failed');
if (failed.length)
  console.log(
    `Failed: ${failed.map(([n]) => n).join(', ')} (see the report and bench/results/<name>.log)`,
  );
