import { readdirSync } from 'node:fs';

/**
 * The files of the web build a browser may fetch by path: everything but build metadata (any path with a
 * segment starting with '.', such as .vite/manifest.json) and the .br/.gz copies, which are only sent as the
 * encoding of their original. Relative paths with '/' separators.
 */
export function servableWebFiles(webDist: string): Set<string> {
  const files = readdirSync(webDist, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => `${d.parentPath.slice(webDist.length)}/${d.name}`.replace(/\\/g, '/').replace(/^\/+/, ''));
  return new Set(files.filter((f) => !f.split('/').some((s) => s.startsWith('.')) && !/\.(br|gz)$/.test(f)));
}

/** The path of a request URL as a build-relative file name, decoded once; null when it cannot be decoded. */
export function requestedWebFile(url: string): string | null {
  try {
    return decodeURIComponent(url.split('?')[0] ?? '/').replace(/^\/+/, '');
  } catch {
    return null;
  }
}

/** Build metadata and other dot paths ('/.vite/...', '/%2evite/...', '/.git/...') are never the app's pages. */
export const isDotPath = (file: string) => file.split(/[/\\]/).some((s) => s.startsWith('.'));
