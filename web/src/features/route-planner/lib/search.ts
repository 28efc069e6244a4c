import { z } from 'zod';

const uuidish = z.string().regex(/^[0-9a-fA-F-]{36}$/);

/** URL search params of /run and /run-app; invalid values are dropped, never an error page. */
export const plannerSearchSchema = z.object({
  route: uuidish.optional().catch(undefined),
  share: uuidish.optional().catch(undefined),
  region: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,62}$/)
    .optional()
    .catch(undefined),
});
export type PlannerSearch = z.infer<typeof plannerSearchSchema>;
