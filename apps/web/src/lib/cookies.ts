/** The login state lives in cookies (on VITE_COOKIE_DOMAIN when set, so the agency's other sites see the login): token, hub data, and a form-name cookie cleared at logout. */
export const TOKEN_COOKIE = 'hcp_token';
export const HUB_COOKIE = 'hcp_hub';
export const FORM_NAME_COOKIE = 'hcp_form';

import { cookieString } from './render-env.ts';

const domain = import.meta.env.VITE_COOKIE_DOMAIN as string | undefined;

export function readCookie(name: string): string {
  const prefix = `${name}=`;
  for (const part of cookieString().split(';')) {
    const p = part.trim();
    if (p.startsWith(prefix)) return decodeURIComponent(p.slice(prefix.length));
  }
  return '';
}

export function writeCookie(name: string, value: string, maxAgeSeconds?: number): void {
  const attrs = ['path=/', 'SameSite=Lax'];
  if (domain) attrs.push(`domain=${domain}`);
  if (location.protocol === 'https:') attrs.push('Secure');
  if (maxAgeSeconds !== undefined) attrs.push(`max-age=${maxAgeSeconds}`);
  document.cookie = `${name}=${encodeURIComponent(value)}; ${attrs.join('; ')}`;
}

export function clearCookie(name: string): void {
  writeCookie(name, '', 0);
}
