/** Seconds until the token's `exp`, or -1 when it cannot be read. The server verifies; this only schedules refreshes. */
export function secondsUntilExpiry(token: string, nowMs = Date.now()): number {
  try {
    const part = token.split('.')[1];
    if (!part) return -1;
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: number }).exp;
    return typeof exp === 'number' ? exp - nowMs / 1000 : -1;
  } catch {
    return -1;
  }
}

/** Whom the token was issued to (its `sub`), or '' when it cannot be read: what the page keeps per clinician. */
export function tokenSubject(token: string): string {
  try {
    const part = token.split('.')[1];
    if (!part) return '';
    const sub = (JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown }).sub;
    return typeof sub === 'string' ? sub : '';
  } catch {
    return '';
  }
}
