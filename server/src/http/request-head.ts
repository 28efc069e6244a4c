import type { IncomingMessage } from 'node:http';
import { getPath } from 'hono/utils/url';

/**
 * What the app's request pipeline (app.ts) looks at before the router: the method, the path as
 * Hono routes it (`getPath`: percent-decoded, no query) and the request headers. On Node the
 * headers are read from `IncomingMessage.headers` (the parser's own object, lower-case names,
 * repeated fields joined as Node joins them) rather than through the adapter's `Headers` wrapper:
 * a property read instead of a name check, a lower-casing and a lookup per header.
 */
export class RequestHead {
  readonly method: string;
  readonly path: string;

  constructor(
    readonly request: Request,
    private readonly incoming?: IncomingMessage,
  ) {
    this.method = request.method;
    this.path = getPath(request);
  }

  /** The value of a request header (`name` in lower case), undefined when absent. */
  header(name: string): string | undefined {
    if (this.incoming) {
      const v = this.incoming.headers[name];
      return typeof v === 'string' || v === undefined ? v : v.join(', ');
    }
    return this.request.headers.get(name) ?? undefined;
  }

  /** `/api` and everything under it. */
  get api(): boolean {
    const p = this.path;
    return p.startsWith('/api/') || p === '/api';
  }
}
