import { MapEditError, type LayerRecord } from '@waymark/collab';
import { ArrowDown, ArrowUp, Eye, EyeOff, GripVertical, Lock, MoreHorizontal, Pencil, Plus, Trash2, Unlock } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import type { EditorSnapshot, EditorStore } from '../lib/editor-store';
import { StyleFields } from './style-fields';

export function run(fn: () => void) {
  try {
    fn();
  } catch (e) {
    toast.error(e instanceof MapEditError ? e.message : 'The change could not be made');
  }
}

function RenameInput({ layer, onDone, store }: { layer: LayerRecord; onDone: () => void; store: EditorStore }) {
  const [name, setName] = useState(layer.name);
  const commit = () => {
    if (name.trim() && name.trim() !== layer.name) run(() => store.map.updateLayer(layer.id, { name }));
    onDone();
  };
  return (
    <Input
      autoFocus
      aria-label={`New name of ${layer.name}`}
      value={name}
      maxLength={200}
      onChange={(e) => setName(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
        if (e.key === 'Escape') onDone();
        e.stopPropagation();
      }}
      className="h-8"
    />
  );
}

/**
 * The layers of the map, the top of the list drawn on top: choose the active layer (new drawings go
 * there), rename, show/hide, lock, reorder (drag, or Alt+↑/↓ and the menu), style, delete.
 */
export function LayersPanel({ store, snapshot, readOnly }: { store: EditorStore; snapshot: EditorSnapshot; readOnly: boolean }) {
  const [renaming, setRenaming] = useState<string | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<number | null>(null);
  // top of the list = last in the document's order
  const list = [...snapshot.layers].reverse();
  const n = list.length;
  const counts = new Map<string, number>();
  for (const f of snapshot.features) counts.set(f.layerId, (counts.get(f.layerId) ?? 0) + 1);
  const active = snapshot.layers.find((l) => l.id === snapshot.activeLayerId) ?? null;

  /** Move a layer to display position `pos` (0 = top). */
  const moveTo = (id: string, pos: number) => {
    const clamped = Math.max(0, Math.min(n - 1, pos));
    run(() => store.map.moveLayer(id, n - 1 - clamped));
  };
  const onRowKey = (e: KeyboardEvent, l: LayerRecord, pos: number) => {
    if (readOnly || !e.altKey) return;
    if (e.key === 'ArrowUp' && pos > 0) {
      e.preventDefault();
      moveTo(l.id, pos - 1);
      requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-layer-row="${l.id}"] [data-layer-name]`)?.focus());
    } else if (e.key === 'ArrowDown' && pos < n - 1) {
      e.preventDefault();
      moveTo(l.id, pos + 1);
      requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-layer-row="${l.id}"] [data-layer-name]`)?.focus());
    }
  };

  return (
    <div className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold">Layers</h2>
        {!readOnly && (
          <Button
            size="sm"
            variant="outline"
            onClick={() =>
              run(() => {
                const id = store.map.addLayer({ name: `Layer ${n + 1}` });
                store.setActiveLayer(id);
              })
            }
          >
            <Plus aria-hidden /> Add layer
          </Button>
        )}
      </div>
      {n === 0 && <p className="text-muted-foreground text-sm">No layers yet. Draw something, add a layer or import a file.</p>}
      <ul className="grid gap-1" aria-label="Layers, top drawn on top">
        {list.map((l, pos) => (
          <li
            key={l.id}
            data-layer-row={l.id}
            draggable={!readOnly && renaming !== l.id}
            onDragStart={(e) => {
              setDragging(l.id);
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', l.id);
            }}
            onDragOver={(e) => {
              if (!dragging) return;
              e.preventDefault();
              setOver(pos);
            }}
            onDragLeave={() => setOver((o) => (o === pos ? null : o))}
            onDrop={(e) => {
              e.preventDefault();
              if (dragging && dragging !== l.id) moveTo(dragging, pos);
              setDragging(null);
              setOver(null);
            }}
            onDragEnd={() => {
              setDragging(null);
              setOver(null);
            }}
            className={cn(
              'flex items-center gap-1 rounded-md border px-1 py-1',
              l.id === snapshot.activeLayerId ? 'border-primary bg-accent/60' : 'border-transparent',
              over === pos && dragging && dragging !== l.id && 'ring-primary ring-2',
              dragging === l.id && 'opacity-50',
            )}
          >
            {!readOnly && <GripVertical aria-hidden className="text-muted-foreground size-4 shrink-0 cursor-grab" />}
            <Button
              variant="ghost"
              size="icon"
              className="size-8 shrink-0"
              aria-pressed={l.visible}
              aria-label={`Show ${l.name}`}
              onClick={() => run(() => store.map.updateLayer(l.id, { visible: !l.visible }))}
              disabled={readOnly}
            >
              {l.visible ? <Eye aria-hidden /> : <EyeOff aria-hidden />}
            </Button>
            <span aria-hidden className="size-3 shrink-0 rounded-full border" style={{ background: l.style.color }} />
            {renaming === l.id ? (
              <RenameInput layer={l} store={store} onDone={() => setRenaming(null)} />
            ) : (
              <button
                type="button"
                data-layer-name
                className="focus-visible:ring-ring/50 min-w-0 flex-1 truncate rounded px-1 py-1 text-start text-sm outline-none focus-visible:ring-[3px]"
                aria-current={l.id === snapshot.activeLayerId ? 'true' : undefined}
                aria-keyshortcuts={readOnly ? undefined : 'Alt+ArrowUp Alt+ArrowDown'}
                aria-label={`${l.name}, ${counts.get(l.id) ?? 0} features${l.id === snapshot.activeLayerId ? ', active' : ''}${readOnly ? '' : '. Alt+Arrow keys move it'}`}
                onClick={() => store.setActiveLayer(l.id)}
                onDoubleClick={() => !readOnly && setRenaming(l.id)}
                onKeyDown={(e) => onRowKey(e, l, pos)}
              >
                <bdi>{l.name}</bdi>
              </button>
            )}
            <span className="text-muted-foreground text-xs tabular-nums">{counts.get(l.id) ?? 0}</span>
            <Button
              variant="ghost"
              size="icon"
              className="size-8 shrink-0"
              aria-pressed={l.locked}
              aria-label={`Lock ${l.name}`}
              onClick={() => run(() => store.map.updateLayer(l.id, { locked: !l.locked }))}
              disabled={readOnly}
            >
              {l.locked ? <Lock aria-hidden /> : <Unlock aria-hidden className="opacity-50" />}
            </Button>
            {!readOnly && (
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button variant="ghost" size="icon" className="size-8 shrink-0" aria-label={`More for ${l.name}`}>
                    <MoreHorizontal aria-hidden />
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent align="end">
                  <DropdownMenuItem onSelect={() => setRenaming(l.id)}>
                    <Pencil aria-hidden /> Rename
                  </DropdownMenuItem>
                  <DropdownMenuItem disabled={pos === 0} onSelect={() => moveTo(l.id, pos - 1)}>
                    <ArrowUp aria-hidden /> Move up
                  </DropdownMenuItem>
                  <DropdownMenuItem disabled={pos === n - 1} onSelect={() => moveTo(l.id, pos + 1)}>
                    <ArrowDown aria-hidden /> Move down
                  </DropdownMenuItem>
                  <DropdownMenuSeparator />
                  <DropdownMenuItem variant="destructive" onSelect={() => run(() => store.map.deleteLayer(l.id))}>
                    <Trash2 aria-hidden /> Delete layer
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            )}
          </li>
        ))}
      </ul>
      {active && (
        <section aria-label={`Style of ${active.name}`} className="grid gap-2 border-t pt-3">
          <h3 className="text-sm font-medium">
            Style of <bdi>{active.name}</bdi>
          </h3>
          <StyleFields
            value={active.style}
            disabled={readOnly}
            onChange={(patch) => run(() => store.map.updateLayer(active.id, { style: patch }))}
          />
        </section>
      )}
    </div>
  );
}
