import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAuthConfig } from '@/lib/auth-config';
import { errorMessage } from '@/lib/errors';
import type { AccountUser } from '../api/get-user';
import { useResendConfirmation } from '../api/resend-confirmation';
import { useUpdateUser } from '../api/update-user';
import { Notice, type NoticeState } from './notice';
import type { WithReauth } from './reauth';

/** What the page can truthfully say about the address (docs/auth.md, "Delivery"). */
function addressStatus(user: AccountUser, smtp: boolean): string {
  if (!user.email) return 'No email address.';
  if (user.emailVerified) return 'Email address confirmed.';
  return smtp
    ? 'Email address not confirmed yet: open the link we emailed to it.'
    : 'Email address not confirmed: this server does not send email, so only an administrator can confirm it.';
}

export function ProfileCard({ user, withReauth }: { user: AccountUser; withReauth: WithReauth }) {
  const smtp = useAuthConfig().data?.delivery === 'smtp';
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email ?? '');
  const [msg, setMsg] = useState<NoticeState>(null);
  const update = useUpdateUser();
  const resend = useResendConfirmation();
  const busy = update.isPending || resend.isPending;
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setMsg(null);
    try {
      await withReauth(async () => {
        const body: { name: string; email?: string } = { name };
        if (email.trim() && email.trim().toLowerCase() !== (user.email ?? '')) body.email = email.trim();
        const r = await update.mutateAsync(body);
        setMsg({
          kind: 'ok',
          text: !r.emailChangeSent
            ? r.emailChangeDelivery === 'none'
              ? 'Name saved. Your email address did not change: this server does not send email, so the new address cannot be confirmed.'
              : 'Saved.'
            : 'Saved. Confirm the new address with the link we sent to it.',
        });
      });
    } catch (err) {
      setMsg({ kind: 'error', text: errorMessage(err) });
    }
  };
  const resendLink = () => {
    if (!user.email) return;
    setMsg(null);
    resend.mutate(user.email, {
      onSuccess: () => setMsg({ kind: 'ok', text: 'Sent. Open the confirmation link in the email.' }),
      onError: (err) => setMsg({ kind: 'error', text: errorMessage(err) }),
    });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Profile</h2>
        </CardTitle>
        <CardDescription>
          {addressStatus(user, smtp)}
          {user.phone && (
            <>
              {' '}
              Phone <bdi dir="ltr">{user.phone}</bdi>
              {user.phoneVerified ? ' (confirmed).' : ' (not confirmed).'}
            </>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={save} className="grid max-w-md gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor="acc-name">Name</Label>
            <Input id="acc-name" dir="auto" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} autoComplete="name" />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="acc-email">Email</Label>
            <Input
              id="acc-email"
              type="email"
              dir="ltr"
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
            {smtp && user.email && !user.emailVerified && (
              <Button type="button" variant="outline" onClick={resendLink} disabled={busy}>
                Resend confirmation email
              </Button>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
