#!/usr/bin/env node
// Mutation testing of the logic that decides sends (docs/CONTRIBUTING.md, "Mutation testing"): runs StrykerJS
// on each target of mutation/ one after the other, then writes mutation/REPORT.md from the incremental files.
//
//   node scripts/mutation.mjs [target ...] [--full] [--concurrency=N] [--report-only] [--typecheck]
//                               [--strict] [--ci]
//
//   target         contract, outcome, errors, pacers, secrets, apikeys (default: all)
//   --full         ignore the incremental results (Stryker's --force): every mutant is run again
//   --concurrency  Stryker processes (default 2; the machine is shared, do not go higher)
//   --report-only  rewrite mutation/REPORT.md from the committed incremental files, run nothing
//   --typecheck    add Stryker's TypeScript checker (mutants that do not compile are left out, not run):
//                  exact scores, but 5-10 times slower on this machine, so not the default
//   --strict       fail as well when a surviving mutant is not listed in mutation/equivalent.json
//   --ci           what CI runs: all targets, incremental from the committed files, --strict
//
// Each target fails on its own `thresholds.break` (its config); the script exits non-zero if any failed.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'mutation');

/** Each target: the package Stryker runs in (its sandbox is a copy of it) and what it mutates. */
export const TARGETS = {
  contract: {
    cwd: 'packages/contract',
    title: 'Contract rules (reply window, campaign, template, tag)',
  },
  outcome: { cwd: 'apps/api', title: 'Send outcome (Graph error → row outcome)' },
  errors: { cwd: 'apps/api', title: "Meta's error table (classification)" },
  pacers: { cwd: 'apps/api', title: 'Pacers (per-page send pacer, call pacer, slot stream)' },
  secrets: { cwd: 'apps/api', title: 'Production secret strength (refused and accepted values)' },
  apikeys: { cwd: 'apps/api', title: 'API keys (format, scopes and pages, own rate limit)' },
};

const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const option = (name, fallback) =>
  args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const ci = flag('ci');
const strict = ci || flag('strict');
const named = args.filter((a) => !a.startsWith('--'));
for (const n of named) {
  if (!(n in TARGETS)) {
    console.error(`unknown target ${n} (known: ${Object.keys(TARGETS).join(', ')})`);
    process.exit(2);
  }
}
const targets = named.length ? named : Object.keys(TARGETS);

const timings = readJson(path.join(dir, 'timings.json')) ?? {};
let failed = false;
if (!flag('report-only')) {
  for (const name of targets) {
    const { cwd } = TARGETS[name];
    const cmd = [
      path.join(root, 'node_modules/@stryker-mutator/core/bin/stryker.js'),
      'run',
      path.join(dir, `${name}.config.json`),
      `--concurrency=${option('concurrency', '2')}`,
      ...(flag('full') ? ['--force'] : []),
      ...(flag('typecheck')
        ? [
            '--checkers=typescript',
            '--tsconfigFile=tsconfig.mutation.json',
            `--plugins=${['vitest-runner', 'typescript-checker']
              .map((p) => path.join(root, `node_modules/@stryker-mutator/${p}/dist/src/index.js`))
              .join(',')}`,
          ]
        : []),
    ];
    console.log(`\n== mutation: ${name} (${cwd})`);
    const full = flag('full') || !existsSync(path.join(dir, `${name}.incremental.json`));
    const started = Date.now();
    const run = spawnSync(process.execPath, cmd, { cwd: path.join(root, cwd), stdio: 'inherit' });
    const seconds = Math.round((Date.now() - started) / 1000);
    const mode = full ? 'full' : 'incremental';
    timings[name] = {
      ...upgrade(timings[name]),
      [mode]: { seconds, at: new Date().toISOString() },
    };
    if (run.status !== 0) {
      console.error(
        `mutation: ${name} failed (exit ${run.status}): score under its break threshold?`,
      );
      failed = true;
    }
  }
  writeFileSync(path.join(dir, 'timings.json'), `${JSON.stringify(timings, null, 2)}\n`);
}

const { markdown, unexplained } = report();
writeFileSync(path.join(dir, 'REPORT.md'), markdown);
console.log(`\nmutation/REPORT.md written (${unexplained} unexplained survivor(s))`);
if (strict && unexplained > 0) failed = true;
process.exit(failed ? 1 : 0);

/** Wall times per mode; an older entry held only its last run's. */
function upgrade(entry = {}) {
  if (!entry.mode) return entry;
  const { mode, seconds, at } = entry;
  return { [mode]: { seconds, at } };
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

/** Stryker's score: detected / valid mutants (compile errors and ignored ones are not valid). */
function tally(mutants) {
  const n = (s) => mutants.filter((m) => m.status === s).length;
  const t = {
    mutants: mutants.filter((m) => !['CompileError', 'RuntimeError', 'Ignored'].includes(m.status))
      .length,
    killed: n('Killed'),
    timeout: n('Timeout'),
    survived: n('Survived'),
    noCoverage: n('NoCoverage'),
  };
  const valid = t.killed + t.timeout + t.survived + t.noCoverage;
  t.score = valid ? (100 * (t.killed + t.timeout)) / valid : 100;
  return t;
}

function row(label, t) {
  return `| ${label} | ${t.mutants} | ${t.killed} | ${t.timeout} | ${t.survived} | ${t.noCoverage} | ${t.score.toFixed(2)} % |`;
}

function report() {
  const equivalents = readJson(path.join(dir, 'equivalent.json')) ?? [];
  const used = new Set();
  const lines = [
    '# Mutation testing report',
    '',
    'Written by `pnpm test:mutation` (scripts/mutation.mjs) from the incremental files in this folder. Score:',
    "Stryker's, (killed + timeout) / (killed + timeout + survived + no coverage). Without `--typecheck`, mutants",
    'that would not compile run like any other (nearly all are killed). Every survivor is either pinned by a',
    'test or listed below as equivalent, with why. "last runs": wall times of the last full run (`--full`) and of',
    'the last incremental one, on the shared 2-core machine.',
    '',
    '| target | break | mutants | killed | timeout | survived | no coverage | score | last runs |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  const sections = [];
  const survivors = [];
  for (const name of Object.keys(TARGETS)) {
    const inc = readJson(path.join(dir, `${name}.incremental.json`));
    const config = readJson(path.join(dir, `${name}.config.json`));
    if (!inc) continue;
    const files = Object.entries(inc.files).sort(([a], [b]) => a.localeCompare(b));
    const all = files.flatMap(([, f]) => f.mutants);
    const t = tally(all);
    const t2 = upgrade(timings[name]);
    const time = ['full', 'incremental']
      .filter((m) => t2[m])
      .map((m) => `${m} ${t2[m].seconds} s`)
      .join(', ');
    lines.push(
      `${row(`${name}`, t).replace(`| ${name} |`, `| ${name} | ${config.thresholds.break} % |`)} ${time} |`,
    );
    sections.push('', `## ${name}: ${TARGETS[name].title}`, '');
    sections.push('| file | mutants | killed | timeout | survived | no coverage | score |');
    sections.push('| --- | --- | --- | --- | --- | --- | --- |');
    for (const [file, f] of files) {
      sections.push(row(`${TARGETS[name].cwd}/${file}`, tally(f.mutants)));
      const src = f.source.split('\n');
      for (const m of f.mutants) {
        if (m.status !== 'Survived' && m.status !== 'NoCoverage') continue;
        const line = m.location.start.line;
        const text = original(src, m.location);
        const eq = equivalents.findIndex(
          (e) =>
            e.target === name &&
            file.endsWith(e.file) &&
            e.mutator === m.mutatorName &&
            (e.replacement === undefined || e.replacement === m.replacement) &&
            text === e.original &&
            (e.context === undefined || (src[line - 1] ?? '').includes(e.context)) &&
            (e.line === undefined || e.line === line),
        );
        if (eq >= 0) used.add(eq);
        survivors.push({ name, file, line, m, text, why: eq >= 0 ? equivalents[eq].why : null });
      }
    }
  }
  lines.push(...sections, '', '## Equivalent mutants', '');
  lines.push(
    'Survivors no test can kill: the mutated program behaves the same (or differs only in ways',
  );
  lines.push(
    'nothing observes). Listed in `mutation/equivalent.json`, matched by file, mutator, the replaced code and (`context`) its line.',
  );
  lines.push(
    '',
    '| target | where | mutator | original → replacement | why |',
    '| --- | --- | --- | --- | --- |',
  );
  const cell = (s) => String(s).replace(/\|/g, '\\|').replace(/\n/g, ' ').slice(0, 80);
  for (const s of survivors.filter((x) => x.why)) {
    lines.push(
      `| ${s.name} | ${s.file}:${s.line} | ${s.m.mutatorName} | \`${cell(s.text)}\` → \`${cell(s.m.replacement ?? '')}\` | ${s.why} |`,
    );
  }
  const open = survivors.filter((x) => !x.why);
  lines.push('', '## Unexplained survivors', '');
  if (!open.length) lines.push('None.');
  else {
    lines.push(
      '| target | where | status | mutator | original → replacement |',
      '| --- | --- | --- | --- | --- |',
    );
    for (const s of open) {
      lines.push(
        `| ${s.name} | ${s.file}:${s.line} | ${s.m.status} | ${s.m.mutatorName} | \`${cell(s.text)}\` → \`${cell(s.m.replacement ?? '')}\` |`,
      );
    }
  }
  return { markdown: `${lines.join('\n')}\n`, unexplained: open.length };
}

/** The code a mutant replaced (locations: lines and columns from 1). */
function original(src, { start, end }) {
  if (start.line === end.line) return src[start.line - 1].slice(start.column - 1, end.column - 1);
  return [
    src[start.line - 1].slice(start.column - 1),
    ...src.slice(start.line, end.line - 1),
    src[end.line - 1].slice(0, end.column - 1),
  ].join('\n');
}
