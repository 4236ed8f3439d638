// Writes the OpenAPI document of the endpoint definitions (stdout, or the file given):
// `npm run openapi -w @hcp/contracts -- out.json`. `npm run openapi:lint -w @hcp/contracts` lints it with
// Redocly's recommended rules (the server answers the same document at /core/api/docs/json).
import { writeFileSync } from 'node:fs';
import { buildOpenapiDocument } from './openapi-document.ts';

const out = process.argv[2];
const json = `${JSON.stringify(await buildOpenapiDocument(), null, 2)}\n`;
if (out) writeFileSync(out, json);
else process.stdout.write(json);
