import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useRouter } from '@tanstack/react-router';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuthConfig } from '@/lib/auth-config';
import { emitAuthEvent } from '@/lib/auth-events';
import { errorMessage } from '@/lib/errors';
import { useMfaChallenge } from './api/mfa-challenge';
import { useSendOtp } from './api/send-otp';
import { useSignIn } from './api/sign-in';
import { useVerify } from './api/verify';
import { MISSING_CREDENTIALS, identifierBody, safeRedirect } from './lib/sign-in-helpers';
import { AuthCard, Checkbox, Field, FormError, FormSuccess, Spinner } from './ui';

const passwordForm = z
  .object({ identifier: z.string().trim().max(254, 'At most 254 characters'), password: z.string().max(1024), remember: z.boolean() })
  .refine((v) => v.identifier !== '' && v.password !== '', { message: MISSING_CREDENTIALS, path: ['root'] });
type PasswordForm = z.infer<typeof passwordForm>;

/** After a session is created (the mutation hooks refreshed the cached session): tell the other tabs, go where the visitor wanted. */
export function useFinishSignIn(redirect?: string) {
  const router = useRouter();
  return async (event: 'SIGNED_IN' | 'MFA_CHALLENGE_VERIFIED' = 'SIGNED_IN') => {
    emitAuthEvent(event);
    await router.navigate({ href: safeRedirect(redirect), replace: true });
  };
}

function MfaStep({
  challengeId,
  onDone,
  onCancel,
}: {
  challengeId: string;
  onDone: (event: 'MFA_CHALLENGE_VERIFIED') => Promise<void>;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const challenge = useMfaChallenge({ mutationConfig: { onSuccess: () => onDone('MFA_CHALLENGE_VERIFIED') } });
  const error = challenge.isError ? errorMessage(challenge.error) : null;
  const busy = challenge.isPending || challenge.isSuccess;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    challenge.mutate({ challengeId, code });
  };
  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Two-factor authentication">
      <p className="text-sm text-muted-foreground">Enter the 6-digit code from your authenticator app, or one of your backup codes.</p>
      <Field
        id="mfa-code"
        label="Authentication code"
        autoComplete="one-time-code"
        inputMode="text"
        autoFocus
        value={code}
        onChange={(e) => setCode(e.target.value)}
        maxLength={32}
        required
      />
      <FormError message={error} />
      <Button type="submit" disabled={busy || code.trim() === ''}>
        {busy && <Spinner />} Verify
      </Button>
      <Button type="button" variant="ghost" onClick={onCancel}>
        Back to sign in
      </Button>
    </form>
  );
}

export function PasswordSignIn({ redirect, basic }: { redirect?: string; basic?: boolean }) {
  const finish = useFinishSignIn(redirect);
  const [challenge, setChallenge] = useState<string | null>(null);
  const form = useForm<PasswordForm>({
    resolver: zodResolver(passwordForm),
    defaultValues: { identifier: '', password: '', remember: true },
  });
  const { errors, isSubmitting } = form.formState;
  const signIn = useSignIn();
  const onSubmit = form.handleSubmit(async (v) => {
    try {
      const idBody = basic ? { email: v.identifier.trim() } : identifierBody(v.identifier);
      const res = await signIn.mutateAsync({ ...idBody, password: v.password, remember: v.remember });
      if ('mfaRequired' in res) setChallenge(res.challengeId);
      else await finish();
    } catch (err) {
      form.setError('root', { message: errorMessage(err) });
    }
  });
  if (challenge) return <MfaStep challengeId={challenge} onDone={finish} onCancel={() => setChallenge(null)} />;
  const rootError = errors.root?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign in with password">
      <Field
        id="identifier"
        label={basic ? 'Email' : 'Email or phone number'}
        type={basic ? 'email' : 'text'}
        autoComplete={basic ? 'email' : 'username'}
        placeholder={basic ? 'you@example.org' : 'you@example.org or +44 7700 900123'}
        error={errors.identifier?.message}
        {...form.register('identifier')}
      />
      <div className="grid gap-1.5">
        <Field
          id="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Link to="/forgot-password" className="justify-self-end text-xs text-muted-foreground underline-offset-4 hover:underline">
          Forgot your password?
        </Link>
      </div>
      <Checkbox id="remember" label="Remember me for 30 days" {...form.register('remember')} />
      <FormError message={rootError} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting && <Spinner />} Sign in
      </Button>
    </form>
  );
}

function CodeSignIn({ channel, redirect }: { channel: 'email' | 'sms'; redirect?: string }) {
  const finish = useFinishSignIn(redirect);
  const [address, setAddress] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = channel === 'email' ? 'email' : 'phone';
  const onError = (err: unknown) => setError(errorMessage(err));
  const sendOtp = useSendOtp({ mutationConfig: { onSuccess: () => setSent(true), onError } });
  const verifyCode = useVerify({ mutationConfig: { onSuccess: () => finish(), onError } });
  const busy = sendOtp.isPending || verifyCode.isPending || verifyCode.isSuccess;
  const send = (e?: React.FormEvent) => {
    e?.preventDefault();
    setError(null);
    if (!address.trim()) return setError(channel === 'email' ? 'Enter your email address' : 'Enter your phone number');
    sendOtp.mutate(channel === 'email' ? { email: address.trim() } : { phone: address.trim() });
  };
  const verify = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const body =
      channel === 'email'
        ? ({ type: 'email', email: address.trim(), code: code.trim(), remember: true } as const)
        : ({ type: 'sms', phone: address.trim(), code: code.trim(), remember: true } as const);
    verifyCode.mutate(body);
  };
  return (
    <form
      onSubmit={sent ? verify : send}
      noValidate
      className="grid gap-4"
      aria-label={channel === 'email' ? 'Sign in with an email code' : 'Sign in with a text message code'}
    >
      <Field
        id={`otp-${key}`}
        label={channel === 'email' ? 'Email' : 'Phone number'}
        type={channel === 'email' ? 'email' : 'tel'}
        autoComplete={channel === 'email' ? 'email' : 'tel'}
        value={address}
        onChange={(e) => setAddress(e.target.value)}
        disabled={sent}
      />
      {sent && (
        <>
          <FormSuccess>
            {channel === 'email'
              ? 'If the account exists, we sent a code and a sign-in link.'
              : 'If the account exists, we sent a code by text message.'}
          </FormSuccess>
          <Field
            id={`otp-code-${key}`}
            label="Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            maxLength={6}
            autoFocus
          />
        </>
      )}
      <FormError message={error} />
      <Button type="submit" disabled={busy}>
        {busy && <Spinner />} {sent ? 'Sign in' : 'Send code'}
      </Button>
      {sent && (
        <Button type="button" variant="ghost" onClick={() => void send()} disabled={busy}>
          Send a new code
        </Button>
      )}
    </form>
  );
}

export function LoginPage({ redirect }: { redirect?: string }) {
  const config = useAuthConfig();
  const oidc = config.data?.oidc;
  return (
    <AuthCard
      title="Sign in"
      description="Welcome back. Sign in to plan routes and edit project maps."
      footer={
        <>
          <p>
            No account?{' '}
            <Link to="/register" className="text-foreground underline underline-offset-4">
              Create one
            </Link>{' '}
            or{' '}
            <Link to="/request-access" className="text-foreground underline underline-offset-4">
              request access
            </Link>
            .
          </p>
          <Link to="/login-basic" className="underline underline-offset-4">
            Plain email and password sign-in
          </Link>
        </>
      }
    >
      <Tabs defaultValue="password">
        <TabsList className="grid w-full grid-cols-3">
          <TabsTrigger value="password">Password</TabsTrigger>
          <TabsTrigger value="email">Email code</TabsTrigger>
          <TabsTrigger value="sms">Phone code</TabsTrigger>
        </TabsList>
        <TabsContent value="password" className="pt-4">
          <PasswordSignIn redirect={redirect} />
        </TabsContent>
        <TabsContent value="email" className="pt-4">
          <CodeSignIn channel="email" redirect={redirect} />
        </TabsContent>
        <TabsContent value="sms" className="pt-4">
          <CodeSignIn channel="sms" redirect={redirect} />
        </TabsContent>
      </Tabs>
      {oidc?.enabled && (
        <Button variant="outline" asChild>
          <a href={`/api/auth/oidc/start?redirect=${encodeURIComponent(safeRedirect(redirect))}`}>
            <KeyRound /> Continue with {oidc.name}
          </a>
        </Button>
      )}
    </AuthCard>
  );
}

export function LoginBasicPage({ redirect }: { redirect?: string }) {
  return (
    <AuthCard
      title="Sign in"
      description="Email and password."
      footer={
        <Link to="/login" className="underline underline-offset-4">
          More ways to sign in
        </Link>
      }
    >
      <PasswordSignIn redirect={redirect} basic />
    </AuthCard>
  );
}
