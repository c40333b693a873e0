// Prerenders the public pages (src/public: landing, privacy policy, terms) into the built HTML, so a phone
// paints the page from the first response instead of after ~100 KB of script: dist/pages/*.html, served by
// the API at those paths. Runs after the client build: src/public/render.tsx is bundled for Node (all but
// React inlined, so workspace packages resolve as in the browser build), imported, and rendered per path
// into public.html, the public entry's page.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';

/** Where the API looks for a public path's page: '/' → pages/index.html, '/terms-and-conditions' → … */
export const pageFile = (publicPath: string) =>
  `pages/${publicPath === '/' ? 'index' : publicPath.slice(1)}.html`;

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface RenderModule {
  PUBLIC_PATHS: readonly string[];
  render(path: string): Promise<{ html: string; title: string }>;
}

export async function prerenderPages(root: string, outDir: string): Promise<string[]> {
  const ssrOut = path.join(root, 'node_modules/.pagecast-prerender');
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [react()],
    // Everything bundled (workspace packages' own dependencies do not resolve from apps/web) but React:
    // one copy for the renderer and the components.
    ssr: { noExternal: true, external: ['react', 'react-dom'] },
    build: {
      ssr: 'src/public/render.tsx',
      outDir: ssrOut,
      emptyOutDir: true,
      target: 'node20',
    },
  });
  const mod = (await import(
    `${pathToFileURL(path.join(ssrOut, 'render.js')).href}?t=${Date.now()}`
  )) as RenderModule;
  const template = await readFile(path.join(outDir, 'public.html'), 'utf8');
  if (!template.includes('<div id="root"></div>') || !/<title>[^<]*<\/title>/.test(template))
    throw new Error('public.html has no empty #root or no <title> to fill');
  // The stylesheet inline: on a slow network the first paint then waits for this one response only,
  // not for a second request that shares the line with the scripts.
  const stylesheet = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/.exec(
    template,
  );
  const css = stylesheet?.[1] ? await readFile(path.join(outDir, stylesheet[1]), 'utf8') : null;
  const written: string[] = [];
  await mkdir(path.join(outDir, 'pages'), { recursive: true });
  for (const publicPath of mod.PUBLIC_PATHS) {
    const { html, title } = await mod.render(publicPath);
    const page = template
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
      .replace('<div id="root"></div>', () => `<div id="root">${html}</div>`)
      .replace(stylesheet?.[0] ?? '', () => (css ? `<style>${css}</style>` : ''));
    const file = path.join(outDir, pageFile(publicPath));
    await writeFile(file, page);
    written.push(file);
  }
  return written;
}

/** The Vite plugin: after the client bundle is written (production builds only), before precompress. */
export function prerender(): Plugin {
  let root = '';
  let outDir = 'dist';
  return {
    name: 'pagecast-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      async handler() {
        await prerenderPages(root, outDir);
      },
    },
  };
}
