import path from 'node:path';
import type { AppContext, ServerModule } from '../context.ts';
import { Mailbox } from './mailbox.ts';
import { Mailer } from './mailer.ts';
import { registerMailRoutes } from './routes.ts';

const mailers = new WeakMap<object, Mailer>();
const mailboxes = new WeakMap<object, Mailbox>();

/** The mailbox of an app context (for other server code, e.g. the settings module's data export). */
export function mailboxOf(ctx: AppContext): Mailbox {
  const m = mailboxes.get(ctx);
  if (!m) throw new Error('The mail module is not initialised for this server');
  return m;
}

/**
 * Mail: puts the mailer on the context (`ctx.mailer`, used by auth and any other module that
 * sends email or SMS) and serves the signed-in user's mailbox (/api/mail/*: folders, compose,
 * drafts, bulk actions, counts, contacts). Mount it after the auth module: its routes read the
 * session auth's middleware sets.
 */
export const mailModule: ServerModule = {
  name: 'mail',
  migrations: { dir: path.join(import.meta.dirname, 'migrations') },
  init(ctx) {
    const mailer = new Mailer(ctx);
    mailers.set(ctx, mailer);
    mailboxes.set(ctx, new Mailbox(ctx, mailer));
    ctx.mailer = mailer;
  },
  register(app, ctx) {
    registerMailRoutes(app, mailboxOf(ctx));
  },
  close(ctx) {
    mailers.get(ctx)?.close();
    mailers.delete(ctx);
    mailboxes.delete(ctx);
  },
};
