import { CloudOff, Check, Loader2 } from 'lucide-react';
import { useEffect, useReducer } from 'react';
import { useMap } from '@/components/map';
import type { ConnectionState, Peer } from '../lib/connection';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || '?';

/** Who else is here: one avatar per person in their colour (several tabs of one person count once). */
export function PresenceAvatars({ peers }: { peers: Peer[] }) {
  const people = [...new Map(peers.map((p) => [p.userId, p])).values()];
  if (!people.length) return null;
  return (
    <ul
      className="flex -space-x-2 rtl:space-x-reverse"
      aria-label={`Also here: ${people.map((p) => p.name).join(', ')}`}
      data-testid="presence"
    >
      {people.slice(0, 5).map((p) => (
        <li
          key={p.userId}
          title={p.name}
          className="ring-background flex size-8 items-center justify-center rounded-full text-xs font-semibold text-white ring-2"
          style={{ background: p.color }}
          data-peer={p.name}
        >
          <span aria-hidden>{initials(p.name)}</span>
          <span className="sr-only">{p.name}</span>
        </li>
      ))}
      {people.length > 5 && (
        <li className="bg-muted ring-background flex size-8 items-center justify-center rounded-full text-xs ring-2">
          +{people.length - 5}
        </li>
      )}
    </ul>
  );
}

/** "Synced", "Saving…", or "Offline — n changes waiting". */
export function ConnectionStatus({ state }: { state: ConnectionState }) {
  let text: string;
  let icon: React.ReactNode;
  let tone = 'text-muted-foreground';
  if (state.closed) {
    text = 'Disconnected';
    icon = <CloudOff aria-hidden className="size-4" />;
    tone = 'text-destructive';
  } else if (!state.online) {
    text = state.waiting > 0 ? `Offline — ${state.waiting} change${state.waiting === 1 ? '' : 's'} waiting` : 'Offline';
    icon = <CloudOff aria-hidden className="size-4" />;
    tone = 'text-amber-700 dark:text-amber-400';
  } else if (!state.synced) {
    text = state.waiting > 0 ? `Saving ${state.waiting} change${state.waiting === 1 ? '' : 's'}…` : 'Connecting…';
    icon = <Loader2 aria-hidden className="size-4 animate-spin" />;
  } else {
    text = 'Synced';
    icon = <Check aria-hidden className="size-4" />;
  }
  return (
    <span
      role="status"
      aria-live="polite"
      data-testid="sync-status"
      className={`inline-flex items-center gap-1 text-xs font-medium ${tone}`}
    >
      {icon}
      {text}
    </span>
  );
}

/** Other people's pointers on the map, with their names, in their colours. */
export function RemoteCursors({ peers }: { peers: Peer[] }) {
  const map = useMap();
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!map) return;
    map.on('move', redraw);
    return () => void map.off('move', redraw);
  }, [map]);
  if (!map) return null;
  return (
    <div className="pointer-events-none absolute inset-0 z-[5] overflow-hidden" aria-hidden>
      {peers
        .filter((p) => p.cursor)
        .map((p) => {
          const at = map.project(p.cursor!);
          return (
            <div
              key={p.clientId}
              data-remote-cursor={p.name}
              className="absolute top-0 left-0 transition-transform duration-75"
              style={{ transform: `translate(${at.x}px, ${at.y}px)` }}
            >
              <svg width="18" height="18" viewBox="0 0 18 18" className="-translate-x-px -translate-y-px drop-shadow">
                <path d="M1 1 L1 15 L5 11 L8 17 L10 16 L7 10 L13 10 Z" fill={p.color} stroke="white" strokeWidth="1.2" />
              </svg>
              <span
                className="ms-3 rounded px-1.5 py-0.5 text-[11px] font-medium whitespace-nowrap text-white"
                style={{ background: p.color }}
              >
                {p.name}
              </span>
            </div>
          );
        })}
    </div>
  );
}
