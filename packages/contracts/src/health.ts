import { z } from 'zod';

/** GET /api/health (200 ok, 503 degraded) and GET /builds/latest.json. */

export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  /** id of the web build being served */
  build: z.string(),
  uptimeSeconds: z.number(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    reachable: z.boolean(),
    latencyMs: z.number(),
    /** when the database was last checked (a successful check is reused for a second) */
    checkedAt: z.string(),
  }),
});
export type HealthResponse = z.infer<typeof healthResponse>;

/** The web build being served: a new id means a new deploy. */
export const buildInfo = z.object({ id: z.string(), timestamp: z.string() });
export type BuildInfo = z.infer<typeof buildInfo>;
