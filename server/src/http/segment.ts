// A literal path segment where a sibling route has a parameter, in a form Hono's RegExpRouter accepts.
//
// Hono's default router (`SmartRouter`) uses the `RegExpRouter` — every route of the app in one
// regular expression, static paths in a map — unless one route does not fit, and then falls back to
// the slower `TrieRouter` for the *whole* app. What does not fit: for one method, a literal segment
// and a parameter at the same place of the path (`GET /api/routes/public` beside
// `GET /api/routes/:id`, `/tiles/:region/terrain/:z/:x/:y` beside `/tiles/:region/:file`): its trie
// refuses a node with both a literal child and a parameter child (`hono/dist/router/reg-exp-router/node.js`).
//
// Such a literal route is registered on the parameter's pattern instead, with `onSegment`: its
// handler answers when the parameter is the literal, and passes the request on (`next()`)
// otherwise, to the routes registered after it — as the literal route registered before the
// parameter's route answered first before. Register it before the parameter's own route.
// `server/test/router.db.test.ts` fails when any route of the app makes Hono fall back.
import type { Context, Next } from 'hono';
import type { AppEnv } from '../context.ts';

type Answer = Response | Promise<Response>;

/**
 * A handler for the pattern of a parameter route that answers only when the parameter `param` is
 * `literal` (e.g. `app.get('/api/routes/:id', onSegment('id', 'public', listPublic))`) and passes
 * every other request on to the next matching route. `P`, the route's pattern, types the handler's
 * `c.req.param()` as Hono would for the route itself.
 */
export function onSegment<P extends string = string>(
  param: string,
  literal: string,
  handler: (c: Context<AppEnv, P>) => Answer,
): (c: Context<AppEnv, P>, next: Next) => Answer | Promise<void> {
  return (c, next) => (c.req.param(param) === literal ? handler(c) : next());
}
