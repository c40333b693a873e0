/**
 * `pnpm test:deploy`: recipe 2 of docs/deploy.md brought up on this machine and driven through nginx.
 *
 * As the files say: Debian's Postgres (a cluster of its own in a temporary folder), two API replicas and the
 * worker started with the `Environment=`, `WorkingDirectory=` and `ExecStart=` lines of deploy/systemd/ (the
 * environment file's keys from deploy/pagecast.env.example), Debian's nginx with deploy/nginx/debian.conf and
 * its snippets; only paths move into the temporary folder (no systemd here: its lines are run as written).
 * The Graph emulator stands in for Facebook, on loopback.
 *
 * Checked through nginx: a sign-in, a page sync, a contact's message reaching a live stream, a campaign sent
 * to every contact once; a rolling restart of both replicas with requests flowing and none failing; a
 * SIGTERM to the worker mid-campaign, which exits 0, and the campaign then finished by a new worker with
 * every recipient sent once. Needs `postgresql` and `nginx` (scripts/ensure-debian-packages.mjs). Linux only.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmulator, type Emulator } from '@pagecast/graph-emulator';
import pg from 'pg';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/db/embedded.js';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPO = path.resolve(API_DIR, '../..');
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const CONTACTS = 240;
const APP_SECRET = randomBytes(24).toString('hex');

/** The newest Postgres Debian installed (/usr/lib/postgresql/<major>/bin). */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const majors = fs.existsSync(root)
    ? fs.readdirSync(root).filter((m) => fs.existsSync(path.join(root, m, 'bin', 'postgres')))
    : [];
  const newest = majors.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest)
    throw new Error(
      'Debian postgresql is missing: node scripts/ensure-debian-packages.mjs postgresql',
    );
  return path.join(root, newest, 'bin');
}

const isRoot = process.getuid?.() === 0;
/** Postgres refuses to run as root: as root, its commands run as the `postgres` user Debian's package made. */
const asPostgres = (bin: string, args: string[]) =>
  isRoot
    ? execFileSync('runuser', ['-u', 'postgres', '--', bin, ...args])
    : execFileSync(bin, args);

/** A systemd unit's lines this test runs: its environment, working directory and command. */
function unit(file: string, instance: string, runDir: string) {
  const text = fs
    .readFileSync(path.join(REPO, 'deploy/systemd', file), 'utf8')
    .replaceAll('%i', instance);
  const values = (key: string) =>
    [...text.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((m) => (m[1] ?? '').trim());
  const env: Record<string, string> = {};
  for (const line of values('Environment')) {
    const [k, ...v] = line.split('=');
    if (k) env[k] = v.join('=').replace('/run/pagecast', runDir);
  }
  const [exec] = values('ExecStart');
  const [cwd] = values('WorkingDirectory');
  if (!exec || cwd !== '/opt/pagecast/apps/api') throw new Error(`${file}: unexpected unit`);
  const [binary, ...args] = exec.split(/\s+/);
  if (binary !== '/usr/bin/node') throw new Error(`${file}: ExecStart is not node`);
  return { env, args };
}

interface Proc {
  name: string;
  child: ChildProcess;
  exit: Promise<number | null>;
  log: string;
}

let dir: string;
let runDir: string;
let pgBin: string;
let pgData: string;
let emu: Emulator;
let nginx: ChildProcess | undefined;
let base: string;
let appEnv: Record<string, string>;
const procs = new Map<string, Proc>();

function start(name: string, file: string, instance = ''): Proc {
  const { env, args } = unit(file, instance, runDir);
  const log = path.join(dir, `${name}.log`);
  const fd = fs.openSync(log, 'a');
  const inherited: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
  const child = spawn(process.execPath, args, {
    cwd: API_DIR,
    env: { ...inherited, ...appEnv, ...env },
    stdio: ['ignore', fd, fd],
  });
  fs.closeSync(fd);
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const p = { name, child, exit, log };
  procs.set(name, p);
  return p;
}

const logOf = (p: Proc | undefined, tail = 4000) =>
  p && fs.existsSync(p.log) ? fs.readFileSync(p.log, 'utf8').slice(-tail) : '';

async function until<T>(
  what: string,
  probe: () => Promise<T | false | undefined>,
  ms = 60_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe().catch(() => false as const);
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A replica's /readyz on its own socket, as the rolling restart in docs/deploy.md asks it. */
async function replicaReady(instance: string): Promise<boolean> {
  const socketPath = path.join(runDir, `api-${instance}.sock`);
  const dispatcher = new Agent({ connect: { socketPath } });
  try {
    const res = await request('http://localhost/readyz', { dispatcher });
    await res.body.dump();
    return res.statusCode === 200;
  } finally {
    await dispatcher.close();
  }
}

async function startReplica(instance: string): Promise<Proc> {
  const p = start(`api-${instance}`, 'pagecast-api@.service', instance);
  await until(`replica ${instance} ready\n${logOf(p)}`, async () => {
    if (p.child.exitCode !== null) throw new Error(`replica ${instance} exited:\n${logOf(p)}`);
    return replicaReady(instance);
  });
  return p;
}

async function stop(p: Proc, graceMs = 20_000): Promise<number | null> {
  if (p.child.exitCode !== null) return p.child.exitCode;
  p.child.kill('SIGTERM');
  const timer = setTimeout(() => p.child.kill('SIGKILL'), graceMs);
  const code = await p.exit;
  clearTimeout(timer);
  return code;
}

async function api<T = unknown>(
  method: string,
  url: string,
  jwt?: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(jwt ? { authorization: `Bearer ${jwt}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

async function control<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${emu.url.replace(/\/$/, '')}${url}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`emulator ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** nginx.conf around deploy/nginx/debian.conf, with its paths in this test's folder. */
function nginxConfig(port: number): string {
  const site = fs
    .readFileSync(path.join(REPO, 'deploy/nginx/debian.conf'), 'utf8')
    .replaceAll('unix:/run/pagecast/', `unix:${runDir}/`)
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
    .replace('listen [::]:80;', '')
    .replace('root /opt/pagecast/apps/web/dist;', `root ${path.join(dir, 'html')};`)
    .replaceAll('/var/log/nginx/', `${dir}/`);
  return `${isRoot ? 'user root;' : ''}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-main.log warn;
events { worker_connections 256; }
http {
  include mime.types;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
${site}
}
`;
}

let jwt: string;
let pageId: string;
let psids: string[];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-deploy-'));
  fs.chmodSync(dir, 0o755);
  runDir = path.join(dir, 'run');
  fs.mkdirSync(runDir, { mode: 0o750 });
  for (const d of ['tmp', 'conf/snippets', 'html/assets'])
    fs.mkdirSync(path.join(dir, d), { recursive: true });

  // Debian's Postgres: its own cluster, on a free port.
  pgBin = postgresBin();
  pgData = path.join(dir, 'pg');
  fs.mkdirSync(pgData, { mode: 0o700 });
  if (isRoot) execFileSync('chown', ['postgres:postgres', pgData]);
  const pgPort = await freePort(40_000 + Math.floor(Math.random() * 5000));
  asPostgres(path.join(pgBin, 'initdb'), [
    '-D',
    pgData,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  asPostgres(path.join(pgBin, 'pg_ctl'), [
    '-D',
    pgData,
    '-l',
    path.join(pgData, 'server.log'),
    '-w',
    'start',
    '-o',
    `-p ${pgPort} -c listen_addresses=127.0.0.1 -k ${pgData} -c fsync=off`,
  ]);
  const admin = new pg.Client({
    connectionString: `postgres://postgres@127.0.0.1:${pgPort}/postgres`,
  });
  await admin.connect();
  await admin.query('create role pagecast login');
  await admin.query('create database pagecast owner pagecast');
  await admin.end();

  // Facebook, played by the emulator on loopback.
  const nginxPort = await freePort(30_000 + Math.floor(Math.random() * 5000));
  base = `http://127.0.0.1:${nginxPort}`;
  emu = await startEmulator({
    port: 0,
    host: '127.0.0.1',
    seed: 'empty',
    appSecret: APP_SECRET,
    allowedOrigins: [base],
  });

  // The environment file: every key of deploy/pagecast.env.example, with this machine's values.
  const example = fs.readFileSync(path.join(REPO, 'deploy/pagecast.env.example'), 'utf8');
  const keys = [...example.matchAll(/^([A-Z_]+)=/gm)].map((m) => m[1] ?? '');
  appEnv = {
    NODE_ENV: 'production',
    DATABASE_URL: `postgres://pagecast@127.0.0.1:${pgPort}/pagecast`,
    JWT_SECRET: randomBytes(48).toString('base64'),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    FB_APP_ID: emu.world.app.id,
    FB_APP_SECRET: APP_SECRET,
    WEBHOOK_VERIFY_TOKEN: randomBytes(24).toString('hex'),
    GRAPH_API_URL: emu.url.replace(/\/$/, ''),
    FB_SDK_URL: `${emu.url.replace(/\/$/, '')}/sdk.js`,
    PUBLIC_URL: base,
    WEB_ORIGIN: base,
    WEB_DIST: path.join(dir, 'html'),
  };
  expect(Object.keys(appEnv).sort()).toEqual([...keys].sort());

  // The built web app (a stand-in: nginx serves its assets, the replicas its HTML).
  fs.writeFileSync(
    path.join(dir, 'html', 'index.html'),
    '<!doctype html><html><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'html', 'assets', 'app-1.js'), 'console.log(1);\n');

  // The replicas and the worker first, nginx last: the replicas' webhook subscription must hold anyway.
  await Promise.all([startReplica('1'), startReplica('2')]);
  start('worker', 'pagecast-worker.service');

  for (const [from, to] of <Array<[string, string]>>[
    ['security-headers.conf', 'pagecast-security-headers.conf'],
    ['pagecast-server.conf', 'pagecast-server.conf'],
    ['log-format.conf', 'pagecast-log-format.conf'],
  ])
    fs.copyFileSync(path.join(REPO, 'deploy/nginx', from), path.join(dir, 'conf/snippets', to));
  fs.copyFileSync('/etc/nginx/mime.types', path.join(dir, 'conf', 'mime.types'));
  const conf = path.join(dir, 'conf', 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig(nginxPort));
  execFileSync(NGINX, ['-t', '-q', '-p', dir, '-c', conf]);
  nginx = spawn(NGINX, ['-p', dir, '-c', conf, '-g', 'daemon off;'], { stdio: 'ignore' });
  await until('nginx', async () => (await fetch(`${base}/readyz`)).ok);

  // Sign-in through nginx, with a token the emulator's login would give.
  const user = await control<{ id: string; access_token: string }>('POST', '/_emulator/users', {
    name: 'Deploy Admin',
  });
  const page = await control<{ id: string; contacts: Array<{ psid: string }> }>(
    'POST',
    '/_emulator/pages',
    {
      ownerId: user.id,
      name: 'Deploy Bakery',
      contacts: CONTACTS,
    },
  );
  pageId = page.id;
  psids = page.contacts.map((c) => c.psid);
  const signIn = await api<{ jwt: string; accounts: Array<{ pageId: string }> }>(
    'POST',
    '/api/v1/admin/register-user-admin',
    undefined,
    {
      name: 'Deploy Admin',
      email: null,
      profilePic: null,
      userId: user.id,
      accessToken: user.access_token,
      expiresIn: 5184000,
    },
  );
  expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
  jwt = signIn.body.jwt;
  expect(signIn.body.accounts.map((a) => a.pageId)).toContain(pageId);
}, 240_000);

afterAll(async () => {
  nginx?.kill('SIGQUIT');
  await Promise.all([...procs.values()].map((p) => stop(p, 5000)));
  await emu?.close();
  if (pgData && fs.existsSync(path.join(pgData, 'postmaster.pid')))
    asPostgres(path.join(pgBin, 'pg_ctl'), ['-D', pgData, '-m', 'immediate', 'stop']);
  if (dir && !process.env.KEEP_DEPLOY_DIR) fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

const outbox = (text: string) =>
  control<{ data: Array<{ recipient: string; text: string }> }>(
    'GET',
    `/_emulator/pages/${pageId}/outbox`,
  ).then((o) => o.data.filter((e) => e.text === text).map((e) => e.recipient));

async function campaign(msg: string): Promise<string> {
  const created = await api<{ id: string }>('POST', '/api/v1/campaigns/create', jwt, {
    name: msg.slice(0, 40),
    description: 'Checked by pnpm test:deploy',
    pageId,
    tagId: null,
    time: new Date().toISOString(),
    type: 'ACCOUNT_UPDATE',
    msg,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id;
}

const campaignStatus = async (id: string) =>
  (await api<{ campaign: { status: string } }>('GET', `/api/v1/campaigns/${id}`, jwt)).body.campaign
    .status;

describe('Debian packages and systemd (docs/deploy.md, recipe 2)', () => {
  it("syncs the page, streams a contact's message live and sends a campaign, all through nginx", async () => {
    const sync = await api<{ jobId: string }>('POST', `/api/v1/pages/sync/${pageId}`, jwt, {});
    expect(sync.status).toBe(202);
    await until('page sync', async () => {
      const s = await api<{ status: string }>(
        'GET',
        `/api/v1/pages/sync-status/${sync.body.jobId}`,
        jwt,
      );
      return s.body.status === 'completed';
    });

    // Started before nginx, the replicas subscribe the app's webhooks once nginx answers (retried).
    await until(
      'the webhook subscription',
      async () =>
        ['api-1', 'api-2'].some((n) =>
          logOf(procs.get(n), Infinity).includes('Messenger webhooks subscribed'),
        ),
      120_000,
    );
    // A live stream through nginx; a contact writes on Messenger; the webhook comes in through nginx too.
    const stream = await fetch(`${base}/api/v1/chats/${pageId}/events`, {
      headers: { authorization: `Bearer ${jwt}`, accept: 'text/event-stream' },
    });
    expect(stream.status).toBe(200);
    if (!stream.body) throw new Error('no stream body');
    const reader = stream.body.getReader();
    const text = `Is the deploy live? ${Date.now()}`;
    await control('POST', `/_emulator/pages/${pageId}/contacts/${psids[0]}/messages`, { text });
    let seen = '';
    await until(
      'the message on the live stream',
      async () => {
        const { value } = await reader.read();
        seen += new TextDecoder().decode(value);
        return seen.includes(text);
      },
      30_000,
    );
    await reader.cancel();

    const msg = `Deploy check ${Date.now()}`;
    const id = await campaign(msg);
    await until('campaign sent', async () => (await campaignStatus(id)) === 'completed', 90_000);
    const sent = await outbox(msg);
    expect(sent.length).toBe(CONTACTS);
    expect(new Set(sent).size).toBe(CONTACTS);
  }, 180_000);

  it('restarts the replicas one at a time with requests flowing, and none fails', async () => {
    const failures: string[] = [];
    let done = 0;
    let flowing = true;
    const loop = async (i: number) => {
      while (flowing) {
        const write = i % 2 === 1;
        try {
          const res = write
            ? await api('POST', `/api/v1/chats/${pageId}/user/${psids[i]}/read`, jwt)
            : await api('GET', '/api/v1/pages', jwt);
          if (res.status >= 300)
            failures.push(`${write ? 'POST read' : 'GET pages'}: ${res.status}`);
        } catch (err) {
          failures.push(String(err));
        }
        done++;
      }
    };
    const loops = [0, 1, 2, 3].map(loop);
    for (const instance of ['1', '2']) {
      const old = procs.get(`api-${instance}`);
      if (!old) throw new Error(`no replica ${instance}`);
      expect(await stop(old)).toBe(0);
      await startReplica(instance);
    }
    flowing = false;
    await Promise.all(loops);
    console.log(`[deploy] rolling restart: ${done} requests, ${failures.length} failed`);
    expect(failures).toEqual([]);
    expect(done).toBeGreaterThan(50);
  }, 180_000);

  it('a SIGTERM to the worker mid-campaign exits 0, and a new worker finishes it: every recipient once', async () => {
    const msg = `Deploy drain ${Date.now()}`;
    const id = await campaign(msg);
    await until('the campaign under way', async () => (await outbox(msg)).length >= 20, 60_000);
    const worker = procs.get('worker');
    if (!worker) throw new Error('no worker');
    expect(await stop(worker), logOf(worker)).toBe(0);
    // Stopped mid-campaign: part sent, the rest left queued for the next worker.
    const atStop = (await outbox(msg)).length;
    console.log(`[deploy] worker stopped with ${atStop} of ${CONTACTS} sent`);
    expect(atStop).toBeLessThan(CONTACTS);
    expect(await campaignStatus(id)).not.toBe('completed');
    // A graceful stop leaves nothing whose fate is unknown: the worker finished the chunk it held.
    const unknown = await api<{ data: Array<{ psid: string }> }>(
      'GET',
      `/api/v1/campaigns/${id}/recipients?outcome=unknown`,
      jwt,
    );
    expect(unknown.status).toBe(200);
    expect(unknown.body.data).toEqual([]);
    start('worker-2', 'pagecast-worker.service');
    await until(
      'campaign finished by the new worker',
      async () => (await campaignStatus(id)) === 'completed',
      120_000,
    );
    const sent = await outbox(msg);
    expect(new Set(sent).size).toBe(CONTACTS);
    expect(sent.length).toBe(CONTACTS);
  }, 240_000);
});
