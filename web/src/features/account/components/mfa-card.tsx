import { ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/errors';
import { formatDate } from '@/lib/format-date';
import { type Enrolment, useEnrolFactor } from '../api/enrol-factor';
import type { AccountUser } from '../api/get-user';
import { useRegenerateBackupCodes } from '../api/regenerate-backup-codes';
import { useRemoveFactor } from '../api/remove-factor';
import { useVerifyFactor } from '../api/verify-factor';
import { Notice, type NoticeState } from './notice';
import type { WithReauth } from './reauth';

export function MfaCard({ user, withReauth }: { user: AccountUser; withReauth: WithReauth }) {
  const [enrol, setEnrol] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null);
  const [msg, setMsg] = useState<NoticeState>(null);
  const [busy, setBusy] = useState(false);
  const enrolFactor = useEnrolFactor();
  const verifyFactor = useVerifyFactor();
  const removeFactor = useRemoveFactor();
  const regenerate = useRegenerateBackupCodes();
  const run = async (f: () => Promise<void>) => {
    setMsg(null);
    setBusy(true);
    try {
      await withReauth(f);
    } catch (err) {
      setMsg({ kind: 'error', text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };
  const start = () =>
    run(async () => {
      setEnrol(await enrolFactor.mutateAsync('Authenticator app'));
      setBackupCodes(null);
    });
  const verify = (e: React.FormEvent) => {
    e.preventDefault();
    if (!enrol) return;
    void run(async () => {
      const r = await verifyFactor.mutateAsync({ id: enrol.id, code });
      setEnrol(null);
      setCode('');
      setBackupCodes(r.backupCodes ?? null);
      setMsg({ kind: 'ok', text: 'Two-factor authentication is on.' });
    });
  };
  const remove = (id: string) =>
    run(async () => {
      await removeFactor.mutateAsync(id);
      setMsg({ kind: 'ok', text: 'Authenticator removed.' });
    });
  const newCodes = () =>
    run(async () => {
      setBackupCodes((await regenerate.mutateAsync()).backupCodes);
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
              <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm">
                <span>
                  <bdi>{f.friendlyName}</bdi>{' '}
                  <span className="text-muted-foreground">
                    · added <bdi>{formatDate(f.createdAt)}</bdi>
                  </span>
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
            <img
              src={enrol.totp.qrCode}
              alt="QR code for your authenticator app"
              width={200}
              height={200}
              className="rounded-md bg-white p-2"
            />
            <p className="text-sm">
              Secret:{' '}
              <code dir="ltr" className="break-all rounded bg-muted px-1 py-0.5" data-testid="totp-secret">
                {enrol.totp.secret}
              </code>
            </p>
            <div className="grid gap-1.5">
              <Label htmlFor="totp-code">Code from the app</Label>
              <Input
                id="totp-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                dir="ltr"
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
              <Button variant="outline" onClick={() => void newCodes()} disabled={busy}>
                New backup codes
              </Button>
            )}
          </div>
        )}
        {backupCodes && (
          <div className="grid gap-2 rounded-md border p-3" role="group" aria-label="Backup codes">
            <p className="text-sm font-medium">Backup codes — each works once. Keep them somewhere safe; they are shown only now.</p>
            <ul dir="ltr" className="grid grid-cols-2 gap-1 font-mono text-sm" data-testid="backup-codes">
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
