// The OpenAPI document of every endpoint definition, made the way the server makes it: Fastify, its zod type
// provider and @fastify/swagger, with a do-nothing handler per endpoint and no database.
import Fastify from 'fastify';
import swagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { allEndpoints } from '../src/endpoints/index.ts';
import { openapiDocument, routeSchema } from '../src/openapi.ts';

export async function buildOpenapiDocument(): Promise<Record<string, unknown>> {
  const app = Fastify({ logger: false, routerOptions: { caseSensitive: false } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(swagger, {
    openapi: structuredClone(openapiDocument) as never,
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  for (const e of allEndpoints)
    app.route({ method: e.method, url: e.path, schema: routeSchema(e), handler: async () => ({}) });
  await app.ready();
  const doc = app.swagger() as unknown as Record<string, unknown>;
  await app.close();
  return doc;
}
