// autocannon in a child process: the load generator gets its own event loop (and core) and its memory is
// not counted in the API process's RSS.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

export interface LoadTarget {
  method: 'GET' | 'POST';
  /** Rotated through, one per request (e.g. many contacts). */
  paths: string[];
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  durationS: number;
  /** 2xx responses per second: what the figure reports. */
  okPerSecond: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

const CHILD = `
const autocannon = require(process.env.AUTOCANNON_PATH);
let input = '';
process.stdin.on('data', (c) => (input += c));
process.stdin.on('end', () => {
  const o = JSON.parse(input);
  let i = 0;
  const instance = autocannon({
    url: o.url,
    connections: o.connections,
    duration: o.durationS,
    pipelining: 1,
    timeout: 10,
    method: o.method,
    headers: Object.assign({}, o.body ? { 'content-type': 'application/json' } : {}, o.headers || {}),
    body: o.body,
    requests: [{ setupRequest: (req) => { req.path = o.paths[i++ % o.paths.length]; return req; } }],
  }, (err, r) => {
    if (err) { process.stderr.write(String(err && err.stack || err)); process.exit(1); }
    const codes = {};
    for (const [code, v] of Object.entries(r.statusCodeStats || {})) codes[code] = v.count;
    process.stdout.write(JSON.stringify({
      durationS: r.duration,
      ok: r['2xx'], non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts, statusCodes: codes,
      requestsPerSecond: r.requests.average,
      latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max, mean: r.latency.mean },
    }));
  });
  process.on('SIGTERM', () => instance.stop());
});
`;

const autocannonPath = createRequire(import.meta.url).resolve('autocannon');

/**
 * Runs `source` (CommonJS) in a node child process of its own event loop, hands it `input` as JSON on stdin
 * and answers the JSON it prints; `env` adds to this process's environment (module paths, mostly).
 */
export function runChildScript<T>(
  name: string,
  source: string,
  env: Record<string, string>,
  input: unknown,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', source], {
      env: { ...process.env, ...env, NODE_OPTIONS: '' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`${name} exited ${code}: ${err.trim()}`));
      resolve(JSON.parse(out) as T);
    });
    child.stdin.end(JSON.stringify(input));
  });
}

export async function runLoad(
  url: string,
  target: LoadTarget,
  options: { connections: number; durationS: number },
): Promise<LoadResult> {
  const r = await runChildScript<Omit<LoadResult, 'okPerSecond'>>(
    'autocannon',
    CHILD,
    { AUTOCANNON_PATH: autocannonPath },
    { url, ...target, ...options },
  );
  return { ...r, okPerSecond: r.durationS > 0 ? r.ok / r.durationS : 0 };
}
