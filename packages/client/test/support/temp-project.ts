// A developer's project outside the workspace, under the system's temp folder: the packages `pnpm pack` made,
// installed with plain npm from their tarballs (npm's cache inside that folder too, so nothing is kept
// elsewhere), the way someone who never saw this repository installs them.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const exec = promisify(execFile);
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const PACKAGES = {
  contract: path.join(REPO_ROOT, 'packages/contract'),
  client: path.join(REPO_ROOT, 'packages/client'),
};

export interface RunResult {
  stdout: string;
  stderr: string;
}

/**
 * Runs `command` and resolves with its output; a failure rejects with the command and all it printed. The
 * environment is the test's without what pnpm and vitest put in it (npm_config_*, the workspace's package,
 * the workspace's node_modules/.bin folders on PATH), plus `env`: the temp project must not see that it runs
 * inside a workspace.
 */
export async function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string>; timeoutMs?: number },
): Promise<RunResult> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^(npm_|pnpm_|PNPM_|VITEST|NODE_OPTIONS$|INIT_CWD$|TURBO_)/.test(k),
    ),
  );
  env.PATH = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => !dir.startsWith(REPO_ROOT))
    .join(path.delimiter);
  try {
    const { stdout, stderr } = await exec(command, args, {
      cwd: options.cwd,
      env: { ...env, ...options.env },
      timeout: options.timeoutMs ?? 120_000,
      maxBuffer: 20 * 1024 * 1024,
    });
    return { stdout, stderr };
  } catch (err) {
    const e = err as Error & { stdout?: string; stderr?: string };
    throw new Error(
      `${command} ${args.join(' ')} (in ${options.cwd}) failed: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`,
      { cause: err },
    );
  }
}

/** The version the workspace's catalog (pnpm-workspace.yaml) pins `name` to. */
export function catalogVersion(name: string): string {
  const yaml = readFileSync(path.join(REPO_ROOT, 'pnpm-workspace.yaml'), 'utf8');
  const catalog = yaml.slice(yaml.indexOf('\ncatalog:'));
  const escaped = name.replace(/[.*+?^${}()|[\]\\/@]/g, '\\$&');
  const m = new RegExp(`\\n\\s+'?${escaped}'?:\\s*(\\S+)`).exec(catalog);
  if (!m?.[1]) throw new Error(`${name} is not in the catalog of pnpm-workspace.yaml`);
  return m[1];
}

/** A new empty folder under the system's temp folder. */
export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

/** npm, with its cache and logs inside the project folder and without its chatter. */
export function npm(dir: string, args: string[], timeoutMs?: number): Promise<RunResult> {
  return run('npm', args, {
    cwd: dir,
    env: {
      npm_config_cache: path.join(dir, '.npm-cache'),
      npm_config_update_notifier: 'false',
      npm_config_fund: 'false',
      npm_config_audit: 'false',
      npm_config_loglevel: 'error',
    },
    ...(timeoutMs ? { timeoutMs } : {}),
  });
}

/** The manifest of an installed package of the temp project. */
export function installedManifest(dir: string, name: string): Record<string, unknown> {
  return JSON.parse(
    readFileSync(path.join(dir, 'node_modules', name, 'package.json'), 'utf8'),
  ) as Record<string, unknown>;
}
