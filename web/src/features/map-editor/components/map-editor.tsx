import { Download, Keyboard, Layers, Redo2, Table2, Undo2, Upload } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { toast } from 'sonner';
import { observeReplacedGeometry } from '@waymark/collab';
import type * as Y from 'yjs';
import { RegionMap, useMapInsets } from '@/components/map';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useIsMobile } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import { EditorStore } from '../lib/editor-store';
import { download, exportMap, importFile, ImportError, type MapFormat } from '../lib/io';
import type { Measurement } from '../lib/measure';
import { exposeEditor } from '../lib/test-hook';
import { SHORTCUTS, TOOLS, toolDraws, toolForKey, type ToolId } from '../lib/tools';
import { DocLayers } from './doc-layers';
import { DrawController, editableSelection, type DrawApi } from './draw-controller';
import { EditorToolbar } from './editor-toolbar';
import { FeaturePanel } from './feature-panel';
import { LayersPanel, run } from './layers-panel';
import { PropertiesTable } from './properties-table';

export interface RemoteSelection {
  featureId: string;
  color: string;
}

export interface MapEditorProps {
  doc: Y.Doc;
  userId: string;
  readOnly: boolean;
  /** the page's title (an h1), e.g. "Project Map Editor" */
  title: string;
  /** a line under the title (the project's name, "Scratch map — kept in this browser") */
  subtitle?: ReactNode;
  /** the name exported files get (the project's name) */
  exportName?: string;
  variant: 'full' | 'embedded';
  region: string;
  initialView?: { center: [number, number]; zoom: number };
  /** connection state, presence avatars, … shown in the header */
  status?: ReactNode;
  /** extra header actions (save as project, history, open full screen) */
  actions?: ReactNode;
  /** other people's selections, outlined in their colours */
  remoteSelections?: RemoteSelection[];
  /** extra map children (other people's cursors) */
  overlays?: ReactNode;
  /** where this user's pointer is on the map, and what they selected (for presence) */
  onPresence?: (p: { cursor: [number, number] | null; selected: string | null }) => void;
  /** tab contents beyond layers and table (the history panel); `active` while its tab shows */
  extraTabs?: {
    id: string;
    label: string;
    render: (ctx: { active: boolean; selected: { id: string; label: string } | null }) => ReactNode;
  }[];
  /** a user's name, for "your change was replaced by …" */
  nameOf?: (userId: string) => string | null;
  handle?: string;
}

function isTyping(t: EventTarget | null) {
  const el = t as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) || el.getAttribute('role') === 'combobox');
}

/** The Project Map Editor over one map document (scratch or a project's). */
export function MapEditor(props: MapEditorProps) {
  const { doc, userId, readOnly, variant } = props;
  const store = useMemo(() => new EditorStore(doc, userId), [doc, userId]);
  useEffect(() => () => store.destroy(), [store]);
  const handle = props.handle ?? 'map-editor';
  useEffect(() => exposeEditor(handle, store), [handle, store]);
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const [tool, setTool] = useState<ToolId>('select');
  const [snapping, setSnapping] = useState(true);
  const [measurement, setMeasurement] = useState<Measurement | null>(null);
  const [panelOpen, setPanelOpen] = useState(false);
  const [tab, setTab] = useState('layers');
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const drawApi = useRef<DrawApi | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  const bottomRef = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const isMobile = useIsMobile();
  const sheets = isMobile || variant === 'embedded';
  const units = 'km' as const;

  const activeLayer = snapshot.layers.find((l) => l.id === snapshot.activeLayerId) ?? null;
  const canDraw = !readOnly && !activeLayer?.locked;
  const effectiveTool: ToolId = !canDraw && toolDraws(tool) ? 'select' : tool;
  const editing = editableSelection(store, effectiveTool, readOnly);
  const cursorRef = useRef<[number, number] | null>(null);
  const onPresence = props.onPresence;
  useEffect(() => onPresence?.({ cursor: cursorRef.current, selected: snapshot.selectedId }), [onPresence, snapshot.selectedId]);
  const onCursor = useCallback(
    (at: [number, number] | null) => {
      cursorRef.current = at;
      onPresence?.({ cursor: at, selected: store.getSnapshot().selectedId });
    },
    [onPresence, store],
  );

  // Told when a concurrent edit replaced this user's geometry, with a way to bring it back.
  const nameOf = props.nameOf;
  useEffect(
    () =>
      observeReplacedGeometry(doc, ({ featureId, mine, theirs }) => {
        const f = store.map.feature(featureId);
        const what = typeof f?.properties.name === 'string' && f.properties.name ? `“${f.properties.name}”` : 'a feature';
        const who = nameOf?.(theirs.by) ?? 'someone else';
        toast(`Your change to ${what} was replaced by ${who}’s edit`, {
          description: 'Both versions are kept in the feature’s history.',
          duration: 15_000,
          action: { label: 'Restore mine', onClick: () => run(() => store.map.restoreRevision(featureId, mine)) },
        });
      }),
    [doc, store, nameOf],
  );

  const chooseTool = useCallback(
    (t: ToolId) => {
      setTool(t);
      if (t !== 'select') store.select(null);
    },
    [store],
  );

  const doImport = async (files: FileList | null) => {
    if (!files?.length || readOnly) return;
    for (const file of [...files]) {
      if (file.size > 20 * 1024 * 1024) {
        toast.error(`${file.name} is larger than 20 MB`);
        continue;
      }
      try {
        const text = await file.text();
        const r = importFile(store.map, text, file.name);
        store.setActiveLayer(r.layerId);
        store.stopCapturing();
        toast.success(`Imported ${r.count} feature${r.count === 1 ? '' : 's'} into “${r.name}”`);
      } catch (e) {
        toast.error(e instanceof ImportError ? e.message : `${file.name} could not be imported`);
      }
    }
  };

  const doExport = (format: MapFormat, layerId?: string) => {
    const name = layerId
      ? (snapshot.layers.find((l) => l.id === layerId)?.name ?? 'layer')
      : typeof props.subtitle === 'string'
        ? props.subtitle
        : 'map';
    try {
      const out = exportMap(store.map, format, { layerId, name });
      download(out.text, out.fileName, out.type);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Export failed');
    }
  };

  // Keyboard: tools, undo/redo, delete, rotate/scale, escape.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || isTyping(e.target)) return;
      if (document.querySelector('[role="dialog"]')) return;
      const mod = e.ctrlKey || e.metaKey;
      const k = e.key.toLowerCase();
      if (mod && !e.altKey) {
        if (k === 'z' && !e.shiftKey) {
          e.preventDefault();
          if (!readOnly) store.undoLast();
        } else if ((k === 'z' && e.shiftKey) || k === 'y') {
          e.preventDefault();
          if (!readOnly) store.redoLast();
        }
        return;
      }
      if (e.altKey) return;
      const sel = store.getSnapshot().selectedId;
      if ((e.key === 'Delete' || e.key === 'Backspace') && sel && !readOnly) {
        e.preventDefault();
        run(() => store.map.deleteFeature(sel));
        return;
      }
      if (e.key === 'Escape') {
        drawApi.current?.cancel();
        store.select(null);
        return;
      }
      if (sel && !readOnly && ['[', ']', '-', '+', '='].includes(e.key)) {
        e.preventDefault();
        if (e.key === '[') drawApi.current?.transform({ rotate: -15 });
        else if (e.key === ']') drawApi.current?.transform({ rotate: 15 });
        else if (e.key === '-') drawApi.current?.transform({ scale: 1 / 1.1 });
        else drawApi.current?.transform({ scale: 1.1 });
        return;
      }
      if (k === 's' && !e.shiftKey) {
        setSnapping((s) => !s);
        return;
      }
      if (k === '?') {
        setShortcutsOpen(true);
        return;
      }
      const t = toolForKey(k);
      if (t && !e.shiftKey && (!toolDraws(t) || canDraw)) chooseTool(t);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store, readOnly, canDraw, chooseTool]);

  const selected = snapshot.selectedId ? snapshot.byId.get(snapshot.selectedId) : null;
  // keep the map's own controls (zoom, compass, scale, attribution) clear of the header and the bottom bar
  useMapInsets(rootRef, headerRef, sheets ? bottomRef : null, true);
  // A new selection opens the panel on phones.
  const [shownSelection, setShownSelection] = useState<string | null>(null);
  if ((selected?.id ?? null) !== shownSelection) {
    setShownSelection(selected?.id ?? null);
    if (selected && sheets) setPanelOpen(true);
  }

  const panel = (
    <div className="grid gap-4">
      {selected && (
        <FeaturePanel
          store={store}
          snapshot={snapshot}
          readOnly={readOnly}
          units={units}
          drawApi={drawApi}
          editable={editing === selected.id}
        />
      )}
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="w-full">
          <TabsTrigger value="layers">
            <Layers aria-hidden /> Layers
          </TabsTrigger>
          <TabsTrigger value="table">
            <Table2 aria-hidden /> Table
          </TabsTrigger>
          {props.extraTabs?.map((t) => (
            <TabsTrigger key={t.id} value={t.id}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="layers" className="pt-2">
          <LayersPanel store={store} snapshot={snapshot} readOnly={readOnly} />
        </TabsContent>
        <TabsContent value="table" className="pt-2">
          <PropertiesTable store={store} snapshot={snapshot} layerId={snapshot.activeLayerId} readOnly={readOnly} />
        </TabsContent>
        {props.extraTabs?.map((t) => (
          <TabsContent key={t.id} value={t.id} className="pt-2">
            {t.render({
              active: tab === t.id,
              selected: selected
                ? {
                    id: selected.id,
                    label:
                      typeof selected.properties.name === 'string' && selected.properties.name
                        ? `“${selected.properties.name}”`
                        : `the selected ${selected.geometry.type.toLowerCase()}`,
                  }
                : null,
            })}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );

  const header = (
    <header
      ref={headerRef}
      data-map-overlay
      className="bg-background/95 pointer-events-auto flex flex-wrap items-center gap-2 rounded-lg border px-3 py-2 shadow-sm"
    >
      <div className="me-auto min-w-0">
        {variant === 'full' ? (
          <h1 className="truncate text-base font-semibold">{props.title}</h1>
        ) : (
          <h2 className="truncate text-base font-semibold">{props.title}</h2>
        )}
        {props.subtitle && <p className="text-muted-foreground truncate text-xs">{props.subtitle}</p>}
      </div>
      {readOnly && (
        <Badge variant="secondary" data-testid="read-only-badge">
          View only
        </Badge>
      )}
      {props.status}
      <div className="flex items-center gap-1" role="group" aria-label="History">
        {(
          [
            ['Undo', 'Control+Z Meta+Z', 'Undo (Ctrl+Z)', Undo2, snapshot.canUndo, () => store.undoLast()],
            ['Redo', 'Control+Shift+Z Control+Y Meta+Shift+Z', 'Redo (Ctrl+Shift+Z)', Redo2, snapshot.canRedo, () => store.redoLast()],
          ] as const
        ).map(([label, keys, title, Icon, can, run]) => (
          <Button
            key={label}
            variant="ghost"
            size="icon"
            aria-label={label}
            aria-keyshortcuts={keys}
            title={title}
            disabled={readOnly || !can}
            onClick={run}
          >
            <Icon aria-hidden className="rtl:-scale-x-100" />
          </Button>
        ))}
      </div>
      <input
        ref={fileInput}
        type="file"
        multiple
        accept=".geojson,.json,.kml,.gpx,application/geo+json,application/gpx+xml,application/vnd.google-earth.kml+xml"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="import-input"
        onChange={(e) => {
          void doImport(e.target.files);
          e.target.value = '';
        }}
      />
      <Button variant="outline" size="sm" disabled={readOnly} onClick={() => fileInput.current?.click()}>
        <Upload aria-hidden /> <span className="max-sm:sr-only">Import</span>
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm">
            <Download aria-hidden /> <span className="max-sm:sr-only">Export</span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel>Whole map</DropdownMenuLabel>
          {(['geojson', 'kml', 'gpx'] as MapFormat[]).map((f) => (
            <DropdownMenuItem key={f} onSelect={() => doExport(f)}>
              {f === 'geojson' ? 'GeoJSON' : f.toUpperCase()}
            </DropdownMenuItem>
          ))}
          {activeLayer && (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuLabel>
                Layer <bdi>{activeLayer.name}</bdi>
              </DropdownMenuLabel>
              {(['geojson', 'kml', 'gpx'] as MapFormat[]).map((f) => (
                <DropdownMenuItem key={f} onSelect={() => doExport(f, activeLayer.id)}>
                  {f === 'geojson' ? 'GeoJSON' : f.toUpperCase()}
                </DropdownMenuItem>
              ))}
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      {props.actions}
      <Button variant="ghost" size="icon" aria-label="Keyboard shortcuts" aria-keyshortcuts="?" onClick={() => setShortcutsOpen(true)}>
        <Keyboard aria-hidden />
      </Button>
      {sheets && (
        <Button variant="outline" size="sm" onClick={() => setPanelOpen(true)} aria-haspopup="dialog">
          <Layers aria-hidden /> Panels
        </Button>
      )}
    </header>
  );

  return (
    <div
      ref={rootRef}
      className={cn('relative isolate h-full w-full overflow-hidden', variant === 'full' && 'h-dvh')}
      data-testid="map-editor"
      data-tool={effectiveTool}
    >
      <RegionMap
        region={props.region}
        handle={handle}
        className="absolute inset-0 h-full w-full"
        initialView={props.initialView}
        ariaLabel="Map being edited"
      >
        <DocLayers snapshot={snapshot} editing={editing} remoteSelections={props.remoteSelections ?? []} />
        <DrawController
          store={store}
          tool={effectiveTool}
          snapping={snapping}
          readOnly={readOnly}
          units={units}
          editing={editing}
          onMeasure={setMeasurement}
          apiRef={drawApi}
          onCursor={onCursor}
        />
        {props.overlays}
      </RegionMap>
      <div className="pointer-events-none absolute inset-x-2 top-2 z-10 grid gap-2">{header}</div>
      {!sheets && (
        <>
          <div data-map-overlay className="bg-background/95 absolute start-2 top-24 z-10 rounded-lg border p-1 shadow-sm">
            <EditorToolbar
              tool={effectiveTool}
              onTool={chooseTool}
              canDraw={canDraw}
              snapping={snapping}
              onSnapping={setSnapping}
              orientation="vertical"
            />
          </div>
          <aside
            data-map-overlay
            aria-label="Layers and features"
            className="bg-background/95 absolute end-12 top-24 bottom-2 z-10 w-[24rem] overflow-y-auto rounded-lg border p-3 shadow-sm"
          >
            {panel}
          </aside>
        </>
      )}
      {sheets && (
        <>
          <div
            ref={bottomRef}
            data-map-overlay
            className="bg-background/95 absolute inset-x-2 bottom-2 z-10 overflow-x-auto rounded-lg border p-1 shadow-sm"
          >
            <EditorToolbar
              tool={effectiveTool}
              onTool={chooseTool}
              canDraw={canDraw}
              snapping={snapping}
              onSnapping={setSnapping}
              orientation="horizontal"
              className="justify-between"
            />
          </div>
          <Sheet open={panelOpen} onOpenChange={setPanelOpen}>
            <SheetContent
              side={isMobile ? 'bottom' : 'right'}
              className={cn('overflow-y-auto p-4', isMobile ? 'max-h-[75dvh]' : 'w-[26rem] sm:max-w-[26rem]')}
            >
              <SheetHeader className="p-0">
                <SheetTitle>Map</SheetTitle>
                <SheetDescription>Layers, features and their properties.</SheetDescription>
              </SheetHeader>
              {panel}
            </SheetContent>
          </Sheet>
        </>
      )}
      {measurement && measurement.parts.length > 0 && (
        <div
          role="status"
          aria-live="polite"
          data-testid="measurement"
          className={cn(
            'bg-background/95 absolute start-1/2 z-10 flex -translate-x-1/2 gap-3 rounded-md border px-3 py-1.5 text-sm shadow-sm rtl:translate-x-1/2',
            sheets ? 'bottom-16' : 'bottom-8',
          )}
        >
          {measurement.parts.map(([k, v]) => (
            <span key={k}>
              <span className="text-muted-foreground">{k}</span>{' '}
              <bdi dir="ltr" className="font-medium tabular-nums">
                {v}
              </bdi>
            </span>
          ))}
        </div>
      )}
      <Dialog open={shortcutsOpen} onOpenChange={setShortcutsOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Keyboard shortcuts</DialogTitle>
            <DialogDescription>The toolbar is one tab stop: arrow keys move between tools, Enter or Space picks one.</DialogDescription>
          </DialogHeader>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {TOOLS.map((t) => (
              <div key={t.id} className="contents">
                <dt>
                  <kbd className="bg-muted rounded border px-1.5 font-mono text-xs">{t.key.toUpperCase()}</kbd>
                </dt>
                <dd>{t.label}</dd>
              </div>
            ))}
            <div className="contents">
              <dt>
                <kbd className="bg-muted rounded border px-1.5 font-mono text-xs">S</kbd>
              </dt>
              <dd>Snapping on/off</dd>
            </div>
            {SHORTCUTS.map(([k, v]) => (
              <div key={k} className="contents">
                <dt>
                  <kbd className="bg-muted rounded border px-1.5 font-mono text-xs">{k}</kbd>
                </dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
        </DialogContent>
      </Dialog>
    </div>
  );
}
