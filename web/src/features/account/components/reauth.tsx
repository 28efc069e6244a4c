import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { useReauthenticate } from '../api/reauthenticate';
import { Notice } from './notice';

export type WithReauth = (run: () => Promise<void>) => Promise<void>;

const needsReauth = (err: unknown) => err instanceof ApiError && err.code === 'reauthentication_needed';

/** Runs an action; when the server asks for a fresh sign-in, asks for the password and retries once confirmed. */
export function useReauth(): { withReauth: WithReauth; dialog: React.ReactNode } {
  const [open, setOpen] = useState(false);
  const pending = useRef<{ run: () => Promise<void>; resolve: () => void; reject: (e: unknown) => void } | null>(null);
  const withReauth: WithReauth = (run) =>
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
  const reauth = useReauthenticate({
    mutationConfig: {
      onSuccess: () => {
        setPassword('');
        onConfirmed();
      },
    },
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    reauth.mutate(password);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) {
          reauth.reset();
          onCancel();
        }
      }}
    >
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
          {reauth.isError && <Notice kind="error">{errorMessage(reauth.error)}</Notice>}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={reauth.isPending || !password}>
              Confirm
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
