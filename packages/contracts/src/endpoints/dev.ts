import { z } from 'zod';
import { AGENCY_SCOPES, EVENT_TYPES } from '../agency.ts';
import { okSchema } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';

// Local demos and browser tests only: registered while the dev outbox is on (never in production), answered only
// to requests from loopback carrying the dev secret; any other request gets the unknown-endpoint 404.

const mailSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  kind: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

export const devOutbox = defineEndpoint({
  method: 'GET',
  path: '/core/api/dev/outbox',
  operationId: 'devOutbox',
  summary: 'The mails the portal wrote, newest first (the /dev/outbox page)',
  tags: ['dev'],
  access: 'dev',
  query: z.object({
    to: z.string().max(254).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  }),
  responses: { 200: z.array(mailSchema) },
});

export const devCreateAgencyKey = defineEndpoint({
  method: 'POST',
  path: '/core/api/dev/agency/keys',
  operationId: 'devCreateAgencyKey',
  summary: 'Create an agency API key (what `npm run ops -- keys:create` does, for the browser tests)',
  tags: ['dev'],
  access: 'dev',
  body: z.object({ name: z.string().trim().min(1).max(100), scopes: z.array(z.enum(AGENCY_SCOPES)).min(1) }),
  responses: { 200: z.object({ id: z.string(), key: z.string() }) },
});

export const devAddWebhook = defineEndpoint({
  method: 'POST',
  path: '/core/api/dev/agency/webhooks',
  operationId: 'devAddWebhook',
  summary: 'Register a loopback webhook receiver (what `npm run ops -- webhooks:add` does, for the browser tests)',
  tags: ['dev'],
  access: 'dev',
  body: z.object({ url: z.string().max(2000), events: z.array(z.enum(EVENT_TYPES)).optional() }),
  responses: { 200: z.object({ id: z.number(), secret: z.string() }) },
});

export const devDemoPlacements = defineEndpoint({
  method: 'POST',
  path: '/core/api/dev/pipeline/demoPlacements',
  operationId: 'devDemoPlacements',
  summary: 'Give the calling clinician every pipeline state (or only a complete application)',
  description:
    'A JSON object is required ({} for every state); applicationOnly: a complete application without placements ' +
    '(tests that apply for jobs themselves).',
  tags: ['dev'],
  access: 'dev-clinician',
  body: z.object({ applicationOnly: z.boolean().optional() }).strict(),
  responses: { 200: okSchema },
  errors: { 409: ['no_jobs', 'demo_placements_busy'] },
});
