import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CheckCircle2, CloudDownload, HardDrive, RefreshCw, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { errorMessage } from '@/lib/errors';
import { formatBytes } from '@/lib/format-bytes';
import { formatDate } from '@/lib/format-date';
import {
  downloadRegion,
  packBytes,
  regionState,
  removeRegion,
  storedRegions,
  type RegionState,
  type StoredRegion,
} from './offline-regions';
import { fetchRegions, type RegionInfo } from './regions';

const STATE_LABEL: Record<RegionState, string> = {
  stored: 'On this device',
  update: 'Update available',
  partial: 'Partly stored',
  absent: 'Not on this device',
};

interface Row {
  name: string;
  title: string;
  info?: RegionInfo;
  stored?: StoredRegion;
  state: RegionState;
}

/** Merge the server's regions with what this device stores (a region the server dropped stays listed until removed). */
function rows(server: RegionInfo[] | undefined, stored: StoredRegion[]): Row[] {
  const byName = new Map(stored.map((s) => [s.region, s]));
  const out: Row[] = (server ?? []).map((info) => {
    const s = byName.get(info.name);
    return { name: info.name, title: info.title, info, stored: s, state: regionState(s, info) };
  });
  for (const s of stored)
    if (!out.some((r) => r.name === s.region)) out.push({ name: s.region, title: s.region, stored: s, state: regionState(s, undefined) });
  return out;
}

interface Props {
  /** the region on show (marked, and not offered as a link) */
  current?: string;
  /** where a region's name links to (the planner of that region) */
  to?: '/run' | '/run-app';
}

/**
 * "Downloaded regions": every region of this server and every region stored on this device — its
 * state and size here, download (whole pack, with progress), update to the server's version, remove.
 */
export function DownloadedRegions({ current, to }: Props) {
  const qc = useQueryClient();
  const server = useQuery({ queryKey: ['regions'], queryFn: fetchRegions, staleTime: 300_000, retry: false });
  const stored = useQuery({ queryKey: ['stored-regions'], queryFn: () => storedRegions(), networkMode: 'always' });
  const storage = useQuery({
    queryKey: ['storage-estimate'],
    queryFn: async () => ({
      estimate: (await navigator.storage?.estimate?.()) ?? null,
      persisted: (await navigator.storage?.persisted?.()) ?? false,
    }),
    networkMode: 'always',
  });
  const [busy, setBusy] = useState<{ name: string; done: number; total: number } | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['stored-regions'] });
    void qc.invalidateQueries({ queryKey: ['storage-estimate'] });
  };

  async function download(info: RegionInfo) {
    const ctl = new AbortController();
    abort.current = ctl;
    setBusy({ name: info.name, done: 0, total: packBytes(info) });
    try {
      await downloadRegion(info, (done, total) => setBusy({ name: info.name, done, total }), ctl.signal);
      toast.success(`${info.title} is stored on this device`);
    } catch (e) {
      if (!ctl.signal.aborted) toast.error(`Could not download ${info.title}: ${errorMessage(e)}`);
    } finally {
      setBusy(null);
      refresh();
    }
  }

  async function remove(row: Row) {
    try {
      await removeRegion(row.name);
      toast.success(`${row.title} removed from this device`);
    } catch (e) {
      toast.error(`Could not remove ${row.title}: ${errorMessage(e)}`);
    } finally {
      refresh();
    }
  }

  const list = rows(server.data, stored.data ?? []);
  const est = storage.data?.estimate;
  return (
    <div className="grid gap-3" data-testid="downloaded-regions">
      {server.isError ? (
        <p role="status" className="text-sm text-muted-foreground">
          The server's regions cannot be reached (offline?): showing what this device stores.
        </p>
      ) : null}
      {stored.isPending || (server.isPending && !list.length) ? (
        <p className="text-sm text-muted-foreground">Looking at this device's storage…</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground">No regions on this server or this device.</p>
      ) : (
        <ul aria-label="Regions" className="grid divide-y rounded-md border">
          {list.map((r) => {
            const mine = busy?.name === r.name;
            return (
              <li key={r.name} className="grid gap-2 p-3" data-offline-region={r.name} data-state={r.state}>
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">
                      {to && r.info && r.name !== current ? (
                        <Link to={to} search={{ region: r.name }} className="underline-offset-4 hover:underline">
                          {r.title}
                        </Link>
                      ) : (
                        r.title
                      )}
                      {r.name === current ? <span className="font-normal text-muted-foreground"> · on the map</span> : null}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {r.stored ? <bdi>{formatBytes(r.stored.bytes)} here</bdi> : null}
                      {r.stored && r.info ? ' · ' : null}
                      {r.info ? (
                        <>
                          <bdi>{formatBytes(packBytes(r.info))}</bdi> pack, built <bdi>{formatDate(r.info.builtAt)}</bdi>
                        </>
                      ) : r.stored ? (
                        ' · no longer offered by this server'
                      ) : null}
                    </p>
                  </div>
                  <Badge variant={r.state === 'stored' ? 'secondary' : r.state === 'absent' ? 'outline' : 'default'}>
                    {r.state === 'stored' ? <CheckCircle2 aria-hidden /> : null}
                    {STATE_LABEL[r.state]}
                  </Badge>
                </div>
                {mine ? (
                  <div className="flex items-center gap-2">
                    <Progress
                      value={busy.done}
                      max={busy.total || 1}
                      aria-label={`Downloading ${r.title}`}
                      aria-valuetext={`${formatBytes(busy.done)} of ${formatBytes(busy.total)}`}
                    />
                    <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
                      {Math.round((100 * busy.done) / (busy.total || 1))} %
                    </span>
                    <Button size="sm" variant="ghost" onClick={() => abort.current?.abort()}>
                      Cancel
                    </Button>
                  </div>
                ) : (
                  <div className="flex flex-wrap gap-2">
                    {r.info && r.state !== 'stored' ? (
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={!!busy}
                        onClick={() => void download(r.info!)}
                        aria-label={`${r.state === 'update' ? 'Update' : 'Download'} ${r.title}`}
                      >
                        {r.state === 'update' ? <RefreshCw /> : <CloudDownload />}
                        {r.state === 'update' ? 'Update' : 'Download'}
                      </Button>
                    ) : null}
                    {r.stored ? (
                      <Button size="sm" variant="ghost" disabled={!!busy} onClick={() => void remove(r)} aria-label={`Remove ${r.title}`}>
                        <Trash2 /> Remove
                      </Button>
                    ) : null}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <p className="flex items-start gap-2 text-xs text-muted-foreground">
        <HardDrive aria-hidden className="mt-0.5 size-3.5 shrink-0" />
        <span>
          {est?.usage !== undefined && est.quota ? (
            <>
              This site uses <bdi>{formatBytes(est.usage)}</bdi> of <bdi>{formatBytes(est.quota)}</bdi> available.{' '}
            </>
          ) : null}
          {storage.data?.persisted
            ? 'The browser keeps this storage until you remove it.'
            : 'The browser may clear this storage when the device runs short of space.'}{' '}
          A region you open is stored by itself once the map has loaded.
        </span>
      </p>
    </div>
  );
}
