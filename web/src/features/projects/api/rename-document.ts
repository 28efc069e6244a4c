import { useMutation, useQueryClient } from '@tanstack/react-query';
import { documentItem } from '@waymark/contracts';
import { api } from '@/lib/api-client';
import { projectKeys } from './keys';

/** PATCH /api/projects/:id/documents/:documentId (editors and owners). */
export function renameDocument(projectId: string, documentId: string, name: string) {
  return api(`/api/projects/${encodeURIComponent(projectId)}/documents/${encodeURIComponent(documentId)}`, {
    method: 'PATCH',
    body: { name },
    schema: documentItem,
  });
}

export function useRenameDocument(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ documentId, name }: { documentId: string; name: string }) => renameDocument(projectId, documentId, name),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: projectKeys.documents(projectId) });
      void qc.invalidateQueries({ queryKey: projectKeys.activity(projectId) });
    },
  });
}
