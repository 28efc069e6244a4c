import type { Hono } from 'hono';
import {
  mailBulkBody,
  mailContactsQuery,
  mailDraftBody,
  mailListQuery,
  mailSendBody,
  mailUpdateBody,
  messageIdParam,
} from '@waymark/contracts';
import type { AppEnv } from '../context.ts';
import { requireUser } from '../http/guards.ts';
import { validate } from '../http/validate.ts';
import type { Mailbox } from './mailbox.ts';

const NO_STORE = { 'Cache-Control': 'no-store' };

/** The signed-in user's mailbox (contracts: packages/contracts/src/mail.ts; docs/workspace.md). */
export function registerMailRoutes(app: Hono<AppEnv>, mailbox: Mailbox) {
  app.get('/api/mail/messages', async (c) => {
    const me = requireUser(c);
    const q = validate(c, 'query', mailListQuery);
    return c.json(await mailbox.list(me, q), 200, NO_STORE);
  });

  app.get('/api/mail/counts', async (c) => {
    const me = requireUser(c);
    return c.json(await mailbox.counts(me), 200, NO_STORE);
  });

  app.get('/api/mail/contacts', async (c) => {
    const me = requireUser(c);
    const q = validate(c, 'query', mailContactsQuery);
    return c.json({ contacts: await mailbox.contacts(me, q.q, q.limit) }, 200, NO_STORE);
  });

  app.post('/api/mail/messages/bulk', async (c) => {
    const me = requireUser(c);
    const b = await validate(c, 'json', mailBulkBody);
    return c.json({ updated: await mailbox.apply(me, b.ids, b.action) });
  });

  app.post('/api/mail/messages', async (c) => {
    const me = requireUser(c);
    const b = await validate(c, 'json', mailSendBody);
    return c.json({ message: await mailbox.send(me, b) }, 201);
  });

  app.get('/api/mail/messages/:id', async (c) => {
    const me = requireUser(c);
    const { id } = validate(c, 'param', messageIdParam);
    return c.json({ message: await mailbox.read(me, id) }, 200, NO_STORE);
  });

  app.patch('/api/mail/messages/:id', async (c) => {
    const me = requireUser(c);
    const { id } = validate(c, 'param', messageIdParam);
    const b = await validate(c, 'json', mailUpdateBody);
    return c.json({ message: await mailbox.update(me, id, b) });
  });

  app.delete('/api/mail/messages/:id', async (c) => {
    const me = requireUser(c);
    const { id } = validate(c, 'param', messageIdParam);
    await mailbox.remove(me, id);
    return c.body(null, 204);
  });

  app.post('/api/mail/drafts', async (c) => {
    const me = requireUser(c);
    const b = await validate(c, 'json', mailDraftBody);
    return c.json({ message: await mailbox.saveDraft(me, b) }, 201);
  });

  app.put('/api/mail/drafts/:id', async (c) => {
    const me = requireUser(c);
    const { id } = validate(c, 'param', messageIdParam);
    const b = await validate(c, 'json', mailDraftBody);
    return c.json({ message: await mailbox.saveDraft(me, b, id) });
  });
}
