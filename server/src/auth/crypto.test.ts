import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hashPassword, newBackupCodes, newTotpSecret, totpAt, verifyPassword, verifyTotp } from './crypto.ts';
import { passwordWeaknesses } from './password-policy.ts';
import { RateLimiter } from './rate-limit.ts';

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
    expect(passwordWeaknesses('🏃'.repeat(12))).toEqual([]);
    expect(passwordWeaknesses('a'.repeat(129))).toContain('length');
    expect(passwordWeaknesses('qazwsxedcrfv')).toEqual(['pwned']);
    expect(passwordWeaknesses('1q2w3e4r5t6y')).toEqual(['pwned']);
    expect(passwordWeaknesses('aaaaaaaaaaaaaaaa')).toEqual(['pwned']);
    expect(passwordWeaknesses('alice.example@x.org', ['alice.example@x.org'])).toEqual(['pwned']);
  });
});

describe('rate limiter', () => {
  it('locks a key after max hits, tells how long, and backs off on repeat lock-outs', () => {
    let now = 0;
    const rl = new RateLimiter(3, 60_000, true, () => now);
    expect(rl.hit('k')).toBe(0);
    expect(rl.hit('k')).toBe(0);
    expect(rl.hit('k')).toBe(60);
    expect(rl.retryAfter('k')).toBe(60);
    expect(rl.retryAfter('other')).toBe(0);
    now = 61_000;
    expect(rl.retryAfter('k')).toBe(0);
    rl.hit('k');
    rl.hit('k');
    expect(rl.hit('k')).toBe(120);
    rl.reset('k');
    expect(rl.retryAfter('k')).toBe(0);
  });
});
