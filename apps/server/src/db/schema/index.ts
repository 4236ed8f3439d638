// Every table of the portal, for the database client and drizzle-kit (migrations). Each module owns its tables
// in its own schema.ts; only that module's repository writes them.
export * from '../../modules/reference-data/schema.ts';
export * from '../../modules/identity/schema.ts';
export * from '../../modules/jobs/schema.ts';
export * from '../../modules/clinician-record/schema.ts';
export * from '../../modules/placements/schema.ts';
export * from '../../modules/agency/schema.ts';
export * from '../../modules/platform/schema.ts';
