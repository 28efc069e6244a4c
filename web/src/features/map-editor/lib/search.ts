import { z } from 'zod';

/** /explorer?project=…&region=… */
export const explorerSearchSchema = z.object({
  project: z.string().max(64).optional().catch(undefined),
  region: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/)
    .optional()
    .catch(undefined),
});
export type ExplorerSearch = z.infer<typeof explorerSearchSchema>;
