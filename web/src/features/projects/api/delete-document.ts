import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectKeys } from './keys';

/** DELETE /api/projects/:id/documents/:documentId (editors and owners). */
export function deleteDocument(projectId: string, documentId: string) {
  return api<void>(`/api/projects/${encodeURIComponent(projectId)}/documents/${encodeURIComponent(documentId)}`, { method: 'DELETE' });
}

export function useDeleteDocument(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string) => deleteDocument(projectId, documentId),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: projectKeys.detail(projectId) });
    },
  });
}
