import { useMutation, useQueryClient } from '@tanstack/react-query';
import { task, type PatchTaskBody } from '@waymark/contracts/tasks';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { invalidateAfterTaskChange, taskKeys } from './keys';

/** PATCH /api/tasks/:id (editors and owners of the task's project). */
export function updateTask({ id, body }: { id: string; body: PatchTaskBody }) {
  return api(`/api/tasks/${encodeURIComponent(id)}`, { method: 'PATCH', body, schema: task, retry: false });
}

export function useUpdateTask({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateTask> } = {}) {
  const qc = useQueryClient();
  return useMutation({
    ...mutationConfig,
    mutationFn: updateTask,
    onSuccess: (t, ...rest) => {
      qc.setQueryData(taskKeys.detail(t.id), t);
      invalidateAfterTaskChange(qc);
      return mutationConfig?.onSuccess?.(t, ...rest);
    },
  });
}
