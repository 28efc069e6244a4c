import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hashPassword, newBackupCodes, newTotpSecret, totpAt, verifyPassword, verifyTotp } from './crypto.ts';
import { passwordWeaknesses, weakPasswordMessage } from './password-policy.ts';
import { MemoryCounterStore, claimAttempt, clearKey, hitWindow, progressiveDelay } from './rate-limit.ts';

describe('auth crypto', () => {
  it('hashes and verifies passwords (scrypt), rejecting wrong ones and garbage hashes', async () => {
    const h = await hashPassword('correct horse battery staple');
    expect(h).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('correct horse battery staple', h)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', h)).toBe(false);
    expect(await verifyPassword('x', null)).toBe(false);
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false);
  });

  it('round-trips base32 and agrees with otpauth on TOTP codes', () => {
    const buf = Buffer.from('12345678901234567890');
    expect(base32Decode(base32Encode(buf))).toEqual(buf);
    // RFC 6238 test vector (SHA-1, T = 59 s → 94287082, last 6 digits).
    expect(totpAt(base32Encode(buf), 1)).toBe('287082');
    const secret = newTotpSecret();
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
    const now = Date.now();
    expect(verifyTotp(secret, totp.generate({ timestamp: now }), now)).toBe(Math.floor(now / 30_000));
    expect(verifyTotp(secret, totp.generate({ timestamp: now - 30_000 }), now)).toBe(Math.floor(now / 30_000) - 1);
    expect(verifyTotp(secret, totp.generate({ timestamp: now - 120_000 }), now)).toBeNull();
    expect(verifyTotp(secret, 'abcdef', now)).toBeNull();
  });

  it('makes ten distinct backup codes', () => {
    const codes = newBackupCodes();
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
  });
});

describe('password policy', () => {
  it('needs 12..128 code points and refuses common passwords', () => {
    expect(passwordWeaknesses('eleven char')).toEqual(['length']);
    expect(passwordWeaknesses('twelve chars')).toEqual([]);
    // 12 code points are long enough (surrogate pairs count once); one emoji repeated is a repetition.
    expect(passwordWeaknesses('🏃🌲⛺🗻🌄🧭🥾🌊🦌🍄🌙🔥')).toEqual([]);
    expect(passwordWeaknesses('🏃'.repeat(12))).toEqual(['repeated']);
    expect(passwordWeaknesses('a'.repeat(129))).toContain('length');
    expect(passwordWeaknesses('qazwsxedcrfv')).toEqual(['pwned']);
    expect(passwordWeaknesses('1q2w3e4r5t6y')).toEqual(['pwned']);
    // The real reason, not "too common" (issue 11): repetition, a sequence, the user's own details.
    expect(passwordWeaknesses('aaaaaaaaaaaaaaaa')).toEqual(['repeated']);
    expect(passwordWeaknesses('abcabcabcabcabc')).toEqual(['repeated']);
    expect(passwordWeaknesses('123456789012345')).toEqual(['sequence']);
    expect(passwordWeaknesses('alice.example@x.org', ['alice.example@x.org'])).toEqual(['personal']);
    expect(passwordWeaknesses('AliceExample2024', ['alice.example@x.org', 'Alice Example'])).toEqual(['personal']);
    expect(passwordWeaknesses('alice walks the long ridge at dawn', ['alice@x.org'])).toEqual([]);
    expect(weakPasswordMessage(['repeated'])).toMatch(/repeats/);
    expect(weakPasswordMessage(['personal'])).toMatch(/your own email address, name/);
  });
});

describe('abuse counters', () => {
  const policy = { free: 3, windowMs: 60_000, baseMs: 10_000, capMs: 60_000 };
  it('fixed window per key: refuses beyond max until the window ends', async () => {
    let now = 0;
    const store = new MemoryCounterStore(240_000, () => now);
    const hits = [];
    for (let i = 0; i < 4; i++) hits.push(await hitWindow(store, 'k', 3, 60_000));
    expect(hits.map((h) => h.allowed)).toEqual([true, true, true, false]);
    expect(hits[3]!.retryAfter).toBe(60);
    now = 60_000;
    expect((await hitWindow(store, 'k', 3, 60_000)).allowed).toBe(true);
  });

  it('progressive delay: free attempts, then waits that double up to the cap; never a hard lock', async () => {
    let now = 0;
    const store = new MemoryCounterStore(240_000, () => now);
    for (let i = 0; i < 3; i++) expect((await claimAttempt(store, 'a', policy)).allowed).toBe(true);
    const refused = await claimAttempt(store, 'a', policy);
    expect(refused).toEqual({ allowed: false, retryAfter: 10 });
    now += 10_000;
    expect((await claimAttempt(store, 'a', policy)).allowed).toBe(true);
    expect((await claimAttempt(store, 'a', policy)).retryAfter).toBe(20);
    expect(progressiveDelay(20, policy)).toBe(60_000);
    // another key (another client) is not affected; a success clears the key
    expect((await claimAttempt(store, 'b', policy)).allowed).toBe(true);
    await clearKey(store, 'a');
    expect((await claimAttempt(store, 'a', policy)).allowed).toBe(true);
  });
});
