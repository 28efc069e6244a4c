import { ApiError, api } from '@/lib/api-client';

/** GET /api/settings/export as a file download (needs a sign-in within 10 minutes: 403 reauthentication_needed). */
export async function downloadExport(): Promise<void> {
  const res = await fetch('/api/settings/export', { credentials: 'same-origin' });
  if (!res.ok) {
    let code = 'http_error';
    let message = res.statusText;
    try {
      const b = (await res.json()) as { error?: { code?: string; message?: string } };
      code = b.error?.code ?? code;
      message = b.error?.message ?? message;
    } catch {
      /* not JSON */
    }
    throw new ApiError(res.status, code, message);
  }
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'waymark-export.zip';
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** DELETE /api/settings/account with the address typed again. */
export const deleteAccount = (confirm: string) =>
  api('/api/settings/account', { method: 'DELETE', body: { confirm }, toast: false, redirect: false });

/** POST /api/auth/reauthenticate: confirm it is you (password or an authenticator code). */
export const reauthenticate = (secret: string) =>
  api('/api/auth/reauthenticate', {
    method: 'POST',
    body: /^\d{6}$/.test(secret.trim()) ? { code: secret.trim() } : { password: secret },
    toast: false,
    redirect: false,
  });

export const needsReauth = (err: unknown) => err instanceof ApiError && err.code === 'reauthentication_needed';
