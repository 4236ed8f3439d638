import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

/**
 * PostgreSQL text cannot hold the NUL character: a value carrying one would fail in the database
 * (a 500). No field of the portal has a use for it, so any request carrying one in its path, query
 * or body (keys included) is refused here, before validation, with a 400 naming the field.
 */
export function findNul(value: unknown, root: string): string | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path;
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push([v[i], `${path}.${i}`]);
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k.includes('\u0000')) return path;
        stack.push([x, `${path}.${k}`]);
      }
    }
  }
  return null;
}

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field =
      findNul(request.params, 'params') ?? findNul(request.query, 'querystring') ?? findNul(request.body, 'body');
    if (field) {
      const message = 'Text may not contain NUL characters';
      throw new AppError(400, 'invalid_character', message, [{ field, message }]);
    }
  });
}
