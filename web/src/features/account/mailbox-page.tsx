import { Mail, MessageSquare, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { formatDateTime as formatTime } from '@/lib/format-date';
import { useMailMessage } from './api/get-mail-message';
import { useMailMessages } from './api/get-mail-messages';

/** Links to this app open on the current origin (the server may not know its public URL). */
function localHref(url: string): string {
  try {
    const u = new URL(url, window.location.origin);
    return /^\/(callback|reset-password|login|register|setup|admin|dashboard\/projects\/invitation)\b/.test(u.pathname)
      ? `${u.pathname}${u.search}`
      : u.toString();
  } catch {
    return '#';
  }
}

/** The signed-in user's in-app mailbox: every email and SMS the app sent them. */
export function MailboxPage() {
  const list = useMailMessages({ refetchInterval: 10_000 });
  const [openId, setOpenId] = useState<string | null>(null);
  const open = useMailMessage(openId);
  const messages = list.data?.messages ?? [];
  return (
    <div className="grid gap-4 p-4 md:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Mailbox</h1>
          <p className="text-sm text-muted-foreground">
            Emails and text messages Waymark sent you{list.data ? ` · ${list.data.unread} unread` : ''}.
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={() => void list.refetch()} disabled={list.isFetching}>
          <RefreshCw className={cn(list.isFetching && 'animate-spin')} /> Refresh
        </Button>
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,22rem)_1fr]">
        <Card className="py-2">
          <CardContent className="px-2">
            {list.isLoading && <p className="p-4 text-sm text-muted-foreground">Loading…</p>}
            {list.isError && (
              <p role="alert" className="p-4 text-sm text-foreground">
                Could not load your messages.
              </p>
            )}
            {!list.isLoading && messages.length === 0 && <p className="p-4 text-sm text-muted-foreground">No messages yet.</p>}
            <ul className="grid gap-1" aria-label="Messages">
              {messages.map((m) => (
                <li key={m.id}>
                  <button
                    type="button"
                    onClick={() => setOpenId(m.id)}
                    aria-current={openId === m.id ? 'true' : undefined}
                    className={cn(
                      'flex w-full flex-col items-start gap-1 rounded-md px-3 py-2 text-start text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
                      openId === m.id && 'bg-accent',
                    )}
                  >
                    <span className="flex w-full items-center gap-2">
                      {m.channel === 'sms' ? (
                        <MessageSquare className="size-4 shrink-0" aria-label="Text message" />
                      ) : (
                        <Mail className="size-4 shrink-0" aria-label="Email" />
                      )}
                      <span className={cn('truncate', !m.read && 'font-semibold')}>{m.subject || '(no subject)'}</span>
                      {!m.read && <Badge className="ms-auto">new</Badge>}
                    </span>
                    <span className="text-xs text-muted-foreground">{formatTime(m.createdAt)}</span>
                  </button>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <Card>
          {open.data ? (
            <>
              <CardHeader>
                <CardTitle>
                  <h2>{open.data.subject}</h2>
                </CardTitle>
                <CardDescription>
                  From {open.data.from} to {open.data.to} · {formatTime(open.data.createdAt)}
                </CardDescription>
              </CardHeader>
              <CardContent className="grid gap-4">
                <p className="whitespace-pre-wrap text-sm" data-testid="message-body">
                  {open.data.body}
                </p>
                {open.data.links.map((l) => (
                  <a
                    key={l.url}
                    href={localHref(l.url)}
                    className="break-all text-sm font-medium text-primary underline underline-offset-4"
                  >
                    {l.label}
                  </a>
                ))}
              </CardContent>
            </>
          ) : (
            <CardContent>
              <p className="text-sm text-muted-foreground">{openId ? 'Loading…' : 'Choose a message to read it.'}</p>
            </CardContent>
          )}
        </Card>
      </div>
    </div>
  );
}
