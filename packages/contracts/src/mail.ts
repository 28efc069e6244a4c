import { z } from 'zod';
import { idParam, timestamp } from './common.ts';

/** The signed-in user's in-app mailbox: GET /api/mail/messages, GET /api/mail/messages/:id (marks it read). */

export const mailListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type MailListQuery = z.input<typeof mailListQuery>;

export const messageIdParam = idParam('a message id');

export const mailMessage = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  body: z.string(),
  links: z.array(z.object({ label: z.string(), url: z.string() })),
  /** what the message is about, e.g. "verify_email" */
  kind: z.string(),
  read: z.boolean(),
  createdAt: timestamp,
});
export type MailMessage = z.infer<typeof mailMessage>;

export const mailList = z.object({ messages: z.array(mailMessage), unread: z.number() });
export type MailList = z.infer<typeof mailList>;

export const mailMessageResponse = z.object({ message: mailMessage });
export type MailMessageResponse = z.infer<typeof mailMessageResponse>;
