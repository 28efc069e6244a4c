import { z } from 'zod';
import { idParam, timestamp } from './common.ts';

/**
 * The signed-in user's mailbox (docs/workspace.md). Every message is one mailbox's copy: a message
 * between users has the sender's copy (folder `sent`) and one copy per recipient (`inbox`); system
 * mail (verification, invitations, notices) comes from "Waymark" into the inbox.
 *
 * - GET    /api/mail/messages?folder&unread&q&limit&offset   list (newest first)
 * - GET    /api/mail/messages/:id                             one message (marks it read)
 * - PATCH  /api/mail/messages/:id                             read / starred / move
 * - DELETE /api/mail/messages/:id                             delete forever (trash and drafts only)
 * - POST   /api/mail/messages                                 send (compose, reply, forward, a draft)
 * - POST   /api/mail/messages/bulk                            one action on many messages
 * - POST   /api/mail/drafts, PUT /api/mail/drafts/:id         save a draft
 * - GET    /api/mail/counts                                   unread counts per folder (polled)
 * - GET    /api/mail/contacts?q                               who you can write to (autocomplete)
 */

/** Limits of what one message may carry (the server answers 400 beyond them, 429 beyond the send rate). */
export const MAIL_LIMITS = Object.freeze({
  subjectMax: 200,
  bodyMax: 20_000,
  /** To and Cc together. */
  recipientsMax: 20,
  bulkMax: 500,
  searchMax: 200,
});

export const MAIL_FOLDERS = ['inbox', 'sent', 'drafts', 'archive', 'trash'] as const;
export type MailFolder = (typeof MAIL_FOLDERS)[number];
/** What the folder list shows: the five folders and the starred view. */
export const MAIL_VIEWS = [...MAIL_FOLDERS, 'starred'] as const;
export type MailView = (typeof MAIL_VIEWS)[number];

const boolParam = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const mailListQuery = z.object({
  folder: z.enum(MAIL_VIEWS).default('inbox'),
  /** Only unread messages ("Unread" tab). */
  unread: boolParam.default(false),
  /** Words to find in the subject, the body or the sender. */
  q: z.string().trim().max(MAIL_LIMITS.searchMax).default(''),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type MailListQuery = z.input<typeof mailListQuery>;

export const messageIdParam = idParam('a message id');

/** A user as a sender or recipient of a message (as they were when it was written). */
export const mailPerson = z.object({ id: z.string(), name: z.string(), email: z.string().nullable() });
export type MailPerson = z.infer<typeof mailPerson>;

export const mailMessage = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  from: z.string(),
  /** Display name of the sender ("Waymark" for system mail). */
  fromName: z.string(),
  /** The sending account, null for system mail (or a deleted sender). */
  fromUserId: z.string().nullable(),
  recipients: z.array(mailPerson),
  cc: z.array(mailPerson),
  subject: z.string(),
  /** Plain text; clients render it as text (links made clickable, never HTML). */
  body: z.string(),
  links: z.array(z.object({ label: z.string(), url: z.string() })),
  /** what the message is about, e.g. "verify_email", "direct" for mail between users */
  kind: z.string(),
  folder: z.enum(MAIL_FOLDERS),
  read: z.boolean(),
  starred: z.boolean(),
  /** True for mail from Waymark itself (nobody to reply to). */
  system: z.boolean(),
  /** Messages of one conversation share a thread id. */
  threadId: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type MailMessage = z.infer<typeof mailMessage>;

export const mailFolderCount = z.object({ total: z.number(), unread: z.number() });

export const mailCounts = z.object({
  /** Unread messages in the inbox (the sidebar badge). */
  unread: z.number(),
  folders: z.object({
    inbox: mailFolderCount,
    sent: mailFolderCount,
    drafts: mailFolderCount,
    archive: mailFolderCount,
    trash: mailFolderCount,
    starred: mailFolderCount,
  }),
  /** The newest message's id and time in any folder, so a poller knows when to refresh the list. */
  latest: z.object({ id: z.string(), createdAt: timestamp }).nullable(),
});
export type MailCounts = z.infer<typeof mailCounts>;

export const mailList = z.object({
  messages: z.array(mailMessage),
  /** Unread messages in the inbox. */
  unread: z.number(),
  /** Messages matching the query in this folder. */
  total: z.number(),
  /** The offset of the next page, null on the last one. */
  nextOffset: z.number().nullable(),
});
export type MailList = z.infer<typeof mailList>;

export const mailMessageResponse = z.object({ message: mailMessage });
export type MailMessageResponse = z.infer<typeof mailMessageResponse>;

const recipientIds = z.array(z.uuid({ message: 'a user id (UUID)' })).max(MAIL_LIMITS.recipientsMax, {
  message: `at most ${MAIL_LIMITS.recipientsMax} recipients`,
});
const tooManyRecipients = (v: { to?: string[]; cc?: string[] }) => (v.to?.length ?? 0) + (v.cc?.length ?? 0) <= MAIL_LIMITS.recipientsMax;
const recipientsMessage = { message: `at most ${MAIL_LIMITS.recipientsMax} recipients in To and Cc together`, path: ['to'] };

const subject = z
  .string()
  .trim()
  .max(MAIL_LIMITS.subjectMax, { message: `at most ${MAIL_LIMITS.subjectMax} characters` });
const body = z.string().max(MAIL_LIMITS.bodyMax, { message: `at most ${MAIL_LIMITS.bodyMax.toLocaleString('en')} characters` });

/** POST /api/mail/messages: write to users of this instance (by id), reply/forward (`inReplyTo`), or send a draft (`draftId`). */
export const mailSendBody = z
  .strictObject({
    to: recipientIds.min(1, { message: 'at least one recipient' }),
    cc: recipientIds.default([]),
    subject,
    body,
    /** Id of the message (in your mailbox) this one answers or forwards: it joins that conversation. */
    inReplyTo: z.uuid().optional(),
    /** The draft this message was written in: it leaves the drafts folder. */
    draftId: z.uuid().optional(),
  })
  .refine(tooManyRecipients, recipientsMessage);
export type MailSendBody = z.input<typeof mailSendBody>;

/** POST /api/mail/drafts and PUT /api/mail/drafts/:id: a message being written (everything optional). */
export const mailDraftBody = z
  .strictObject({
    to: recipientIds.default([]),
    cc: recipientIds.default([]),
    subject: subject.default(''),
    body: body.default(''),
    inReplyTo: z.uuid().optional(),
  })
  .refine(tooManyRecipients, recipientsMessage);
export type MailDraftBody = z.input<typeof mailDraftBody>;

/**
 * PATCH /api/mail/messages/:id. `folder`: `archive` or `trash` move it there; `inbox` puts it back
 * where it belongs (a restore from the trash, or out of the archive; a sent message goes back to Sent).
 */
export const mailUpdateBody = z
  .strictObject({
    read: z.boolean().optional(),
    starred: z.boolean().optional(),
    folder: z.enum(['inbox', 'archive', 'trash']).optional(),
  })
  .refine((v) => v.read !== undefined || v.starred !== undefined || v.folder !== undefined, { message: 'nothing to change' });
export type MailUpdateBody = z.input<typeof mailUpdateBody>;

export const MAIL_BULK_ACTIONS = ['read', 'unread', 'star', 'unstar', 'archive', 'trash', 'restore', 'delete'] as const;
export type MailBulkAction = (typeof MAIL_BULK_ACTIONS)[number];

/** POST /api/mail/messages/bulk: ids that are not yours, or where the action does not apply, are skipped. */
export const mailBulkBody = z.strictObject({
  ids: z
    .array(z.uuid({ message: 'a message id (UUID)' }))
    .min(1)
    .max(MAIL_LIMITS.bulkMax),
  action: z.enum(MAIL_BULK_ACTIONS),
});
export type MailBulkBody = z.input<typeof mailBulkBody>;
export const mailBulkResponse = z.object({ updated: z.number() });

export const mailContactsQuery = z.object({
  q: z.string().trim().max(100).default(''),
  limit: z.coerce.number().int().min(1).max(20).default(10),
});
export const mailContacts = z.object({ contacts: z.array(mailPerson) });
export type MailContacts = z.infer<typeof mailContacts>;
