import { KeyRound, Link2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format-date';
import { useGenerateLink } from '../api/generate-link';
import type { AdminUser } from '../api/get-users';
import { useRemoveUserFactor } from '../api/remove-user-factor';
import { useUpdateUser } from '../api/update-user';
import { ErrorLine, selectClass } from './error-line';

/** Name, role, suspension, authenticators, and one-time links to hand over. */
export function EditUserDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [name, setName] = useState(user.name);
  const [role, setRole] = useState(user.role);
  const [banned, setBanned] = useState(user.banned);
  const [factors, setFactors] = useState(user.factors);
  const update = useUpdateUser({ mutationConfig: { onSuccess: onClose } });
  const link = useGenerateLink();
  const removeFactor = useRemoveUserFactor({
    mutationConfig: { onSuccess: (_d, { factorId }) => setFactors((f) => f.filter((x) => x.id !== factorId)) },
  });
  const busy = update.isPending || link.isPending || removeFactor.isPending;
  const error = update.error ?? link.error ?? removeFactor.error;
  const save = (e: React.FormEvent) => {
    e.preventDefault();
    update.mutate({ id: user.id, body: { name, role, banned } });
  };
  const generate = (type: 'magiclink' | 'recovery') => {
    if (user.email) link.mutate({ type, email: user.email });
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <form onSubmit={save} className="grid min-w-0 gap-4">
          <DialogHeader>
            <DialogTitle className="break-all">
              Edit <bdi>{user.email ?? user.phone}</bdi>
            </DialogTitle>
            <DialogDescription>
              Created <bdi>{formatDateTime(user.createdAt)}</bdi> · last sign-in <bdi>{formatDateTime(user.lastSignInAt)}</bdi>
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor="edit-name">Name</Label>
            <Input id="edit-name" dir="auto" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="edit-role">Role</Label>
            <select id="edit-role" className={selectClass} value={role} onChange={(e) => setRole(e.target.value as 'user' | 'admin')}>
              <option value="user">User</option>
              <option value="admin">Admin</option>
            </select>
          </div>
          <div className="flex items-center gap-2">
            <input
              id="edit-banned"
              type="checkbox"
              className="size-4 accent-primary"
              checked={banned}
              onChange={(e) => setBanned(e.target.checked)}
            />
            <Label htmlFor="edit-banned" className="font-normal">
              Suspended (cannot sign in; sessions and tokens end)
            </Label>
          </div>
          <div className="grid gap-2">
            <span className="text-sm font-medium">Two-factor authenticators</span>
            {factors.length === 0 && <span className="text-sm text-muted-foreground">None.</span>}
            {factors.map((f) => (
              <div key={f.id} className="flex items-center justify-between gap-2 rounded-md border px-3 py-1.5 text-sm">
                <span>
                  <bdi>{f.friendlyName}</bdi> ({f.status})
                </span>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => removeFactor.mutate({ userId: user.id, factorId: f.id })}
                  disabled={busy}
                  aria-label={`Remove ${f.friendlyName}`}
                >
                  <Trash2 /> Remove
                </Button>
              </div>
            ))}
          </div>
          {user.email && (
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="outline" size="sm" onClick={() => generate('magiclink')} disabled={busy}>
                <Link2 /> Sign-in link
              </Button>
              <Button type="button" variant="outline" size="sm" onClick={() => generate('recovery')} disabled={busy}>
                <KeyRound /> Recovery link
              </Button>
            </div>
          )}
          {link.data && (
            <div className="grid gap-1.5">
              <Label htmlFor="gen-link">Link (valid 1 hour; share it privately)</Label>
              <Input id="gen-link" dir="ltr" readOnly value={link.data.link} onFocus={(e) => e.currentTarget.select()} />
            </div>
          )}
          <ErrorLine message={error ? errorMessage(error) : null} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" disabled={busy}>
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
