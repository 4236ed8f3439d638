// The route table's pages, read from the source (app/router.tsx and the application steps): route path -> page
// module as the build manifest names it. Used by the build (per-route preload hints the server puts into
// index.html) and by the bundle budget (scripts/check-bundle-budget.mjs).
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export function routePages(webRoot) {
  const pages = new Map();
  const router = readFileSync(path.join(webRoot, 'src/app/router.tsx'), 'utf8');
  const lazyFiles = new Map();
  for (const m of router.matchAll(/const (\w+) = lazy(?:WithPreload)?\(\(\) => import\('([^']+)'\)\)/g))
    lazyFiles.set(m[1], path.posix.normalize(path.posix.join('src/app', m[2])));
  // Each route object: its path, then the first lazy page component named before the next route.
  for (const part of router.split(/\{\s*path: '/).slice(1)) {
    const route = part.slice(0, part.indexOf("'"));
    const page = [...part.matchAll(/<(\w+)[\s/>]/g)].map((m) => m[1]).find((name) => lazyFiles.has(name));
    if (page) pages.set(route, lazyFiles.get(page));
  }
  const appRoutes = readFileSync(path.join(webRoot, 'src/features/application/routes/index.tsx'), 'utf8');
  for (const m of appRoutes.matchAll(/'(\/[^']+)': lazy(?:WithPreload)?\(\(\) => import\('([^']+)'\)\)/g))
    pages.set(m[1], path.posix.normalize(path.posix.join('src/features/application/routes', m[2])));
  return pages;
}

/** The manifest keys a chunk loads statically (itself included). */
export function closure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imp of manifest[key].imports ?? []) closure(manifest, imp, seen);
  return seen;
}

/** The module the entry imports once it has started the page's first calls: React, the router and the layout. */
export const APP_MODULE = 'src/app/boot.tsx';

/**
 * The manifest keys every first load fetches: the entry with its static imports, the app it starts (APP_MODULE)
 * with its static imports, and the one stylesheet (the build does not split CSS). index.html names them all, so
 * they load together.
 */
export function startClosure(manifest) {
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const seen = closure(manifest, entryKey);
  if (manifest[APP_MODULE]) closure(manifest, APP_MODULE, seen);
  if (manifest['style.css']) seen.add('style.css');
  return seen;
}

/**
 * The modulepreload tags index.html needs beyond what Vite writes for the entry: the app's chunks, largest first
 * (React and the router are the longest download of a first load, so they start first).
 */
export function appPreloadTags(manifest, dist) {
  return appChunks(manifest, dist).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`);
}

/** The app's chunks beyond the entry's own, largest first (the files appPreloadTags names). */
export function appChunks(manifest, dist) {
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const inEntry = closure(manifest, entryKey);
  const files = [...startClosure(manifest)]
    .filter((k) => !inEntry.has(k) && manifest[k].file.endsWith('.js'))
    .map((k) => manifest[k].file);
  const size = (f) => statSync(path.join(dist, f)).size;
  return files.sort((a, b) => size(b) - size(a));
}

/** Per route: the JS and CSS files its page needs beyond what index.html already loads. */
export function routePreloads(webRoot, manifest) {
  const inEntry = startClosure(manifest);
  const out = {};
  for (const [route, page] of routePages(webRoot)) {
    if (!manifest[page]) continue;
    const js = [];
    const css = [];
    for (const k of closure(manifest, page)) {
      if (inEntry.has(k)) continue;
      js.push(manifest[k].file);
      css.push(...(manifest[k].css ?? []));
    }
    out[route] = { js, css };
  }
  return out;
}
