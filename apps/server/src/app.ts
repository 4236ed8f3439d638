import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { openapiDocument } from '@hcp/contracts/openapi';
import type { AppContext } from './context.ts';
import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import type { Secrets } from './lib/secrets.ts';
import type { Storage } from './lib/storage.ts';
import { openStorage } from './lib/storage-url.ts';
import { FileWorker } from './lib/file-worker/pool.ts';
import { brotliOptions, COMPRESS_THRESHOLD, gzipOptions } from './lib/compression.ts';
import { spaIndex } from './lib/spa-index.ts';
import { assumedViewportWidth, loadPageRenderer, pageRendering, type PageRequest } from './lib/page-render.ts';
import { isDotPath, requestedWebFile, servableWebFiles } from './lib/web-files.ts';
import { Tokens } from './lib/tokens.ts';
import { modules } from './modules/index.ts';
import { agencyKeyOf } from './modules/agency/index.ts';
import { onJobsChange } from './modules/jobs/index.ts';
import { isLiveSession, registerHubLogin } from './modules/identity/index.ts';
import { ChangeFeed, devRoutes, Mailer, outboxWorker, RateLimiter } from './modules/platform/index.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerFeatureGate } from './plugins/feature-gate.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { loggerOptions } from './plugins/logger.ts';
import type { App, AuthGuards } from './types.ts';

export const API_PREFIX = '/core/api';

export interface BuildOptions {
  env: Env;
  database: Database;
  secrets: Secrets;
  storage?: Storage;
  /** The file worker pool (tests pass one with short limits). */
  files?: FileWorker;
  /** Directory of the built web app; when present the SPA is served on the same port. */
  webDist?: string | null;
  logger?: FastifyServerOptions['logger'];
  now?: () => Date;
}

/** A registered route as Fastify saw it (the generated security suites enumerate these). */
export interface RegisteredRoute {
  method: string;
  url: string;
  schema: Record<string, unknown> | undefined;
  /** The route's own onRequest, preValidation and preHandler hooks, in order (its guards among them). */
  hooks: unknown[];
  /** The route's own onRequest hooks (they run before the body is read). */
  onRequest: unknown[];
  bodyLimit: number | undefined;
}

export interface BuiltApp {
  app: App;
  ctx: AppContext;
  /** Every route of the app, in registration order (HEAD routes Fastify adds for GETs included). */
  routes: RegisteredRoute[];
  /** The auth guards registerEndpoint puts in front of handlers (route.hooks holds them for guarded routes). */
  guards: AuthGuards;
  /** Waits for background work (mail after reset requests, ...) to settle. */
  drain(): Promise<void>;
}

export async function buildApp(opts: BuildOptions): Promise<BuiltApp> {
  const { env, database, secrets } = opts;
  const late: { securityHeaders?: (request: FastifyRequest, reply: FastifyReply) => void } = {};
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(env.LOG_LEVEL),
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 1024 * 1024,
    trustProxy: env.TRUST_PROXY,
    routerOptions: {
      caseSensitive: false,
      ignoreTrailingSlash: true,
      ignoreDuplicateSlashes: true,
      maxParamLength: 200,
    },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // A malformed URL or an over-long path parameter is refused before routing (and before the hooks):
    // the same JSON problem and security headers as every other answer.
    frameworkErrors(error, request, reply) {
      const r = reply as unknown as FastifyReply;
      late.securityHeaders?.(request, r);
      const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      void r
        .status(status)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify({ status, code: 'bad_request', message: 'Invalid request path', requestId: request.id }));
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (r) => {
    // Copies: plugins that add their own hooks to every route later (compress) must not show up as the route's.
    const list = (h: unknown) => (h === undefined ? [] : Array.isArray(h) ? [...(h as unknown[])] : [h]);
    for (const method of list(r.method) as string[])
      routes.push({
        method,
        url: r.url,
        schema: r.schema as Record<string, unknown> | undefined,
        hooks: [...list(r.onRequest), ...list(r.preValidation), ...list(r.preHandler)],
        onRequest: list(r.onRequest),
        bodyLimit: r.bodyLimit,
      });
  });

  const pending = new Set<Promise<unknown>>();
  const events = new EventEmitter();
  events.setMaxListeners(50);
  const ctx: AppContext = {
    env,
    database,
    db: database.db,
    secrets,
    tokens: new Tokens(secrets.jwtSecret),
    storage: opts.storage ?? openStorage(env.storage, env.DATA_DIR),
    files: opts.files ?? new FileWorker({ log: app.log }),
    // deliverPending() runs a pass of this context's outbox worker (the one the background loop uses).
    mailer: new Mailer(database.db, app.log, env.SMTP_URL, env.MAIL_FROM, () => outboxWorker(ctx).deliverDue()),
    changes: new ChangeFeed({ database, log: app.log }),
    rateLimiter: new RateLimiter(database.db, env.RATE_LIMIT_SCALE, opts.now ?? (() => new Date())),
    log: app.log,
    now: opts.now ?? (() => new Date()),
    events,
    background(task) {
      const p = task()
        .catch((err: unknown) => app.log.error({ err }, 'background task failed'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
  };

  registerErrorHandler(app);
  let tileOrigin: string | null;
  try {
    tileOrigin = new URL(env.MAP_TILE_URL.replace(/\{s\}\./, '')).origin;
    if (env.MAP_TILE_URL.includes('{s}.')) tileOrigin = `${tileOrigin.replace('://', '://*.')}`;
  } catch {
    tileOrigin = null;
  }
  late.securityHeaders = registerSecurityHeaders(app, { tileOrigin, imageOrigins: env.IMAGE_HOSTS });
  registerInputGuard(app);
  // Text answers (API JSON, the OpenAPI document) are compressed for clients that accept it; built assets are
  // compressed once at build time (.br/.gz beside each file) and served as they are.
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    brotliOptions,
    zlibOptions: gzipOptions,
  });
  await app.register(formbody, { bodyLimit: 64 * 1024 });

  // The OpenAPI document is made of the endpoint definitions: their route schemas (registerEndpoint) and the
  // document's own parts; the problem shape is one component every refusal refers to.
  await app.register(swagger, {
    openapi: structuredClone(openapiDocument) as never,
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` });

  const guards = registerAuth(app, ctx, { liveSession: isLiveSession, agencyKey: agencyKeyOf });
  await app.register(
    async (api) => {
      const scoped = api.withTypeProvider<ZodTypeProvider>();
      registerFeatureGate(api, env.featureFlags);
      for (const register of modules) await register(scoped, { ctx });
      if (env.DEV_OUTBOX) await devRoutes(scoped, { ctx });
      // Not an endpoint: the answer of every path under the API that none is registered on.
      scoped.all('/*', { schema: { hide: true } }, async (_req, reply) =>
        reply.status(404).send({ status: 404, code: 'not_found', message: 'No such API endpoint' }),
      );
    },
    { prefix: API_PREFIX },
  );
  registerHubLogin(app, ctx);

  const webDist = opts.webDist;
  if (webDist && existsSync(path.join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Build metadata (.vite/) and the precompressed copies are not pages: only servableWebFiles are.
      dotfiles: 'deny',
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(res, filePath) {
        // Hashed assets never change under their name; index.html must always be re-read.
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
    const indexFor = spaIndex(webDist);
    const servable = servableWebFiles(webDist);
    const render = await loadPageRenderer(webDist);
    const pages = render && pageRendering({ render, template: () => indexFor('/', { rendered: true }), log: app.log });
    if (pages) {
      // Public pages show jobs: kept ones go when jobs change, here or in another process.
      onJobsChange(ctx, () => pages.forget());
    }
    /** A page's calls to the API, answered in process with the page request's address (logs, loopback checks). */
    const pageApi =
      (request: FastifyRequest): PageRequest['fetch'] =>
      async (url, init) => {
        if ((init.method ?? 'GET') !== 'GET' || !url.toLowerCase().startsWith(`${API_PREFIX}/`))
          throw new Error(`a page render may only read the API: ${init.method} ${url}`);
        const res = await app.inject({
          method: 'GET',
          url,
          headers: Object.fromEntries(new Headers(init.headers).entries()),
          remoteAddress: request.ip,
        });
        return new Response(res.rawPayload, {
          status: res.statusCode,
          headers: { 'content-type': String(res.headers['content-type'] ?? 'application/octet-stream') },
        });
      };
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const file = requestedWebFile(url);
      if (file !== null && servable.has(file)) return reply.sendFile(file);
      if (file === null || isDotPath(file) || (/\.[a-z0-9]{1,6}$/i.test(url) && !url.endsWith('.html')))
        return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
      reply.type('text/html; charset=utf-8');
      const page = await pages?.html({
        url: request.url,
        cookie: request.headers.cookie ?? '',
        origin: `${request.protocol}://${request.host}`,
        viewportWidth: assumedViewportWidth(request.headers),
        fetch: pageApi(request),
      });
      // The answer depends on the login cookie and on the kind of device; one with the clinician's data is theirs
      // alone and never stored.
      reply.header('vary', 'Cookie, User-Agent, Sec-CH-UA-Mobile');
      if (!page) return reply.header('cache-control', 'no-cache').send(indexFor(url));
      return reply
        .status(page.status)
        .header('cache-control', page.personal ? 'private, no-store' : 'no-cache')
        .send(page.html);
    });
  }

  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
    await ctx.changes.close();
    await ctx.files.close();
  });

  return {
    app: app as unknown as App,
    ctx,
    routes,
    guards,
    async drain() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}
