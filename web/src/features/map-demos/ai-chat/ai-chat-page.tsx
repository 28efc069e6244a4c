// /ui/maps/ai-chat: a chat beside the map. The assistant (a model on the server, or the built-in
// intent engine) acts through tools; each call is a card with its result, and the map follows.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ChatContext, ChatStatus, DistanceUnit } from '@waymark/contracts/ai';
import { Bot, Eraser, Send } from 'lucide-react';
import type { Map as MlMap } from 'maplibre-gl';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { RegionMap } from '@/components/map';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { api } from '@/lib/api-client';
import { sessionQueryOptions } from '@/lib/session';
import { cn } from '@/lib/utils';
import { DemoHeader, Segmented } from '../components/demo-header';
import { ChatHttpError, fromStored, sendChat, type ChatMessage, type ToolPart } from './chat-stream';
import { ChatOverlays, drawingFor, EMPTY_DRAWING, moveCamera, type ChatDrawing } from './map-drawing';
import { ToolCard } from './tool-card';

const REGIONS = [
  { value: 'andorra', label: 'Andorra' },
  { value: 'monaco', label: 'Monaco' },
] as const;
const UNITS = [
  { value: 'km', label: 'km' },
  { value: 'mi', label: 'mi' },
] as const;
const SUGGESTIONS = [
  'A 10 km loop from Encamp',
  'Route from Andorra la Vella to Pas de la Casa',
  'Where is water near here?',
  'How far is it from Encamp to Canillo?',
  'Show the elevation',
];
const UNIT_KEY = 'waymark:ai-chat:unit';
let userSeq = 0;
/** ids for the user's messages until the server's copy replaces them (crypto.randomUUID needs https) */
const nextUserId = () => `u-${++userSeq}`;

const statusQuery = { queryKey: ['ai', 'status'], queryFn: () => api<ChatStatus>('/api/ai/status', { toast: false }), staleTime: 60_000 };

function lastTool(messages: ChatMessage[]): ToolPart | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const parts = messages[i]!.parts;
    for (let j = parts.length - 1; j >= 0; j--) {
      const p = parts[j]!;
      if (
        p.type === 'tool' &&
        p.state === 'done' &&
        ['plan_route', 'generate_loop', 'find_nearby', 'measure_distance', 'find_place', 'fly_to'].includes(p.name)
      )
        return p;
    }
  }
  return undefined;
}

export function AiChatPage() {
  const [region, setRegion] = useState<'andorra' | 'monaco'>('andorra');
  const [unit, setUnitState] = useState<DistanceUnit>(() => (localStorage.getItem(UNIT_KEY) === 'mi' ? 'mi' : 'km'));
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [input, setInput] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [alternatives, setAlternatives] = useState<Record<string, number>>({});
  const mapRef = useRef<MlMap | null>(null);
  const [drawing, setDrawing] = useState<ChatDrawing>(EMPTY_DRAWING);
  const drawingRef = useRef<ChatDrawing>(EMPTY_DRAWING);
  const routeRef = useRef<[number, number][] | undefined>(undefined);
  const logRef = useRef<HTMLDivElement>(null);
  const drawnRef = useRef(new Set<string>());
  const messagesRef = useRef(messages);
  const session = useQuery(sessionQueryOptions);
  const status = useQuery(statusQuery);
  const qc = useQueryClient();
  const signedIn = !!session.data;

  useEffect(() => {
    document.title = 'Map - AI Chat';
  }, []);

  const setUnit = (u: DistanceUnit) => {
    setUnitState(u);
    localStorage.setItem(UNIT_KEY, u);
  };

  const show = useCallback((part: ToolPart, alternative?: number, move = true) => {
    const map = mapRef.current;
    if (!map || part.state !== 'done') return;
    if (alternative !== undefined) setAlternatives((a) => ({ ...a, [part.id]: alternative }));
    const r = drawingFor(drawingRef.current, part.name, part.output, alternative ?? 0);
    drawingRef.current = r.drawing;
    setDrawing(r.drawing);
    if (r.line) routeRef.current = r.line;
    if (move && r.camera) moveCamera(map, r.camera);
  }, []);

  // draw each finished tool result once, in order
  useEffect(() => {
    for (const m of messages) {
      for (const p of m.parts) {
        if (p.type !== 'tool' || p.state !== 'done' || drawnRef.current.has(p.id)) continue;
        if (!mapRef.current) return;
        drawnRef.current.add(p.id);
        show(p);
      }
    }
  }, [messages, show]);

  // the stored chat of this user
  useEffect(() => {
    if (!signedIn) return;
    let cancelled = false;
    api<{ messages: Parameters<typeof fromStored>[0][] }>('/api/ai/messages', { toast: false })
      .then((r) => {
        if (cancelled) return;
        const list = r.messages.map(fromStored);
        // old results are not replayed on the map, except the last one
        for (const m of list) for (const p of m.parts) if (p.type === 'tool') drawnRef.current.add(p.id);
        setMessages(list);
        const last = lastTool(list);
        if (last && mapRef.current) show(last);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [signedIn, show]);

  useEffect(() => {
    messagesRef.current = messages;
    logRef.current?.scrollTo({ top: logRef.current.scrollHeight });
  }, [messages]);

  const context = (): ChatContext => {
    const map = mapRef.current;
    const c = map?.getCenter();
    const route = routeRef.current;
    return {
      region,
      unit,
      ...(c
        ? {
            center: [Math.round(c.lng * 1e6) / 1e6, Math.round(c.lat * 1e6) / 1e6] as [number, number],
            zoom: Math.round(map!.getZoom() * 10) / 10,
          }
        : {}),
      ...(route && route.length >= 2 && route.length <= 5000 ? { route } : {}),
    };
  };

  async function send(text: string) {
    const message = text.trim();
    if (!message || busy) return;
    setBusy(true);
    setNotice(null);
    setInput('');
    const user: ChatMessage = { id: nextUserId(), role: 'user', parts: [{ type: 'text', text: message }] };
    setMessages((ms) => [...ms, user]);
    let assistantId: string | null = null;
    try {
      await sendChat({ message, context: context() }, (m) => {
        setMessages((ms) => {
          const i = assistantId ? ms.findIndex((x) => x.id === assistantId) : -1;
          assistantId = m.id;
          if (i >= 0) return [...ms.slice(0, i), m, ...ms.slice(i + 1)];
          return [...ms, m];
        });
      });
    } catch (err) {
      setMessages((ms) => ms.filter((m) => m.id !== user.id));
      setInput(message);
      if (err instanceof ChatHttpError && err.status === 401) void qc.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });
      setNotice(err instanceof ChatHttpError ? err.message : 'The chat could not be reached. Check your connection and try again.');
    } finally {
      setBusy(false);
    }
  }

  async function clear() {
    await api('/api/ai/messages', { method: 'DELETE', toast: false }).catch(() => undefined);
    setMessages([]);
    setAlternatives({});
    // a cleared chat leaves nothing on the map either
    drawingRef.current = EMPTY_DRAWING;
    setDrawing(EMPTY_DRAWING);
    routeRef.current = undefined;
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void send(input);
  };

  return (
    <div className="fixed inset-0 flex flex-col">
      <DemoHeader title="Map - AI Chat">
        <Segmented label="Region" value={region} options={REGIONS} onChange={setRegion} />
        <Segmented label="Units" value={unit} options={UNITS} onChange={setUnit} />
        {status.data && (
          <Badge
            variant="secondary"
            className="ms-auto"
            title={
              status.data.mode === 'model'
                ? 'Answers come from the configured model'
                : 'Answers come from the built-in intent engine (no network, no model)'
            }
          >
            <Bot className="size-3" aria-hidden />
            {status.data.mode === 'model' ? `Model: ${status.data.model}` : 'Built-in intent engine'}
          </Badge>
        )}
      </DemoHeader>
      <div className="flex min-h-0 flex-1 flex-col md:flex-row">
        <RegionMap
          region={region}
          className="h-[42vh] min-h-0 md:h-auto md:flex-1"
          ariaLabel="Map of the chat's results"
          scaleUnit={unit === 'mi' ? 'imperial' : 'metric'}
          handle="ai-chat"
          onLoad={(m) => {
            mapRef.current = m;
            const last = lastTool(messagesRef.current);
            if (last) show(last);
          }}
        >
          <ChatOverlays drawing={drawing} />
        </RegionMap>
        <aside
          className="bg-background flex min-h-0 flex-1 flex-col border-t md:w-[400px] md:flex-none md:border-t-0 md:border-s"
          aria-label="Chat with the map assistant"
        >
          {session.isPending ? null : !signedIn ? (
            <div className="m-auto max-w-xs p-6 text-center">
              <p className="mb-3">Sign in to chat with the map assistant: your chat is kept with your account.</p>
              <Button asChild>
                <Link to="/login" search={{ redirect: '/ui/maps/ai-chat' }}>
                  Sign in
                </Link>
              </Button>
            </div>
          ) : (
            <>
              <div
                ref={logRef}
                role="log"
                aria-live="polite"
                aria-label="Conversation"
                className="min-h-0 flex-1 space-y-3 overflow-y-auto p-3"
                data-chat-log
              >
                {messages.length === 0 && (
                  <div className="text-muted-foreground space-y-2 text-sm">
                    <p>
                      Ask me to find places, plan routes and loops, show elevation, find water or toilets nearby, or measure distances. Try:
                    </p>
                    <ul className="flex flex-wrap gap-2">
                      {SUGGESTIONS.map((s) => (
                        <li key={s}>
                          <Button
                            type="button"
                            variant="outline"
                            size="sm"
                            className="h-auto py-1 text-start whitespace-normal"
                            onClick={() => void send(s)}
                          >
                            {s}
                          </Button>
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
                {messages.map((m) => (
                  <div key={m.id} className={cn('flex flex-col gap-2', m.role === 'user' && 'items-end')} data-role={m.role}>
                    {m.parts.map((p, i) =>
                      p.type === 'text' ? (
                        p.text && (
                          <p
                            key={i}
                            dir="auto"
                            className={cn(
                              'max-w-[90%] rounded-lg px-3 py-2 text-sm whitespace-pre-wrap',
                              m.role === 'user' ? 'bg-primary text-primary-foreground' : 'bg-muted',
                            )}
                          >
                            {p.text}
                          </p>
                        )
                      ) : (
                        <div key={p.id} className="w-full">
                          <ToolCard
                            part={p}
                            unit={unit}
                            selectedAlternative={alternatives[p.id] ?? 0}
                            onShow={(alt) => show(p, alt)}
                            onFlyTo={(pt) =>
                              mapRef.current?.flyTo({
                                center: [pt.lon, pt.lat],
                                zoom: Math.max(mapRef.current.getZoom(), 15),
                              })
                            }
                          />
                        </div>
                      ),
                    )}
                    {m.error && (
                      <p dir="auto" className="text-destructive text-sm">
                        {m.error}
                      </p>
                    )}
                    {m.pending && m.parts.length === 0 && <p className="text-muted-foreground text-sm">Thinking…</p>}
                  </div>
                ))}
              </div>
              {notice && (
                <p role="alert" className="text-destructive px-3 pb-1 text-sm">
                  {notice}
                </p>
              )}
              <form onSubmit={onSubmit} className="flex items-end gap-2 border-t p-3">
                <Textarea
                  value={input}
                  onChange={(e) => setInput(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' && !e.shiftKey) {
                      e.preventDefault();
                      void send(input);
                    }
                  }}
                  placeholder="Ask for a loop, a route, water nearby…"
                  aria-label="Message"
                  maxLength={2000}
                  rows={1}
                  className="max-h-32 min-h-10"
                />
                <Button type="submit" size="icon" disabled={busy || !input.trim()} aria-label="Send">
                  <Send className="size-4 rtl:rotate-180" aria-hidden />
                </Button>
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  onClick={() => void clear()}
                  disabled={busy || messages.length === 0}
                  aria-label="Clear the chat"
                >
                  <Eraser className="size-4" aria-hidden />
                </Button>
              </form>
            </>
          )}
        </aside>
      </div>
    </div>
  );
}
