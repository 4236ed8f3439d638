// Every table of the portal. Each feature keeps its tables in its own file here.
export * from './reference.ts';
export * from './users.ts';
export * from './jobs.ts';
export * from './application.ts';
export * from './reference-form.ts';
export * from './pipeline.ts';
export * from './dropbox.ts';
export * from './referral.ts';
export * from './events.ts';
export * from './agency.ts';
export * from './outbox.ts';
