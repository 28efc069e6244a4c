import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { type AccessRequest, call, errorText, formatTime, get, selectClass } from './api';

/** /admin/access-requests: approve (sends an invitation) or reject. */
export function AccessRequestsPage() {
  const [status, setStatus] = useState<'pending' | 'approved' | 'rejected' | 'all'>('pending');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [done, setDone] = useState<{ text: string; link?: string } | null>(null);
  const list = useQuery({
    queryKey: ['admin', 'access-requests', status],
    queryFn: () => get<{ requests: AccessRequest[]; total: number }>(`/api/admin/access-requests?status=${status}&perPage=100`),
  });
  const decide = async (id: string, decision: 'approve' | 'reject') => {
    setBusy(id);
    setError(null);
    setDone(null);
    try {
      const r = await call<{ email: string; delivery?: string; link?: string }>(`/api/admin/access-requests/${id}/${decision}`, {});
      setDone(
        decision === 'reject'
          ? { text: `Rejected the request of ${r.email}.` }
          : r.link
            ? {
                text: `Approved ${r.email}. This server cannot send email: give them this one-time invitation link yourself (valid 7 days).`,
                link: r.link,
              }
            : r.delivery
              ? { text: `Approved ${r.email}. The invitation was emailed.` }
              : { text: `Approved ${r.email}, who already has an account.` },
      );
      await list.refetch();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4 p-4 md:p-6">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Access requests</h1>
          <p className="text-sm text-muted-foreground">
            Approving sends an invitation email. ·{' '}
            <Link to="/admin/users" className="underline underline-offset-4">
              users
            </Link>
          </p>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="ar-status">Show</Label>
          <select id="ar-status" className={selectClass} value={status} onChange={(e) => setStatus(e.target.value as typeof status)}>
            <option value="pending">Pending</option>
            <option value="approved">Approved</option>
            <option value="rejected">Rejected</option>
            <option value="all">All</option>
          </select>
        </div>
      </div>
      {error && (
        <p role="alert" className="text-sm font-medium text-foreground">
          {error}
        </p>
      )}
      {done && (
        <div role="status" className="grid gap-2 rounded-md border border-s-4 border-emerald-600/60 bg-background px-3 py-2 text-sm">
          <span>{done.text}</span>
          {done.link && <Input aria-label="Invitation link" readOnly value={done.link} onFocus={(e) => e.currentTarget.select()} />}
        </div>
      )}
      {list.isLoading && <p className="text-sm text-muted-foreground">Loading…</p>}
      {list.data?.requests.length === 0 && <p className="text-sm text-muted-foreground">No requests.</p>}
      <ul className="grid gap-3" aria-label="Access requests">
        {list.data?.requests.map((r) => (
          <li key={r.id}>
            <Card className="py-4">
              <CardContent className="flex flex-wrap items-start justify-between gap-3">
                <div className="grid gap-1">
                  <span className="font-medium">
                    {r.name} <span className="font-normal text-muted-foreground">&lt;{r.email}&gt;</span>
                  </span>
                  {r.reason && <p className="whitespace-pre-wrap text-sm">{r.reason}</p>}
                  <span className="text-xs text-muted-foreground">
                    {formatTime(r.createdAt)} ·{' '}
                    <Badge variant={r.status === 'rejected' ? 'outline' : r.status === 'approved' ? 'default' : 'secondary'}>
                      {r.status}
                    </Badge>
                  </span>
                </div>
                {r.status === 'pending' && (
                  <div className="flex gap-2">
                    <Button
                      size="sm"
                      onClick={() => void decide(r.id, 'approve')}
                      disabled={busy === r.id}
                      aria-label={`Approve ${r.email}`}
                    >
                      <Check /> Approve
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => void decide(r.id, 'reject')}
                      disabled={busy === r.id}
                      aria-label={`Reject ${r.email}`}
                    >
                      <X /> Reject
                    </Button>
                  </div>
                )}
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
