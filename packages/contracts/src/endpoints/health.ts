import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

const readySchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['pglite', 'postgres']),
  databaseReachable: z.boolean(),
  migrations: z.object({ applied: z.number(), expected: z.number(), latest: z.string().nullable() }).nullable(),
});

/** Liveness: the process answers (no database call, so an outage does not get it restarted). */
export const healthLive = defineEndpoint({
  method: 'GET',
  path: '/core/api/health/live',
  operationId: 'healthLive',
  summary: 'Liveness: the process answers',
  tags: ['health'],
  access: 'public',
  responses: { 200: z.object({ status: z.literal('ok') }) },
});

/** Readiness: the database answers and has every migration this code ships with. */
export const healthReady = defineEndpoint({
  method: 'GET',
  path: '/core/api/health/ready',
  operationId: 'healthReady',
  summary: 'Readiness: the database answers and is fully migrated',
  description: 'Answers 503 with the same body (and Retry-After) while the database is unreachable or behind.',
  tags: ['health'],
  access: 'public',
  responses: { 200: readySchema, 503: readySchema },
});
