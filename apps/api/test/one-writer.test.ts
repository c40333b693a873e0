// One writer per table (docs/architecture.md §4 "Who writes each table"): every INSERT, UPDATE and DELETE
// in apps/api/src, raw SQL or Drizzle's builder, must sit in the module the table's row names (or one of
// that row's listed exceptions). The list is read from the doc, so the doc and the code cannot disagree.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const src = path.join(here, '../src');
const doc = path.join(here, '../../../docs/architecture.md');

function productFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' ? [] : productFiles(p);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [p] : [];
  });
}

/** Drizzle's table objects by variable name, from db/schema (`export const x = pgTable('name', ...)`). */
function schemaTables(): Map<string, string> {
  const byVar = new Map<string, string>();
  const dir = path.join(src, 'db/schema');
  for (const f of readdirSync(dir)) {
    const text = readFileSync(path.join(dir, f), 'utf8');
    for (const m of text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g))
      byVar.set(m[1] as string, m[2] as string);
  }
  return byVar;
}

/** The tables a source text writes: SQL statements (in strings) and Drizzle's insert/update/delete. */
function writesIn(text: string, byVar: Map<string, string>): Set<string> {
  const tables = new Set(byVar.values());
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found = new Set<string>();
  for (const m of code.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+"?([a-z_]+)\b/gi))
    if (tables.has(m[1] as string)) found.add(m[1] as string);
  // `update ${pages} set ...` in Drizzle's sql tag, and the builder: db.insert(pages), .update(x), .delete(x).
  for (const m of code.matchAll(
    /(?:\b(?:insert\s+into|update|delete\s+from)\s+\$\{\s*(\w+)\s*\}|\.(?:insert|update|delete)\(\s*(\w+)\s*\))/gi,
  )) {
    const table = byVar.get((m[1] ?? m[2]) as string);
    if (table) found.add(table);
  }
  return found;
}

/** The doc's rows: | `table` | `writer` | exceptions (backticked module paths) and why |. */
function documentedWriters(): Map<string, { writer: string; also: string[] }> {
  const text = readFileSync(doc, 'utf8');
  const start = text.indexOf('### Who writes each table');
  expect(start, 'docs/architecture.md has "### Who writes each table"').toBeGreaterThan(-1);
  const rows = new Map<string, { writer: string; also: string[] }>();
  for (const line of text.slice(start).split('\n').slice(1)) {
    if (line.startsWith('#')) break;
    const m = /^\| `([a-z_]+)` +\| `([^`]+)` +\|(.*)\|$/.exec(line);
    if (!m) continue;
    const also = [...(m[3] as string).matchAll(/`((?:modules|jobs|http|db)\/[^`]*)`/g)].map(
      (x) => x[1] as string,
    );
    rows.set(m[1] as string, { writer: m[2] as string, also });
  }
  return rows;
}

const within = (file: string, module: string) =>
  file === module || file.startsWith(module.endsWith('/') ? module : `${module}/`);

describe('one writer per table', () => {
  const byVar = schemaTables();

  it('reads writes the way the check needs (a planted write is found)', () => {
    expect([...writesIn("db.query('update contacts set unread_count = 0')", byVar)]).toEqual([
      'contacts',
    ]);
    expect([...writesIn('await dz(db).insert(contactTags).values(v)', byVar)]).toEqual([
      'contact_tags',
    ]);
    expect([...writesIn('sql`delete from ${pages} where id = ${id}`', byVar)]).toEqual(['pages']);
    // Reads, locks, conflict clauses and comments are not writes.
    const reads = `select * from contacts for update skip locked; on conflict do update set x = 1
      // update contacts here
      /** insert into messages */`;
    expect([...writesIn(reads, byVar)]).toEqual([]);
  });

  it('lists every table of db/schema once in docs/architecture.md', () => {
    const listed = documentedWriters();
    expect([...listed.keys()].sort()).toEqual([...new Set(byVar.values())].sort());
  });

  it('finds every write of a table in its listed module', () => {
    const listed = documentedWriters();
    const strays: string[] = [];
    for (const file of productFiles(src)) {
      const rel = path.relative(src, file).split(path.sep).join('/');
      for (const table of writesIn(readFileSync(file, 'utf8'), byVar)) {
        const row = listed.get(table);
        const allowed = [row?.writer ?? '', ...(row?.also ?? [])];
        if (!allowed.some((m) => m && within(rel, m))) strays.push(`${table} written in ${rel}`);
      }
    }
    expect(strays).toEqual([]);
  });
});
