// Typing helpers for the data layer (features/<x>/api/): a request file exports a fetcher,
// its queryOptions (or a mutation hook) and a hook that accepts extra options of these types.
import type { DefaultError, UseMutationOptions } from '@tanstack/react-query';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** Extra options for a query hook: those of its `…QueryOptions` function `F`, without the key and fetcher. */
export type QueryConfig<F extends (...args: any[]) => any> = Omit<ReturnType<F>, 'queryKey' | 'queryFn'>;

/** Extra options for a mutation hook whose fetcher is `F` (one argument: the variables). */
export type MutationConfig<F extends (...args: any[]) => Promise<unknown>> = Omit<
  UseMutationOptions<Awaited<ReturnType<F>>, DefaultError, Parameters<F>[0]>,
  'mutationFn'
>;
