// Wire schemas of the projects API: projects, members and roles, invitations, documents, activity.
// The server validates requests with them; the web client parses responses with them.
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Shared pieces

export const PROJECT_STATUSES = ['draft', 'active', 'on_hold', 'completed', 'archived'] as const;
export const projectStatus = z.enum(PROJECT_STATUSES, { message: 'one of draft, active, on_hold, completed, archived' });
export type ProjectStatus = z.infer<typeof projectStatus>;

/** Human labels of the statuses (UI and emails). */
export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  draft: 'Draft',
  active: 'Active',
  on_hold: 'On hold',
  completed: 'Completed',
  archived: 'Archived',
};

export const PROJECT_ROLES = ['owner', 'editor', 'viewer'] as const;
export const projectRole = z.enum(PROJECT_ROLES, { message: 'one of owner, editor, viewer' });
export type ProjectRole = z.infer<typeof projectRole>;

/** The cover colours a project may take (names of the app's chart/accent palette). */
export const PROJECT_COLORS = ['blue', 'green', 'orange', 'red', 'violet', 'teal', 'pink', 'slate'] as const;
export const projectColor = z.enum(PROJECT_COLORS, { message: `one of ${PROJECT_COLORS.join(', ')}` });
export type ProjectColor = z.infer<typeof projectColor>;

export const PROJECT_NAME_MAX = 120;
export const PROJECT_DESCRIPTION_MAX = 4000;
export const PLACE_NAME_MAX = 200;
export const DOCUMENT_NAME_MAX = 200;

export const projectId = z.uuid({ message: 'a project id (UUID)' });
export const userId = z.uuid({ message: 'a user id (UUID)' });
export const invitationId = z.uuid({ message: 'an invitation id (UUID)' });
export const documentId = z.uuid({ message: 'a document id (UUID)' });

const lon = z
  .number({ message: 'a longitude in degrees' })
  .min(-180, 'a longitude from -180 to 180')
  .max(180, 'a longitude from -180 to 180');
const lat = z.number({ message: 'a latitude in degrees' }).min(-90, 'a latitude from -90 to 90').max(90, 'a latitude from -90 to 90');

/** [west, south, east, north] in degrees; east < west crosses the antimeridian. */
export const geoBbox = z
  .tuple([lon, lat, lon, lat], { message: 'a bounding box [west, south, east, north]' })
  .refine(([, s, , n]) => s <= n, 'the south edge must not be north of the north edge');

export const projectLocation = z.object({
  center: z.object({ lon, lat }),
  zoom: z.number({ message: 'a zoom level' }).min(0, 'a zoom from 0 to 22').max(22, 'a zoom from 0 to 22'),
  bbox: geoBbox.nullable().default(null),
  placeName: z.string().trim().max(PLACE_NAME_MAX, `at most ${PLACE_NAME_MAX} characters`).default(''),
});
export type ProjectLocation = z.infer<typeof projectLocation>;

/** One emoji (a few code points at most: flags, skin tones, ZWJ sequences) or nothing. */
export const coverEmoji = z
  .string()
  .max(16, 'one emoji')
  .refine((s) => s === '' || /^(\p{Extended_Pictographic}|\p{Regional_Indicator})/u.test(s), 'an emoji');

export const projectCover = z.object({
  color: projectColor.default('blue'),
  emoji: coverEmoji.default(''),
});
export type ProjectCover = z.infer<typeof projectCover>;

const projectName = z
  .string({ message: 'a name' })
  .trim()
  .min(1, 'a name is required')
  .max(PROJECT_NAME_MAX, `at most ${PROJECT_NAME_MAX} characters`);
const projectDescription = z
  .string({ message: 'a text' })
  .trim()
  .max(PROJECT_DESCRIPTION_MAX, `at most ${PROJECT_DESCRIPTION_MAX} characters`);

/** A user as other members see them. */
export const personRef = z.object({ id: z.string(), name: z.string() });
export type PersonRef = z.infer<typeof personRef>;

// ---------------------------------------------------------------------------------------------
// Projects

export const createProjectBody = z.strictObject({
  name: projectName,
  description: projectDescription.default(''),
  status: projectStatus.default('draft'),
  location: projectLocation.nullable().default(null),
  cover: projectCover.default({ color: 'blue', emoji: '' }),
});
export type CreateProjectBody = z.input<typeof createProjectBody>;

export const patchProjectBody = z
  .strictObject({
    name: projectName.optional(),
    description: projectDescription.optional(),
    status: projectStatus.optional(),
    location: projectLocation.nullable().optional(),
    cover: projectCover.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'nothing to change');
export type PatchProjectBody = z.input<typeof patchProjectBody>;

export const PROJECT_SORTS = ['updated', 'created', 'name', 'status'] as const;

/** GET /api/projects query. Without `status`, archived projects are left out. */
export const listProjectsQuery = z.object({
  q: z.string().trim().max(100, 'at most 100 characters').optional(),
  // One or several statuses, comma-separated: ?status=active,on_hold
  status: z
    .string()
    .max(100)
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(projectStatus).max(PROJECT_STATUSES.length))
    .optional(),
  // One or several of the user's roles, comma-separated: ?role=owner,editor
  role: z
    .string()
    .max(40)
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(projectRole).max(PROJECT_ROLES.length))
    .optional(),
  sort: z.enum(PROJECT_SORTS).default('updated'),
  order: z.enum(['asc', 'desc']).optional(),
  page: z.coerce.number({ message: 'a page number' }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number({ message: 'a page size' }).int().min(1).max(100).default(12),
});
export type ListProjectsQuery = z.input<typeof listProjectsQuery>;

export const memberPreview = z.object({ id: z.string(), name: z.string(), role: projectRole });

export const projectSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: projectStatus,
  location: z
    .object({
      center: z.object({ lon: z.number(), lat: z.number() }),
      zoom: z.number(),
      bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
      placeName: z.string(),
    })
    .nullable(),
  cover: z.object({ color: projectColor, emoji: z.string() }),
  /** The signed-in user's role in this project. */
  role: projectRole,
  memberCount: z.number().int(),
  /** Up to five members, owners first. */
  members: z.array(memberPreview),
  documentCount: z.number().int(),
  /** Task progress (done of total, canceled tasks left out). 0/0 while the project has no tasks. */
  tasks: z.object({ done: z.number().int(), total: z.number().int() }),
  createdBy: personRef.nullable(),
  updatedBy: personRef.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  archivedAt: z.string().nullable(),
});
export type ProjectSummary = z.infer<typeof projectSummary>;

export const projectDetail = projectSummary;
export type ProjectDetail = ProjectSummary;

export const projectList = z.object({
  items: z.array(projectSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** How many of the user's projects have each status (ignores the status filter, honours q and role). */
  statusCounts: z.record(z.string(), z.number().int()),
});
export type ProjectList = z.infer<typeof projectList>;

// ---------------------------------------------------------------------------------------------
// Members and invitations

export const member = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  role: projectRole,
  joinedAt: z.string(),
  /** True for the signed-in user's own row. */
  you: z.boolean(),
});
export type Member = z.infer<typeof member>;

export const memberList = z.object({ members: z.array(member) });

export const changeRoleBody = z.strictObject({ role: projectRole });

export const INVITATION_STATUSES = ['pending', 'accepted', 'declined', 'revoked'] as const;

export const projectInviteBody = z.strictObject({
  email: z
    .string({ message: 'an email address' })
    .trim()
    .max(254, 'at most 254 characters')
    .pipe(z.email({ message: 'an email address' }))
    .transform((e) => e.toLowerCase()),
  role: projectRole.default('viewer'),
});
export type ProjectInviteBody = z.input<typeof projectInviteBody>;

export const invitation = z.object({
  id: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  email: z.string(),
  role: projectRole,
  status: z.enum(INVITATION_STATUSES),
  invitedBy: personRef.nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitation>;

export const invitationList = z.object({ invitations: z.array(invitation) });

/** POST /api/projects/:id/invitations: the invitation, and whether it went to an existing account's mailbox. */
/** How the invitation reached the address: the proven owner's mailbox, SMTP, or not at all (no SMTP, no proven owner). */
export const inviteResult = z.object({ invitation, delivered: z.enum(['mailbox', 'email', 'none']) });

export const acceptResult = z.object({ projectId: z.string(), role: projectRole });

// ---------------------------------------------------------------------------------------------
// Documents

export const documentItem = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  uploadedBy: personRef.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DocumentItem = z.infer<typeof documentItem>;

export const documentList = z.object({ documents: z.array(documentItem), uploadLimitBytes: z.number().int() });

/** A document name as stored: no path parts, no control characters, at most 200 characters. */
export const documentName = z
  .string({ message: 'a file name' })
  .trim()
  .min(1, 'a file name is required')
  .max(DOCUMENT_NAME_MAX, `at most ${DOCUMENT_NAME_MAX} characters`);

/** POST /api/projects/:id/documents?name=…: the bytes are the request body. */
export const uploadQuery = z.object({ name: documentName });

export const renameDocumentBody = z.strictObject({ name: documentName });

// ---------------------------------------------------------------------------------------------
// Activity

export const ACTIVITY_ACTIONS = [
  'project.created',
  'project.updated',
  'project.status_changed',
  'member.invited',
  'member.joined',
  'member.declined',
  'member.role_changed',
  'member.removed',
  'member.left',
  'invitation.revoked',
  'document.uploaded',
  'document.renamed',
  'document.deleted',
  'task.created',
  'task.done',
  'task.reopened',
  'task.canceled',
  'task.deleted',
] as const;

export const projectActivityItem = z.object({
  id: z.string(),
  action: z.string(),
  actor: personRef.nullable(),
  data: z.record(z.string(), z.unknown()),
  at: z.string(),
});
export type ProjectActivityItem = z.infer<typeof projectActivityItem>;

export const activityQuery = z.object({
  limit: z.coerce.number({ message: 'a number' }).int().min(1).max(100).default(30),
  /** Entries older than this id (the `nextCursor` of the previous page). */
  before: z.coerce.number({ message: 'a cursor' }).int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
});

export const activityList = z.object({ items: z.array(projectActivityItem), nextCursor: z.string().nullable() });
export type ActivityList = z.infer<typeof activityList>;
