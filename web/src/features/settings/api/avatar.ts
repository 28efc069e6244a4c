import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSettingsResponse } from '@waymark/contracts/settings';
import { api } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** PUT /api/settings/avatar with the image bytes (the server recognises the type), or DELETE. */
export const putAvatar = async (image: Blob | null) =>
  (
    await api(
      '/api/settings/avatar',
      image
        ? { method: 'PUT', body: image, schema: userSettingsResponse, toast: false }
        : { method: 'DELETE', schema: userSettingsResponse, toast: false },
    )
  ).settings;

export function useAvatar() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: putAvatar, onSuccess: (s) => qc.setQueryData(settingsKeys.all, s) });
}
