import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import type { PluginCreator } from 'postcss';
import react from '@vitejs/plugin-react';
import { customMedia } from './src/config/breakpoints.ts';
// @ts-expect-error a plain ES module shared with scripts/check-bundle-budget.mjs
import { appChunks, appPreloadTags, routePreloads } from './build/route-pages.mjs';

const api = process.env.API_ORIGIN ?? 'http://127.0.0.1:3000';

/**
 * Build output for the server and the bundle budget: a brotli (quality 11) and a gzip (level 9) copy beside every
 * text file of 1 KB or more, so the server sends compressed bytes without compressing per request; and
 * .vite/chunk-packages.json, the npm packages inside each chunk (scripts/check-bundle-budget.mjs reads it to
 * prove heavy packages such as Leaflet stay in lazy chunks); .vite/route-preloads.json, the chunks each route's page
 * needs beyond the entry and the app (the server names them in index.html as preload hints); and in index.html the
 * app's chunks, which the entry imports once it has started the page's first calls (listed in .vite/app-chunks.json:
 * the server leaves them out of a page it renders), and the icon inline.
 */
function buildOutput(): Plugin {
  let outDir = 'dist';
  return {
    name: 'hcp-build-output',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const packages: Record<string, string[]> = {};
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        const names = new Set<string>();
        for (const id of item.moduleIds) {
          const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id.split('\\').join('/'));
          if (m) names.add(m[1]!);
        }
        packages[item.fileName] = [...names].sort();
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-packages.json',
        source: JSON.stringify(packages, null, 1),
      });
    },
    closeBundle() {
      // Per-route preload hints: the server adds them to index.html so a page's chunks load with the entry.
      const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));
      // The entry imports the app (React, the router, the layout) once it has started the first calls: index.html
      // names the app's chunks ahead of the entry, so they load with it rather than after it has run. The icon is
      // written into the page: one request less while the first ones are under way.
      const indexFile = path.join(outDir, 'index.html');
      const icon = readFileSync(path.join(outDir, 'favicon.svg'), 'utf8');
      writeFileSync(
        indexFile,
        readFileSync(indexFile, 'utf8')
          .replace('href="/favicon.svg"', `href="data:image/svg+xml,${encodeURIComponent(icon)}"`)
          .replace(
            '<script type="module"',
            `${appPreloadTags(manifest, outDir).join('\n    ')}\n    <script type="module"`,
          ),
      );
      writeFileSync(
        path.join(outDir, '.vite/route-preloads.json'),
        JSON.stringify(routePreloads(path.dirname(outDir), manifest), null, 1),
      );
      // A page the server renders names none of them: its app loads once it has painted (src/main.tsx).
      writeFileSync(path.join(outDir, '.vite/app-chunks.json'), JSON.stringify(appChunks(manifest, outDir), null, 1));
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const p = path.join(dir, name);
          return statSync(p).isDirectory() ? (name === '.vite' ? [] : walk(p)) : [p];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * CSS custom media from src/config/breakpoints.ts, the one source of breakpoints: `@media (--narrow)` becomes
 * `@media (max-width: 1250px)`. A name it does not define, or a width written by hand in a media query, fails the
 * build, so CSS and TypeScript cannot drift apart again.
 */
const breakpointMedia: PluginCreator<void> = () => ({
  postcssPlugin: 'hcp-breakpoint-media',
  AtRule: {
    media(rule) {
      if (/\b(min|max)-width\s*:/.test(rule.params))
        throw rule.error(
          `Write the width as a breakpoint of src/config/breakpoints.ts, e.g. @media (--narrow): ${rule.params}`,
        );
      rule.params = rule.params.replace(/\((--[\w-]+)\)/g, (_all, name: string) => {
        const query = customMedia[name];
        if (!query) throw rule.error(`${name} is not a breakpoint of src/config/breakpoints.ts`);
        return query;
      });
    },
  },
});
breakpointMedia.postcss = true;

/**
 * The server's entry (`vite build --ssr src/entry-server.tsx`, into dist/.ssr/, which the server never serves): the
 * pages the server renders, one self-contained module (React and every package bundled in, production builds), so
 * the server's runtime needs none of the web app's packages.
 */
const serverEntry = {
  plugins: [react()],
  css: { postcss: { plugins: [breakpointMedia()] } },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true as const, target: 'node' as const },
  build: {
    target: 'node22',
    outDir: 'dist/.ssr',
    emptyOutDir: true,
    copyPublicDir: false,
    sourcemap: false,
    reportCompressedSize: false,
    rolldownOptions: { output: { codeSplitting: false } },
  },
};

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? serverEntry
    : {
        plugins: [react(), buildOutput()],
        css: { postcss: { plugins: [breakpointMedia()] } },
        server: { proxy: { '/core/api': api, '/api': api } },
        build: {
          target: 'es2022',
          cssCodeSplit: false,
          sourcemap: false,
          reportCompressedSize: false,
          // .vite/manifest.json: the chunk graph the bundle budget walks.
          manifest: true,
          rolldownOptions: {
            // Building a zod schema has no side effect: schemas of @hcp/contracts a chunk does not use are left out,
            // so a page that needs a constant of a contracts module does not load zod with it.
            treeshake: { manualPureFunctions: ['z'] },
            preserveEntrySignatures: false,
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: 'react',
                    test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
                  },
                  { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
                  { name: 'forms', test: /[\\/]node_modules[\\/](react-hook-form|@hookform)[\\/]/ },
                ],
                experimentalInlineCommonChunks: { maxSize: 16 * 1024 },
              },
            },
          },
        },
      },
);
