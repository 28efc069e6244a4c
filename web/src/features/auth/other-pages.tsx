import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useAuthConfig } from '@/lib/auth-config';
import { emitAuthEvent } from '@/lib/auth-events';
import { errorMessage } from '@/lib/errors';
import { sessionQueryKey, signOut, useSession } from '@/lib/session';
import { useRecover } from './api/recover';
import { useRequestAccess } from './api/request-access';
import { useResetCheck, useResetPassword } from './api/reset-password';
import { useSignUp } from './api/sign-up';
import { useVerify } from './api/verify';
import { MISSING_CREDENTIALS, safeRedirect } from './lib/sign-in-helpers';
import { AuthCard, Field, FormError, FormSuccess, Spinner } from './ui';

const PASSWORD_HINT =
  'At least 12 characters (up to 128). A few unrelated words make a strong passphrase; very common passwords are refused.';

const registerForm = z
  .object({
    name: z.string().trim().max(100, 'At most 100 characters'),
    email: z.string().trim().max(254, 'At most 254 characters'),
    phone: z.string().trim().max(32, 'At most 32 characters'),
    password: z.string().max(128, 'At most 128 characters'),
  })
  .superRefine((v, ctx) => {
    if ((!v.email && !v.phone) || !v.password) ctx.addIssue({ code: 'custom', message: MISSING_CREDENTIALS, path: ['root'] });
    if (v.email && !z.email().safeParse(v.email).success)
      ctx.addIssue({ code: 'custom', message: 'Enter a valid email address', path: ['email'] });
    if (v.password && [...v.password].length < 12)
      ctx.addIssue({ code: 'custom', message: 'Use at least 12 characters', path: ['password'] });
  });

export function RegisterPage() {
  const config = useAuthConfig();
  const signUp = useSignUp();
  const [done, setDone] = useState<{ email: boolean; delivered: boolean } | null>(null);
  const form = useForm<z.infer<typeof registerForm>>({
    resolver: zodResolver(registerForm),
    defaultValues: { name: '', email: '', phone: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (v) => {
    try {
      const r = await signUp.mutateAsync({
        ...(v.name ? { name: v.name } : {}),
        ...(v.email ? { email: v.email } : {}),
        ...(v.phone ? { phone: v.phone } : {}),
        password: v.password,
      });
      setDone({ email: Boolean(v.email), delivered: r.delivery !== 'none' });
    } catch (err) {
      form.setError('root', { message: errorMessage(err) });
    }
  });
  if (done) {
    return (
      <AuthCard title={done.delivered ? 'Check your messages' : 'Your account is ready'} description="You are signed in.">
        {done.delivered ? (
          <FormSuccess>
            {done.email ? 'We sent a link to confirm your email address.' : 'We sent a code by text message to confirm your phone number.'}{' '}
            {config.data?.delivery === 'smtp' ? 'Check your inbox.' : ''}
          </FormSuccess>
        ) : (
          <div role="status" className="rounded-md border border-s-4 border-amber-500/70 bg-background px-3 py-2 text-sm">
            {done.email
              ? 'This server cannot send email, so your address stays unconfirmed for now. You can use Waymark as usual; an administrator can confirm the address for you.'
              : 'This server cannot send text messages, so your phone number stays unconfirmed for now. An administrator can confirm it for you.'}
          </div>
        )}
        <Button variant="outline" asChild>
          <Link to="/dashboard">Continue to the dashboard</Link>
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Create an account"
      description="Use your email address or phone number."
      footer={
        <p>
          Already have an account?{' '}
          <Link to="/login" className="text-foreground underline underline-offset-4">
            Sign in
          </Link>
        </p>
      }
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Create an account">
        <Field id="name" label="Name" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
        <Field id="email" label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
        <Field
          id="phone"
          label="Phone number (optional)"
          type="tel"
          autoComplete="tel"
          placeholder="+44 7700 900123"
          error={errors.phone?.message}
          {...form.register('phone')}
        />
        <Field
          id="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <FormError message={errors.root?.message} />
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner />} Create account
        </Button>
      </form>
    </AuthCard>
  );
}

export function ForgotPasswordPage() {
  const config = useAuthConfig();
  const recover = useRecover();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!z.email().safeParse(email.trim()).success) return setError('Enter a valid email address');
    recover.mutate(email.trim(), { onError: (err) => setError(errorMessage(err)) });
  };
  const viaAdmin = config.data?.delivery === 'mailbox';
  return (
    <AuthCard
      title="Forgot your password?"
      description={
        viaAdmin
          ? 'This server cannot send email. Your request goes to its administrators, who will check who you are and give you a one-time link.'
          : 'We will email you a link to choose a new one.'
      }
      footer={
        <Link to="/login" className="underline underline-offset-4">
          Back to sign in
        </Link>
      }
    >
      <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Reset password">
        <Field
          id="email"
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          disabled={recover.isSuccess}
        />
        {recover.data && <FormSuccess>{recover.data.message}</FormSuccess>}
        <FormError message={error} />
        {!recover.isSuccess && (
          <Button type="submit" disabled={recover.isPending}>
            {recover.isPending && <Spinner />} {viaAdmin ? 'Ask an administrator' : 'Send reset link'}
          </Button>
        )}
      </form>
    </AuthCard>
  );
}

export function ResetPasswordPage({ token, type }: { token?: string; type?: string }) {
  const router = useRouter();
  const check = useResetCheck(token);
  const reset = useResetPassword({ mutationConfig: { onError: (err) => setError(errorMessage(err)) } });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const busy = reset.isPending;
  const done = reset.isSuccess;
  const invite = type === 'invite' || check.data?.type === 'invite';
  useEffect(() => {
    if (check.data?.type === 'recovery') emitAuthEvent('PASSWORD_RECOVERY');
  }, [check.data?.type]);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    if ([...password].length < 12) return setError('Use at least 12 characters');
    if (password !== confirm) return setError('The passwords do not match');
    if (token) reset.mutate({ token, password });
  };
  if (!token || check.isError) {
    return (
      <AuthCard title="Link not valid">
        <FormError message={check.error ? errorMessage(check.error) : 'This page needs the link from your email.'} />
        <Button asChild>
          <Link to="/forgot-password">Ask for a new link</Link>
        </Button>
      </AuthCard>
    );
  }
  if (done) {
    return (
      <AuthCard title={invite ? 'Welcome to Waymark' : 'Password changed'}>
        <FormSuccess>Your new password is set. Other sessions were signed out.</FormSuccess>
        <Button onClick={() => void router.navigate({ href: '/login' })}>Sign in</Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={invite ? 'Choose your password' : 'Choose a new password'}
      description={check.data ? `For ${check.data.email}` : 'Checking the link…'}
    >
      <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Choose a new password">
        <Field
          id="new-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Field
          id="confirm-password"
          label="Repeat the new password"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <FormError message={error} />
        <Button type="submit" disabled={busy || !check.data}>
          {busy && <Spinner />} Save password
        </Button>
      </form>
    </AuthCard>
  );
}

const accessForm = z.object({
  name: z.string().trim().min(1, 'Enter your name').max(100, 'At most 100 characters'),
  email: z.string().trim().pipe(z.email('Enter a valid email address')),
  reason: z.string().trim().max(2000, 'At most 2000 characters'),
});

export function RequestAccessPage() {
  const request = useRequestAccess();
  const form = useForm<z.infer<typeof accessForm>>({
    resolver: zodResolver(accessForm),
    defaultValues: { name: '', email: '', reason: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (v) => {
    try {
      await request.mutateAsync(v);
    } catch (err) {
      form.setError('root', { message: errorMessage(err) });
    }
  });
  return (
    <AuthCard
      title="Request access"
      description="Tell us who you are; an administrator will review your request."
      footer={
        <Link to="/login" className="underline underline-offset-4">
          Back to sign in
        </Link>
      }
    >
      {request.data ? (
        <FormSuccess>{request.data.message}</FormSuccess>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Request access">
          <Field id="name" label="Name" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
          <Field id="email" label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
          <div className="grid gap-1.5">
            <Label htmlFor="reason">Why do you need access? (optional)</Label>
            <Textarea id="reason" rows={4} aria-invalid={errors.reason ? true : undefined} {...form.register('reason')} />
            {errors.reason && <p className="text-xs font-medium text-foreground">{errors.reason.message}</p>}
          </div>
          <FormError message={errors.root?.message} />
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting && <Spinner />} Send request
          </Button>
        </form>
      )}
    </AuthCard>
  );
}

/** /callback: email verification, magic links and the OIDC return; shows errors. */
export function CallbackPage({ search }: { search: Record<string, unknown> }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const session = useSession();
  const verify = useVerify();
  const str = (k: string) =>
    typeof search[k] === 'string' ? (search[k] as string) : typeof search[k] === 'number' ? String(search[k]) : undefined;
  const type = str('type');
  const token = str('token');
  const next = safeRedirect(str('next'));
  const [state, setState] = useState<{ status: 'working' | 'done' | 'error'; message: string }>(() =>
    str('error')
      ? { status: 'error', message: str('error_description') ?? str('error')! }
      : { status: 'working', message: 'Checking your link…' },
  );
  const started = useRef(false);
  useEffect(() => {
    if (started.current || state.status !== 'working') return;
    started.current = true;
    void (async () => {
      try {
        if (type === 'oidc') {
          await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
          emitAuthEvent('SIGNED_IN');
          await router.navigate({ href: next, replace: true });
          return;
        }
        if (!token || !type || !['signup', 'email_change', 'magiclink'].includes(type))
          throw new Error('This link is incomplete. Open it again from your email.');
        await verify.mutateAsync({ type: type as 'signup' | 'email_change' | 'magiclink', token, remember: true });
        emitAuthEvent(type === 'magiclink' ? 'SIGNED_IN' : 'USER_UPDATED');
        if (type === 'magiclink') {
          await router.navigate({ href: next, replace: true });
          return;
        }
        setState({
          status: 'done',
          message: type === 'signup' ? 'Your email address is confirmed.' : 'Your new email address is confirmed.',
        });
      } catch (err) {
        setState({ status: 'error', message: errorMessage(err) });
      }
    })();
  }, [next, queryClient, router, state.status, token, type, verify]);
  const signedIn = Boolean(session.data);
  return (
    <AuthCard title={state.status === 'error' ? 'Something went wrong' : state.status === 'done' ? 'All set' : 'One moment'}>
      {state.status === 'working' && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> {state.message}
        </p>
      )}
      {state.status === 'done' && <FormSuccess>{state.message}</FormSuccess>}
      {state.status === 'error' && <FormError message={state.message} />}
      {state.status !== 'working' && (
        <Button asChild>
          <Link to={signedIn ? '/dashboard' : '/login'}>{signedIn ? 'Continue' : 'Sign in'}</Link>
        </Button>
      )}
    </AuthCard>
  );
}

/** /logout: signs out, then goes to /login. */
export function LogoutPage() {
  const queryClient = useQueryClient();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signOut(queryClient)
      .then(() => router.navigate({ href: '/login', replace: true }))
      .catch((err: unknown) => setError(errorMessage(err)));
  }, [queryClient, router]);
  return (
    <AuthCard title="Signing out">
      {error ? (
        <FormError message={error} />
      ) : (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> Signing you out…
        </p>
      )}
    </AuthCard>
  );
}
