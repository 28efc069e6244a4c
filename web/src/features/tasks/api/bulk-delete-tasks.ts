import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkDeleteResult } from '@waymark/contracts/tasks';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { invalidateAfterTaskChange, taskKeys } from './keys';

/** POST /api/tasks/bulk-delete: several tasks, all or none. */
export function bulkDeleteTasks(ids: string[]) {
  return api('/api/tasks/bulk-delete', { method: 'POST', body: { ids }, schema: bulkDeleteResult, retry: false });
}

export function useBulkDeleteTasks({ mutationConfig }: { mutationConfig?: MutationConfig<typeof bulkDeleteTasks> } = {}) {
  const qc = useQueryClient();
  return useMutation({
    ...mutationConfig,
    mutationFn: bulkDeleteTasks,
    onSuccess: (r, ids, ...rest) => {
      for (const id of ids) qc.removeQueries({ queryKey: taskKeys.detail(id) });
      invalidateAfterTaskChange(qc);
      return mutationConfig?.onSuccess?.(r, ids, ...rest);
    },
  });
}
