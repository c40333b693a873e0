/**
 * The platform's edge in front of an emulator whose outbox times judge a sender's pace: Debian's nginx,
 * stamping each request's arrival (`X-Request-Start: t=${msec}`) before the emulator sees it. The emulator
 * (EMULATOR_TRUST_REQUEST_START=1) records and rate-limits sends by that stamp. Without it, a 20-50 ms
 * garbage collection in the emulator stamped the requests that queued meanwhile together, and the second
 * after counted sends over the limit that no sender made (bench/FINDINGS.md). nginx has no collector, and
 * stamps each request when its event loop reads it.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export async function startEdge(
  upstream: string,
  onStarted: (pid: number | undefined) => void,
): Promise<{ url: string; close: () => Promise<void> }> {
  const ensure = fileURLToPath(
    new URL('../../../scripts/ensure-debian-packages.mjs', import.meta.url),
  );
  execFileSync(process.execPath, [ensure, 'nginx'], { stdio: 'inherit' });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-bench-edge-'));
  for (let attempt = 1; ; attempt++) {
    const port = 30_000 + Math.floor(Math.random() * 20_000);
    const conf = path.join(dir, 'nginx.conf');
    fs.writeFileSync(conf, config(dir, port, new URL(upstream).host));
    // One process (no master): its pid is the one that handles requests.
    const child = spawn(NGINX, ['-p', dir, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const url = `http://127.0.0.1:${port}`;
    if (await answers(url, exited)) {
      onStarted(child.pid);
      return {
        url,
        close: async () => {
          child.kill('SIGQUIT');
          await exited;
          fs.rmSync(dir, { recursive: true, force: true });
        },
      };
    }
    if (attempt >= 5 || !stderr.includes('Address already in use')) {
      child.kill('SIGQUIT');
      fs.rmSync(dir, { recursive: true, force: true });
      throw new Error(`bench edge (nginx) did not start: ${stderr}`);
    }
  }
}

async function answers(url: string, exited: Promise<void>): Promise<boolean> {
  let gone = false;
  void exited.then(() => (gone = true));
  for (let i = 0; i < 100 && !gone; i++) {
    try {
      if ((await fetch(`${url}/_emulator/health`)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

function config(dir: string, port: number, upstream: string): string {
  return `daemon off;
master_process off;
pid ${dir}/nginx.pid;
error_log stderr error;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream platform {
    server ${upstream};
    keepalive 256;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 10m;
    location / {
      proxy_pass http://platform;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header X-Request-Start "t=\${msec}";
      proxy_read_timeout 600s;
    }
  }
}
`;
}
