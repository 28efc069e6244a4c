import { z } from 'zod';
import { deliverySchema, emailSchema, nameSchema, passwordInput, phoneSchema, publicUserSchema, roleSchema } from './auth.ts';

const whole = (max: number) =>
  z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(max, `must be at most ${max}`);

// ---- users ----

export const listUsersQuery = z.object({
  q: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  page: whole(100000).default(1),
  perPage: whole(100).default(20),
  role: roleSchema.optional(),
});
export type ListUsersQuery = z.input<typeof listUsersQuery>;

export const adminUserSchema = publicUserSchema;
export type AdminUser = z.infer<typeof adminUserSchema>;
export const listUsersResponse = z.object({ users: z.array(adminUserSchema), total: z.number(), page: z.number(), perPage: z.number() });
export const adminUserDetailResponse = z.object({
  user: adminUserSchema.extend({ banReason: z.string().nullable(), activeSessions: z.number() }),
});
export const adminUserResponse = z.object({ user: adminUserSchema });

export const createUserBody = z.object({
  email: emailSchema.optional(),
  phone: phoneSchema.optional(),
  password: passwordInput.optional(),
  name: nameSchema.optional(),
  role: roleSchema.optional(),
  emailConfirmed: z.boolean().optional(),
});
export type CreateUserBody = z.input<typeof createUserBody>;

export const updateUserByAdminBody = z.object({
  name: nameSchema.optional(),
  role: roleSchema.optional(),
  banned: z.boolean().optional(),
  banReason: z.string().trim().max(500, 'must be at most 500 characters').optional(),
  emailConfirmed: z.boolean().optional(),
});
export type UpdateUserByAdminBody = z.input<typeof updateUserByAdminBody>;

export const inviteBody = z.object({ email: emailSchema, name: nameSchema.optional(), role: roleSchema.optional() });
export type InviteBody = z.input<typeof inviteBody>;
/** `link` is present when the invitation could not be delivered (no SMTP): hand it over yourself. */
export const inviteResponse = z.object({
  user: adminUserSchema,
  invited: z.literal(true),
  delivery: deliverySchema,
  link: z.string().optional(),
});

export const generateLinkBody = z.object({ type: z.enum(['magiclink', 'recovery', 'invite', 'signup']), email: emailSchema });
export type GenerateLinkBody = z.input<typeof generateLinkBody>;
export const generateLinkResponse = z.object({ type: z.string(), link: z.string(), expiresInSeconds: z.number() });

export const deletedResponse = z.object({ deleted: z.literal(true), id: z.string() });
export const adminFactorsResponse = z.object({ factors: publicUserSchema.shape.factors });

// ---- access requests ----

export const accessRequestBody = z.object({
  name: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  email: emailSchema,
  reason: z.string().trim().max(2000, 'must be at most 2000 characters').optional(),
});
export type AccessRequestBody = z.input<typeof accessRequestBody>;
export const accessRequestReceived = z.object({ received: z.literal(true), message: z.string() });

export const accessRequestStatus = z.enum(['pending', 'approved', 'rejected']);
export const listAccessRequestsQuery = z.object({
  status: z.enum(['pending', 'approved', 'rejected', 'all']).default('pending'),
  page: whole(100000).default(1),
  perPage: whole(100).default(20),
});
export const accessRequestSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  reason: z.string(),
  status: accessRequestStatus,
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type AccessRequest = z.infer<typeof accessRequestSchema>;
export const listAccessRequestsResponse = z.object({
  requests: z.array(accessRequestSchema),
  total: z.number(),
  page: z.number(),
  perPage: z.number(),
});
/** After approval: how the invitation went out; `link` when you must hand it over (no SMTP). */
export const decideAccessRequestResponse = z.object({
  id: z.string(),
  status: accessRequestStatus,
  delivery: deliverySchema.optional(),
  link: z.string().optional(),
  email: z.string(),
});
