import { boundedCache, memoize } from './cache.ts';

/**
 * Facility images live on the agency's image hosts (the feed's imageUrl). The CSP allows exactly the origins
 * named in IMAGE_HOSTS, and the API answers an imageUrl only when the page may show it: an image on any other
 * host is answered as null, so the page shows its placeholder instead of a blocked image.
 */

/** IMAGE_HOSTS ('https://images.example.com, cdn.example.net') as https origins; throws on anything else. */
export function parseImageHosts(value: string): string[] {
  const origins = new Set<string>();
  for (const raw of value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    let url: URL;
    try {
      url = new URL(raw.includes('://') ? raw : `https://${raw}`);
    } catch {
      throw new Error(`'${raw}' is not a host name or https origin`);
    }
    if (url.protocol !== 'https:') throw new Error(`'${raw}' must be https`);
    if (url.pathname !== '/' || url.search || url.hash || url.username || url.password || url.hostname.includes('*'))
      throw new Error(`'${raw}' must be a bare https origin such as https://images.example.com`);
    origins.add(url.origin);
  }
  return [...origins];
}

/** Answers by URL per list of origins (facilities are a few hundred, and every dashboard card asks again). */
const answers = memoize((_origins: readonly string[]) => boundedCache<string, { url: string | null }>({ max: 2000 }));

/** The imageUrl as the API answers it: the URL when its origin is allowed, otherwise null. */
export function displayableImageUrl(url: string | null | undefined, origins: readonly string[]): string | null {
  if (!url) return null;
  const known = answers(origins);
  const hit = known.get(url);
  if (hit) return hit.url;
  const answer = checkImageUrl(url, origins);
  known.set(url, { url: answer });
  return answer;
}

function checkImageUrl(url: string, origins: readonly string[]): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' && origins.includes(u.origin) ? url : null;
  } catch {
    return null;
  }
}
