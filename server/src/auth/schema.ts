import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | undefined, string>;

export interface UsersTable {
  id: Generated<string>;
  email: string | null;
  email_verified_at: NullableTimestamp;
  phone: string | null;
  phone_verified_at: NullableTimestamp;
  name: Generated<string>;
  password_hash: string | null;
  role: Generated<'user' | 'admin'>;
  banned: Generated<boolean>;
  ban_reason: string | null;
  last_sign_in_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  remember: Generated<boolean>;
  user_agent: Generated<string>;
  ip: Generated<string>;
  method: Generated<string>;
  created_at: Generated<Date>;
  last_seen_at: Timestamp;
  authenticated_at: Timestamp;
  expires_at: Timestamp;
  kind: Generated<'browser' | 'token'>;
}

export interface MfaFactorsTable {
  id: Generated<string>;
  user_id: string;
  factor_type: Generated<'totp'>;
  friendly_name: Generated<string>;
  secret: string;
  status: Generated<'unverified' | 'verified'>;
  last_used_step: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

export interface MfaBackupCodesTable {
  id: Generated<string>;
  user_id: string;
  code_hash: string;
  used_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface MfaChallengesTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  remember: Generated<boolean>;
  attempts: Generated<number>;
  expires_at: Timestamp;
  created_at: Generated<Date>;
}

export interface AuthTokensTable {
  id: Generated<string>;
  user_id: string | null;
  kind: string;
  identifier: string;
  token_hash: string;
  attempts: Generated<number>;
  data: Json<Record<string, unknown>>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface UserIdentitiesTable {
  id: Generated<string>;
  user_id: string;
  provider: string;
  subject: string;
  email: string | null;
  created_at: Generated<Date>;
}

export interface AccessRequestsTable {
  id: Generated<string>;
  name: string;
  email: string;
  reason: Generated<string>;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  decided_by: string | null;
  decided_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface AuthRateLimitsTable {
  key: string;
  count: number;
  window_start: Timestamp;
  blocked_until: Timestamp;
}

export interface RefreshTokensTable {
  id: Generated<string>;
  session_id: string;
  token_hash: string;
  used_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface PersonalAccessTokensTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  token_hash: string;
  scope: 'read' | 'write';
  expires_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface AuthSigningKeysTable {
  kid: string;
  public_jwk: Json<Record<string, unknown>>;
  private_key: string;
  created_at: Generated<Date>;
  retired_at: NullableTimestamp;
}

declare module '../db/schema.ts' {
  interface Database {
    users: UsersTable;
    sessions: SessionsTable;
    mfa_factors: MfaFactorsTable;
    mfa_backup_codes: MfaBackupCodesTable;
    mfa_challenges: MfaChallengesTable;
    auth_tokens: AuthTokensTable;
    user_identities: UserIdentitiesTable;
    access_requests: AccessRequestsTable;
    auth_rate_limits: AuthRateLimitsTable;
    refresh_tokens: RefreshTokensTable;
    personal_access_tokens: PersonalAccessTokensTable;
    auth_signing_keys: AuthSigningKeysTable;
  }
}
