import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { AlertCircle, CheckCircle2, LogOut, Monitor, ShieldCheck, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { sessionQueryKey } from '@/lib/session';
import { type AccountUser, type SessionRow, call, errorText, formatTime, get, needsReauth } from './api';

function Notice({ kind, children }: { kind: 'error' | 'ok'; children: React.ReactNode }) {
  return (
    <p role={kind === 'error' ? 'alert' : 'status'} className="flex items-start gap-2 text-sm text-foreground">
      {kind === 'error' ? (
        <AlertCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
      ) : (
        <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
      )}
      <span>{children}</span>
    </p>
  );
}

/** Runs an action; when the server asks for a fresh sign-in, asks for the password and retries. */
function useReauth() {
  const [open, setOpen] = useState(false);
  const pending = useRef<{ run: () => Promise<void>; resolve: () => void; reject: (e: unknown) => void } | null>(null);
  const withReauth = (run: () => Promise<void>) =>
    new Promise<void>((resolve, reject) => {
      run().then(resolve, (err: unknown) => {
        if (!needsReauth(err)) return reject(err);
        pending.current = { run, resolve, reject };
        setOpen(true);
      });
    });
  const dialog = (
    <ReauthDialog
      open={open}
      onCancel={() => {
        setOpen(false);
        pending.current?.reject(new Error('Cancelled: confirm your password to make this change.'));
        pending.current = null;
      }}
      onConfirmed={() => {
        setOpen(false);
        const p = pending.current;
        pending.current = null;
        p?.run().then(p.resolve, p.reject);
      }}
    />
  );
  return { withReauth, dialog };
}

function ReauthDialog({ open, onCancel, onConfirmed }: { open: boolean; onCancel: () => void; onConfirmed: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await call('/api/auth/reauthenticate', /^\d{6}$/.test(password.trim()) ? { code: password.trim() } : { password });
      setPassword('');
      onConfirmed();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onCancel()}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Confirm it is you</DialogTitle>
            <DialogDescription>
              Security changes need a sign-in within the last 10 minutes. Enter your password (or an authenticator code).
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor="reauth-password">Password</Label>
            <Input
              id="reauth-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoFocus
            />
          </div>
          {error && <Notice kind="error">{error}</Notice>}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy || !password}>
              Confirm
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ProfileCard({ user, withReauth }: { user: AccountUser; withReauth: (f: () => Promise<void>) => Promise<void> }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email ?? '');
  const [msg, setMsg] = useState<{ kind: 'error' | 'ok'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setMsg(null);
    setBusy(true);
    try {
      await withReauth(async () => {
        const body: Record<string, string> = { name };
        if (email.trim() && email.trim().toLowerCase() !== (user.email ?? '')) body.email = email.trim();
        const r = await call<{ emailChangeSent: boolean }>('/api/auth/user', body, 'PUT');
        setMsg({ kind: 'ok', text: r.emailChangeSent ? 'Saved. Confirm the new address with the link we sent to it.' : 'Saved.' });
      });
      await queryClient.invalidateQueries({ queryKey: ['account'] });
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    } catch (err) {
      setMsg({ kind: 'error', text: errorText(err) });
    } finally {
      setBusy(false);
    }
  };
  const resend = async () => {
    setMsg(null);
    try {
      await call('/api/auth/resend', { type: 'signup', email: user.email });
      setMsg({ kind: 'ok', text: 'Sent. Check your mailbox for the confirmation link.' });
    } catch (err) {
      setMsg({ kind: 'error', text: errorText(err) });
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Profile</h2>
        </CardTitle>
        <CardDescription>
          {user.email
            ? user.emailVerified
              ? 'Email address confirmed.'
              : 'Email address not confirmed yet — check your mailbox.'
            : 'No email address.'}
          {user.phone && ` Phone ${user.phone}${user.phoneVerified ? ' (confirmed)' : ' (not confirmed)'}.`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={save} className="grid max-w-md gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor="acc-name">Name</Label>
            <Input id="acc-name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} autoComplete="name" />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="acc-email">Email</Label>
            <Input
              id="acc-email"
              type="email"
              value={email}
              maxLength={254}
              onChange={(e) => setEmail(e.target.value)}
              autoComplete="email"
            />
          </div>
          {msg && <Notice kind={msg.kind}>{msg.text}</Notice>}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy}>
              Save profile
            </Button>
            {user.email && !user.emailVerified && (
              <Button type="button" variant="outline" onClick={() => void resend()} disabled={busy}>
                Resend confirmation email
              </Button>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function PasswordCard({ withReauth }: { withReauth: (f: () => Promise<void>) => Promise<void> }) {
  const [password, setPassword] = useState('');
  const [msg, setMsg] = useState<{ kind: 'error' | 'ok'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setMsg(null);
    if ([...password].length < 12) return setMsg({ kind: 'error', text: 'Use at least 12 characters.' });
    setBusy(true);
    try {
      await withReauth(async () => {
        await call('/api/auth/user', { password }, 'PUT');
      });
      setPassword('');
      setMsg({ kind: 'ok', text: 'Password changed. Your other sessions were signed out.' });
    } catch (err) {
      setMsg({ kind: 'error', text: errorText(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Password</h2>
        </CardTitle>
        <CardDescription>12 to 128 characters; common or breached passwords are refused.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={save} className="grid max-w-md gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor="acc-new-password">New password</Label>
            <Input
              id="acc-new-password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          {msg && <Notice kind={msg.kind}>{msg.text}</Notice>}
          <Button type="submit" className="justify-self-start" disabled={busy || !password}>
            Change password
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function MfaCard({ user, withReauth }: { user: AccountUser; withReauth: (f: () => Promise<void>) => Promise<void> }) {
  const queryClient = useQueryClient();
  const [enrol, setEnrol] = useState<{ id: string; secret: string; qrCode: string } | null>(null);
  const [code, setCode] = useState('');
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null);
  const [msg, setMsg] = useState<{ kind: 'error' | 'ok'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['account'] });
  const run = async (f: () => Promise<void>) => {
    setMsg(null);
    setBusy(true);
    try {
      await withReauth(f);
    } catch (err) {
      setMsg({ kind: 'error', text: errorText(err) });
    } finally {
      setBusy(false);
    }
  };
  const start = () =>
    run(async () => {
      const r = await call<{ id: string; totp: { secret: string; qrCode: string } }>('/api/auth/factors', {
        friendlyName: 'Authenticator app',
      });
      setEnrol({ id: r.id, secret: r.totp.secret, qrCode: r.totp.qrCode });
      setBackupCodes(null);
    });
  const verify = (e: React.FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const r = await call<{ backupCodes?: string[] }>(`/api/auth/factors/${enrol!.id}/verify`, { code: code.trim() });
      setEnrol(null);
      setCode('');
      setBackupCodes(r.backupCodes ?? null);
      setMsg({ kind: 'ok', text: 'Two-factor authentication is on.' });
      await refresh();
    });
  };
  const remove = (id: string) =>
    run(async () => {
      await call(`/api/auth/factors/${id}`, undefined, 'DELETE');
      setMsg({ kind: 'ok', text: 'Authenticator removed.' });
      await refresh();
    });
  const regenerate = () =>
    run(async () => {
      const r = await call<{ backupCodes: string[] }>('/api/auth/backup-codes', {});
      setBackupCodes(r.backupCodes);
    });
  const verified = user.factors.filter((f) => f.status === 'verified');
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2">
            <ShieldCheck className="size-5" aria-hidden /> Two-factor authentication
          </h2>
        </CardTitle>
        <CardDescription>Ask for a code from an authenticator app (TOTP) when you sign in.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {verified.length > 0 && (
          <ul className="grid gap-2" aria-label="Authenticator apps">
            {verified.map((f) => (
              <li key={f.id} className="flex items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm">
                <span>
                  {f.friendlyName} <span className="text-muted-foreground">· added {formatTime(f.createdAt)}</span>
                </span>
                <Button variant="ghost" size="sm" onClick={() => void remove(f.id)} disabled={busy} aria-label={`Remove ${f.friendlyName}`}>
                  <Trash2 /> Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
        {enrol ? (
          <form onSubmit={verify} className="grid max-w-md gap-3" aria-label="Set up an authenticator app">
            <p className="text-sm">
              Scan the QR code with your authenticator app, or type the secret, then enter the 6-digit code it shows.
            </p>
            <img src={enrol.qrCode} alt="QR code for your authenticator app" width={200} height={200} className="rounded-md bg-white p-2" />
            <p className="text-sm">
              Secret:{' '}
              <code className="break-all rounded bg-muted px-1 py-0.5" data-testid="totp-secret">
                {enrol.secret}
              </code>
            </p>
            <div className="grid gap-1.5">
              <Label htmlFor="totp-code">Code from the app</Label>
              <Input
                id="totp-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            </div>
            <div className="flex gap-2">
              <Button type="submit" disabled={busy || code.trim().length !== 6}>
                Verify and turn on
              </Button>
              <Button type="button" variant="outline" onClick={() => setEnrol(null)}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void start()} disabled={busy}>
              {verified.length ? 'Add another authenticator' : 'Set up an authenticator app'}
            </Button>
            {verified.length > 0 && (
              <Button variant="outline" onClick={() => void regenerate()} disabled={busy}>
                New backup codes
              </Button>
            )}
          </div>
        )}
        {backupCodes && (
          <div className="grid gap-2 rounded-md border p-3" aria-label="Backup codes">
            <p className="text-sm font-medium">Backup codes — each works once. Keep them somewhere safe; they are shown only now.</p>
            <ul className="grid grid-cols-2 gap-1 font-mono text-sm" data-testid="backup-codes">
              {backupCodes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          </div>
        )}
        {msg && <Notice kind={msg.kind}>{msg.text}</Notice>}
      </CardContent>
    </Card>
  );
}

function SessionsCard() {
  const queryClient = useQueryClient();
  const router = useRouter();
  const sessions = useQuery({ queryKey: ['account', 'sessions'], queryFn: () => get<{ sessions: SessionRow[] }>('/api/auth/sessions') });
  const [msg, setMsg] = useState<string | null>(null);
  const act = async (f: () => Promise<unknown>, signedOutHere = false) => {
    setMsg(null);
    try {
      await f();
      if (signedOutHere) {
        queryClient.setQueryData(sessionQueryKey, null);
        await router.navigate({ href: '/login' });
        return;
      }
      await sessions.refetch();
    } catch (err) {
      setMsg(errorText(err));
    }
  };
  const rows = sessions.data?.sessions ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Sessions</h2>
        </CardTitle>
        <CardDescription>Where you are signed in.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sessions.isLoading && <p className="text-sm text-muted-foreground">Loading…</p>}
        <ul className="grid gap-2" aria-label="Sessions">
          {rows.map((s) => (
            <li
              key={s.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm"
              data-testid="session-row"
            >
              <div className="flex items-start gap-3">
                <Monitor className="mt-0.5 size-4 shrink-0" aria-hidden />
                <div className="grid gap-0.5">
                  <span className="font-medium">
                    {s.device} {s.current && <Badge variant="secondary">This device</Badge>}
                  </span>
                  <span className="text-xs text-muted-foreground">
                    IP {s.ip} · signed in {formatTime(s.createdAt)} · last seen {formatTime(s.lastSeenAt)} ·{' '}
                    {s.remember ? 'remembered' : 'until the browser closes'}
                  </span>
                </div>
              </div>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => void act(() => call(`/api/auth/sessions/${s.id}`, undefined, 'DELETE'), s.current)}
                aria-label={s.current ? 'Sign out of this device' : `Sign out ${s.device}`}
              >
                <LogOut /> Sign out
              </Button>
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={() => void act(() => call('/api/auth/signout', { scope: 'others' }))}
            disabled={rows.length < 2}
          >
            Sign out all other sessions
          </Button>
          <Button variant="outline" onClick={() => void act(() => call('/api/auth/signout', { scope: 'global' }), true)}>
            Sign out everywhere
          </Button>
        </div>
        {msg && <Notice kind="error">{msg}</Notice>}
      </CardContent>
    </Card>
  );
}

/** /settings/account: profile, password, two-factor authentication and sessions. */
export function AccountSettingsPage() {
  const account = useQuery({ queryKey: ['account', 'user'], queryFn: () => get<{ user: AccountUser }>('/api/auth/user') });
  const { withReauth, dialog } = useReauth();
  const user = account.data?.user;
  return (
    <div className="grid max-w-3xl gap-6 p-4 md:p-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Account</h1>
        <p className="text-sm text-muted-foreground">Sign-in details, security and sessions.</p>
      </div>
      {account.isLoading && <p className="text-sm text-muted-foreground">Loading…</p>}
      {account.isError && <Notice kind="error">{errorText(account.error)}</Notice>}
      {user && (
        <>
          <ProfileCard key={`${user.id}-${user.email}`} user={user} withReauth={withReauth} />
          <PasswordCard withReauth={withReauth} />
          <MfaCard user={user} withReauth={withReauth} />
        </>
      )}
      <SessionsCard />
      {dialog}
    </div>
  );
}
