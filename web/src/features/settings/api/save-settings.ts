import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  userSettingsResponse,
  type AppearanceSettings,
  type DisplaySettings,
  type NotificationSettingsBody,
  type ProfileSettingsBody,
  type UserSettings,
} from '@waymark/contracts/settings';
import { api } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/session';
import { settingsKeys } from './keys';

type Bodies = {
  profile: ProfileSettingsBody;
  appearance: AppearanceSettings;
  display: DisplaySettings;
  notifications: NotificationSettingsBody;
};

/** PUT /api/settings/<page>: the answer is the whole settings object, which replaces the cache. */
export const saveSettings = async <P extends keyof Bodies>(page: P, body: Bodies[P]): Promise<UserSettings> =>
  (await api(`/api/settings/${page}`, { method: 'PUT', body, schema: userSettingsResponse, toast: false })).settings;

export function useSaveSettings<P extends keyof Bodies>(page: P) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Bodies[P]) => saveSettings(page, body),
    onSuccess: (s) => {
      qc.setQueryData(settingsKeys.all, s);
      // The display name lives in the session too (header, user menu).
      if (page === 'profile') void qc.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
