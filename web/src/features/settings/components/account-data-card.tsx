import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { Download, Loader2, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api-client';
import { emitAuthEvent } from '@/lib/auth-events';
import { sessionQueryKey, useSession } from '@/lib/session';
import { deleteAccount, downloadExport, needsReauth, reauthenticate } from '../api/account-data';

const message = (e: unknown) =>
  e instanceof ApiError
    ? e.status === 0
      ? 'The server could not be reached.'
      : e.message
    : e instanceof Error
      ? e.message
      : 'Something went wrong';

/** Runs an action; when the server asks for a recent sign-in, asks for the password (or a code) and runs it again. */
function useConfirmIdentity() {
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const pending = useRef<(() => Promise<void>) | null>(null);
  const id = useId();
  const run = async (action: () => Promise<void>) => {
    try {
      await action();
    } catch (e) {
      if (!needsReauth(e)) throw e;
      pending.current = action;
      setOpen(true);
    }
  };
  const dialog = (
    <Dialog open={open} onOpenChange={(o) => !o && setOpen(false)}>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={async (e) => {
            e.preventDefault();
            setBusy(true);
            setError(null);
            try {
              await reauthenticate(secret);
              setSecret('');
              setOpen(false);
              await pending.current?.();
            } catch (err) {
              setError(message(err));
            } finally {
              setBusy(false);
            }
          }}
        >
          <DialogHeader>
            <DialogTitle>Confirm it is you</DialogTitle>
            <DialogDescription>
              This needs a sign-in within the last 10 minutes. Enter your password (or an authenticator code).
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-secret`}>Password</Label>
            <Input
              id={`${id}-secret`}
              type="password"
              autoComplete="current-password"
              value={secret}
              onChange={(e) => setSecret(e.target.value)}
              autoFocus
            />
          </div>
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy || !secret}>
              Confirm
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
  return { run, dialog };
}

/** /settings/account: download my data (ZIP of JSON and GPX) and delete my account. */
export function AccountDataCard() {
  const session = useSession();
  const qc = useQueryClient();
  const router = useRouter();
  const { run, dialog } = useConfirmIdentity();
  const [exporting, setExporting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const address = session.data?.user.email ?? session.data?.user.phone ?? '';

  const exportData = async () => {
    setExporting(true);
    setError(null);
    try {
      await run(async () => {
        await downloadExport();
        toast.success('Your data is downloading');
      });
    } catch (e) {
      setError(message(e));
    } finally {
      setExporting(false);
    }
  };

  const remove = async (e: React.FormEvent) => {
    e.preventDefault();
    setDeleting(true);
    setError(null);
    try {
      await run(async () => {
        await deleteAccount(typed);
        setConfirmOpen(false);
        qc.setQueryData(sessionQueryKey, null);
        emitAuthEvent('SIGNED_OUT');
        toast.success('Your account was deleted');
        await router.navigate({ to: '/' });
      });
    } catch (err) {
      setError(message(err));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <div className="mt-6 grid max-w-3xl gap-6">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Your data</h2>
          </CardTitle>
          <CardDescription>
            A ZIP file with your account, settings, mailbox and projects as JSON, and every saved route as GPX.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button type="button" variant="outline" onClick={() => void exportData()} disabled={exporting}>
            {exporting ? <Loader2 className="animate-spin" aria-hidden /> : <Download aria-hidden />} Export my data
          </Button>
        </CardContent>
      </Card>
      <Card className="border-destructive/50">
        <CardHeader>
          <CardTitle>
            <h2>Delete account</h2>
          </CardTitle>
          <CardDescription>Deletes your account, your routes, your mail and your memberships. This cannot be undone.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <Button
            type="button"
            variant="outline"
            className="justify-self-start border-destructive/60 text-destructive hover:text-destructive dark:text-red-300 dark:hover:text-red-200"
            onClick={() => setConfirmOpen(true)}
          >
            <Trash2 aria-hidden /> Delete my account
          </Button>
          {error && !confirmOpen && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </CardContent>
      </Card>
      <Dialog open={confirmOpen} onOpenChange={(o) => (setConfirmOpen(o), setError(null))}>
        <DialogContent>
          <form onSubmit={remove} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>Delete your account?</DialogTitle>
              <DialogDescription>
                Type <bdi className="font-medium text-foreground">{address}</bdi> to confirm. Export your data first if you want to keep it.
              </DialogDescription>
            </DialogHeader>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-confirm`}>Your email address</Label>
              <Input id={`${id}-confirm`} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
            </div>
            {error && (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setConfirmOpen(false)}>
                Cancel
              </Button>
              <Button
                type="submit"
                variant="outline"
                className="border-destructive/60 text-destructive hover:text-destructive dark:text-red-300 dark:hover:text-red-200"
                disabled={deleting || typed.trim().toLowerCase() !== address.toLowerCase()}
              >
                {deleting && <Loader2 className="animate-spin" aria-hidden />} Delete forever
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
      {dialog}
    </div>
  );
}
