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
