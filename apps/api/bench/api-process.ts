// The API as its own process (src/main.ts, workers off: they run apart), for benchmarks that need the
// API's memory beside a running job. It polls one campaign's progress like the Campaign Analytics screen
// does, and reads the process's peak resident set (VmHWM) from /proc.
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../src/db/embedded.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const JWT_SECRET = 'bench-jwt-secret-that-is-long-enough';
/** The Campaign Analytics screen refreshes a running campaign's progress every 2 s; we poll faster. */
const POLL_MS = 500;

export interface ApiProcess {
  /** Starts polling GET /api/v1/campaigns/{id}; returns the function that stops it. */
  pollCampaign: (campaignId: string) => () => void;
  polls: () => number;
  pollErrors: () => number;
  peakRssBytes: () => Promise<number>;
  stop: () => Promise<void>;
}

/**
 * An HS256 JWT with the claims the API signs (src/auth/jwt.ts), valid for an hour. `sid` names a real row
 * of `sessions`: every request checks it (src/modules/sessions/repo.ts).
 */
function adminJwt(adminId: string, fbUserId: string, sessionId: string): string {
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: adminId, uid: fbUserId, sid: sessionId, role: 'admin', iat: now, exp: now + 3600 })}`;
  return `${body}.${createHmac('sha256', JWT_SECRET).update(body).digest('base64url')}`;
}

export async function startApi(opts: {
  databaseUrl: string;
  emulatorUrl: string;
  adminId: string;
  fbUserId: string;
  /** A row of `sessions` of that admin. */
  sessionId: string;
}): Promise<ApiProcess> {
  const port = await freePort(30_000 + Math.floor(Math.random() * 10_000));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, '../src/main.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: opts.databaseUrl,
      GRAPH_API_URL: opts.emulatorUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      WORKERS_IN_API: 'false',
      JWT_SECRET,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 600) throw new Error('API not ready after 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  const authorization = `Bearer ${adminJwt(opts.adminId, opts.fbUserId, opts.sessionId)}`;
  let polls = 0;
  let errors = 0;
  return {
    pollCampaign(campaignId) {
      let active = true;
      void (async () => {
        while (active) {
          const res = await fetch(`${base}/api/v1/campaigns/${campaignId}`, {
            headers: { authorization },
          }).catch(() => null);
          polls++;
          if (!res || res.status !== 200) errors++;
          await res?.arrayBuffer();
          await new Promise((r) => setTimeout(r, POLL_MS));
        }
      })();
      return () => {
        active = false;
      };
    },
    polls: () => polls,
    pollErrors: () => errors,
    async peakRssBytes() {
      const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      return m ? Number(m[1]) * 1024 : NaN;
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
