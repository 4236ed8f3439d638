import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

/**
 * Characters PostgreSQL cannot store: text cannot hold NUL, and a lone UTF-16 surrogate (half of a pair, which no
 * keyboard or browser produces) is refused by jsonb and turned into U+FFFD by the UTF-8 encoder elsewhere. A value
 * carrying either would fail in the database (a 500) or be stored altered. No field of the portal has a use for
 * them, so any request carrying one in its path, query or body (keys included) is refused here, before
 * validation, with a 400 naming the field.
 */
const UNSTORABLE: { test: (s: string) => boolean; message: string }[] = [
  { test: (s) => s.includes('\u0000'), message: 'Text may not contain NUL characters' },
  { test: (s) => /\p{Cs}/u.test(s), message: 'Text may not contain a lone surrogate (half of a character)' },
];

function problemOf(s: string): string | null {
  return UNSTORABLE.find((u) => u.test(s))?.message ?? null;
}

/** The first field (and why) whose text, or key, holds a character the database cannot store. */
export function findUnstorable(value: unknown, root: string): { field: string; message: string } | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      const message = problemOf(v);
      if (message) return { field: path, message };
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push([v[i], `${path}.${i}`]);
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        const message = problemOf(k);
        if (message) return { field: path, message };
        stack.push([x, `${path}.${k}`]);
      }
    }
  }
  return null;
}

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const found =
      findUnstorable(request.params, 'params') ??
      findUnstorable(request.query, 'querystring') ??
      findUnstorable(request.body, 'body');
    if (found) throw new AppError(400, 'invalid_character', found.message, [found]);
  });
}
