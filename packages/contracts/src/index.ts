// Every wire type of the Waymark API, as zod schemas. One file per area; re-exported here.
export * from './errors.ts';
export * from './auth.ts';
export * from './admin.ts';
