import { useMutation } from '@tanstack/react-query';
import { recoverResponse } from '@waymark/contracts';
import { api } from '@/lib/api-client';

/** POST /api/auth/recover: the answer says how the link travels (SMTP, or via an administrator). */
export function useRecover() {
  return useMutation({
    mutationFn: (email: string) =>
      api('/api/auth/recover', { method: 'POST', body: { email }, schema: recoverResponse, toast: false, redirect: false }),
  });
}
