// Form schemas of the web app's forms, derived from the request schemas of the endpoints they send to.
export * from './unstated.ts';
export * from './auth-forms.ts';
export * from './dropbox-forms.ts';
export * from './timesheet-forms.ts';
export * from './jobs-forms.ts';
export * from './application-forms.ts';
export * from './reference-forms.ts';
