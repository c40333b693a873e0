// The API as production runs it: src/main.ts in a process of its own (HTTP + job workers), on a database
// and a Graph base URL given by the environment. `pnpm --filter @pagecast/api start` runs `tsx src/main.ts`,
// whose CLI starts one more node process with tsx's loader; this starts that node process directly, so the
// pid is the API's own (its /proc/<pid>/status is what we sample).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ApiProcess {
  url: string;
  pid: number;
  logFile: string;
  /** Resident set size in bytes, from /proc/<pid>/status (VmRSS). */
  rss: () => number;
  /** CPU time (user + system) the process has used, in seconds, from /proc/<pid>/stat. */
  cpuSeconds: () => number;
  /** SIGTERM, then the exit code (SIGKILL and null after `timeoutMs`). */
  stop: (timeoutMs?: number) => Promise<number | null>;
  child: ChildProcess;
}

export async function startApiProcess(opts: {
  port: number;
  env: Record<string, string>;
  logFile: string;
  readyTimeoutMs?: number;
}): Promise<ApiProcess> {
  const url = `http://127.0.0.1:${opts.port}`;
  const log = fs.openSync(opts.logFile, 'w');
  const env: NodeJS.ProcessEnv = { ...process.env };
  // The test runner's own settings must not leak into the product's configuration.
  for (const key of Object.keys(env))
    if (key.startsWith('VITEST') || key === 'NODE_OPTIONS') delete env[key];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: API_DIR,
    env: { ...env, HOST: '127.0.0.1', PORT: String(opts.port), ...opts.env },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));

  const deadline = Date.now() + (opts.readyTimeoutMs ?? 60_000);
  for (;;) {
    if (exitCode !== undefined) {
      throw new Error(`the API exited (${exitCode}) before it was ready:\n${tail(opts.logFile)}`);
    }
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the API was not ready in time:\n${tail(opts.logFile)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  const pid = child.pid as number;
  return {
    url,
    pid,
    logFile: opts.logFile,
    child,
    rss: () => {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
      if (!kb) throw new Error(`no VmRSS in /proc/${pid}/status`);
      return Number(kb[1]) * 1024;
    },
    cpuSeconds: () => {
      // Fields after the command name (which may hold spaces, hence from the last ')'): utime is the 12th, stime the 13th, in clock ticks (100/s on Linux).
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    },
    stop: async (timeoutMs = 20_000) => {
      if (exitCode !== undefined) return exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

export interface LogSummary {
  lines: number;
  byLevel: Record<string, number>;
  /** error and fatal lines (pino levels 50 and 60), as logged. */
  errors: string[];
  warnings: string[];
}

/** Reads the API's pino log (JSON lines; anything else, e.g. a crash trace on stderr, counts as an error). */
export function summarizeLog(file: string): LogSummary {
  const summary: LogSummary = { lines: 0, byLevel: {}, errors: [], warnings: [] };
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    summary.lines++;
    let level: number;
    try {
      level = Number((JSON.parse(line) as { level?: number }).level);
    } catch {
      level = 50;
    }
    const name =
      (
        { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' } as Record<
          number,
          string
        >
      )[level] ?? 'other';
    summary.byLevel[name] = (summary.byLevel[name] ?? 0) + 1;
    if (level >= 50) summary.errors.push(line.slice(0, 2000));
    else if (level === 40) summary.warnings.push(line.slice(0, 2000));
  }
  return summary;
}

function tail(file: string, lines = 40): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}
