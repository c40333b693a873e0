#!/usr/bin/env node
// Docs that cannot rot silently (`pnpm lint:refs`, in `pnpm test` and `pnpm check`): every repo path and
// `file#name` in the hand-written Markdown, in the comments of the code and in the `#` comments of config,
// deploy and shell files must name something that exists.
//
//   node scripts/check-doc-refs.mjs [--root=DIR]
//
// Prints each broken reference as `file:line: ref — reason` and exits 1 if there is one.
//
// What is a reference:
// - a backticked token without spaces that contains a `/` or ends in a known extension (`modules/inbox/`,
//   `docs/inbox.md`, `repo.ts`); outside backticks, a word with a known extension (`see realtime/hub.ts`);
//   the relative target of a Markdown link (`[x](inbox.md#anchor)`);
// - optionally followed by `:12`, `:12-30` or `:12,40` (those lines must exist), or by `#name` (a declaration
//   of `name` in that file: function, const, class, interface, type, export, method; a heading of a .md).
// Not references: URLs and hosts, route and other absolute paths (`/api/v1/...`), npm names (`@fastify/jwt`),
// MIME types, tokens with spaces (commands), `...`, import specifiers (`../x/index.js`), env vars
// (`DATA_DIR/x`), what .gitignore leaves out (`dist/`), and a slash path without extension or trailing `/`
// that does not start at one of the repo's folder names (`me/accounts` is a Graph edge). `<placeholder>`,
// `NNNN` and `*` match any text within one segment; `{a,b}` expands, each must resolve.
//
// Where a path may point (any that holds): the repository root; the folder of the file that mentions it;
// any package root or its `src/` (`modules/...` in docs is apps/api/src/modules/..., `screens/...`
// packages/ui/src/screens/...); a folder another reference of the same Markdown section or code file names
// on its own (a section naming `jobs/campaigns/` may then say `batch.ts`, one naming
// `modules/<capability>/` may say `router.ts`). Failing those, a path whose last segments name exactly one
// file or folder in the repository (`dispatch-repo.ts`, `inbox/events.ts`), or a `file#name` whose name only
// one of the files so named declares. A path several files end with is reported as ambiguous, never guessed.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Generated Markdown, rewritten by their tools (scripts/bench.mjs, scripts/mutation.mjs): not checked. */
const GENERATED_DOCS = new Set(['bench/REPORT.md', 'mutation/REPORT.md']);
/**
 * Not read: generated code (TanStack Router's route tree, drizzle-kit's migrations), and this check and its
 * test, whose comments are made of made-up examples.
 */
const SKIPPED_CODE = [
  /(^|\/)routeTree\.gen\.ts$/,
  /(^|\/)migrations\//,
  /^scripts\/check-doc-refs(\.test)?\.mjs$/,
];
const CODE_FILE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
/** Files whose comments are `#` lines. */
const HASH_COMMENTED =
  /(^|\/)(Dockerfile|\.ci\/run|\.[\w-]*ignore|[\w.@-]+\.(conf|service|ya?ml|sh|example))$/;
/** Extensions that make a token without `/` a file name. */
const EXTENSIONS =
  /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|md|json|sql|ya?ml|conf|service|css|html|sh|toml|txt|csv)$/;
const MIME = /^(text|application|image|audio|video|multipart|font)\//;
/**
 * Names that look like files but are not the repository's, each with why. Keep it short: a doc that names a
 * file the repo does not have should usually say whose it is (a URL, a package name).
 */
const EXTERNAL = new Map([
  ['sdk.js', "Meta's JavaScript SDK (connect.facebook.net/…/sdk.js)"],
  ['nginx.conf', "nginx's main configuration, which deploy/nginx/*.conf are included in"],
]);

// ---------------------------------------------------------------------------------------------------------
// The repository: its files and folders.

function listFiles(root) {
  let out;
  try {
    out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 << 20,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return walk(root, '');
  }
  // A file deleted in the work tree but not yet in the index is gone.
  return out.split('\0').filter((f) => f && existsSync(path.join(root, f)));
}

function walk(root, rel) {
  const files = [];
  for (const entry of readdirSync(path.join(root, rel), { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === '.git') continue;
    const p = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...walk(root, p));
    else files.push(p);
  }
  return files;
}

class Repo {
  constructor(root) {
    this.root = root;
    this.files = listFiles(root).sort();
    this.fileSet = new Set(this.files);
    this.dirSet = new Set(['']);
    for (const f of this.files) {
      for (let i = f.indexOf('/'); i !== -1; i = f.indexOf('/', i + 1))
        this.dirSet.add(f.slice(0, i));
    }
    // Package roots: folders with a package.json (the root's own included as '').
    this.packages = this.files
      .filter((f) => f === 'package.json' || f.endsWith('/package.json'))
      .map((f) => path.posix.dirname(f))
      .map((d) => (d === '.' ? '' : d));
    this.dirNames = new Set([...this.dirSet].map((d) => path.posix.basename(d)).filter(Boolean));
    // Folder names the root .gitignore leaves out (`dist/`, `.data/`): build and run output.
    const gitignore = path.join(root, '.gitignore');
    this.ignoredNames = new Set(
      existsSync(gitignore)
        ? readFileSync(gitignore, 'utf8')
            .split('\n')
            .map((l) => l.trim())
            .filter((l) => /^[\w.-]+\/$/.test(l))
            .map((l) => l.slice(0, -1))
        : [],
    );
    this.texts = new Map();
  }

  isFile(p) {
    return this.fileSet.has(p);
  }

  isDir(p) {
    return this.dirSet.has(p);
  }

  text(p) {
    let t = this.texts.get(p);
    if (t === undefined) {
      t = readFileSync(path.join(this.root, p), 'utf8');
      this.texts.set(p, t);
    }
    return t;
  }

  /** Every file or folder ending with the whole segments `tail` (`b/c.ts`: `a/b/c.ts`, not `a/xb/c.ts`). */
  endingWith(tail) {
    const suffix = `/${tail}`;
    const hits = [];
    for (const p of this.fileSet) if (p === tail || p.endsWith(suffix)) hits.push(p);
    for (const p of this.dirSet) if (p === tail || p.endsWith(suffix)) hits.push(p);
    return hits;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Extracting references.

/** Backticked spans of `text` (code spans of any fence length), with their offsets. */
function* codeSpans(text) {
  const re = /(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g;
  for (let m; (m = re.exec(text));) yield { value: m[2].trim(), index: m.index + m[1].length };
}

/**
 * Paths written without backticks (`see realtime/hub.ts`, `(sessions.ts#endSessions)`): a word with a known
 * extension, outside code spans.
 */
function* barePaths(text) {
  const prose = blank(text, /`[^`\n]*`/g);
  const re =
    /(?<![\w./@:<>{}*$-])(?:\.\.?\/)?[\w-][\w.-]*(?:\/[\w.-]+)*\.(?:ts|tsx|mts|cts|mjs|cjs|js|jsx|md|json|sql|ya?ml|conf|service)(?:#[A-Za-z_$][\w$]*|:\d+(?:-\d+)?(?:,\d+(?:-\d+)?)*)?(?![\w/*<>{}-])/g;
  for (let m; (m = re.exec(prose));) yield { value: m[0], index: m.index };
}

/** `text` with what `re` matches replaced by spaces. */
function blank(text, re) {
  return text.replace(re, (m) => ' '.repeat(m.length));
}

/** Markdown: code spans outside fenced blocks, relative links; sections split at headings. */
function markdownRefs(text) {
  // Blank out fenced code blocks (keeping line numbers): their content is code or a command, not prose.
  const lines = text.split('\n');
  let fence = null;
  for (let i = 0; i < lines.length; i++) {
    const m = /^\s{0,3}(`{3,}|~{3,})/.exec(lines[i]);
    if (fence) {
      if (m && m[1][0] === fence[0] && m[1].length >= fence.length) fence = null;
      lines[i] = '';
    } else if (m) {
      fence = m[1];
      lines[i] = '';
    }
  }
  const refs = [];
  let section = 0;
  for (let i = 0; i < lines.length; i++) {
    if (/^#{1,6}\s/.test(lines[i])) section++;
    const line = lines[i];
    const at = { line: i + 1, section };
    for (const span of codeSpans(line)) refs.push({ ...at, token: span.value, col: span.index });
    // Outside code spans (blanked, so columns stay): unquoted paths, and [text](target) if relative.
    const prose = blank(line, /`[^`]*`/g);
    for (const bare of barePaths(blank(prose, /\]\([^)]*\)/g))) {
      refs.push({ ...at, token: bare.value, col: bare.index, bare: true });
    }
    for (const m of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(m[1])) continue;
      refs.push({ ...at, token: m[1], col: m.index + 2, link: true });
    }
  }
  return refs;
}

const REGEX_AFTER_WORD = new Set([
  'return',
  'typeof',
  'instanceof',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'case',
  'do',
  'else',
  'yield',
  'await',
]);

const WORD_CHAR = /[\w$]/;
const WORD = /[\w$]+/y;
const SPACE = /\s/;
const SPACES = /\s+/y;
const PUNCT = /[^\w$\s/"'`{}]+/y;

/**
 * The comments of a JS/TS file as [start, end) offsets. A small lexer (strings, template literals with
 * their `${}`, regular expressions, comments) rather than TypeScript's parser, whose load alone takes seconds
 * here; a string is ended at its line's end, so JSX text such as `Don't` cannot swallow what follows.
 */
function commentRanges(text) {
  const out = [];
  const templates = []; // brace depth at each open `${`
  let depth = 0;
  let regexOk = true; // whether a `/` here starts a regular expression
  let i = 0;
  const n = text.length;
  const template = (from) => {
    // From just inside a template literal: to its end, or into a `${`.
    let j = from;
    while (j < n) {
      const c = text[j];
      if (c === '\\') j += 2;
      else if (c === '`') return { end: j + 1, open: false };
      else if (c === '$' && text[j + 1] === '{') return { end: j + 2, open: true };
      else j++;
    }
    return { end: n, open: false };
  };
  while (i < n) {
    const c = text[i];
    const d = text[i + 1];
    if (c === '/' && d === '/') {
      let j = text.indexOf('\n', i);
      if (j === -1) j = n;
      out.push([i, j]);
      i = j;
    } else if (c === '/' && d === '*') {
      let j = text.indexOf('*/', i + 2);
      j = j === -1 ? n : j + 2;
      out.push([i, j]);
      i = j;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < n && text[j] !== c && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      i = j + 1;
      regexOk = false;
    } else if (c === '`' || (c === '}' && depth === 0 && templates.length)) {
      if (c === '}') depth = templates.pop();
      const t = template(i + 1);
      if (t.open) {
        templates.push(depth);
        depth = 0;
        regexOk = true;
      } else regexOk = false;
      i = t.end;
    } else if (c === '/' && regexOk) {
      let j = i + 1;
      let cls = false;
      while (j < n && text[j] !== '\n' && (cls || text[j] !== '/')) {
        if (text[j] === '\\') j++;
        else if (text[j] === '[') cls = true;
        else if (text[j] === ']') cls = false;
        j++;
      }
      i = j + 1;
      regexOk = false;
    } else if (c === '/') {
      i++; // division
      regexOk = true;
    } else if (c === '{') {
      depth++;
      regexOk = true;
      i++;
    } else if (c === '}') {
      depth--;
      regexOk = false;
      i++;
    } else {
      // A run of word characters, of white space, or of other punctuation, at once.
      const run = WORD_CHAR.test(c) ? WORD : SPACE.test(c) ? SPACES : PUNCT;
      run.lastIndex = i;
      run.exec(text);
      if (run === WORD) regexOk = REGEX_AFTER_WORD.has(text.slice(i, run.lastIndex));
      else if (run === PUNCT) regexOk = !')]'.includes(text[run.lastIndex - 1]);
      i = run.lastIndex;
    }
  }
  return out;
}

/** Code: code spans and unquoted paths in comments. */
function commentRefs(text) {
  const refs = [];
  const newlines = [];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) newlines.push(i);
  const at = (offset) => {
    let lo = 0;
    let hi = newlines.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (newlines[mid] < offset) lo = mid + 1;
      else hi = mid;
    }
    return { line: lo + 1, col: offset, section: 0 };
  };
  for (const [start, end] of commentRanges(text)) {
    const comment = text.slice(start, end);
    for (const span of codeSpans(comment))
      refs.push({ ...at(start + span.index), token: span.value });
    for (const bare of barePaths(comment)) {
      refs.push({ ...at(start + bare.index), token: bare.value, bare: true });
    }
  }
  return refs;
}

// ---------------------------------------------------------------------------------------------------------
// Parsing one token.

/**
 * `{ paths, name?, lines?, isDir, hasExt }` if `token` is a reference to check, or null. `lines` is a list of
 * [from, to]; `paths` (several where `{a,b}` expands) may hold `*` (one segment's text) where the token had a
 * `<placeholder>`, a glob or an `NNNN`.
 */
function parseRef(repo, token, { link = false, bare = false } = {}) {
  let t = token;
  if (link) {
    t = decodeURI(t);
    if (t.startsWith('#')) return { self: true, name: t.slice(1), paths: [] };
  } else {
    // `use-live-inbox.ts#useLiveInbox(pageId, token)`: a call's arguments are not part of the reference.
    t = t.replace(/\([^()]*\)$/, '');
    if (/\s/.test(t)) return null; // a command or prose
    // `../<module>/index.js`, `../../etc`: an import specifier or an example, not a place in the repo.
    if (t.startsWith('../')) return null;
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(t)) return null; // URL
  // A route or absolute path, npm name, variable, flag, placeholder (`<repo>/.data`), env var (`DATA_DIR/x`).
  if (/^[/~$@<-]/.test(t) || /^[A-Z][A-Z0-9_]*\//.test(t)) return null;
  if (t.includes('...') || t.includes('…') || /[=;'"|\\[\]()!]/.test(t)) return null;
  if (MIME.test(t)) return null;

  let name;
  let lines;
  const hash = t.indexOf('#');
  if (hash !== -1) {
    name = t.slice(hash + 1);
    t = t.slice(0, hash);
  }
  const colon = /:(\d+(?:-\d+)?(?:,\d+(?:-\d+)?)*)$/.exec(t);
  if (colon) {
    lines = colon[1].split(',').map((r) => r.split('-').map(Number));
    t = t.slice(0, colon.index);
  }
  if (t.includes(':') || !/[a-z]/i.test(t)) return null;
  // `.js` is an extension; an unquoted `Node.js` a product.
  if (/^\.\w+$/.test(t) || (bare && /^[A-Z]\w*\.js$/.test(t))) return null;
  const isDir = t.endsWith('/');
  t = t.replace(/^\.\//, '').replace(/\/+$/, '');
  if (!t) return null;
  const hasExt = EXTENSIONS.test(t);
  if (!link && !t.includes('/') && !hasExt) return null;
  const first = t.split('/')[0];
  // `me/accounts`, `oauth/access_token`, `campaignId/contactId`: a path without an extension or a trailing
  // `/` is the repo's only if it starts at one of its folders. `connect.facebook.net/…`: a host.
  if (!link && !hasExt && !isDir && !repo.dirNames.has(first)) return null;
  if (/^[\w-]+(\.[\w-]+)+$/.test(first) && t.includes('/') && !repo.dirNames.has(first))
    return null;
  // `.data/`, `apps/web/dist`: what the tools write (.gitignore) is not in the repository.
  if (t.split('/').some((seg) => repo.ignoredNames.has(seg))) return null;
  if (name !== undefined) {
    // `file#a.b`: check `a`; `file#L12` is a line.
    const l = /^L(\d+)(?:-L(\d+))?$/.exec(name);
    if (l) {
      lines = [[Number(l[1]), Number(l[2] ?? l[1])]];
      name = undefined;
    } else if (!link) {
      name = name.split('.')[0];
      if (!/^[A-Za-z_$][\w$]*$/.test(name)) return null;
    }
  }
  const paths = expandBraces(t).map((p) =>
    p.replace(/<[^<>/]*>|\b([A-Z])\1{2,}\b|([A-Z])\2{2,}(?=_)/g, '*'),
  );
  return { paths, name, lines, isDir, hasExt };
}

function expandBraces(p) {
  const m = /\{([^{}]*)\}/.exec(p);
  if (!m) return [p];
  return m[1]
    .split(',')
    .flatMap((alt) => expandBraces(p.slice(0, m.index) + alt + p.slice(m.index + m[0].length)));
}

// ---------------------------------------------------------------------------------------------------------
// Checking one reference.

/** GitHub's heading anchors of a Markdown text. */
function anchors(text) {
  const out = new Set();
  const counts = new Map();
  let fence = null;
  for (const line of text.split('\n')) {
    const f = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (f && f[1][0] === fence[0]) fence = null;
      continue;
    }
    if (f) {
      fence = f[1];
      continue;
    }
    const h = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!h) continue;
    const slug = h[1]
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = counts.get(slug) ?? 0;
    counts.set(slug, n + 1);
    out.add(n ? `${slug}-${n}` : slug);
  }
  return out;
}

function escape(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether `name` is declared in the file `p` (a heading for Markdown). */
function declares(repo, p, name) {
  const text = repo.text(p);
  if (p.endsWith('.md')) return anchors(text).has(name.toLowerCase());
  const n = escape(name);
  if (CODE_FILE.test(p)) {
    return [
      // function, const, class, interface, type, enum, namespace (exported or not)
      new RegExp(
        `\\b(?:function\\*?|const|let|var|class|interface|type|enum|namespace)\\s+${n}\\b`,
      ),
      // export { a, b as name }
      new RegExp(`\\bexport\\s*(?:type\\s*)?\\{[^}]*\\b${n}\\b[^}]*\\}`),
      // a method, property or object key: `name(`, `name:`, `name =`, `async name(`, `get name(`
      new RegExp(
        `^\\s*(?:(?:export|public|private|protected|static|readonly|async|get|set|override)\\s+)*['"]?${n}['"]?\\??\\s*[(:=<]`,
        'm',
      ),
      // const { name } = … / const [name] = …
      new RegExp(`\\b(?:const|let|var)\\s*[{[][^}\\]]*\\b${n}\\b[^}\\]]*[}\\]]\\s*=`),
    ].some((re) => re.test(text));
  }
  if (p.endsWith('.json')) return text.includes(`"${name}"`);
  return new RegExp(`\\b${n}\\b`).test(text);
}

function lineCount(repo, p) {
  const text = repo.text(p);
  return text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
}

/** What is wrong with `p` as the target of `ref`, or '' if nothing. */
function targetProblem(repo, p, ref) {
  if (ref.isDir && !repo.isDir(p)) return `${p} is a file, not a folder`;
  if (ref.lines) {
    if (!repo.isFile(p)) return `${p} is a folder, it has no lines`;
    const count = lineCount(repo, p);
    for (const [from, to = from] of ref.lines) {
      if (to < from) return `line range ${from}-${to} is backwards`;
      if (to > count) return `${p} has ${count} lines, not ${to}`;
    }
  }
  if (ref.name !== undefined) {
    if (!repo.isFile(p)) return `${p} is a folder`;
    if (!declares(repo, p, ref.name)) {
      return p.endsWith('.md')
        ? `${p} has no heading #${ref.name}`
        : `${p} declares no ${ref.name}`;
    }
  }
  return '';
}

function globToRegExp(p) {
  return new RegExp(`^${p.split('*').map(escape).join('[^/]*')}$`);
}

/** What `p` may stand for: itself; for a `.js`, its `.ts` (an import specifier); a test's stem, its file. */
function spellings(p, ref) {
  if (ref.isDir) return [p];
  if (!ref.hasExt)
    return [p, ...['.ts', '.tsx', '.mjs', '.test.ts', '.test.tsx', '.spec.ts'].map((e) => p + e)];
  const js = /\.(m?)js(x?)$/.exec(p);
  return js ? [p, `${p.slice(0, js.index)}.${js[1]}ts${js[2]}`] : [p];
}

/** Every existing file or folder `base/p` names (several if `p` has a `*`). */
function existing(repo, base, p, ref) {
  const hits = [];
  for (const spelling of spellings(p, ref)) {
    const full = path.posix.normalize(base ? `${base}/${spelling}` : spelling);
    if (full.startsWith('..')) continue;
    if (!full.includes('*')) {
      if (repo.isDir(full) || (!ref.isDir && repo.isFile(full))) hits.push(full);
      continue;
    }
    const re = globToRegExp(full);
    if (!ref.isDir) for (const f of repo.fileSet) if (re.test(f)) hits.push(f);
    for (const d of repo.dirSet) if (re.test(d)) hits.push(d);
  }
  return hits;
}

function folderOf(file) {
  const dir = path.posix.dirname(file);
  return dir === '.' ? '' : dir;
}

/** The bases a path is tried against, before the context of its section. */
function bases(repo, file) {
  return ['', folderOf(file), ...repo.packages.flatMap((pkg) => (pkg ? [pkg, `${pkg}/src`] : []))];
}

/**
 * '' if `ref` (from `file`, with the `context` folders of its section) resolves, else the reason. Each
 * expansion of `{a,b}` must resolve; a glob or placeholder must match at least one target that passes.
 */
function check(repo, file, ref, context) {
  if (ref.self) return declares(repo, file, ref.name) ? '' : `${file} has no heading #${ref.name}`;
  for (const p of ref.paths) {
    if (EXTERNAL.has(p)) continue;
    const problem = checkOne(repo, p, ref, [...bases(repo, file), ...context]);
    if (problem) return problem;
  }
  return '';
}

function checkOne(repo, p, ref, tried) {
  const problems = [];
  for (const base of tried) {
    for (const target of existing(repo, base, p, ref)) {
      const problem = targetProblem(repo, target, ref);
      if (!problem) return '';
      problems.push(problem);
    }
  }
  if (problems.length) return problems[0];
  if (p.includes('*')) return 'no such file or folder';
  // Failing those: the path's last segments, if they name exactly one file or folder.
  const hits = [...new Set(spellings(p, ref).flatMap((s) => repo.endingWith(s)))];
  if (hits.length === 1) return targetProblem(repo, hits[0], ref);
  // `repo.ts#FILTER_SQL`: a name declared in exactly one of the files so named says which one.
  if (ref.name !== undefined && hits.filter((h) => !targetProblem(repo, h, ref)).length === 1)
    return '';
  if (hits.length > 1) {
    const shown = hits.slice(0, 3).join(', ') + (hits.length > 3 ? ', …' : '');
    return `ambiguous: ${hits.length} paths end so (${shown}); name it from a folder`;
  }
  return 'no such file or folder';
}

/**
 * The folders a reference gives its section: the folder of what it names, if it names one thing from one
 * base (`jobs/campaigns/` → apps/api/src/jobs/campaigns); for a placeholder, the pattern's folder
 * (`modules/<capability>/router.ts` → apps/api/src/modules/*).
 */
function contextOf(repo, file, ref) {
  const out = [];
  for (const p of ref.paths) {
    const found = bases(repo, file)
      .map((base) => ({ base, hits: existing(repo, base, p, ref) }))
      .filter((b) => b.hits.length);
    const resolved = [
      ...new Set(found.map((b) => path.posix.normalize(b.base ? `${b.base}/${p}` : p))),
    ];
    if (resolved.length !== 1) continue;
    const hits = found.flatMap((b) => b.hits);
    if (p.includes('*')) {
      const allDirs = hits.every((h) => repo.isDir(h));
      out.push(allDirs ? resolved[0] : path.posix.dirname(resolved[0]));
    } else {
      const target = hits.find((h) => repo.isFile(h)) ?? hits[0];
      out.push(repo.isDir(target) ? target : folderOf(target));
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// The run.

/** The files to read: hand-written Markdown, the code's comments (generated files aside), `#` comments. */
function sources(repo) {
  const docs = repo.files.filter((f) => f.endsWith('.md') && !GENERATED_DOCS.has(f));
  const code = repo.files.filter(
    (f) => CODE_FILE.test(f) && !SKIPPED_CODE.some((re) => re.test(f)),
  );
  const hashed = repo.files.filter((f) => HASH_COMMENTED.test(f));
  return { docs, code, hashed };
}

/** Configuration, deploy files and shell scripts: the text after a `#` that starts a line. */
function hashCommentRefs(text) {
  const refs = [];
  text.split('\n').forEach((line, i) => {
    const m = /^\s*#(?!!)/.exec(line);
    if (!m) return;
    const comment = line.slice(m[0].length);
    const at = { line: i + 1, section: 0 };
    for (const span of codeSpans(comment)) refs.push({ ...at, token: span.value, col: span.index });
    for (const bare of barePaths(comment)) {
      refs.push({ ...at, token: bare.value, col: bare.index, bare: true });
    }
  });
  return refs;
}

/**
 * Every broken reference under `root`, as `{ file, line, ref, reason }`, in file and line order; `stats`, if
 * given, gets how many references and files were read.
 */
export function checkRepo(root, stats = {}) {
  const repo = new Repo(root);
  const { docs, code, hashed } = sources(repo);
  const broken = [];
  const run = (file, refs) => {
    const parsed = [];
    for (const r of refs) {
      const ref = parseRef(repo, r.token, r);
      if (ref) parsed.push({ ...r, ref });
    }
    // What resolves on its own gives its section (a Markdown section, a whole code file) its folders.
    const context = new Map();
    for (const r of parsed) {
      if (r.ref.self) continue;
      const set = context.get(r.section) ?? new Set();
      for (const dir of contextOf(repo, file, r.ref)) set.add(dir);
      context.set(r.section, set);
    }
    parsed.sort((a, b) => a.line - b.line || a.col - b.col);
    stats.refs = (stats.refs ?? 0) + parsed.length;
    stats.files = (stats.files ?? 0) + 1;
    for (const r of parsed) {
      const reason = check(repo, file, r.ref, [...(context.get(r.section) ?? [])]);
      if (reason) broken.push({ file, line: r.line, ref: r.token, reason });
    }
  };
  for (const file of docs) run(file, markdownRefs(repo.text(file)));
  for (const file of code) run(file, commentRefs(repo.text(file)));
  for (const file of hashed) run(file, hashCommentRefs(repo.text(file)));
  return broken;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const arg = process.argv.find((a) => a.startsWith('--root='));
  const root = arg
    ? path.resolve(arg.slice('--root='.length))
    : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  if (!statSync(root).isDirectory()) throw new Error(`not a folder: ${root}`);
  const started = Date.now();
  const stats = {};
  const broken = checkRepo(root, stats);
  for (const b of broken) console.log(`${b.file}:${b.line}: ${b.ref} — ${b.reason}`);
  const took = ((Date.now() - started) / 1000).toFixed(1);
  if (broken.length) {
    console.log(`\n${broken.length} broken reference(s) (${took} s)`);
    process.exitCode = 1;
  } else {
    console.log(
      `check-doc-refs: ${stats.refs} references in ${stats.files} files resolve (${took} s)`,
    );
  }
}
