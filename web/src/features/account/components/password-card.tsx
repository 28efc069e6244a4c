import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/errors';
import { useUpdateUser } from '../api/update-user';
import { Notice, type NoticeState } from './notice';
import type { WithReauth } from './reauth';

export function PasswordCard({ withReauth }: { withReauth: WithReauth }) {
  const [password, setPassword] = useState('');
  const [msg, setMsg] = useState<NoticeState>(null);
  const update = useUpdateUser();
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setMsg(null);
    if ([...password].length < 12) return setMsg({ kind: 'error', text: 'Use at least 12 characters.' });
    try {
      await withReauth(async () => {
        await update.mutateAsync({ password });
      });
      setPassword('');
      setMsg({ kind: 'ok', text: 'Password changed. Your other sessions were signed out.' });
    } catch (err) {
      setMsg({ kind: 'error', text: errorMessage(err) });
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
          <Button type="submit" className="justify-self-start" disabled={update.isPending || !password}>
            Change password
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
