import type { FeatureRecord, Style } from '@waymark/collab';
import type { Geometry } from 'geojson';
import { Maximize2, Minimize2, Plus, RotateCcw, RotateCw, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { Units } from '@/lib/units';
import type { EditorSnapshot, EditorStore } from '../lib/editor-store';
import { measure } from '../lib/measure';
import { parseCell, showCell } from '../lib/properties';
import { editModeFor } from '../lib/render';
import type { DrawApi } from './draw-controller';
import { run } from './layers-panel';
import { StyleFields } from './style-fields';

function PropRow({ k, f, locked, store }: { k: string; f: FeatureRecord; locked: boolean; store: EditorStore }) {
  const shown = showCell(f.properties[k]);
  const [text, setText] = useState(shown);
  const [was, setWas] = useState(shown);
  if (was !== shown) {
    setWas(shown);
    setText(shown);
  }
  const commit = () => text !== shown && run(() => store.map.setProperties(f.id, { [k]: parseCell(text, f.properties[k]) }));
  return (
    <div className="flex items-center gap-2">
      <span className="w-24 shrink-0 truncate text-xs font-medium" title={k}>
        <bdi>{k}</bdi>
      </span>
      <Input
        aria-label={k}
        value={text}
        disabled={locked}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === 'Enter') commit();
        }}
        className="h-8"
      />
      {!locked && (
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={`Remove ${k}`}
          onClick={() => run(() => store.map.setProperties(f.id, { [k]: undefined }))}
        >
          <X aria-hidden />
        </Button>
      )}
    </div>
  );
}

/** The selected feature: measurements, properties (edit, add, remove), style overrides, rotate/scale, delete. */
export function FeaturePanel({
  store,
  snapshot,
  readOnly,
  units,
  drawApi,
  editable,
}: {
  store: EditorStore;
  snapshot: EditorSnapshot;
  readOnly: boolean;
  units: Units;
  drawApi: React.RefObject<DrawApi | null>;
  editable: boolean;
}) {
  const f = snapshot.selectedId ? snapshot.byId.get(snapshot.selectedId) : null;
  const [newKey, setNewKey] = useState('');
  if (!f) return null;
  const layer = snapshot.layers.find((l) => l.id === f.layerId);
  if (!layer) return null;
  const locked = readOnly || layer.locked;
  const m = measure(f.geometry as Geometry, units);
  const keys = ['name', ...Object.keys(f.properties).filter((k) => k !== 'name')];
  const effective: Style = { ...layer.style, ...f.style };
  const overridden = Object.fromEntries(Object.keys(f.style).map((k) => [k, true])) as Partial<Record<keyof Style, boolean>>;
  const canTransform = editable && !locked && editModeFor(f.geometry.type) !== null && f.geometry.type !== 'Point';

  return (
    <section aria-label="Selected feature" className="grid gap-3" data-testid="feature-panel">
      <div className="flex items-center justify-between gap-2">
        <h2 className="truncate text-sm font-semibold">
          <bdi>{typeof f.properties.name === 'string' && f.properties.name ? f.properties.name : f.geometry.type}</bdi>
        </h2>
        <Button variant="ghost" size="icon" className="size-8" aria-label="Clear the selection" onClick={() => store.select(null)}>
          <X aria-hidden />
        </Button>
      </div>
      <p className="text-muted-foreground text-xs">
        In <bdi>{layer.name}</bdi>
        {layer.locked ? ' (locked)' : ''}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
        {m.parts.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-muted-foreground">{k}</dt>
            <dd className="tabular-nums">
              <bdi dir="ltr">{v}</bdi>
            </dd>
          </div>
        ))}
      </dl>
      {canTransform && (
        <div className="flex flex-wrap gap-1" role="group" aria-label="Rotate and scale">
          <Button variant="outline" size="sm" onClick={() => drawApi.current?.transform({ rotate: -15 })} aria-keyshortcuts="[">
            <RotateCcw aria-hidden /> −15°
          </Button>
          <Button variant="outline" size="sm" onClick={() => drawApi.current?.transform({ rotate: 15 })} aria-keyshortcuts="]">
            <RotateCw aria-hidden /> +15°
          </Button>
          <Button variant="outline" size="sm" onClick={() => drawApi.current?.transform({ scale: 1 / 1.1 })} aria-keyshortcuts="-">
            <Minimize2 aria-hidden /> Smaller
          </Button>
          <Button variant="outline" size="sm" onClick={() => drawApi.current?.transform({ scale: 1.1 })} aria-keyshortcuts="+">
            <Maximize2 aria-hidden /> Larger
          </Button>
        </div>
      )}
      <div className="grid gap-1.5">
        <h3 className="text-xs font-semibold uppercase tracking-wide">Properties</h3>
        {keys.map((k) => (
          <PropRow key={k} k={k} f={f} locked={locked} store={store} />
        ))}
        {!locked && (
          <form
            className="flex gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              const k = newKey.trim();
              if (!k) return;
              run(() => store.map.setProperties(f.id, { [k]: f.properties[k] ?? '' }));
              setNewKey('');
            }}
          >
            <Input
              aria-label="New property of this feature"
              placeholder="New property"
              value={newKey}
              maxLength={100}
              onChange={(e) => setNewKey(e.target.value)}
              className="h-8"
            />
            <Button type="submit" size="sm" variant="outline" disabled={!newKey.trim()}>
              <Plus aria-hidden /> Add
            </Button>
          </form>
        )}
      </div>
      <div className="grid gap-1.5">
        <h3 className="text-xs font-semibold uppercase tracking-wide">Style of this feature</h3>
        <StyleFields
          value={effective}
          overridden={overridden}
          disabled={locked}
          onChange={(patch) => run(() => store.map.setStyle(f.id, patch))}
          onReset={(k) => run(() => store.map.setStyle(f.id, { [k]: null }))}
        />
      </div>
      {!locked && (
        <Button
          variant="outline"
          className="text-destructive"
          onClick={() => run(() => store.map.deleteFeature(f.id))}
          aria-keyshortcuts="Delete"
        >
          <Trash2 aria-hidden /> Delete feature
        </Button>
      )}
    </section>
  );
}
