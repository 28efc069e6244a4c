import { useMutation, useQueryClient } from '@tanstack/react-query';
import { task } from '@waymark/contracts/tasks';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { invalidateAfterTaskChange, taskKeys } from './keys';

/** POST /api/tasks/:id/duplicate: a copy in the same project. */
export function duplicateTask(id: string) {
  return api(`/api/tasks/${encodeURIComponent(id)}/duplicate`, { method: 'POST', schema: task, retry: false });
}

export function useDuplicateTask({ mutationConfig }: { mutationConfig?: MutationConfig<typeof duplicateTask> } = {}) {
  const qc = useQueryClient();
  return useMutation({
    ...mutationConfig,
    mutationFn: duplicateTask,
    onSuccess: (t, ...rest) => {
      qc.setQueryData(taskKeys.detail(t.id), t);
      invalidateAfterTaskChange(qc);
      return mutationConfig?.onSuccess?.(t, ...rest);
    },
  });
}
