import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listUsersResponse, type AdminUser } from '@waymark/contracts/admin';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import { adminKeys } from './keys';

export type { AdminUser };
export type UserList = z.infer<typeof listUsersResponse>;
export interface UserListParams {
  q: string;
  page: number;
  perPage: number;
}

/** GET /api/admin/users: search by name, email or phone; newest first; paginated. */
export const getUsers = (params: UserListParams, signal?: AbortSignal): Promise<UserList> =>
  api(`/api/admin/users?${new URLSearchParams({ q: params.q, page: String(params.page), perPage: String(params.perPage) })}`, {
    signal,
    schema: listUsersResponse,
    toast: false,
  });

export const getUsersQueryOptions = (params: UserListParams) =>
  queryOptions({
    queryKey: adminKeys.userList(params),
    queryFn: ({ signal }) => getUsers(params, signal),
    placeholderData: keepPreviousData,
  });

export function useUsers(params: UserListParams, config: Partial<QueryConfig<typeof getUsersQueryOptions>> = {}) {
  return useQuery({ ...getUsersQueryOptions(params), ...config });
}
