import { randomBytes } from 'node:crypto';

/**
 * Request ids for X-Request-Id and the request log: UUID-shaped (version 4, RFC 9562 variant), 74
 * random bits drawn once per generator (per process) and a 48-bit counter in the last group. Unique
 * within a process (2^48 requests) and, with the random part, across processes; cheaper than a
 * random UUID per request (`randomUUID` refills its entropy pool every 128 ids). Not a secret and
 * not unpredictable — nothing may rely on it being either (it is sent back to the client and logged).
 */
export function requestIds(): () => string {
  const r = randomBytes(10).toString('hex');
  // xxxxxxxx-xxxx-4xxx-Vxxx-cccccccccccc (V: 8, 9, a or b)
  const variant = ((parseInt(r[15]!, 16) & 0x3) | 0x8).toString(16);
  const prefix = `${r.slice(0, 8)}-${r.slice(8, 12)}-4${r.slice(12, 15)}-${variant}${r.slice(16, 19)}-`;
  let next = 0;
  return () => {
    next++;
    const hex = next.toString(16);
    return prefix + (hex.length >= 12 ? hex.slice(-12) : '000000000000'.slice(hex.length) + hex);
  };
}
