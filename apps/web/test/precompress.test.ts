// The build's precompressed copies (build/precompress.ts): beside each text asset worth it, decompressing to
// the same bytes; small or non-text files left alone.
import { mkdtempSync, readFileSync, existsSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from '../build/precompress';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressDir', () => {
  it('writes .br and .gz beside large text assets, nested too, and skips small and binary files', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    mkdirSync(path.join(dir, 'assets'));
    const js = `export const a = ${JSON.stringify('x'.repeat(5000))};\n`;
    writeFileSync(path.join(dir, 'assets', 'app-1.js'), js);
    writeFileSync(path.join(dir, 'index.html'), `<!doctype html>${'<p>hi</p>'.repeat(200)}`);
    writeFileSync(path.join(dir, 'assets', 'tiny-1.js'), 'export {};\n');
    writeFileSync(path.join(dir, 'assets', 'logo.png'), Buffer.alloc(4096, 1));

    expect(await precompressDir(dir)).toBe(2);
    const base = path.join(dir, 'assets', 'app-1.js');
    expect(brotliDecompressSync(readFileSync(`${base}.br`)).toString()).toBe(js);
    expect(gunzipSync(readFileSync(`${base}.gz`)).toString()).toBe(js);
    expect(readFileSync(`${base}.br`).length).toBeLessThan(js.length / 10);
    expect(existsSync(path.join(dir, 'index.html.br'))).toBe(true);
    expect(existsSync(path.join(dir, 'assets', 'tiny-1.js.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'assets', 'logo.png.gz'))).toBe(false);
  });
});
