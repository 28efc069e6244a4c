import { queryOptions, useQuery } from '@tanstack/react-query';
import { documentList } from '@waymark/contracts';
import { api } from '@/lib/api-client';
import { projectKeys } from './keys';

/** GET /api/projects/:id/documents. */
export const documentsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: projectKeys.documents(id),
    queryFn: ({ signal }) => api(`/api/projects/${encodeURIComponent(id)}/documents`, { signal, schema: documentList }),
  });

export function useDocuments(id: string) {
  return useQuery(documentsQueryOptions(id));
}

export const downloadUrl = (projectId: string, documentId: string) =>
  `/api/projects/${encodeURIComponent(projectId)}/documents/${encodeURIComponent(documentId)}/download`;
