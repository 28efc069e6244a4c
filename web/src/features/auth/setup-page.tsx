import { Link, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/session';
import { errorMessage } from '@/lib/errors';
import { useCompleteSetup, useSetupCheck } from './api/setup';
import { AuthCard, Field, FormError, FormSuccess, Spinner } from './ui';

/** /setup?token=…: the one-time link from the start-up log creates the first administrator. */
export function SetupPage({ token }: { token?: string }) {
  const router = useRouter();
  const session = useSession();
  const check = useSetupCheck(token);
  const setup = useCompleteSetup();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signedIn = Boolean(session.data);
  if (!token || check.data?.valid === false || check.isError) {
    return (
      <AuthCard title="Setup link not valid">
        <FormError message="This setup link is invalid, expired or already used. An administrator exists, or the server prints a new link in its start-up log at the next start." />
        <Button asChild>
          <Link to="/login">Sign in</Link>
        </Button>
      </AuthCard>
    );
  }
  if (setup.isSuccess) {
    return (
      <AuthCard title="Waymark is set up">
        <FormSuccess>
          <bdi>{setup.data.user.email ?? setup.data.user.name}</bdi> is the administrator.
        </FormSuccess>
        <Button onClick={() => void router.navigate({ href: '/admin/users' })}>Open user management</Button>
      </AuthCard>
    );
  }
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setup.mutate(signedIn ? { token } : { token, email: email.trim(), password, name: name.trim() });
  };
  return (
    <AuthCard title="Set up Waymark" description="Create the first administrator of this instance. This link works once." wide>
      <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Create the first administrator">
        {signedIn ? (
          <p className="text-sm">
            You are signed in as <bdi className="font-medium">{session.data?.user.email ?? session.data?.user.name}</bdi>. This account will
            become the administrator.
          </p>
        ) : (
          <>
            <Field id="setup-name" label="Name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
            <Field
              id="setup-email"
              label="Email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <Field
              id="setup-password"
              label="Password"
              type="password"
              autoComplete="new-password"
              hint="At least 12 characters."
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </>
        )}
        <FormError message={setup.error ? errorMessage(setup.error) : null} />
        <Button type="submit" disabled={setup.isPending || check.isLoading}>
          {setup.isPending && <Spinner />} {signedIn ? 'Make me the administrator' : 'Create administrator'}
        </Button>
      </form>
    </AuthCard>
  );
}
