import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSettingsResponse, type UserSettings } from '@waymark/contracts/settings';
import { api } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** GET /api/settings: everything the settings pages show, saved on the server. */
export const getSettings = async (signal?: AbortSignal): Promise<UserSettings> =>
  (await api('/api/settings', { signal, schema: userSettingsResponse, toast: false, redirect: false })).settings;

export const settingsQueryOptions = queryOptions({
  queryKey: settingsKeys.all,
  queryFn: ({ signal }) => getSettings(signal),
  staleTime: 30_000,
});

export function useSettings(enabled = true) {
  return useQuery({ ...settingsQueryOptions, enabled });
}
