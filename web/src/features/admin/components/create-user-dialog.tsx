import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAuthConfig } from '@/lib/auth-config';
import { errorMessage } from '@/lib/errors';
import { useCreateUser } from '../api/create-user';
import { type InviteResult, useInviteUser } from '../api/invite-user';
import { ErrorLine, selectClass } from './error-line';

/** Create an account with a password, or invite someone to choose one. */
export function CreateUserDialog({ mode, onClose }: { mode: 'create' | 'invite'; onClose: () => void }) {
  const smtp = useAuthConfig().data?.delivery === 'smtp';
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<'user' | 'admin'>('user');
  const [invited, setInvited] = useState<InviteResult | null>(null);
  const create = useCreateUser({ mutationConfig: { onSuccess: onClose } });
  const invite = useInviteUser({
    mutationConfig: {
      // Without SMTP the admin hands the link over: keep the dialog open to show it.
      onSuccess: (r) => (r.link ? setInvited(r) : onClose()),
    },
  });
  const pending = create.isPending || invite.isPending;
  const error = create.error ?? invite.error;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (mode === 'invite') invite.mutate({ email, name, role });
    else create.mutate({ email, name, role, password });
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        {invited ? (
          <div className="grid gap-4">
            <DialogHeader>
              <DialogTitle>Invitation created</DialogTitle>
              <DialogDescription>
                This server cannot send email. Give <bdi>{invited.user.email}</bdi> this one-time link yourself, privately (valid 7 days).
              </DialogDescription>
            </DialogHeader>
            <div className="grid gap-1.5">
              <Label htmlFor="invite-link">Invitation link</Label>
              <Input id="invite-link" dir="ltr" readOnly value={invited.link} onFocus={(e) => e.currentTarget.select()} />
            </div>
            <DialogFooter>
              <Button type="button" onClick={onClose}>
                Done
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={submit} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{mode === 'invite' ? 'Invite a user' : 'Create a user'}</DialogTitle>
              <DialogDescription>
                {mode === 'invite'
                  ? smtp
                    ? 'They get an email with a link to choose a password.'
                    : 'You get a one-time link to hand over: with it they choose a password.'
                  : 'You vouch for the email address: it is marked as confirmed.'}
              </DialogDescription>
            </DialogHeader>
            <div className="grid gap-1.5">
              <Label htmlFor="new-email">Email</Label>
              <Input id="new-email" type="email" dir="ltr" required value={email} onChange={(e) => setEmail(e.target.value)} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="new-name">Name</Label>
              <Input id="new-name" dir="auto" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
            </div>
            {mode === 'create' && (
              <div className="grid gap-1.5">
                <Label htmlFor="new-password">Password</Label>
                <Input
                  id="new-password"
                  type="password"
                  autoComplete="new-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              </div>
            )}
            <div className="grid gap-1.5">
              <Label htmlFor="new-role">Role</Label>
              <select id="new-role" className={selectClass} value={role} onChange={(e) => setRole(e.target.value as 'user' | 'admin')}>
                <option value="user">User</option>
                <option value="admin">Admin</option>
              </select>
            </div>
            <ErrorLine message={error ? errorMessage(error) : null} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={pending}>
                {mode === 'invite' ? 'Send invitation' : 'Create user'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
