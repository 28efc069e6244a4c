import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { invalidateAfterTaskChange, taskKeys } from './keys';

/** DELETE /api/tasks/:id. */
export async function deleteTask(id: string): Promise<void> {
  await api(`/api/tasks/${encodeURIComponent(id)}`, { method: 'DELETE', retry: false });
}

export function useDeleteTask({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteTask> } = {}) {
  const qc = useQueryClient();
  return useMutation({
    ...mutationConfig,
    mutationFn: deleteTask,
    onSuccess: (d, id, ...rest) => {
      qc.removeQueries({ queryKey: taskKeys.detail(id) });
      invalidateAfterTaskChange(qc);
      return mutationConfig?.onSuccess?.(d, id, ...rest);
    },
  });
}
