import { useMutation } from '@tanstack/react-query';
import { generateLinkResponse, type GenerateLinkBody } from '@waymark/contracts/admin';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/** POST /api/admin/generate-link: a one-time sign-in or recovery link for the admin to hand over. */
export const generateLink = (body: GenerateLinkBody) =>
  api('/api/admin/generate-link', { method: 'POST', body, schema: generateLinkResponse, toast: false, redirect: false, retry: false });

export function useGenerateLink({ mutationConfig }: { mutationConfig?: MutationConfig<typeof generateLink> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: generateLink });
}
