export * from './common.ts';
export * from './validation.ts';
export * from './auth.ts';
export * from './feature-flags.ts';
export * from './reference.ts';
export * from './format.ts';
export * from './dropbox.ts';
export * from './referral.ts';
