import { queryOptions, useQuery } from '@tanstack/react-query';
import { listAccessRequestsResponse, type AccessRequest } from '@waymark/contracts/admin';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import { adminKeys } from './keys';

export type { AccessRequest };
export type AccessRequestFilter = 'pending' | 'approved' | 'rejected' | 'all';
export type AccessRequestList = z.infer<typeof listAccessRequestsResponse>;

/** GET /api/admin/access-requests?status=…: newest first, up to 100. */
export const getAccessRequests = (status: AccessRequestFilter, signal?: AbortSignal): Promise<AccessRequestList> =>
  api(`/api/admin/access-requests?${new URLSearchParams({ status, perPage: '100' })}`, {
    signal,
    schema: listAccessRequestsResponse,
    toast: false,
  });

export const getAccessRequestsQueryOptions = (status: AccessRequestFilter) =>
  queryOptions({ queryKey: adminKeys.accessRequestList(status), queryFn: ({ signal }) => getAccessRequests(status, signal) });

export function useAccessRequests(status: AccessRequestFilter, config: Partial<QueryConfig<typeof getAccessRequestsQueryOptions>> = {}) {
  return useQuery({ ...getAccessRequestsQueryOptions(status), ...config });
}
