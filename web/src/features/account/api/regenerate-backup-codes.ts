import { useMutation } from '@tanstack/react-query';
import { backupCodesResponse } from '@waymark/contracts/auth';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/** POST /api/auth/backup-codes: a new set of 10 single-use codes (the old set stops working). */
export const regenerateBackupCodes = () =>
  api('/api/auth/backup-codes', { method: 'POST', body: {}, schema: backupCodesResponse, toast: false, redirect: false, retry: false });

export function useRegenerateBackupCodes({ mutationConfig }: { mutationConfig?: MutationConfig<typeof regenerateBackupCodes> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: regenerateBackupCodes });
}
