// The web app's bundle budget, checked from the production build's own output (apps/web/dist/.vite/manifest.json):
// for every route page, the JavaScript and CSS a first visit must load before the page can render (the entry and
// the app it starts with their static imports, plus the page's static imports, lazy imports left out), gzipped,
// and how many files that is (over HTTP/1.1 each file beyond a browser's six connections waits for a free one).
//   - /job-search (and the embedded search): at most 150 KB; the other pages Lighthouse measures (dashboard, a job's
//     page, apply-now): at most 185 KB; any other route: at most 220 KB.
//   - At most 8 files for the job search, 12 for any other route.
//   - Heavy packages (Leaflet, pdf.js, canvas, QR and chart libraries) never on a route's critical path: only in
//     chunks loaded lazily where they are used.
// Run after `npm run build -w @hcp/web` (npm test does). Exit code 1 when over budget.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { closure, routePages, startClosure } from '../apps/web/build/route-pages.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const KB = 1000;
const MEASURED = 185 * KB;
export const BUDGETS = {
  '/job-search': 150 * KB,
  '/careers/find-a-job': 150 * KB,
  '/dashboard': MEASURED,
  '/': MEASURED,
  '/careers/find-a-job/:jobId': MEASURED,
  '/apply-now': MEASURED,
  default: 220 * KB,
};
export const MAX_FILES = { '/job-search': 8, '/careers/find-a-job': 8, default: 12 };
export const HEAVY_PACKAGES = [
  'leaflet',
  'pdfjs-dist',
  'pdf-lib',
  '@napi-rs/canvas',
  'qrcode',
  'chart.js',
  'recharts',
  'd3',
];

function routePagesChecked(manifest) {
  const pages = routePages(path.join(root, 'apps/web'));
  for (const [route, file] of pages)
    if (!manifest[file]) throw new Error(`${route}: ${file} is not in the build manifest`);
  return pages;
}

const gzipSizes = new Map();
function gzipSize(file) {
  if (!gzipSizes.has(file))
    gzipSizes.set(file, zlib.gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzipSizes.get(file);
}

export function checkBudget() {
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestFile)) throw new Error('No build manifest: run `npm run build -w @hcp/web` first');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const packages = JSON.parse(readFileSync(path.join(dist, '.vite/chunk-packages.json'), 'utf8'));
  const pages = routePagesChecked(manifest);
  const rows = [];
  const problems = [];
  for (const [route, page] of pages) {
    const keys = new Set([...startClosure(manifest), ...closure(manifest, page)]);
    const files = new Set();
    for (const k of keys) {
      files.add(manifest[k].file);
      for (const css of manifest[k].css ?? []) files.add(css);
    }
    let js = 0;
    let css = 0;
    for (const f of files) {
      if (f.endsWith('.css')) css += gzipSize(f);
      else js += gzipSize(f);
    }
    const budget = BUDGETS[route] ?? BUDGETS.default;
    const maxFiles = MAX_FILES[route] ?? MAX_FILES.default;
    rows.push({ route, js, css, total: js + css, budget, files: files.size, maxFiles });
    if (js + css > budget)
      problems.push(
        `${route}: ${((js + css) / KB).toFixed(1)} KB gzipped on the critical path (budget ${budget / KB} KB)`,
      );
    if (files.size > maxFiles)
      problems.push(`${route}: ${files.size} files on the critical path (at most ${maxFiles})`);
    for (const f of files) {
      const heavy = (packages[f] ?? []).filter((p) => HEAVY_PACKAGES.includes(p));
      if (heavy.length)
        problems.push(`${route}: ${heavy.join(', ')} on the critical path (${f}); load it lazily where it is used`);
    }
  }
  // Heavy packages that are in the build at all must sit in chunks that only a lazy import reaches.
  const eager = new Set();
  for (const c of startClosure(manifest)) eager.add(manifest[c].file);
  for (const k of pages.values()) for (const c of closure(manifest, k)) eager.add(manifest[c].file);
  for (const [file, pkgs] of Object.entries(packages))
    for (const p of pkgs)
      if (HEAVY_PACKAGES.includes(p) && eager.has(file))
        problems.push(`${p} is in ${file}, which a route loads eagerly`);
  return { rows, problems: [...new Set(problems)] };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { rows, problems } = checkBudget();
  rows.sort((a, b) => b.total - a.total);
  console.log('Critical-path JS + CSS per route (gzip -9):');
  for (const r of rows)
    console.log(
      `  ${r.route.padEnd(36)} ${(r.total / KB).toFixed(1).padStart(6)} KB  (JS ${(r.js / KB).toFixed(1)}, CSS ${(r.css / KB).toFixed(1)}, ${r.files} files; budget ${r.budget / KB} KB, ${r.maxFiles} files)`,
    );
  if (problems.length) {
    console.error(`\nBundle budget exceeded:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log('Bundle budget: every route within budget; heavy packages only in lazy chunks.');
}
