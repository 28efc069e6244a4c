import type { MailMessage, MailView } from '@waymark/contracts/mail';
import { Archive, ArchiveRestore, Loader2, MailOpen, Mail, Star, StarOff, Trash2, Undo2, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { formatDateTime } from '@/lib/account-display';
import { cn } from '@/lib/utils';
import type { MailBulkAction } from '@waymark/contracts/mail';

const snippet = (s: string) => s.replace(/\s+/g, ' ').trim().slice(0, 120);

function when(iso: string): string {
  const d = new Date(iso);
  const now = new Date();
  if (d.toDateString() === now.toDateString()) return formatDateTime(d, { timeOnly: true });
  return formatDateTime(d, { dateOnly: true });
}

/** The messages of a folder: select several for bulk actions, open one to read it; more load as you scroll. */
export function MailList({
  folder,
  messages,
  openId,
  selected,
  onSelect,
  onOpen,
  onBulk,
  hasMore,
  loadingMore,
  onMore,
  busy,
}: {
  folder: MailView;
  messages: MailMessage[];
  openId: string | null;
  selected: Set<string>;
  onSelect: (ids: Set<string>) => void;
  onOpen: (m: MailMessage) => void;
  onBulk: (a: MailBulkAction) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
  busy: boolean;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onMore(), { rootMargin: '200px' });
    io.observe(el);
    return () => io.disconnect();
  }, [hasMore, onMore]);

  const all = messages.length > 0 && messages.every((m) => selected.has(m.id));
  const some = selected.size > 0;
  const inTrash = folder === 'trash';
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelect(next);
  };
  const act = (label: string, icon: React.ReactNode, action: MailBulkAction) => (
    <Button
      key={action}
      type="button"
      variant="ghost"
      size="sm"
      onClick={() => onBulk(action)}
      disabled={busy}
      aria-label={`${label} (${selected.size} selected)`}
    >
      {icon}
      <span className="hidden xl:inline">{label}</span>
    </Button>
  );

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex min-h-11 flex-wrap items-center gap-1 border-b px-3 py-1" role="toolbar" aria-label="Selected messages">
        <Checkbox
          checked={all ? true : some ? 'indeterminate' : false}
          onCheckedChange={(v) => onSelect(v === true ? new Set(messages.map((m) => m.id)) : new Set())}
          aria-label={all ? 'Select none' : 'Select all messages'}
          disabled={messages.length === 0}
          className="me-2"
        />
        {some ? (
          <>
            <span className="me-1 text-xs text-muted-foreground" aria-live="polite">
              {selected.size} selected
            </span>
            {act('Mark read', <MailOpen aria-hidden />, 'read')}
            {act('Mark unread', <Mail aria-hidden />, 'unread')}
            {act('Star', <Star aria-hidden />, 'star')}
            {act('Unstar', <StarOff aria-hidden />, 'unstar')}
            {inTrash ? (
              <>
                {act('Restore', <Undo2 aria-hidden />, 'restore')}
                {act('Delete forever', <X aria-hidden />, 'delete')}
              </>
            ) : (
              <>
                {folder === 'archive'
                  ? act('Move to inbox', <ArchiveRestore aria-hidden />, 'restore')
                  : folder !== 'drafts' && act('Archive', <Archive aria-hidden />, 'archive')}
                {act('Move to trash', <Trash2 aria-hidden />, 'trash')}
              </>
            )}
          </>
        ) : (
          <span className="text-xs text-muted-foreground">Select messages for bulk actions</span>
        )}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto" data-testid="message-list">
        {messages.length === 0 && <p className="p-6 text-center text-sm text-muted-foreground">No messages here.</p>}
        <ul className="grid gap-1 p-2" aria-label="Messages">
          {messages.map((m) => {
            const who =
              folder === 'sent' || folder === 'drafts'
                ? `To: ${m.recipients.map((r) => r.name || r.email).join(', ') || '(nobody yet)'}`
                : m.fromName;
            return (
              <li key={m.id} className="relative">
                <div
                  className={cn(
                    'flex items-start gap-3 rounded-lg border p-3 text-sm transition-colors hover:bg-accent',
                    openId === m.id && 'bg-muted',
                  )}
                >
                  <Checkbox
                    checked={selected.has(m.id)}
                    onCheckedChange={(v) => toggle(m.id, v === true)}
                    aria-label={`Select “${m.subject || '(no subject)'}”`}
                    className="relative z-10 mt-0.5"
                  />
                  <button
                    type="button"
                    onClick={() => onOpen(m)}
                    aria-current={openId === m.id ? 'true' : undefined}
                    className="grid min-w-0 flex-1 gap-1 text-start outline-none after:absolute after:inset-0 after:rounded-lg focus-visible:after:ring-[3px] focus-visible:after:ring-ring/50"
                    data-testid="message-item"
                  >
                    <span className="flex items-center gap-2">
                      {!m.read && <span className="size-2 shrink-0 rounded-full bg-primary" aria-hidden />}
                      <bdi className={cn('truncate', !m.read && 'font-semibold')}>{who}</bdi>
                      {m.starred && <Star className="size-3.5 shrink-0 fill-current text-amber-500" aria-label="Starred" />}
                      <span className="ms-auto shrink-0 text-xs text-muted-foreground">
                        <bdi>{when(m.createdAt)}</bdi>
                      </span>
                    </span>
                    <span className={cn('truncate', !m.read ? 'font-medium' : 'text-muted-foreground')}>
                      {!m.read && <span className="sr-only">Unread: </span>}
                      {m.subject || '(no subject)'}
                    </span>
                    <span className="line-clamp-2 text-xs text-muted-foreground">{snippet(m.body)}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
        <div ref={sentinel} />
        {hasMore && (
          <div className="flex justify-center p-2">
            <Button variant="outline" size="sm" onClick={onMore} disabled={loadingMore}>
              {loadingMore && <Loader2 className="animate-spin" aria-hidden />} Load more
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
