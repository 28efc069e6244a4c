import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mapHistoryResponse, restoreResponse, type RestoreBody } from '@waymark/contracts';
import { api } from '@/lib/api-client';

const key = (projectId: string) => ['projects', 'map-history', projectId] as const;

/** GET /api/projects/:id/history — versions of the map: who, when, how many changes. */
export function useMapHistory(projectId: string, enabled: boolean) {
  return useQuery({
    queryKey: key(projectId),
    queryFn: ({ signal }) => api(`/api/projects/${encodeURIComponent(projectId)}/history?limit=50`, { signal, schema: mapHistoryResponse }),
    enabled,
    refetchInterval: enabled ? 15_000 : false,
  });
}

/** POST /api/projects/:id/history/restore — the whole map, or one feature, back to a version. */
export function useRestoreVersion(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RestoreBody) =>
      api(`/api/projects/${encodeURIComponent(projectId)}/history/restore`, { method: 'POST', body, schema: restoreResponse }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: key(projectId) }),
  });
}
