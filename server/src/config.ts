import path from 'node:path';
import { z } from 'zod';

/** Thrown when the environment does not describe a valid configuration. Message is one line. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const port = z.coerce
  .number({ message: 'an integer from 0 to 65535' })
  .int('an integer from 0 to 65535')
  .min(0, 'an integer from 0 to 65535')
  .max(65535, 'an integer from 0 to 65535');

const optionalUrl = (protocols: string[], form: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => {
      if (v === undefined) return true;
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, form);

const bool = (def: 'true' | 'false') =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'true or false' })
    .default(def)
    .transform((v) => v === 'true' || v === '1' || v === 'yes');

const intRange = (min: number, max: number, what: string) => {
  const msg = `${what} from ${min} to ${max}`;
  return z.coerce.number({ message: msg }).int(msg).min(min, msg).max(max, msg);
};

const EnvSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  PORT: port.default(3000),
  HOST: z
    .string()
    .trim()
    .regex(/^[\w.:-]+$/, 'a host name or IP address such as 127.0.0.1 or 0.0.0.0')
    .default('127.0.0.1'),
  PUBLIC_URL: optionalUrl(['http:', 'https:'], 'an absolute http(s) URL such as https://maps.example.org'),
  DATA_DIR: z.string().trim().min(1, 'a directory path').default('var'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:'], 'a postgres:// connection URL'),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce
    .number({ message: 'a number of bytes from 1024 to 1073741824' })
    .int()
    .min(1024, 'a number of bytes from 1024 to 1073741824')
    .max(1 << 30, 'a number of bytes from 1024 to 1073741824')
    .default(1024 * 1024),
  // 1 << 31 is negative in JavaScript: the bound is written 2 ** 31.
  UPLOAD_LIMIT_BYTES: z.coerce
    .number({ message: 'a number of bytes from 1024 to 2147483648' })
    .int('a number of bytes from 1024 to 2147483648')
    .min(1024, 'a number of bytes from 1024 to 2147483648')
    .max(2 ** 31, 'a number of bytes from 1024 to 2147483648')
    .default(50 * 1024 * 1024),
  // Memory for list pages kept between requests (db/list-cache.ts); 0 reads every list from the database.
  LIST_CACHE_MB: z.coerce
    .number({ message: 'a number of megabytes from 0 to 4096' })
    .min(0, 'a number of megabytes from 0 to 4096')
    .max(4096, 'a number of megabytes from 0 to 4096')
    .default(32),
  WEB_DIST: z.string().trim().optional(),
  // Directory of built region packs (relative paths are resolved against the repository root).
  REGIONS_DIR: z.string().trim().min(1, 'a directory path').default('data/packs'),
  SEED_DEMO: bool('true'),
  ADMIN_EMAIL: z
    .string()
    .trim()
    .email('an email address')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  AUTH_SECRET: z
    .string()
    .min(32, 'at least 32 characters of random text')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // Mail: SMTP when set, the in-app mailbox otherwise.
  SMTP_URL: optionalUrl(['smtp:', 'smtps:'], 'an smtp:// or smtps:// URL'),
  SMTP_FROM: z.string().trim().default('Waymark <no-reply@waymark.local>'),
  // Mailbox: messages one user may send per hour (429 beyond; a message to 20 people counts once).
  MAIL_SEND_PER_HOUR: z.coerce
    .number({ message: 'an integer from 1 to 100000' })
    .int('an integer from 1 to 100000')
    .min(1, 'an integer from 1 to 100000')
    .max(100_000, 'an integer from 1 to 100000')
    .default(60),
  // Auth: a generic OpenID Connect provider (all of OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, or none).
  OIDC_ISSUER: optionalUrl(['http:', 'https:'], 'an http(s) URL of an OpenID Connect issuer'),
  OIDC_CLIENT_ID: z.string().trim().optional(),
  OIDC_CLIENT_SECRET: z.string().trim().optional(),
  OIDC_SCOPES: z
    .string()
    .trim()
    .regex(/^[\w:.\- ]*\bopenid\b[\w:.\- ]*$/, 'space-separated scopes including openid')
    .default('openid email profile'),
  OIDC_NAME: z.string().trim().min(1).max(40, 'a provider name of at most 40 characters').default('Single sign-on'),
  // Auth abuse limits: attempts per IP per action and failed sign-ins per account, per window.
  AUTH_RATE_WINDOW_SECONDS: z.coerce
    .number({ message: 'a number of seconds from 1 to 86400' })
    .int()
    .min(1, 'a number of seconds from 1 to 86400')
    .max(86400, 'a number of seconds from 1 to 86400')
    .default(900),
  AUTH_RATE_IP_MAX: z.coerce
    .number({ message: 'an integer from 1 to 1000000' })
    .int()
    .min(1, 'an integer from 1 to 1000000')
    .max(1_000_000, 'an integer from 1 to 1000000')
    .default(300),
  AUTH_RATE_ACCOUNT_MAX: z.coerce
    .number({ message: 'an integer from 1 to 1000' })
    .int()
    .min(1, 'an integer from 1 to 1000')
    .max(1000, 'an integer from 1 to 1000')
    .default(5),
  // Behind your own reverse proxies: how many of them append to X-Forwarded-For (true = 1). The client
  // IP is the entry that many places from the right, i.e. the one your outermost proxy appended.
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .refine((v) => /^(true|false|yes|no|[0-9]|10)$/.test(v), 'true, false or a number of proxy hops from 0 to 10')
    .transform((v) => (v === 'true' || v === 'yes' ? 1 : v === 'false' || v === 'no' ? 0 : Number(v))),
  // Object storage for documents: all of S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, or none.
  S3_ENDPOINT: optionalUrl(['http:', 'https:'], 'an http(s) URL of an S3-compatible endpoint'),
  S3_REGION: z.string().trim().default('us-east-1'),
  S3_BUCKET: z.string().trim().optional(),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  // OpenAI-compatible model endpoint for the AI chat map (optional; the built-in intent engine is used otherwise).
  LLM_BASE_URL: optionalUrl(['http:', 'https:'], 'an http(s) URL of an OpenAI-compatible API'),
  LLM_MODEL: z.string().trim().optional(),
  LLM_API_KEY: z.string().trim().optional(),
  // Real-time collaboration on project maps (docs/collaboration.md).
  COLLAB_MAX_MESSAGE_BYTES: intRange(65_536, 268_435_456, 'a number of bytes').default(16 * 1024 * 1024),
  COLLAB_MAX_DOCUMENT_BYTES: intRange(1_048_576, 2 ** 31, 'a number of bytes').default(64 * 1024 * 1024),
  COLLAB_SNAPSHOT_EVERY: intRange(10, 1_000_000, 'a number of updates').default(500),
  COLLAB_HISTORY_DAYS: intRange(1, 36_500, 'a number of days').default(30),
  COLLAB_TOMBSTONE_DAYS: intRange(0, 36_500, 'a number of days').default(30),
  // AI map chat requests per signed-in user per minute (model and built-in engine alike).
  LLM_RATE_PER_MINUTE: z.coerce
    .number({ message: 'an integer from 1 to 10000' })
    .int('an integer from 1 to 10000')
    .min(1, 'an integer from 1 to 10000')
    .max(10_000, 'an integer from 1 to 10000')
    .default(20),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config extends Env {
  dataDir: string;
  publicUrl: string;
  database: { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string; poolMax: number };
  s3: { endpoint?: string; region: string; bucket: string; accessKeyId: string; secretAccessKey: string } | null;
  llm: { baseUrl: string; model: string; apiKey?: string } | null;
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  const s = String(value);
  return JSON.stringify(s.length > 60 ? `${s.slice(0, 57)}...` : s);
}

/** Parse and validate configuration; throws ConfigError with a single line naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(
      `Invalid configuration: ${name} must be ${issue.message.replace(/^Invalid input: /, '')} (got ${describe(env[name])})`,
    );
  }
  const e = parsed.data;
  const s3Keys = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  const s3Set = s3Keys.filter((k) => e[k]);
  if (s3Set.length > 0 && s3Set.length < s3Keys.length) {
    const missing = s3Keys.find((k) => !e[k])!;
    throw new ConfigError(`Invalid configuration: ${missing} must be set when any of ${s3Keys.join(', ')} is set`);
  }
  if ((e.LLM_BASE_URL && !e.LLM_MODEL) || (!e.LLM_BASE_URL && e.LLM_MODEL)) {
    const missing = e.LLM_BASE_URL ? 'LLM_MODEL' : 'LLM_BASE_URL';
    throw new ConfigError(
      `Invalid configuration: ${missing} must be set together with ${missing === 'LLM_MODEL' ? 'LLM_BASE_URL' : 'LLM_MODEL'}`,
    );
  }
  const oidcKeys = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;
  const oidcSet = oidcKeys.filter((k) => e[k]);
  if (oidcSet.length > 0 && oidcSet.length < oidcKeys.length) {
    const missing = oidcKeys.find((k) => !e[k])!;
    throw new ConfigError(`Invalid configuration: ${missing} must be set when any of ${oidcKeys.join(', ')} is set`);
  }
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  return {
    ...e,
    dataDir,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolMax: e.DATABASE_POOL_MAX }
      : { kind: 'pglite', dir: path.join(dataDir, 'pglite') },
    s3:
      s3Set.length === s3Keys.length
        ? {
            ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
            region: e.S3_REGION,
            bucket: e.S3_BUCKET!,
            accessKeyId: e.S3_ACCESS_KEY_ID!,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
          }
        : null,
    llm:
      e.LLM_BASE_URL && e.LLM_MODEL
        ? { baseUrl: e.LLM_BASE_URL, model: e.LLM_MODEL, ...(e.LLM_API_KEY ? { apiKey: e.LLM_API_KEY } : {}) }
        : null,
  };
}
