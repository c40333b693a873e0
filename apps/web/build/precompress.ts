// Writes a brotli (.br) and a gzip (.gz) copy beside each text asset of the build, once, at build time, so
// the API (@fastify/static's preCompressed) and nginx (gzip_static) send them without compressing per
// request. Phones on slow networks were getting the ~280 KB app entry raw.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|webmanifest|xml)$/;
/** Smaller files gain nothing worth a second request header's weight. */
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

export async function precompressDir(dir: string): Promise<number> {
  let written = 0;
  for await (const file of files(dir)) {
    if (!TEXT.test(file)) continue;
    const body = await readFile(file);
    if (body.length < MIN_BYTES) continue;
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gz = gzipSync(body, { level: 9 });
    // A copy that is not smaller is useless: the server then sends the file itself.
    if (br.length < body.length) await writeFile(`${file}.br`, br);
    if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
    written++;
  }
  return written;
}

/** The Vite plugin: after the bundle is written (production builds only). */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'pagecast-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Sequential: after the prerendered pages (build/prerender.ts) are written.
    closeBundle: {
      sequential: true,
      async handler() {
        await precompressDir(outDir);
      },
    },
  };
}
