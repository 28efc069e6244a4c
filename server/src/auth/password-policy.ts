import { dictionary } from '@zxcvbn-ts/language-common';
import type { WeakReason } from '@waymark/contracts';

export type { WeakReason } from '@waymark/contracts';

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

let common: Set<string> | null = null;
function commonPasswords(): Set<string> {
  common ??= new Set((dictionary as Record<string, string[]>)['passwords-common']!.map((p) => p.toLowerCase()));
  return common;
}

/** The whole password is one short unit repeated ("aaaaaaaaaaaa", "abcabcabcabc", "hellohellohello"). */
function isRepetition(p: string): boolean {
  return /^(.{1,6}?)\1+$/su.test(p) || new Set(p).size <= 2;
}

/** A run of consecutive characters ("123456789012", "abcdefghijkl", "zyxwvutsrqpo"). */
function isSequence(p: string): boolean {
  const cps = [...p.toLowerCase()].map((ch) => ch.codePointAt(0)!);
  if (cps.length < 4) return false;
  const step = cps[1]! - cps[0]!;
  if (Math.abs(step) !== 1 && !(cps.every((c) => c >= 48 && c <= 57) && Math.abs(step) === 9)) return false;
  // digits may wrap 9 → 0 ("890123"): compare modulo 10 for digit runs
  const digits = cps.every((c) => c >= 48 && c <= 57);
  return cps.every((c, i) => i === 0 || (digits ? (c - 48 - (cps[i - 1]! - 48) + 10) % 10 === (step + 10) % 10 : c - cps[i - 1]! === step));
}

/** Pieces of the user's own email, name or phone (≥ 4 characters) that must not make up the password. */
function personalParts(context: string[]): string[] {
  const parts = new Set<string>();
  for (const raw of context) {
    const v = raw.toLowerCase().trim();
    if (v.length >= 4) parts.add(v);
    const local = v.split('@')[0] ?? '';
    for (const p of [local, ...local.split(/[._+-]/), ...v.split(/\s+/), v.replace(/\D/g, '').slice(-7)]) if (p.length >= 4) parts.add(p);
  }
  return [...parts];
}

/**
 * OWASP ASVS L2 policy: 12..128 characters (counted as Unicode code points), no composition rules;
 * refused, each with its own reason, when it is a repetition, a sequence, made of the user's own
 * email/name/phone, or on the common/breached list of @zxcvbn-ts/language-common.
 * Returns the reasons the password is refused (empty when acceptable).
 */
export function passwordWeaknesses(password: string, context: string[] = []): WeakReason[] {
  const reasons: WeakReason[] = [];
  const length = [...password].length;
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) reasons.push('length');
  if ([...password].some((ch) => ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127)) reasons.push('characters');
  const lower = password.toLowerCase();
  const compact = lower.replace(/[\s._@+-]/g, '');
  if (isRepetition(password)) reasons.push('repeated');
  else if (isSequence(compact)) reasons.push('sequence');
  const personal = personalParts(context);
  // "contains your email/name": the password is (mostly) made of it — it is guessable by anyone who knows you.
  if (
    personal.some((p) => {
      const pc = p.replace(/[\s._@+-]/g, '');
      return pc.length >= 4 && (compact === pc || ((compact.includes(pc) || lower.includes(p)) && pc.length * 2 >= compact.length));
    })
  ) {
    reasons.push('personal');
  }
  if (
    !reasons.includes('repeated') &&
    !reasons.includes('sequence') &&
    !reasons.includes('personal') &&
    (commonPasswords().has(lower) || commonPasswords().has(compact))
  )
    reasons.push('pwned');
  return reasons;
}

const SENTENCES: Record<WeakReason, string> = {
  length: `use ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`,
  characters: 'control characters are not allowed',
  repeated: 'it only repeats the same characters; add a few unrelated words',
  sequence: 'it is a run of consecutive characters (like 123456… or abcdef…); add a few unrelated words',
  personal: 'it is made of your own email address, name or phone number, which others can guess',
  pwned: 'this password is too common or has appeared in a data breach; choose another',
};

export function weakPasswordMessage(reasons: WeakReason[]): string {
  return `Password is too weak: ${reasons.map((r) => SENTENCES[r]).join('; ')}`;
}
