#!/usr/bin/env node
// Extracts, from Meta's machine-readable Graph specs (facebook/facebook-business-sdk-codegen, api_specs/specs/) at
// one commit, the facts Pagecast uses: for each node it names in scripts/meta-spec-uses.json, the node's fields and
// types, and for each edge and method it uses, the parameters (name, type, required) and the values of enum
// parameters. It writes them, with the source commit, to src/spec/meta-spec.json, which the emulator validates
// every Graph request against. Facts only: no code of that repository is copied.
//
//   node scripts/extract-meta-spec.mjs --from <git dir | checkout | specs folder> [--commit <sha>] [--out <file>]
//
// `--from` is a git directory (bare or a checkout's .git) read at `--commit` (default HEAD, recorded as the full
// sha), a checkout, or a folder of the spec files themselves (then `--commit` names what it is a copy of). CI
// never runs this: it uses the committed JSON. Run it to refresh the extract after moving the pinned commit.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const SPECS = 'api_specs/specs';
const REPO = 'facebook/facebook-business-sdk-codegen';

function parseArgs(argv) {
  const out = {
    uses: join(here, 'meta-spec-uses.json'),
    out: join(here, '..', 'src', 'spec', 'meta-spec.json'),
  };
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i];
    const value = argv[i + 1];
    if (!key?.startsWith('--') || value === undefined)
      throw new Error(`Unexpected argument ${key}`);
    out[key.slice(2)] = value;
    i++;
  }
  if (!out.from) throw new Error('--from <git dir | checkout | specs folder> is required');
  return out;
}

/** A reader of spec files (`Page.json`) and the commit it reads, whatever kind of copy `from` is. */
export function openSource(from, commit) {
  const path = resolve(from);
  const isGitDir =
    existsSync(join(path, 'HEAD')) &&
    existsSync(join(path, 'objects')) &&
    !existsSync(join(path, SPECS));
  const gitDir = isGitDir ? path : existsSync(join(path, '.git')) ? join(path, '.git') : null;
  if (gitDir) {
    const git = (...args) =>
      execFileSync('git', ['--git-dir', gitDir, ...args], { encoding: 'utf8' });
    const sha = git('rev-parse', '--verify', `${commit ?? 'HEAD'}^{commit}`).trim();
    return {
      commit: sha,
      read: (file) => {
        try {
          return git('show', `${sha}:${SPECS}/${file}`);
        } catch {
          return null;
        }
      },
    };
  }
  const folder = existsSync(join(path, SPECS)) ? join(path, SPECS) : path;
  if (!statSync(folder).isDirectory()) throw new Error(`${from} is not a folder`);
  if (!commit)
    throw new Error('--commit is required when --from is a plain folder (which commit is it?)');
  return {
    commit,
    read: (file) =>
      existsSync(join(folder, file)) ? readFileSync(join(folder, file), 'utf8') : null,
  };
}

const ENUM_PARAM = /^(list<)?(\w+_enum_param)>?$/;

/** The facts of one spec: `uses` names nodes and their edges; `read(file)` gives a spec file's text. */
export function extract({ read, commit, uses, extractedAt }) {
  const enumText = read('enum_types.json');
  if (enumText === null) throw new Error(`${SPECS}/enum_types.json not found`);
  const enums = new Map(JSON.parse(enumText).map((e) => [e.name, e.values]));
  const paramsOf = (api) => {
    const params = {};
    for (const p of [...api.params].sort((a, b) => a.name.localeCompare(b.name))) {
      const entry = { type: p.type };
      if (p.required) entry.required = true;
      const m = ENUM_PARAM.exec(p.type);
      if (m) {
        const values = enums.get(m[2]);
        if (!values) throw new Error(`enum ${m[2]} (${p.name}) not in enum_types.json`);
        entry.values = values;
      }
      params[p.name] = entry;
    }
    return params;
  };
  const nodes = {};
  for (const [node, use] of Object.entries(uses.sdk)) {
    const text = read(`${node}.json`);
    if (text === null) throw new Error(`${SPECS}/${node}.json not found`);
    const spec = JSON.parse(text);
    const out = { specFile: `${SPECS}/${node}.json` };
    const own = (name) => spec.apis.find((a) => a.name === name);
    for (const [key, name] of [
      ['read', '#get'],
      ['delete', '#delete'],
    ]) {
      if (!use[key]) continue;
      const api = own(name);
      if (!api) throw new Error(`${node} has no ${name}`);
      out[key] = { params: paramsOf(api) };
    }
    if (use.edges) {
      out.edges = {};
      for (const [edge, methods] of Object.entries(use.edges)) {
        out.edges[edge] = {};
        for (const method of methods) {
          const api = spec.apis.find((a) => a.endpoint === edge && a.method === method);
          if (!api) throw new Error(`${node} has no ${method} ${edge}`);
          out.edges[edge][method] = { returns: api.return, params: paramsOf(api) };
        }
      }
    }
    out.fields = Object.fromEntries(
      [...spec.fields].sort((a, b) => a.name.localeCompare(b.name)).map((f) => [f.name, f.type]),
    );
    // The edges a `fields=` expansion may name (`picture`, `messages.limit(10){…}`): every GET edge of the node.
    out.readableEdges = [
      ...new Set(spec.apis.filter((a) => a.endpoint && a.method === 'GET').map((a) => a.endpoint)),
    ].sort();
    nodes[node] = out;
  }
  return {
    source: { repo: REPO, path: SPECS, commit, extractedAt },
    notice:
      'Facts (names, types, enum values) read from the repository above at that commit by apps/graph-emulator/scripts/extract-meta-spec.mjs. Do not edit by hand: change scripts/meta-spec-uses.json and run the script.',
    nodes,
    documentedElsewhere: {
      notice:
        'Not from the SDK spec: what Pagecast uses that those specs (the Marketing API view) do not hold, each with the Meta page it comes from.',
      ...uses.documentedElsewhere,
    },
  };
}

/** The repository's prettier style when prettier is installed, so a refresh diffs only in facts. */
function format(file) {
  try {
    execFileSync('npx', ['--no-install', 'prettier', '--write', file], { stdio: 'ignore' });
  } catch {
    console.warn(`${file}: not formatted (prettier not found)`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const args = parseArgs(process.argv.slice(2));
    const source = openSource(args.from, args.commit);
    const uses = JSON.parse(readFileSync(args.uses, 'utf8'));
    const extractedAt = args['extracted-at'] ?? new Date().toISOString().slice(0, 10);
    const result = extract({ read: source.read, commit: source.commit, uses, extractedAt });
    writeFileSync(args.out, `${JSON.stringify(result, null, 2)}\n`);
    format(args.out);
    console.log(
      `${args.out}: ${Object.keys(result.nodes).length} nodes from ${REPO}@${source.commit}`,
    );
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
}
