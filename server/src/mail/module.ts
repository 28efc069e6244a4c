import type { ServerModule } from '../context.ts';
import { Mailer } from './mailer.ts';
import { registerMailRoutes } from './routes.ts';

const mailers = new WeakMap<object, Mailer>();

/**
 * Mail: puts the mailer on the context (`ctx.mailer`, used by auth and any other module that
 * sends email or SMS) and serves the signed-in user's in-app mailbox (/api/mail/messages).
 * Mount it after the auth module: its routes read the session auth's middleware sets.
 */
export const mailModule: ServerModule = {
  name: 'mail',
  init(ctx) {
    const mailer = new Mailer(ctx);
    mailers.set(ctx, mailer);
    ctx.mailer = mailer;
  },
  register(app, ctx) {
    registerMailRoutes(app, ctx);
  },
  close(ctx) {
    mailers.get(ctx)?.close();
    mailers.delete(ctx);
  },
};
