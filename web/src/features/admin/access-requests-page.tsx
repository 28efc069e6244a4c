import { Link } from '@tanstack/react-router';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAuthConfig } from '@/lib/auth-config';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format-date';
import { type AccessDecision, useDecideAccessRequest } from './api/decide-access-request';
import { type AccessRequestFilter, useAccessRequests } from './api/get-access-requests';
import { ErrorLine, selectClass } from './components/error-line';

/** What the admin is told after a decision (the confirmation the first version lacked). */
function outcome(decision: 'approve' | 'reject', r: AccessDecision): { text: string; link?: string } {
  if (decision === 'reject') return { text: `Rejected the request of ${r.email}.` };
  if (r.link) {
    return {
      text: `Approved ${r.email}. This server cannot send email: give them this one-time invitation link yourself, privately (valid 7 days).`,
      link: r.link,
    };
  }
  return r.delivery
    ? { text: `Approved ${r.email}. The invitation was emailed.` }
    : { text: `Approved ${r.email}, who already has an account.` };
}

/** /admin/access-requests: approve (creates the account and invites it) or reject. */
export function AccessRequestsPage() {
  const smtp = useAuthConfig().data?.delivery === 'smtp';
  const [status, setStatus] = useState<AccessRequestFilter>('pending');
  const [done, setDone] = useState<{ text: string; link?: string } | null>(null);
  const list = useAccessRequests(status);
  const decide = useDecideAccessRequest({
    mutationConfig: {
      onMutate: () => setDone(null),
      onSuccess: (r, { decision }) => setDone(outcome(decision, r)),
    },
  });
  const busyId = decide.isPending ? decide.variables?.id : null;
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4 p-4 md:p-6">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">Access requests</h1>
          <p className="text-sm text-muted-foreground">
            {smtp
              ? 'Approving creates the account and emails an invitation.'
              : 'Approving creates the account and gives you an invitation link to hand over.'}{' '}
            ·{' '}
            <Link to="/admin/users" className="underline underline-offset-4">
              users
            </Link>
          </p>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="ar-status">Show</Label>
          <select id="ar-status" className={selectClass} value={status} onChange={(e) => setStatus(e.target.value as AccessRequestFilter)}>
            <option value="pending">Pending</option>
            <option value="approved">Approved</option>
            <option value="rejected">Rejected</option>
            <option value="all">All</option>
          </select>
        </div>
      </div>
      <ErrorLine message={decide.isError ? errorMessage(decide.error) : list.isError ? errorMessage(list.error) : null} />
      {done && (
        <div role="status" className="grid gap-2 rounded-md border border-s-4 border-emerald-600/60 bg-background px-3 py-2 text-sm">
          <span>{done.text}</span>
          {done.link && (
            <Input aria-label="Invitation link" dir="ltr" readOnly value={done.link} onFocus={(e) => e.currentTarget.select()} />
          )}
        </div>
      )}
      {list.isLoading && <p className="text-sm text-muted-foreground">Loading…</p>}
      {list.data?.requests.length === 0 && <p className="text-sm text-muted-foreground">No requests.</p>}
      <ul className="grid gap-3" aria-label="Access requests">
        {list.data?.requests.map((r) => (
          <li key={r.id}>
            <Card className="py-4">
              <CardContent className="flex flex-wrap items-start justify-between gap-3">
                <div className="grid min-w-0 gap-1">
                  <span className="font-medium break-words">
                    <bdi>{r.name}</bdi>{' '}
                    <span className="font-normal text-muted-foreground">
                      &lt;<bdi>{r.email}</bdi>&gt;
                    </span>
                  </span>
                  {r.reason && (
                    <p dir="auto" className="text-sm break-words whitespace-pre-wrap">
                      {r.reason}
                    </p>
                  )}
                  <span className="text-xs text-muted-foreground">
                    <bdi>{formatDateTime(r.createdAt)}</bdi> ·{' '}
                    <Badge variant={r.status === 'rejected' ? 'outline' : r.status === 'approved' ? 'default' : 'secondary'}>
                      {r.status}
                    </Badge>
                  </span>
                </div>
                {r.status === 'pending' && (
                  <div className="flex gap-2">
                    <Button
                      size="sm"
                      onClick={() => decide.mutate({ id: r.id, decision: 'approve' })}
                      disabled={busyId === r.id}
                      aria-label={`Approve ${r.email}`}
                    >
                      <Check /> Approve
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => decide.mutate({ id: r.id, decision: 'reject' })}
                      disabled={busyId === r.id}
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
