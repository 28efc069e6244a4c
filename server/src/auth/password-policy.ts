import { dictionary } from '@zxcvbn-ts/language-common';

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

let common: Set<string> | null = null;
function commonPasswords(): Set<string> {
  common ??= new Set((dictionary as Record<string, string[]>)['passwords-common']!.map((p) => p.toLowerCase()));
  return common;
}

export type WeakReason = 'length' | 'pwned' | 'characters';

/**
 * OWASP ASVS L2 policy: 12..128 characters (counted as Unicode code points), no composition rules,
 * and not in the common/breached password list shipped with @zxcvbn-ts/language-common.
 * Returns the reasons the password is refused (empty when acceptable).
 */
export function passwordWeaknesses(password: string, context: string[] = []): WeakReason[] {
  const reasons: WeakReason[] = [];
  const length = [...password].length;
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) reasons.push('length');
  if ([...password].some((ch) => ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127)) reasons.push('characters');
  const lower = password.toLowerCase();
  const contextual = context.filter((c) => c.length >= 4).map((c) => c.toLowerCase());
  if (commonPasswords().has(lower) || /^(.)\1+$/.test(password) || contextual.some((c) => lower === c || lower === c.split('@')[0])) {
    reasons.push('pwned');
  }
  return reasons;
}

export function weakPasswordMessage(reasons: WeakReason[]): string {
  const parts: string[] = [];
  if (reasons.includes('length')) parts.push(`use ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`);
  if (reasons.includes('pwned')) parts.push('this password is too common or has appeared in a data breach; choose another');
  if (reasons.includes('characters')) parts.push('control characters are not allowed');
  const text = parts.join('; ');
  return `Password is too weak: ${text}`;
}
