import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkUpdateResult, type BulkUpdateTasksBody } from '@waymark/contracts/tasks';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { invalidateAfterTaskChange, taskKeys } from './keys';

/** POST /api/tasks/bulk-update: the status and/or priority of several tasks, all or none. */
export function bulkUpdateTasks(body: BulkUpdateTasksBody) {
  return api('/api/tasks/bulk-update', { method: 'POST', body, schema: bulkUpdateResult, retry: false });
}

export function useBulkUpdateTasks({ mutationConfig }: { mutationConfig?: MutationConfig<typeof bulkUpdateTasks> } = {}) {
  const qc = useQueryClient();
  return useMutation({
    ...mutationConfig,
    mutationFn: bulkUpdateTasks,
    onSuccess: (r, ...rest) => {
      for (const t of r.items) qc.setQueryData(taskKeys.detail(t.id), t);
      invalidateAfterTaskChange(qc);
      return mutationConfig?.onSuccess?.(r, ...rest);
    },
  });
}
