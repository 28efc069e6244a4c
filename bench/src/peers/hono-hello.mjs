// Peer for bench:server: the framework alone — a bare Hono app on @hono/node-server (the same
// adapter Waymark runs on) answering a small JSON body, so framework cost and ours are told apart.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
app.get('/', (c) => c.json({ hello: 'world' }));
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => console.log(`port ${info.port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
