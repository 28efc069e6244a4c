import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { runServerToExit } from '../test/support/process.ts';

describe('configuration', () => {
  it('has embedded defaults: PGlite under DATA_DIR, port 3000 on loopback', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c.PORT).toBe(3000);
    expect(c.HOST).toBe('127.0.0.1');
    expect(c.database).toEqual({ kind: 'pglite', dir: '/srv/app/var/pglite' });
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.s3).toBeNull();
    expect(c.llm).toBeNull();
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/waymark' });
    expect(c.database).toEqual({ kind: 'postgres', url: 'postgres://u:p@db:5432/waymark', poolMax: 10 });
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/waymark', DATABASE_POOL_MAX: '3' }).database).toMatchObject({ poolMax: 3 });
  });

  it('takes UPLOAD_LIMIT_BYTES up to 2 GiB (its bound was once written 1 << 31, a negative number)', () => {
    expect(loadConfig({}).UPLOAD_LIMIT_BYTES).toBe(52_428_800);
    expect(loadConfig({ UPLOAD_LIMIT_BYTES: '8192' }).UPLOAD_LIMIT_BYTES).toBe(8192);
    expect(loadConfig({ UPLOAD_LIMIT_BYTES: String(2 ** 31) }).UPLOAD_LIMIT_BYTES).toBe(2 ** 31);
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT must be an integer from 0 to 65535 \(got "abc"\)$/],
    [{ PORT: '70000' }, /PORT must be an integer from 0 to 65535/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a postgres:\/\/ connection URL/],
    [{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL must be an absolute http\(s\) URL/],
    [{ SMTP_URL: 'http://mail' }, /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
    [{ LOG_LEVEL: 'loud' }, /^Invalid configuration: LOG_LEVEL must be/],
    [{ S3_BUCKET: 'b' }, /S3_ACCESS_KEY_ID must be set when any of/],
    [{ LLM_BASE_URL: 'http://127.0.0.1:11434/v1' }, /LLM_MODEL must be set together with LLM_BASE_URL/],
    [{ ADMIN_EMAIL: 'not-an-email' }, /ADMIN_EMAIL must be an email address/],
    [
      { UPLOAD_LIMIT_BYTES: '100' },
      /^Invalid configuration: UPLOAD_LIMIT_BYTES must be a number of bytes from 1024 to 2147483648 \(got "100"\)$/,
    ],
    [{ UPLOAD_LIMIT_BYTES: 'lots' }, /UPLOAD_LIMIT_BYTES must be a number of bytes from 1024 to 2147483648/],
  ])('rejects %o with a one-line message naming the variable', (env, message) => {
    let err: unknown;
    try {
      loadConfig(env);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toMatch(message);
    expect((err as Error).message).not.toContain('\n');
  });

  it('stops the server process with one line and a non-zero exit on a bad value', async () => {
    const r = await runServerToExit({ PORT: 'abc' });
    expect(r.code).not.toBe(0);
    expect(r.code).not.toBeNull();
    expect(r.stderr).toBe('Invalid configuration: PORT must be an integer from 0 to 65535 (got "abc")\n');
    expect(r.stdout).toBe('');
  });
});
