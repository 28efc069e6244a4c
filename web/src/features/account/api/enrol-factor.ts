import { useMutation } from '@tanstack/react-query';
import { enrolFactorResponse } from '@waymark/contracts/auth';
import { type z } from 'zod';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

export type Enrolment = z.infer<typeof enrolFactorResponse>;

/** POST /api/auth/factors: start enrolling an authenticator app (unverified until a code is checked). */
export const enrolFactor = (friendlyName: string): Promise<Enrolment> =>
  api('/api/auth/factors', {
    method: 'POST',
    body: { friendlyName },
    schema: enrolFactorResponse,
    toast: false,
    redirect: false,
    retry: false,
  });

export function useEnrolFactor({ mutationConfig }: { mutationConfig?: MutationConfig<typeof enrolFactor> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: enrolFactor });
}
