// The Docker build computed without Docker: which files of a checkout the build context holds (.dockerignore,
// matched as Docker matches it, by @balena/dockerignore) and which of those each COPY line of a Dockerfile takes.
// Every file of every image comes from these (a RUN only transforms what was copied in), so a secret that no
// COPY takes reaches no image.
import fs from 'node:fs';
import path from 'node:path';
import ignore from '@balena/dockerignore';

export interface Copy {
  /** The stage's name (`FROM … AS name`), or its index. */
  stage: string;
  /** `--from=`: another stage or image; undefined for the build context. */
  from: string | undefined;
  sources: string[];
  dest: string;
}

/** The COPY and ADD instructions of a Dockerfile, in order, with continuation lines joined. */
export function dockerfileCopies(text: string): Copy[] {
  const lines = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  const copies: Copy[] = [];
  let stage = '';
  let stages = 0;
  for (const line of lines) {
    const [instruction = '', ...rest] = line.split(/\s+/);
    const word = instruction.toUpperCase();
    if (word === 'FROM') {
      const as = rest.findIndex((w) => w.toUpperCase() === 'AS');
      stage = as >= 0 ? (rest[as + 1] ?? '') : String(stages);
      stages++;
    } else if (word === 'COPY' || word === 'ADD') {
      const flags = rest.filter((w) => w.startsWith('--'));
      const args = rest.filter((w) => !w.startsWith('--'));
      const paths: string[] = args[0]?.startsWith('[') ? JSON.parse(args.join(' ')) : args;
      const from = flags.find((f) => f.startsWith('--from='))?.slice('--from='.length);
      copies.push({ stage, from, sources: paths.slice(0, -1), dest: paths.at(-1) ?? '' });
    }
  }
  return copies;
}

/** Repository-relative paths (`/`-separated) of `files` that the .dockerignore text leaves in the context. */
export function inContext(files: string[], dockerignore: string): string[] {
  return ignore().add(dockerignore.split(/\r?\n/)).filter(files);
}

/**
 * Every file under `root` the context holds. Folders the context leaves out are not walked (node_modules)
 * unless an exception (`!pattern`) might reach inside them.
 */
export function contextFiles(root: string, dockerignore: string): string[] {
  const rules = ignore().add(dockerignore.split(/\r?\n/));
  const exceptions = dockerignore
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.startsWith('!'))
    .map((l) => l.slice(1).replace(/^\/+/, ''));
  const reachable = (dir: string) =>
    exceptions.some((e) => /[*?[]/.test(e) || e.startsWith(`${dir}/`));
  const files: string[] = [];
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!rules.ignores(child) || reachable(child)) walk(child);
      } else if (!rules.ignores(child)) {
        files.push(child);
      }
    }
  };
  walk('');
  return files.sort();
}

/** The context files `copy` takes (a file named, everything under a folder named, or a glob's matches). */
export function copiedBy(copy: Copy, context: string[]): string[] {
  if (copy.from !== undefined) return [];
  const takes = copy.sources.map((source) => {
    const src = source.replace(/^\.\//, '').replace(/\/+$/, '');
    if (src === '.' || src === '') return () => true;
    // Docker's globs (Go's filepath.Match): `*` and `?` within one path segment.
    const glob = new RegExp(
      `^${src
        .replace(/[.+^${}()|\\]/g, '\\$&')
        .replace(/\*/g, '[^/]*')
        .replace(/\?/g, '[^/]')}(/|$)`,
    );
    return (file: string) => file === src || file.startsWith(`${src}/`) || glob.test(file);
  });
  return context.filter((file) => takes.some((take) => take(file)));
}

/** Every context file the Dockerfile's COPY lines take into some stage. */
export function copiedFiles(dockerfile: string, context: string[]): string[] {
  return [...new Set(dockerfileCopies(dockerfile).flatMap((c) => copiedBy(c, context)))].sort();
}

/** The paths that are secrets (.env files, keys, certificates) or hold data (the `.data` folder). */
export function secretFiles(files: string[]): string[] {
  return files.filter((file) => {
    const parts = file.split('/');
    const name = parts.at(-1) ?? '';
    return (
      parts.includes('.data') ||
      name === '.env' ||
      name.startsWith('.env.') ||
      name.endsWith('.env') ||
      /\.(pem|key|p12|pfx)$/.test(name) ||
      /^id_(rsa|ed25519)/.test(name)
    );
  });
}
