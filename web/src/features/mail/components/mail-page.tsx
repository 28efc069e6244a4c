import type { MailBulkAction, MailMessage, MailView } from '@waymark/contracts/mail';
import { useQueryClient } from '@tanstack/react-query';
import { PenSquare, Search } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useDefaultLayout } from 'react-resizable-panels';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ResizableHandle, ResizablePanel, ResizablePanelGroup } from '@/components/ui/resizable';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { formatDateTime } from '@/lib/account-display';
import { ApiError } from '@/lib/api-client';
import { useIsMobile } from '@/lib/use-media-query';
import { useBulkAction } from '../api/bulk-action';
import { useDeleteMessage } from '../api/delete-message';
import { useMailCounts } from '../api/get-counts';
import { useMessage } from '../api/get-message';
import { useMessages } from '../api/get-messages';
import { mailKeys } from '../api/keys';
import { useUpdateMessage } from '../api/update-message';
import { FOLDERS, folderTitle } from '../lib/folders';
import { prefixed, quote } from '../lib/text';
import { ComposeDialog, type ComposeDraft } from './compose-dialog';
import { MailDisplay, type DisplayAction } from './mail-display';
import { MailList } from './mail-list';
import { MailNav } from './mail-nav';

export interface MailSearch {
  folder: MailView;
  id?: string;
  q: string;
  tab: 'all' | 'unread';
}

const errorText = (e: unknown) => (e instanceof ApiError ? e.message : 'Something went wrong');

/**
 * /email: the mailbox after the shadcn mail example — folders, the list (All / Unread, search,
 * bulk actions, infinite scroll) and the reading pane in resizable panes whose sizes are
 * remembered; one pane at a time on phones. New mail appears without a reload (the counts are
 * polled; a change refreshes the list).
 */
export function MailPage({
  search,
  onSearch,
  userId,
}: {
  search: MailSearch;
  onSearch: (patch: Partial<MailSearch>) => void;
  userId: string;
}) {
  const mobile = useIsMobile();
  const qc = useQueryClient();
  const [query, setQuery] = useState(search.q);
  // The selection belongs to one view (folder, tab, search): another view starts with none.
  const viewKey = `${search.folder}|${search.tab}|${search.q}`;
  const [selection, setSelection] = useState<{ key: string; ids: Set<string> }>({ key: viewKey, ids: new Set() });
  const selected = selection.key === viewKey ? selection.ids : new Set<string>();
  const setSelected = (ids: Set<string>) => setSelection({ key: viewKey, ids });
  const [compose, setCompose] = useState<ComposeDraft | null>(null);
  const params = useMemo(
    () => ({ folder: search.folder, unread: search.tab === 'unread', q: search.q }),
    [search.folder, search.tab, search.q],
  );
  const list = useMessages(params);
  const counts = useMailCounts();
  const open = useMessage(search.id ?? null);
  const update = useUpdateMessage();
  const bulk = useBulkAction();
  const del = useDeleteMessage();
  const layout = useDefaultLayout({ id: 'waymark-mail', storage: typeof localStorage === 'undefined' ? undefined : localStorage });

  // Search as you type (debounced), kept in the URL.
  useEffect(() => {
    if (query === search.q) return;
    const t = setTimeout(() => onSearch({ q: query, id: undefined }), 300);
    return () => clearTimeout(t);
  }, [query, search.q, onSearch]);

  // New mail without a reload: when the polled counts change, the list is fetched again.
  const signature = counts.data ? JSON.stringify([counts.data.latest, counts.data.folders]) : '';
  const lastSignature = useRef(signature);
  useEffect(() => {
    if (!signature || signature === lastSignature.current) return;
    const first = lastSignature.current === '';
    lastSignature.current = signature;
    if (!first) void qc.invalidateQueries({ queryKey: mailKeys.lists() });
  }, [signature, qc]);

  const messages = useMemo(() => list.data?.pages.flatMap((p) => p.messages) ?? [], [list.data]);
  const more = useCallback(() => {
    if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  }, [list]);

  const newMessage = () => setCompose({ title: 'New message', to: [], cc: [], subject: '', body: '' });

  const openMessage = (m: MailMessage) => {
    if (m.folder === 'drafts') {
      setCompose({ title: 'Draft', to: m.recipients, cc: m.cc, subject: m.subject, body: m.body, draftId: m.id });
      return;
    }
    onSearch({ id: m.id });
  };

  const respond = (m: MailMessage, kind: 'reply' | 'replyAll' | 'forward') => {
    const sender = m.fromUserId ? [{ id: m.fromUserId, name: m.fromName, email: m.from || null }] : [];
    const header = `On ${formatDateTime(m.createdAt)}, ${m.fromName} wrote:`;
    if (kind === 'forward') {
      setCompose({
        title: 'Forward',
        to: [],
        cc: [],
        subject: prefixed('Fwd', m.subject),
        body: `\n\n---------- Forwarded message ----------\nFrom: ${m.fromName}\nDate: ${formatDateTime(m.createdAt)}\nSubject: ${m.subject}\n\n${m.body}`,
        inReplyTo: m.id,
      });
      return;
    }
    // Replying to your own sent message goes to its recipients.
    const mine = m.fromUserId === userId;
    const to = mine ? m.recipients : sender;
    const cc =
      kind === 'replyAll'
        ? [...(mine ? [] : m.recipients), ...m.cc].filter(
            (p, i, a) => p.id !== userId && !to.some((t) => t.id === p.id) && a.findIndex((x) => x.id === p.id) === i,
          )
        : [];
    setCompose({
      title: kind === 'reply' ? 'Reply' : 'Reply all',
      to,
      cc,
      subject: prefixed('Re', m.subject),
      body: `\n\n${header}\n${quote(m.body)}`,
      inReplyTo: m.id,
    });
  };

  const onAction = async (a: DisplayAction) => {
    const m = open.data;
    if (!m) return;
    try {
      switch (a) {
        case 'reply':
        case 'replyAll':
        case 'forward':
          return respond(m, a);
        case 'delete':
          await del.mutateAsync(m.id);
          onSearch({ id: undefined });
          toast.success('Deleted forever');
          return;
        case 'star':
        case 'unstar':
          await update.mutateAsync({ id: m.id, starred: a === 'star' });
          return;
        case 'unread':
          await update.mutateAsync({ id: m.id, read: false });
          onSearch({ id: undefined });
          return;
        default: {
          const folder = a === 'archive' ? 'archive' : a === 'trash' ? 'trash' : 'inbox';
          const moved = await update.mutateAsync({ id: m.id, folder });
          onSearch({ id: undefined });
          toast.success(a === 'archive' ? 'Archived' : a === 'trash' ? 'Moved to the trash' : `Moved to ${folderTitle(moved.folder)}`);
        }
      }
    } catch (e) {
      toast.error(errorText(e));
    }
  };

  const onBulk = async (action: MailBulkAction) => {
    try {
      const n = await bulk.mutateAsync({ ids: [...selected], action });
      setSelected(new Set());
      toast.success(`${n} message${n === 1 ? '' : 's'} updated`);
    } catch (e) {
      toast.error(errorText(e));
    }
  };

  const header = (
    <div className="grid gap-2 border-b p-3">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="me-auto text-xl font-semibold tracking-tight" data-testid="folder-title">
          <span className="sr-only">Mailbox: </span>
          {folderTitle(search.folder)}
        </h1>
        <div role="group" aria-label="Show" className="inline-flex h-9 items-center rounded-lg bg-muted p-[3px] text-muted-foreground">
          {(['all', 'unread'] as const).map((t) => (
            <button
              key={t}
              type="button"
              aria-pressed={search.tab === t}
              onClick={() => onSearch({ tab: t, id: undefined })}
              className="inline-flex h-full items-center rounded-md px-2.5 text-sm font-medium text-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-pressed:bg-background aria-pressed:shadow-sm dark:text-muted-foreground dark:aria-pressed:bg-input/30 dark:aria-pressed:text-foreground"
            >
              {t === 'all' ? 'All mail' : 'Unread'}
            </button>
          ))}
        </div>
      </div>
      <div className="relative">
        <Search className="pointer-events-none absolute start-2.5 top-2.5 size-4 text-muted-foreground" aria-hidden />
        <Input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search subject, message or sender"
          aria-label="Search mail"
          maxLength={200}
          className="ps-8"
        />
      </div>
    </div>
  );

  const listPane = (
    <div className="flex h-full min-h-0 flex-col">
      {header}
      {list.isError ? (
        <p role="alert" className="p-4 text-sm">
          Could not load your messages: {errorText(list.error)}
        </p>
      ) : list.isLoading ? (
        <p className="p-4 text-sm text-muted-foreground">Loading…</p>
      ) : (
        <MailList
          folder={search.folder}
          messages={messages}
          openId={search.id ?? null}
          selected={selected}
          onSelect={setSelected}
          onOpen={openMessage}
          onBulk={(a) => void onBulk(a)}
          hasMore={Boolean(list.hasNextPage)}
          loadingMore={list.isFetchingNextPage}
          onMore={more}
          busy={bulk.isPending}
        />
      )}
    </div>
  );

  const display = (
    <MailDisplay
      message={open.data}
      loading={open.isLoading}
      error={open.isError ? errorText(open.error) : null}
      me={userId}
      onAction={(a) => void onAction(a)}
      onBack={mobile ? () => onSearch({ id: undefined }) : undefined}
      busy={update.isPending || del.isPending}
    />
  );

  const composer = compose && (
    <ComposeDialog key={compose.draftId ?? compose.title + compose.subject} initial={compose} onClose={() => setCompose(null)} />
  );

  if (mobile) {
    return (
      <div className="flex h-[calc(100svh-3.5rem)] min-h-0 flex-col">
        {search.id ? (
          display
        ) : (
          <>
            <div className="flex items-center gap-2 border-b p-2">
              <Select value={search.folder} onValueChange={(v) => onSearch({ folder: v as MailView, id: undefined })}>
                <SelectTrigger aria-label="Folder" className="flex-1">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {FOLDERS.map((f) => {
                    const c = counts.data?.folders[f.view];
                    const n = f.view === 'drafts' ? c?.total : c?.unread;
                    return (
                      <SelectItem key={f.view} value={f.view}>
                        {f.title}
                        {n ? ` (${n})` : ''}
                      </SelectItem>
                    );
                  })}
                </SelectContent>
              </Select>
              <Button onClick={newMessage} data-testid="compose">
                <PenSquare aria-hidden /> Compose
              </Button>
            </div>
            {listPane}
          </>
        )}
        {composer}
      </div>
    );
  }

  return (
    <div className="h-[calc(100svh-3.5rem)] min-h-0">
      <ResizablePanelGroup
        orientation="horizontal"
        id="waymark-mail"
        defaultLayout={layout.defaultLayout}
        onLayoutChanged={layout.onLayoutChanged}
      >
        <ResizablePanel id="folders" defaultSize="17%" minSize="150px" maxSize="30%">
          <MailNav
            folder={search.folder}
            counts={counts.data}
            onFolder={(folder) => onSearch({ folder, id: undefined })}
            onCompose={newMessage}
          />
        </ResizablePanel>
        <ResizableHandle withHandle aria-label="Resize the folder list" />
        <ResizablePanel id="list" defaultSize="38%" minSize="260px">
          {listPane}
        </ResizablePanel>
        <ResizableHandle withHandle aria-label="Resize the message list" />
        <ResizablePanel id="display" defaultSize="45%" minSize="280px">
          {display}
        </ResizablePanel>
      </ResizablePanelGroup>
      {composer}
    </div>
  );
}
