import { loopResponse, type LoopAlternative, type LoopRequest } from '@waymark/contracts/routing';
import { api } from '@/lib/api-client';

/** POST /api/route/loop: loop alternatives from the server (the fallback when the routing worker cannot run). */
export async function generateLoops(body: LoopRequest, signal?: AbortSignal): Promise<LoopAlternative[]> {
  return (await api('/api/route/loop', { method: 'POST', body, signal, schema: loopResponse, toast: false, redirect: false })).alternatives;
}
