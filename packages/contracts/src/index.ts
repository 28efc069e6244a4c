// Every wire type of the Waymark API, as zod schemas (types inferred with z.infer / z.input).
// One file per area; re-exported here. The server validates requests with them
// (server/src/http/validate.ts) and types its answers with them; the web client parses every
// answer with them (web/src/lib/api-client.ts). Pure: no Node built-ins, no DOM.
export * from './errors.ts';
export * from './auth.ts';
export * from './admin.ts';
export * from './projects.ts';
export * from './tasks.ts';
export * from './common.ts';
export * from './routing.ts';
export * from './routes.ts';
export * from './regions.ts';
export * from './dashboard.ts';
export * from './health.ts';
export * from './mail.ts';
export * from './settings.ts';
export * from './collab.ts';
