// Writes the OpenAPI document of the endpoint definitions (stdout, or the file given):
// `npm run openapi -w @hcp/contracts -- out.json`. `npm run openapi:lint -w @hcp/contracts` lints it with
// Redocly's recommended rules (the server answers the same document at /core/api/docs/json).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { buildOpenapiDocument } from './openapi-document.ts';

const out = process.argv[2];
const json = `${JSON.stringify(await buildOpenapiDocument(), null, 2)}\n`;
if (out) {
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, json);
} else process.stdout.write(json);
