// Entry of bench:collab's client worker threads: registers tsx's loader in this thread (a worker
// does not inherit it on Node 20), then runs collab.ts, which takes the worker branch.
import { register } from 'tsx/esm/api';

register();
await import('./collab.ts');
