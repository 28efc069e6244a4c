import { Check, X } from 'lucide-react';
import { toast } from 'sonner';
import { NavLink } from '@/components/layout/nav-link';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAnswerInvitation } from '../api/answer-invitation';
import { useInvitation } from '../api/get-my-invitations';
import { formatDate, ROLE_HELP, ROLE_LABELS } from '../lib/status';

/**
 * /dashboard/projects/invitation?id=…: the invitation an email links to, with Accept and Decline
 * (a link never answers by itself: `answer` only decides which button is the main one).
 */
export function InvitationPage({
  id,
  answer: hint,
  onAccepted,
}: {
  id: string;
  answer?: 'accept' | 'decline';
  onAccepted: (projectId: string) => void;
}) {
  const { data: inv, isLoading, isError } = useInvitation(id);
  const answer = useAnswerInvitation();
  return (
    <div className="mx-auto grid w-full max-w-xl gap-4 p-4 md:p-6">
      {isLoading ? (
        <Skeleton className="h-48" />
      ) : isError || !inv ? (
        <Card>
          <CardHeader>
            <CardTitle>
              <h1>Invitation not found</h1>
            </CardTitle>
            <CardDescription>
              It may have been answered, withdrawn or have expired — or it was sent to another address than your account’s confirmed email.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild variant="outline">
              <NavLink to="/dashboard/projects">Your projects</NavLink>
            </Button>
          </CardContent>
        </Card>
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>
              <h1>
                Join <bdi>{inv.projectName}</bdi>
              </h1>
            </CardTitle>
            <CardDescription>
              <bdi>{inv.invitedBy?.name ?? 'Someone'}</bdi> invited you as {ROLE_LABELS[inv.role].toLowerCase()}:{' '}
              {ROLE_HELP[inv.role].toLowerCase()} Valid until <bdi>{formatDate(inv.expiresAt)}</bdi>.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-2">
            <Button
              variant={hint === 'decline' ? 'outline' : 'default'}
              disabled={answer.isPending}
              onClick={() =>
                answer.mutate(
                  { id, answer: 'accept' },
                  {
                    onSuccess: (r) => {
                      toast.success(`You joined ${inv.projectName}`);
                      if (r) onAccepted(r.projectId);
                    },
                  },
                )
              }
            >
              <Check aria-hidden /> Accept invitation
            </Button>
            <Button
              variant={hint === 'decline' ? 'default' : 'outline'}
              disabled={answer.isPending}
              onClick={() =>
                answer.mutate({ id, answer: 'decline' }, { onSuccess: () => toast(`Invitation to ${inv.projectName} declined`) })
              }
            >
              <X aria-hidden /> Decline
            </Button>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
