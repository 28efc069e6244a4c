import { useMutation, useQueryClient } from '@tanstack/react-query';
import { task, type CreateTaskBody } from '@waymark/contracts/tasks';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { invalidateAfterTaskChange, taskKeys } from './keys';

/** POST /api/tasks (editors and owners of the project). */
export function createTask(body: CreateTaskBody) {
  return api('/api/tasks', { method: 'POST', body, schema: task, retry: false });
}

export function useCreateTask({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createTask> } = {}) {
  const qc = useQueryClient();
  return useMutation({
    ...mutationConfig,
    mutationFn: createTask,
    onSuccess: (t, ...rest) => {
      qc.setQueryData(taskKeys.detail(t.id), t);
      invalidateAfterTaskChange(qc);
      return mutationConfig?.onSuccess?.(t, ...rest);
    },
  });
}
