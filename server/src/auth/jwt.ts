import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import type { Db } from '../db/index.ts';

/** Access tokens live 1 hour; a signing key signs for 30 days and is served for 2 hours after. */
export const ACCESS_TOKEN_TTL_S = 3600;
export const KEY_ROTATE_MS = 30 * 24 * 3600_000;
export const KEY_RETAIN_MS = ACCESS_TOKEN_TTL_S * 1000 + 3600_000;
/** How long this process trusts its cached key set before reading the table again. */
const CACHE_MS = 60_000;

export interface AccessClaims {
  iss: string;
  aud: string;
  sub: string;
  sid: string;
  role: string;
  iat: number;
  exp: number;
  jti: string;
}

interface LoadedKey {
  kid: string;
  publicJwk: Record<string, unknown>;
  publicKey: KeyObject;
  privateKey: KeyObject | null;
  createdAt: number;
  retiredAt: number | null;
}

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');

/**
 * ES256 (ECDSA P-256) signing keys in the `auth_signing_keys` table, private halves encrypted with a
 * key derived from AUTH_SECRET (AES-256-GCM). The newest key signs; older ones stay in the JWKS until
 * every token they signed has expired. Several processes share the table: a token with an unknown
 * `kid` makes this process re-read it once.
 */
export class SigningKeys {
  private keys: LoadedKey[] = [];
  private loadedAt = 0;
  private creating: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly secret: () => string,
  ) {}

  private wrapKey(): Buffer {
    return createHash('sha256').update(`waymark-jwt-keys:${this.secret()}`).digest();
  }

  private encrypt(pem: string): string {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.wrapKey(), iv);
    const data = Buffer.concat([c.update(pem, 'utf8'), c.final()]);
    return [b64(iv), b64(c.getAuthTag()), b64(data)].join('.');
  }

  private decrypt(s: string): string | null {
    try {
      const [iv, tag, data] = s.split('.').map((p) => Buffer.from(p, 'base64url'));
      const d = createDecipheriv('aes-256-gcm', this.wrapKey(), iv!);
      d.setAuthTag(tag!);
      return Buffer.concat([d.update(data!), d.final()]).toString('utf8');
    } catch {
      return null; // AUTH_SECRET changed: this key can still verify, but not sign
    }
  }

  async load(force = false): Promise<LoadedKey[]> {
    if (!force && Date.now() - this.loadedAt < CACHE_MS && this.keys.length) return this.keys;
    const cutoff = new Date(Date.now() - KEY_RETAIN_MS);
    const rows = await this.db
      .selectFrom('auth_signing_keys')
      .selectAll()
      .where((eb) => eb.or([eb('retired_at', 'is', null), eb('retired_at', '>', cutoff)]))
      .orderBy('created_at', 'desc')
      .execute();
    this.keys = rows.map((r) => {
      const pem = this.decrypt(r.private_key);
      const jwk = (typeof r.public_jwk === 'string' ? JSON.parse(r.public_jwk) : r.public_jwk) as Record<string, unknown>;
      return {
        kid: r.kid,
        publicJwk: jwk,
        publicKey: createPublicKey({ key: jwk as never, format: 'jwk' }),
        privateKey: pem ? createPrivateKey(pem) : null,
        createdAt: new Date(r.created_at).getTime(),
        retiredAt: r.retired_at ? new Date(r.retired_at).getTime() : null,
      };
    });
    this.loadedAt = Date.now();
    return this.keys;
  }

  /** The key to sign with: the newest usable one, rotated after KEY_ROTATE_MS. */
  private async current(): Promise<LoadedKey> {
    let keys = await this.load();
    let k = keys.find((x) => x.privateKey && x.retiredAt === null);
    if (!k || Date.now() - k.createdAt > KEY_ROTATE_MS) {
      this.creating ??= this.rotate()
        .then(() => undefined)
        .finally(() => (this.creating = null));
      await this.creating;
      keys = await this.load(true);
      k = keys.find((x) => x.privateKey && x.retiredAt === null);
    }
    if (!k) throw new Error('no signing key available');
    return k;
  }

  /** Create a new signing key; the previous ones are retired (still served until their tokens expire). */
  async rotate(): Promise<string> {
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' }) as Record<string, unknown>;
    const kid = b64(
      createHash('sha256')
        .update(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y }))
        .digest(),
    ).slice(0, 16);
    const now = new Date();
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('auth_signing_keys').set({ retired_at: now }).where('retired_at', 'is', null).execute();
      await trx
        .insertInto('auth_signing_keys')
        .values({
          kid,
          public_jwk: JSON.stringify({ ...jwk, kid, alg: 'ES256', use: 'sig' }),
          private_key: this.encrypt(privateKey.export({ format: 'pem', type: 'pkcs8' }) as string),
          created_at: now,
        })
        .execute();
    });
    this.loadedAt = 0;
    return kid;
  }

  /** The public key set for /.well-known/jwks.json. */
  async jwks(): Promise<{ keys: Record<string, unknown>[] }> {
    await this.current();
    return { keys: (await this.load()).map((k) => k.publicJwk) };
  }

  async sign(claims: AccessClaims): Promise<string> {
    const k = await this.current();
    const input = `${b64(JSON.stringify({ alg: 'ES256', typ: 'JWT', kid: k.kid }))}.${b64(JSON.stringify(claims))}`;
    const sig = sign('sha256', Buffer.from(input), { key: k.privateKey!, dsaEncoding: 'ieee-p1363' });
    return `${input}.${b64(sig)}`;
  }

  /** The claims of a valid, unexpired token for this issuer and audience, or null. */
  async verify(token: string, expected: { iss: string; aud: string }): Promise<AccessClaims | null> {
    if (token.length > 4096) return null;
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    let header: { alg?: string; kid?: string };
    let claims: AccessClaims;
    try {
      header = JSON.parse(Buffer.from(parts[0]!, 'base64url').toString('utf8'));
      claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    if (header.alg !== 'ES256' || typeof header.kid !== 'string') return null;
    let key = (await this.load()).find((k) => k.kid === header.kid);
    if (!key) key = (await this.load(true)).find((k) => k.kid === header.kid);
    if (!key) return null;
    const ok = verify(
      'sha256',
      Buffer.from(`${parts[0]}.${parts[1]}`),
      { key: key.publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(parts[2]!, 'base64url'),
    );
    if (!ok) return null;
    const now = Math.floor(Date.now() / 1000);
    if (
      claims.iss !== expected.iss ||
      claims.aud !== expected.aud ||
      typeof claims.exp !== 'number' ||
      claims.exp <= now ||
      typeof claims.sub !== 'string' ||
      typeof claims.sid !== 'string'
    )
      return null;
    return claims;
  }
}
