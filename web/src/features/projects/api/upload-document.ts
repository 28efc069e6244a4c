import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { documentItem, type DocumentItem } from '@waymark/contracts';
import { ApiError, csrfToken } from '@/lib/api-client';
import { projectKeys } from './keys';

export interface UploadHandle {
  promise: Promise<DocumentItem>;
  abort(): void;
}

/**
 * POST /api/projects/:id/documents?name=… with the file as the body. XHR rather than fetch: only
 * XHR reports upload progress. The server sniffs the real type; 413/415 come back as ApiError.
 */
export function uploadDocument(
  projectId: string,
  file: File | Blob,
  name: string,
  onProgress?: (loaded: number, total: number) => void,
): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<DocumentItem>((resolve, reject) => {
    xhr.open('POST', `/api/projects/${encodeURIComponent(projectId)}/documents?name=${encodeURIComponent(name)}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    const token = csrfToken();
    if (token) xhr.setRequestHeader('X-CSRF-Token', token);
    xhr.upload.onprogress = (e) => onProgress?.(e.loaded, e.lengthComputable ? e.total : file.size);
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'The upload was interrupted. Check your connection and try again.'));
    xhr.onabort = () => reject(new ApiError(0, 'aborted', 'Upload cancelled'));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON */
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = documentItem.safeParse(body);
        if (parsed.success) resolve(parsed.data);
        else reject(new ApiError(xhr.status, 'invalid_response', 'Unexpected response to the upload'));
        return;
      }
      const err = (body as { error?: { code?: string; message?: string; details?: Record<string, unknown> } } | null)?.error;
      const fallback = xhr.status === 413 ? 'The file is larger than the upload limit' : `Upload failed (${xhr.status})`;
      reject(new ApiError(xhr.status, err?.code ?? `http_${xhr.status}`, err?.message ?? fallback, err?.details));
    };
    xhr.send(file);
  });
  return { promise, abort: () => xhr.abort() };
}

/** The uploader bound to the query cache: refreshes the project's documents and activity after each file. */
export function useUploadDocument(projectId: string | null) {
  const qc = useQueryClient();
  return useCallback(
    (file: File | Blob, name: string, onProgress?: (loaded: number, total: number) => void, target?: string) => {
      const id = target ?? projectId;
      if (!id) throw new Error('no project to upload to');
      const h = uploadDocument(id, file, name, onProgress);
      h.promise
        .then(() => {
          void qc.invalidateQueries({ queryKey: projectKeys.detail(id) });
          void qc.invalidateQueries({ queryKey: projectKeys.lists() });
        })
        .catch(() => undefined);
      return h;
    },
    [qc, projectId],
  );
}
