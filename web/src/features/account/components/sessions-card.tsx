import { useRouter } from '@tanstack/react-router';
import { KeyRound, LogOut, Monitor } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format-date';
import { useEndSession } from '../api/end-session';
import { type SessionRow, useSessions } from '../api/get-sessions';
import { useSignOutScope } from '../api/sign-out';
import { Notice } from './notice';

function SessionItem({ s, onEnd, busy }: { s: SessionRow; onEnd: () => void; busy: boolean }) {
  const token = s.kind === 'token';
  const Icon = token ? KeyRound : Monitor;
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm"
      data-testid="session-row"
      data-kind={s.kind}
    >
      <div className="flex min-w-0 items-start gap-3">
        <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
        <div className="grid min-w-0 gap-0.5">
          <span className="flex flex-wrap items-center gap-1.5 font-medium">
            <bdi>{s.device}</bdi>
            {token && <Badge variant="outline">Token</Badge>}
            {s.current && <Badge variant="secondary">This device</Badge>}
          </span>
          <span className="text-xs text-muted-foreground">
            IP <bdi dir="ltr">{s.ip}</bdi> · {token ? 'token issued' : 'signed in'} <bdi>{formatDateTime(s.createdAt)}</bdi> · last seen{' '}
            <bdi>{formatDateTime(s.lastSeenAt)}</bdi> ·{' '}
            {token ? 'refresh token rotates on use' : s.remember ? 'remembered' : 'until the browser closes'}
          </span>
        </div>
      </div>
      <Button
        variant="ghost"
        size="sm"
        onClick={onEnd}
        disabled={busy}
        aria-label={s.current ? 'Sign out of this device' : token ? `Revoke ${s.device}` : `Sign out ${s.device}`}
      >
        <LogOut /> {token ? 'Revoke' : 'Sign out'}
      </Button>
    </li>
  );
}

/** Browser sessions and token sessions (API clients using POST /api/auth/token) of the account. */
export function SessionsCard() {
  const router = useRouter();
  const sessions = useSessions();
  const [msg, setMsg] = useState<string | null>(null);
  const toLogin = () => router.navigate({ href: '/login' });
  const endSession = useEndSession({ mutationConfig: { onError: (err) => setMsg(errorMessage(err)) } });
  const signOut = useSignOutScope({ mutationConfig: { onError: (err) => setMsg(errorMessage(err)) } });
  const rows = sessions.data ?? [];
  const busy = endSession.isPending || signOut.isPending;
  const end = (s: SessionRow) => {
    setMsg(null);
    if (s.current) signOut.mutate('local', { onSuccess: () => void toLogin() });
    else endSession.mutate(s.id);
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Sessions</h2>
        </CardTitle>
        <CardDescription>
          Where you are signed in: browsers, and API clients that signed in with a password (token sessions).
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sessions.isLoading && <p className="text-sm text-muted-foreground">Loading…</p>}
        {sessions.isError && <Notice kind="error">{errorMessage(sessions.error)}</Notice>}
        <ul className="grid gap-2" aria-label="Sessions">
          {rows.map((s) => (
            <SessionItem key={s.id} s={s} busy={busy} onEnd={() => end(s)} />
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={() => {
              setMsg(null);
              signOut.mutate('others');
            }}
            disabled={busy || rows.length < 2}
          >
            Sign out all other sessions
          </Button>
          <Button
            variant="outline"
            onClick={() => {
              setMsg(null);
              signOut.mutate('global', { onSuccess: () => void toLogin() });
            }}
            disabled={busy}
          >
            Sign out everywhere
          </Button>
        </div>
        {msg && <Notice kind="error">{msg}</Notice>}
      </CardContent>
    </Card>
  );
}
