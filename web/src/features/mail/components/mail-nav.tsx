import type { MailCounts, MailView } from '@waymark/contracts/mail';
import { PenSquare } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { FOLDERS } from '../lib/folders';

/** The folder list with counts: unread for the inbox, starred and archive; how many for drafts. */
export function MailNav({
  folder,
  counts,
  onFolder,
  onCompose,
}: {
  folder: MailView;
  counts: MailCounts | undefined;
  onFolder: (v: MailView) => void;
  onCompose: () => void;
}) {
  return (
    <div className="flex h-full flex-col gap-2 p-2">
      <Button onClick={onCompose} className="w-full" data-testid="compose">
        <PenSquare aria-hidden /> Compose
      </Button>
      <nav aria-label="Mail folders">
        <ul className="grid gap-0.5">
          {FOLDERS.map((f) => {
            const c = counts?.folders[f.view];
            const n = f.view === 'drafts' ? (c?.total ?? 0) : (c?.unread ?? 0);
            const active = folder === f.view;
            return (
              <li key={f.view}>
                <button
                  type="button"
                  onClick={() => onFolder(f.view)}
                  aria-current={active ? 'page' : undefined}
                  data-folder={f.view}
                  className={cn(
                    'flex h-9 w-full items-center gap-2 rounded-md px-2 text-sm outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
                    active && 'bg-accent font-medium text-accent-foreground',
                  )}
                >
                  <f.icon className="size-4 shrink-0" aria-hidden />
                  <span className="truncate">{f.title}</span>
                  {n > 0 && (
                    <span className="ms-auto text-xs tabular-nums text-muted-foreground" data-testid={`count-${f.view}`}>
                      {n}
                      <span className="sr-only">{f.view === 'drafts' ? ' drafts' : ' unread'}</span>
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
