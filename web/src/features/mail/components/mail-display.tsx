import type { MailMessage } from '@waymark/contracts/mail';
import { Archive, ArchiveRestore, ArrowLeft, Forward, Mail, Reply, ReplyAll, Star, Trash2, Undo2, X } from 'lucide-react';
import type * as React from 'react';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Separator } from '@/components/ui/separator';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { formatDateTime } from '@/lib/account-display';
import { cn } from '@/lib/utils';
import { initials, localHref, MessageText } from '../lib/text';

export type DisplayAction =
  'archive' | 'inbox' | 'trash' | 'restore' | 'delete' | 'star' | 'unstar' | 'unread' | 'reply' | 'replyAll' | 'forward';

function Tool({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button type="button" variant="ghost" size="icon" aria-label={label} onClick={onClick} disabled={disabled}>
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}

/** The reading pane: toolbar (archive, trash, restore, star, unread, reply, reply all, forward) and the message as plain text. */
export function MailDisplay({
  message,
  loading,
  error,
  me,
  onAction,
  onBack,
  busy,
}: {
  message: MailMessage | undefined;
  loading: boolean;
  error: string | null;
  me: string;
  onAction: (a: DisplayAction) => void;
  onBack?: () => void;
  busy: boolean;
}) {
  const m = message;
  const others = m ? [...m.recipients, ...m.cc].filter((p) => p.id !== me && p.id !== m.fromUserId) : [];
  const canReply = Boolean(m && !m.system && m.folder !== 'drafts' && (m.fromUserId || m.recipients.length));
  return (
    <div className="flex h-full min-h-0 flex-col" aria-label="Message" role="region">
      <div className="flex min-h-11 flex-wrap items-center gap-1 border-b px-2 py-1" role="toolbar" aria-label="Message actions">
        {onBack && (
          <Button type="button" variant="ghost" size="sm" onClick={onBack}>
            <ArrowLeft aria-hidden className="rtl:rotate-180" /> Back
          </Button>
        )}
        {m && (
          <>
            {m.folder === 'trash' ? (
              <>
                <Tool label="Restore" onClick={() => onAction('restore')} disabled={busy}>
                  <Undo2 aria-hidden />
                </Tool>
                <Tool label="Delete forever" onClick={() => onAction('delete')} disabled={busy}>
                  <X aria-hidden />
                </Tool>
              </>
            ) : (
              <>
                {m.folder === 'archive' ? (
                  <Tool label="Move to inbox" onClick={() => onAction('inbox')} disabled={busy}>
                    <ArchiveRestore aria-hidden />
                  </Tool>
                ) : (
                  m.folder !== 'drafts' && (
                    <Tool label="Archive" onClick={() => onAction('archive')} disabled={busy}>
                      <Archive aria-hidden />
                    </Tool>
                  )
                )}
                <Tool label="Move to trash" onClick={() => onAction('trash')} disabled={busy}>
                  <Trash2 aria-hidden />
                </Tool>
              </>
            )}
            <Separator orientation="vertical" className="mx-1 data-[orientation=vertical]:h-5" />
            <Tool label={m.starred ? 'Unstar' : 'Star'} onClick={() => onAction(m.starred ? 'unstar' : 'star')} disabled={busy}>
              <Star aria-hidden className={cn(m.starred && 'fill-current text-amber-500')} />
            </Tool>
            <Tool label="Mark as unread" onClick={() => onAction('unread')} disabled={busy}>
              <Mail aria-hidden />
            </Tool>
            <div className="ms-auto flex items-center gap-1">
              <Tool label="Reply" onClick={() => onAction('reply')} disabled={!canReply || !m.fromUserId || m.fromUserId === me}>
                <Reply aria-hidden className="rtl:-scale-x-100" />
              </Tool>
              <Tool
                label="Reply all"
                onClick={() => onAction('replyAll')}
                disabled={!canReply || (others.length === 0 && (!m.fromUserId || m.fromUserId === me))}
              >
                <ReplyAll aria-hidden className="rtl:-scale-x-100" />
              </Tool>
              <Tool label="Forward" onClick={() => onAction('forward')} disabled={m.folder === 'drafts'}>
                <Forward aria-hidden className="rtl:-scale-x-100" />
              </Tool>
            </div>
          </>
        )}
      </div>
      {m ? (
        <article className="flex min-h-0 flex-1 flex-col overflow-y-auto" aria-labelledby="message-subject">
          <div className="flex items-start gap-3 p-4">
            <Avatar className="size-10">
              <AvatarFallback>{m.system ? 'W' : initials(m.fromName)}</AvatarFallback>
            </Avatar>
            <div className="grid min-w-0 flex-1 gap-1 text-sm">
              <h2 id="message-subject" className="text-base font-semibold">
                {m.subject || '(no subject)'}
              </h2>
              <p>
                <bdi className="font-medium">{m.fromName}</bdi>
                {m.from && m.from !== 'in-app' && !m.system && (
                  <span className="text-muted-foreground">
                    {' '}
                    &lt;<bdi>{m.from}</bdi>&gt;
                  </span>
                )}
              </p>
              {m.recipients.length > 0 && (
                <p className="text-xs text-muted-foreground">
                  To: <bdi>{m.recipients.map((r) => r.name || r.email).join(', ')}</bdi>
                  {m.cc.length > 0 && (
                    <>
                      {' '}
                      · Cc: <bdi>{m.cc.map((r) => r.name || r.email).join(', ')}</bdi>
                    </>
                  )}
                </p>
              )}
            </div>
            <time className="shrink-0 text-xs text-muted-foreground" dateTime={m.createdAt}>
              <bdi>{formatDateTime(m.createdAt)}</bdi>
            </time>
          </div>
          <Separator />
          <div className="grid gap-4 p-4">
            <MessageText text={m.body} className="text-sm leading-relaxed" />
            {m.links.length > 0 && (
              <div className="flex flex-wrap gap-2">
                {m.links.map((l) => (
                  <Button key={l.url} variant="outline" size="sm" asChild>
                    <a href={localHref(l.url)} rel="noopener noreferrer">
                      {l.label}
                    </a>
                  </Button>
                ))}
              </div>
            )}
          </div>
        </article>
      ) : (
        <p className="p-8 text-center text-sm text-muted-foreground" role={error ? 'alert' : undefined}>
          {error ?? (loading ? 'Loading…' : 'No message selected.')}
        </p>
      )}
    </div>
  );
}
