/**
 * What the OpenAPI document is made of, from the endpoint definitions: the route `schema` Fastify, its zod type
 * provider and @fastify/swagger read (validation, serialisation and the document come from the same object), and
 * the document's own parts (info, servers, security schemes, tags). The server registers each endpoint with
 * `routeSchema(endpoint)` and gives `openapiDocument` to @fastify/swagger; scripts/openapi.ts does the same
 * without a database, to lint the document.
 */
import { z } from 'zod';
import { problemSchema } from './common.ts';
import {
  allErrors,
  isEmptyResponse,
  isFileResponse,
  isTextResponse,
  type Access,
  type EndpointConfig,
  type ResponseSpec,
} from './endpoint.ts';
import type { ErrorCode } from './error-codes.ts';

/**
 * The problem shape is one component that every error answer refers to (inlined, its list of codes would be
 * repeated in each of them). Fastify's zod type provider turns a schema registered with an id into a `$ref`, and
 * its `jsonSchemaTransformObject` adds the component to the document.
 */
if (!z.globalRegistry.has(problemSchema)) z.globalRegistry.add(problemSchema, { id: 'Problem' });

/** The security requirement of each kind of access (an empty object: the credential is optional). */
const securityRequirements: Record<Access, Record<string, string[]>[]> = {
  public: [],
  clinician: [{ bearer: [] }],
  'clinician-optional': [{}, { bearer: [] }],
  agency: [{ agencyKey: [] }],
  dev: [{ devSecret: [] }],
  'dev-clinician': [{ devSecret: [], bearer: [] }],
};

const tagDescriptions: Record<string, string> = {
  health: 'Liveness and readiness of the process and its database',
  auth: 'Accounts, sign-in, tokens and password resets',
  user: 'The signed-in clinician',
  reference: 'Reference data and feature flags',
  jobs: 'Job search, job details, favorites and applying',
  application: 'The employment application, step by step',
  profile: "The clinician's profile",
  'reference-form': "The public reference form a clinician's former supervisor fills in",
  pipeline: "The clinician's submissions, offers, contracts and assignments",
  contracts: 'Contract documents and e-signing',
  documents: 'E-documents and policies',
  timesheets: 'Weekly timesheets of an assignment',
  dropbox: 'The credentials dropbox',
  referral: 'Refer a friend',
  agency: 'The agency API: the jobs feed, reads of clinicians and their records, and the placement moves',
  dev: 'Local demos and browser tests only: absent in production',
};

/** The document's own parts (@fastify/swagger's `openapi` option). */
export const openapiDocument = {
  openapi: '3.0.3',
  info: {
    title: 'HCP portal API',
    version: '1.0.0',
    description:
      'The API of the HCP portal (clinicians and agency). Every refusal answers a JSON problem ' +
      '`{ status, code, message, errors?, requestId }` whose `code` is stable; each operation lists the codes it may answer.',
    license: { name: 'Proprietary' },
  },
  servers: [{ url: '/', description: 'The portal itself: the API shares the origin of the web app' }],
  tags: Object.entries(tagDescriptions).map(([name, description]) => ({ name, description })),
  components: {
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: "A clinician's token (15 minutes)" },
      agencyKey: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'agk_<id>_<secret>',
        description: 'An agency API key; each operation names the scope it needs',
      },
      devSecret: {
        type: 'apiKey',
        in: 'header',
        name: 'X-Dev-Secret',
        description: 'The dev secret printed by `npm start` (loopback requests only)',
      },
    },
  },
} as const;

const errorSummary = (codes: readonly ErrorCode[]) => `Refused: ${codes.map((c) => `\`${c}\``).join(', ')}`;

function responseOf(spec: ResponseSpec): unknown {
  if (isTextResponse(spec))
    return { description: spec.description, content: { [spec.contentType]: { schema: spec.schema } } };
  if (isFileResponse(spec)) {
    const schema = z.string().meta({ format: 'binary' });
    return {
      description: spec.description,
      content: Object.fromEntries(spec.contentTypes.map((type) => [type, { schema }])),
    };
  }
  if (isEmptyResponse(spec)) return z.undefined().describe(spec.description);
  return spec;
}

function describeOperation(e: EndpointConfig): string | undefined {
  const notes = [
    e.description,
    e.scope ? `Needs an agency key with the \`${e.scope}\` scope.` : undefined,
    e.featureFlag ? `Answers 404 while the \`${e.featureFlag}\` feature flag is off.` : undefined,
    e.bodyLimit ? `Bodies over ${e.bodyLimit} bytes are refused (413).` : undefined,
  ].filter(Boolean);
  return notes.length ? notes.join(' ') : undefined;
}

/**
 * The Fastify route `schema` of an endpoint: its zod schemas (validation and serialisation through the type
 * provider), every answer it may give (success, and a problem for each status its error codes use) and the
 * operation's OpenAPI fields.
 */
export function routeSchema(e: EndpointConfig): Record<string, unknown> {
  const response: Record<string, unknown> = {};
  for (const [status, spec] of Object.entries(e.responses)) response[status] = responseOf(spec);
  for (const [status, codes] of Object.entries(allErrors(e)) as [string, readonly ErrorCode[]][]) {
    const own = response[status];
    if (own === undefined)
      response[status] = {
        description: errorSummary(codes),
        content: { 'application/json': { schema: problemSchema } },
      };
    // An error answer with a body of its own (a refused feed with its row errors) still names its codes.
    else if (own instanceof z.ZodType && e.errors?.[Number(status) as keyof typeof e.errors])
      response[status] = own.describe(errorSummary(codes));
  }
  const description = describeOperation(e);
  return {
    operationId: e.operationId,
    summary: e.summary,
    ...(description ? { description } : {}),
    tags: [...e.tags],
    security: securityRequirements[e.access],
    ...(e.params ? { params: e.params } : {}),
    ...(e.query ? { querystring: e.query } : {}),
    ...(e.body ? { body: e.body } : {}),
    ...(e.bodyType === 'form' ? { consumes: ['application/x-www-form-urlencoded', 'application/json'] } : {}),
    response,
  };
}
