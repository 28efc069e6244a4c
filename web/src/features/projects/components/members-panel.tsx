import { PROJECT_ROLES, type ProjectRole } from '@waymark/contracts';
import { LogOut, Mail, UserMinus, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { ApiError } from '@/lib/api-client';
import { useChangeRole } from '../api/change-role';
import { useMembers } from '../api/get-members';
import { useProjectInvitations } from '../api/get-project-invitations';
import { useInviteMember } from '../api/invite-member';
import { useLeaveProject } from '../api/leave-project';
import { useRemoveMember } from '../api/remove-member';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { formatDate, initials, ROLE_HELP, ROLE_LABELS } from '../lib/status';

const message = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);

/** Members and their roles; owners invite by email, change roles and remove; anyone may leave. */
export function MembersPanel({ projectId, role, onLeft }: { projectId: string; role: ProjectRole; onLeft: () => void }) {
  const isOwner = role === 'owner';
  const { data } = useMembers(projectId);
  const invitations = useProjectInvitations(projectId, isOwner);
  const changeRole = useChangeRole(projectId);
  const remove = useRemoveMember(projectId);
  const leave = useLeaveProject(projectId);
  const invite = useInviteMember(projectId);
  const revoke = useRevokeInvitation(projectId);
  const [email, setEmail] = useState('');
  const [inviteRole, setInviteRole] = useState<ProjectRole>('editor');
  const [inviteError, setInviteError] = useState<string | null>(null);
  const members = data?.members ?? [];

  return (
    <Card data-testid="members">
      <CardHeader>
        <CardTitle>
          <h2>Members</h2>
        </CardTitle>
        <CardDescription>{ROLE_HELP[role]}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid gap-2" aria-label="Members">
          {members.map((m) => (
            <li key={m.userId} className="flex flex-wrap items-center gap-2 text-sm" data-testid="member">
              <Avatar className="size-8">
                <AvatarFallback className="text-xs">{initials(m.name)}</AvatarFallback>
              </Avatar>
              <span className="grid min-w-0 flex-1">
                <span className="truncate font-medium">
                  <bdi>{m.name}</bdi> {m.you && <span className="text-muted-foreground font-normal">(you)</span>}
                </span>
                <span className="text-muted-foreground truncate text-xs">
                  <bdi>{m.email}</bdi> · since <bdi>{formatDate(m.joinedAt)}</bdi>
                </span>
              </span>
              {isOwner && !m.you ? (
                <>
                  <Select
                    value={m.role}
                    onValueChange={(r) =>
                      changeRole.mutate(
                        { userId: m.userId, role: r as ProjectRole },
                        { onError: (e) => toast.error(message(e, 'Could not change the role')) },
                      )
                    }
                  >
                    <SelectTrigger className="h-8 w-28" aria-label={`Role of ${m.name}`}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {PROJECT_ROLES.map((r) => (
                        <SelectItem key={r} value={r}>
                          {ROLE_LABELS[r]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    aria-label={`Remove ${m.name}`}
                    onClick={() => remove.mutate(m.userId, { onError: (e) => toast.error(message(e, 'Could not remove the member')) })}
                  >
                    <UserMinus aria-hidden />
                  </Button>
                </>
              ) : (
                <Badge variant="outline">{ROLE_LABELS[m.role]}</Badge>
              )}
            </li>
          ))}
        </ul>
        {isOwner && (
          <form
            className="grid gap-2 border-t pt-4"
            onSubmit={(e) => {
              e.preventDefault();
              setInviteError(null);
              invite.mutate(
                { email, role: inviteRole },
                {
                  onSuccess: (r) => {
                    setEmail('');
                    if (r.delivered === 'none') {
                      toast.info(`Invitation saved for ${r.invitation.email}`, {
                        description:
                          'This server sends no email (SMTP is not set up), so nothing was sent. It waits on their projects page once they sign up and confirm this address.',
                      });
                    } else {
                      toast.success(
                        r.delivered === 'mailbox'
                          ? `Invitation sent to ${r.invitation.email}'s Waymark mailbox`
                          : `Invitation emailed to ${r.invitation.email}`,
                      );
                    }
                  },
                  onError: (err) => setInviteError(message(err, 'Could not send the invitation')),
                },
              );
            }}
          >
            <Label htmlFor="invite-email">Invite by email</Label>
            <div className="flex flex-wrap gap-2">
              <Input
                id="invite-email"
                type="email"
                required
                value={email}
                placeholder="name@example.org"
                onChange={(e) => setEmail(e.target.value)}
                className="h-9 min-w-0 flex-1 basis-48"
                aria-invalid={inviteError ? true : undefined}
                aria-describedby={inviteError ? 'invite-error' : undefined}
              />
              <Select value={inviteRole} onValueChange={(r) => setInviteRole(r as ProjectRole)}>
                <SelectTrigger className="h-9 w-28" aria-label="Role of the invited person">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {PROJECT_ROLES.map((r) => (
                    <SelectItem key={r} value={r}>
                      {ROLE_LABELS[r]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <Button type="submit" size="sm" className="h-9" disabled={invite.isPending || !email}>
                <Mail aria-hidden /> Invite
              </Button>
            </div>
            {inviteError && (
              <p id="invite-error" role="alert" className="text-destructive text-sm">
                {inviteError}
              </p>
            )}
          </form>
        )}
        {isOwner && (invitations.data?.invitations.length ?? 0) > 0 && (
          <div className="grid gap-2">
            <h3 className="text-sm font-medium">Pending invitations</h3>
            <ul className="grid gap-1.5" aria-label="Pending invitations">
              {invitations.data!.invitations.map((i) => (
                <li key={i.id} className="text-muted-foreground flex items-center gap-2 text-sm">
                  <Mail aria-hidden className="size-4 shrink-0" />
                  <bdi className="text-foreground min-w-0 flex-1 truncate">{i.email}</bdi>
                  <span>{ROLE_LABELS[i.role]}</span>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-7"
                    aria-label={`Withdraw the invitation to ${i.email}`}
                    onClick={() => revoke.mutate(i.id)}
                  >
                    <X aria-hidden />
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        )}
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={leave.isPending}
          onClick={() =>
            leave.mutate(undefined, {
              onSuccess: () => {
                toast(`You left the project`);
                onLeft();
              },
              onError: (e) => toast.error(message(e, 'Could not leave the project')),
            })
          }
        >
          <LogOut aria-hidden className="rtl:rotate-180" /> Leave project
        </Button>
      </CardContent>
    </Card>
  );
}
