import { Check, Mail, X } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useAnswerInvitation } from '../api/answer-invitation';
import { useMyInvitations } from '../api/get-my-invitations';
import { ROLE_LABELS } from '../lib/status';

/** Invitations waiting for the signed-in user, with accept/decline (shown above the projects). */
export function PendingInvitations({ onAccepted }: { onAccepted?: (projectId: string) => void }) {
  const { data } = useMyInvitations();
  const answer = useAnswerInvitation();
  const list = data?.invitations ?? [];
  if (!list.length) return null;
  return (
    <section aria-labelledby="pending-invitations" className="bg-muted/40 grid gap-2 rounded-lg border p-3">
      <h2 id="pending-invitations" className="flex items-center gap-2 text-sm font-semibold">
        <Mail aria-hidden className="size-4" /> Invitations for you
      </h2>
      <ul className="grid gap-2">
        {list.map((inv) => (
          <li key={inv.id} className="bg-background flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm">
            <span>
              <bdi className="font-medium">{inv.invitedBy?.name ?? 'Someone'}</bdi> invited you to{' '}
              <bdi className="font-medium">{inv.projectName}</bdi> as {ROLE_LABELS[inv.role].toLowerCase()}.
            </span>
            <span className="flex gap-2">
              <Button
                size="sm"
                disabled={answer.isPending}
                onClick={() =>
                  answer.mutate(
                    { id: inv.id, answer: 'accept' },
                    {
                      onSuccess: (r) => {
                        toast.success(`You joined ${inv.projectName}`);
                        if (r) onAccepted?.(r.projectId);
                      },
                    },
                  )
                }
              >
                <Check aria-hidden /> Accept
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={answer.isPending}
                onClick={() =>
                  answer.mutate({ id: inv.id, answer: 'decline' }, { onSuccess: () => toast(`Invitation to ${inv.projectName} declined`) })
                }
              >
                <X aria-hidden /> Decline
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
