import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @hcp/server` writes a new migration into ./drizzle from the schema diff.
export default defineConfig({ dialect: 'postgresql', schema: './src/db/schema/index.ts', out: './drizzle' });
