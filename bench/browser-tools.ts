/**
 * The Lighthouse part's browser tools (lighthouse, puppeteer-core, chrome-launcher) are an optional install.
 *
 * Together they are about 190 MB in node_modules (Lighthouse brings Sentry and OpenTelemetry with it) and only this
 * one part of the bench uses them, so no workspace depends on them: `npm install` / `npm ci` at the root never fetch
 * them. They have their own package.json and lock file (exact versions) in bench/tools/, which is not a workspace,
 * and are installed into bench/tools/node_modules the first time the Lighthouse part runs.
 *
 * Their types are not available to `tsc` when they are not installed, so the few calls the bench makes are typed
 * below by hand.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const toolsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'tools');

interface ToolsManifest {
  dependencies: Record<string, string>;
}

/** The exact versions bench/tools/package.json pins. */
export function pinnedToolVersions(): Record<string, string> {
  return (JSON.parse(readFileSync(path.join(toolsDir, 'package.json'), 'utf8')) as ToolsManifest).dependencies;
}

function installedVersion(name: string): string | null {
  const file = path.join(toolsDir, 'node_modules', name, 'package.json');
  if (!existsSync(file)) return null;
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/** Installs the pinned tools into bench/tools/node_modules unless they are already there (exact versions). */
export function ensureBrowserTools(log: (...parts: unknown[]) => void): void {
  const pinned = pinnedToolVersions();
  const missing = Object.entries(pinned).filter(([name, version]) => installedVersion(name) !== version);
  if (!missing.length) return;
  log(
    `bench: the Lighthouse part needs ${missing.map(([n, v]) => `${n}@${v}`).join(', ')}, which \`npm install\` leaves out ` +
      `(an optional install, about 190 MB); installing them once into bench/tools/node_modules with \`npm ci\` ...`,
  );
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: toolsDir, stdio: 'inherit' });
  const still = Object.entries(pinned).filter(([name, version]) => installedVersion(name) !== version);
  if (r.status !== 0 || still.length)
    throw new Error(
      `could not install the Lighthouse tools (npm ci in bench/tools ${r.error ? `failed: ${r.error.message}` : `exited ${r.status}`}). ` +
        'Install them by hand with `npm ci --prefix bench/tools`, or leave the part out: `npm run bench -- --only=startup,api,feed,soak,uploads`.',
    );
  log('bench: Lighthouse tools installed in bench/tools/node_modules');
}

// ---------------------------------------------------------------- the calls the bench makes

interface LighthouseAudit {
  numericValue?: number;
  details?: unknown;
}

interface LighthouseResult {
  lhr: {
    runtimeError?: { code: string; message: string };
    runWarnings: string[];
    audits: Record<string, LighthouseAudit | undefined>;
    categories: Record<string, { score: number | null } | undefined>;
    finalDisplayedUrl: string;
    environment: { benchmarkIndex: number };
  };
}

type Lighthouse = (
  url: string,
  flags: Record<string, unknown>,
  config: Record<string, unknown>,
) => Promise<LighthouseResult | undefined>;

interface LaunchedChrome {
  port: number;
  kill(): void | Promise<void>;
}

interface CdpSession {
  send(method: string, params?: Record<string, unknown>): Promise<unknown>;
  detach(): Promise<void>;
}

interface BrowserPage {
  createCDPSession(): Promise<CdpSession>;
}

interface ConnectedBrowser {
  pages(): Promise<BrowserPage[]>;
  newPage(): Promise<BrowserPage>;
  disconnect(): Promise<void>;
}

export interface BrowserTools {
  lighthouse: Lighthouse;
  launchChrome(options: { chromePath: string; chromeFlags: string[] }): Promise<LaunchedChrome>;
  connectBrowser(options: { browserURL: string }): Promise<ConnectedBrowser>;
}

/** Installs the tools when needed, then loads them from bench/tools/node_modules. */
export async function loadBrowserTools(log: (...parts: unknown[]) => void): Promise<BrowserTools> {
  ensureBrowserTools(log);
  // Resolved from bench/tools, where they are installed (a bare import from bench/ would look in the root's node_modules).
  const fromTools = createRequire(path.join(toolsDir, 'package.json'));
  const load = async (name: string) =>
    (await import(pathToFileURL(fromTools.resolve(name)).href)) as Record<string, unknown>;
  const [lighthouseModule, chromeLauncherModule, puppeteerModule] = await Promise.all([
    load('lighthouse'),
    load('chrome-launcher'),
    load('puppeteer-core'),
  ]);
  const launcher = chromeLauncherModule as unknown as { launch: BrowserTools['launchChrome'] };
  // puppeteer-core resolves to its CommonJS build here: its module.exports is the import's default.
  const puppeteer = puppeteerModule.default as { connect: BrowserTools['connectBrowser'] };
  return {
    lighthouse: lighthouseModule.default as Lighthouse,
    launchChrome: (options) => launcher.launch(options),
    connectBrowser: (options) => puppeteer.connect(options),
  };
}
