import { z } from 'zod';

// ---- field schemas (server validation and client parsing) ----

export const MISSING_CREDENTIALS = 'You must provide either an email or phone number and a password';

export const emailSchema = z
  .string()
  .trim()
  .max(254, 'must be at most 254 characters')
  .pipe(z.email('must be a valid email address'))
  .transform((s) => s.toLowerCase());

/** Phone numbers in E.164 after removing spaces, dots, dashes and parentheses. */
export const phoneSchema = z
  .string()
  .max(32, 'must be at most 32 characters')
  .transform((s) => s.replace(/[\s().-]/g, ''))
  .refine((s) => /^\+[1-9]\d{6,14}$/.test(s), 'must be a phone number in international format, e.g. +447700900123');

/** Password as typed: only a type and an upper bound here; the policy decides strength. */
export const passwordInput = z.string().max(1024, 'must be at most 1024 characters');
export const nameSchema = z.string().trim().max(100, 'must be at most 100 characters');
export const tokenSchema = z.string().min(1, 'is required').max(200, 'must be at most 200 characters');
export const codeSchema = z.string().trim().max(32, 'must be at most 32 characters').min(1, 'is required');
/** Ids are UUIDs, compared in lower case (an upper-case spelling names the same row). */
export const uuidSchema = z.uuid('must be a UUID').transform((s) => s.toLowerCase());
export const roleSchema = z.enum(['user', 'admin']);
export type Role = z.infer<typeof roleSchema>;

// ---- request bodies ----

export const credentialsBody = z.object({
  email: emailSchema.optional(),
  phone: phoneSchema.optional(),
  password: passwordInput.optional(),
  remember: z.boolean().optional(),
});
export const signUpBody = credentialsBody.extend({ name: nameSchema.optional() });
export type SignUpBody = z.input<typeof signUpBody>;
export type SignInBody = z.input<typeof credentialsBody>;

export const mfaChallengeBody = z.object({ challengeId: tokenSchema, code: codeSchema });
export const signOutBody = z.object({ scope: z.enum(['local', 'global', 'others']).optional() });
export const otpBody = z.object({ email: emailSchema.optional(), phone: phoneSchema.optional() });
export const verifyBody = z.discriminatedUnion('type', [
  z.object({ type: z.enum(['signup', 'email_change', 'magiclink']), token: tokenSchema, remember: z.boolean().optional() }),
  z.object({ type: z.literal('email'), email: emailSchema, code: codeSchema, remember: z.boolean().optional() }),
  z.object({ type: z.literal('sms'), phone: phoneSchema, code: codeSchema, remember: z.boolean().optional() }),
]);
export type VerifyBody = z.input<typeof verifyBody>;
export const resendBody = z.object({
  type: z.enum(['signup', 'sms', 'email_change']),
  email: emailSchema.optional(),
  phone: phoneSchema.optional(),
});
export const recoverBody = z.object({ email: emailSchema });
export const resetCheckBody = z.object({ token: tokenSchema });
export const resetPasswordBody = z.object({ token: tokenSchema, password: passwordInput });
export const updateUserBody = z.object({
  name: nameSchema.optional(),
  email: emailSchema.optional(),
  phone: phoneSchema.optional(),
  password: passwordInput.optional(),
});
export type UpdateUserBody = z.input<typeof updateUserBody>;
export const reauthenticateBody = z.object({ password: passwordInput.optional(), code: codeSchema.optional() });
export const enrolFactorBody = z.object({ friendlyName: nameSchema.optional(), factorType: z.literal('totp').optional() });
export const verifyFactorBody = z.object({ code: codeSchema });
export const emptyBody = z.object({});
export const setupBody = z.object({
  token: tokenSchema,
  email: emailSchema.optional(),
  password: passwordInput.optional(),
  name: nameSchema.optional(),
});

/** POST /api/auth/token (JSON or form-encoded), after OAuth 2.0's token endpoint. */
export const tokenRequestBody = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('password'),
    email: emailSchema.optional(),
    phone: phoneSchema.optional(),
    username: z.string().max(254).optional(),
    password: passwordInput,
    mfa_code: codeSchema.optional(),
  }),
  z.object({ grant_type: z.literal('refresh_token'), refresh_token: tokenSchema }),
  z.object({ grant_type: z.literal('mfa'), challenge_id: tokenSchema, code: codeSchema }),
]);
export type TokenRequestBody = z.input<typeof tokenRequestBody>;

export const patScopeSchema = z.enum(['read', 'write']);
export const createPatBody = z.object({
  name: z.string().trim().min(1, 'is required').max(60, 'must be at most 60 characters'),
  scope: patScopeSchema,
  /** Days until it expires (1–365), or null for no expiry. */
  expiresInDays: z.number().int('must be a whole number').min(1, 'must be at least 1').max(365, 'must be at most 365').nullable(),
});
export type CreatePatBody = z.input<typeof createPatBody>;

// ---- responses ----

export const factorSchema = z.object({
  id: z.string(),
  factorType: z.literal('totp'),
  friendlyName: z.string(),
  status: z.enum(['verified', 'unverified']),
  createdAt: z.string(),
});
export type Factor = z.infer<typeof factorSchema>;

export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  name: z.string(),
  role: roleSchema,
  emailVerified: z.boolean(),
  phoneVerified: z.boolean(),
  banned: z.boolean(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  factors: z.array(factorSchema),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const sessionInfoSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  authenticatedAt: z.string(),
  remember: z.boolean(),
});

/** GET /api/_auth/session: the session, or `{ user: null, session: null }` when signed out (200). */
export const sessionResponse = z.object({ user: publicUserSchema.nullable(), session: sessionInfoSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponse>;

export const signedInResponse = z.object({ user: publicUserSchema, session: sessionInfoSchema });
export const mfaRequiredResponse = z.object({
  mfaRequired: z.literal(true),
  challengeId: z.string(),
  factors: z.array(z.object({ id: z.string(), factorType: z.literal('totp'), friendlyName: z.string() })),
});
export const signInResponse = z.union([mfaRequiredResponse, signedInResponse]);
export type SignInResponse = z.infer<typeof signInResponse>;

/** Whether a message could reach its address (see docs/auth.md, "Delivery"). */
export const deliverySchema = z.enum(['smtp', 'mailbox', 'none']);
export type Delivery = z.infer<typeof deliverySchema>;

export const signUpResponse = signedInResponse.extend({ verificationSent: z.boolean(), delivery: deliverySchema });

export const authConfigResponse = z.object({
  passwordMinLength: z.number(),
  passwordMaxLength: z.number(),
  resendCooldownSeconds: z.number(),
  oidc: z.object({ enabled: z.boolean(), name: z.string().nullable() }),
  delivery: z.enum(['smtp', 'mailbox']),
  /** A fresh instance with no administrator waits for the setup link from the start-up log. */
  setupPending: z.boolean(),
});
export type AuthConfig = z.infer<typeof authConfigResponse>;

export const sentResponse = z.object({ sent: z.literal(true), message: z.string() });
export const recoverResponse = z.object({ sent: z.literal(true), message: z.string(), delivery: z.enum(['smtp', 'admin']) });
export const verifyResponse = z.object({ verified: z.literal(true), type: z.string(), user: publicUserSchema.nullable() }).loose();
export const resetCheckResponse = z.object({ valid: z.literal(true), type: z.string(), email: z.string() });
export const resetPasswordResponse = z.object({ passwordUpdated: z.literal(true), email: z.string() });
export const userResponse = z.object({ user: publicUserSchema });
export const updateUserResponse = z.object({
  user: publicUserSchema,
  emailChangeSent: z.boolean(),
  emailChangeDelivery: deliverySchema.nullable(),
  passwordUpdated: z.boolean(),
});
export const reauthenticateResponse = z.object({ reauthenticated: z.literal(true), authenticatedAt: z.string() });
export const signOutResponse = z.object({ signedOut: z.literal(true), scope: z.string(), sessionsEnded: z.number() });

export const sessionRowSchema = sessionInfoSchema.extend({
  device: z.string(),
  userAgent: z.string(),
  ip: z.string(),
  method: z.string(),
  kind: z.enum(['browser', 'token']),
  current: z.boolean(),
});
export type SessionRow = z.infer<typeof sessionRowSchema>;
export const sessionsResponse = z.object({ sessions: z.array(sessionRowSchema) });
/** DELETE /api/auth/sessions/:id */
export const sessionEndedResponse = z.object({ signedOut: z.literal(true), id: z.string() });

export const factorsResponse = z.object({ factors: z.array(factorSchema), backupCodesRemaining: z.number() });
export const enrolFactorResponse = z.object({
  id: z.string(),
  factorType: z.literal('totp'),
  friendlyName: z.string(),
  totp: z.object({ secret: z.string(), uri: z.string(), qrCode: z.string() }),
});
export const verifyFactorResponse = z.object({ verified: z.literal(true), id: z.string(), backupCodes: z.array(z.string()).optional() });
export const backupCodesResponse = z.object({ backupCodes: z.array(z.string()) });
export const removedResponse = z.object({ removed: z.literal(true), id: z.string() });

export const tokenResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number(),
  expires_at: z.number(),
  token_type: z.literal('bearer'),
  user: publicUserSchema,
});
export type TokenResponse = z.infer<typeof tokenResponse>;

export const patSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: patScopeSchema,
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type PersonalAccessToken = z.infer<typeof patSchema>;
export const patsResponse = z.object({ tokens: z.array(patSchema) });
/** The token itself is in this response only (shown once). */
export const createPatResponse = z.object({ token: z.string(), pat: patSchema });

export const setupCheckResponse = z.object({ valid: z.boolean() });
export const setupResponse = z.object({ user: publicUserSchema, promoted: z.literal(true) });

/** The auth events the web client broadcasts across tabs (SPEC.md §4). */
export const authEventSchema = z.enum([
  'SIGNED_IN',
  'SIGNED_OUT',
  'TOKEN_REFRESHED',
  'USER_UPDATED',
  'PASSWORD_RECOVERY',
  'MFA_CHALLENGE_VERIFIED',
]);
export type AuthEvent = z.infer<typeof authEventSchema>;

/** Why a password was refused (422 weak_password, `details.reasons`). */
export const weakReasonSchema = z.enum(['length', 'characters', 'repeated', 'sequence', 'personal', 'pwned']);
export type WeakReason = z.infer<typeof weakReasonSchema>;
