/** The token's claims as the browser can read them (never verified here: the server verifies every call). */
function claimsOf(token: string): { exp?: unknown; sub?: unknown } | null {
  try {
    const part = token.split('.')[1];
    if (!part) return null;
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as unknown;
    return claims && typeof claims === 'object' ? (claims as { exp?: unknown; sub?: unknown }) : null;
  } catch {
    return null;
  }
}

/** Seconds until the token's `exp`, or -1 when it cannot be read. The server verifies; this only schedules refreshes. */
export function secondsUntilExpiry(token: string, nowMs = Date.now()): number {
  const exp = claimsOf(token)?.exp;
  return typeof exp === 'number' ? exp - nowMs / 1000 : -1;
}

/** Whose token it is (its `sub`), or '' when it cannot be read: a refreshed token keeps it, another login changes it. */
export function tokenSubject(token: string): string {
  const sub = claimsOf(token)?.sub;
  return typeof sub === 'string' ? sub : '';
}
