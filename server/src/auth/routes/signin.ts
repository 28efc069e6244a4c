import type { Hono } from 'hono';
import { credentialsBody, mfaChallengeBody, otpBody } from '@waymark/contracts';
import type { AppEnv } from '../../context.ts';
import { HttpError } from '../../http/errors.ts';
import { signInCode } from '../emails/sign-in-code.ts';
import { checkPassword, completeMfaChallenge, sendSms, startMfaChallenge } from '../flows.ts';
import type { AuthService } from '../service.ts';
import { body, missingCredentials } from '../validation.ts';
import { SENT } from './signup.ts';

/** Password sign-in (+ MFA challenge) and one-time codes / magic links by email or SMS. */
export function registerSigninRoutes(app: Hono<AppEnv>, auth: AuthService) {
  app.post('/api/auth/signin', async (c) => {
    await auth.limitIp(c, 'signin');
    const b = await body(c, credentialsBody);
    if ((!b.email && !b.phone) || !b.password) throw missingCredentials();
    const user = await checkPassword(auth, c, { email: b.email, phone: b.phone, password: b.password });
    if (await auth.hasVerifiedFactor(user.id)) return c.json(await startMfaChallenge(auth, user, b.remember ?? false));
    return c.json(await auth.createSession(c, user, b.remember ?? false, 'password'));
  });

  app.post('/api/auth/mfa/challenge', async (c) => {
    await auth.limitIp(c, 'mfa');
    const b = await body(c, mfaChallengeBody);
    const { user, remember, method } = await completeMfaChallenge(auth, c, b.challengeId, b.code);
    return c.json(await auth.createSession(c, user, remember, `password+${method}`));
  });

  app.post('/api/auth/otp', async (c) => {
    await auth.limitIp(c, 'otp');
    const b = await body(c, otpBody);
    if (!b.email && !b.phone)
      throw new HttpError(400, 'validation_error', 'You must provide either an email or phone number', {
        issues: [{ path: '', message: 'email or phone is required' }],
      });
    const identifier = (b.email ?? b.phone)!;
    await auth.cooldownOrThrow('otp', identifier);
    const user = b.email ? await auth.findUserByEmail(b.email) : await auth.findUserByPhone(b.phone!);
    if (user && !user.banned) {
      if (b.email) {
        if (await auth.mailer.canReach('email', b.email)) {
          const code = await auth.issueCode('email_otp', b.email, user.id);
          const token = await auth.issueLinkToken('magiclink', b.email, user.id);
          await auth.mailer.send({
            channel: 'email',
            to: b.email,
            kind: 'magiclink',
            ...signInCode({ code, url: auth.link(`/callback?type=magiclink&token=${token}`) }),
          });
        }
      } else {
        await sendSms(auth, user, 'sign-in');
      }
    }
    return c.json(SENT);
  });
}
