import { Download, FolderOpen, Link2, LogIn, Map as MapIcon, Route as RouteIcon, Save, Upload } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { EXPORT_FORMATS, download, fileName, routeFileText } from '../lib/io';
import { usePlannerContext } from './planner-provider';

/** Loop, save, library (or sign in to save), the file menu (export, import, share link), and the regions stored offline. */
export function PlannerActions() {
  const { route, waypoints, signedIn, doc, setDialog, loop } = usePlannerContext();
  const fileInput = useRef<HTMLInputElement>(null);
  const { meta, pending } = doc;
  return (
    <div className="flex flex-wrap items-center gap-1">
      <Button size="sm" variant="outline" onClick={loop.begin}>
        <RouteIcon /> Loop
      </Button>
      {signedIn ? (
        <>
          <Button size="sm" variant="outline" onClick={() => setDialog('save')} disabled={!route}>
            <Save /> Save
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setDialog('library')}>
            <FolderOpen /> Library{pending ? ` (${pending})` : ''}
          </Button>
        </>
      ) : (
        <Button size="sm" variant="outline" asChild>
          <a href={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`}>
            <LogIn /> Sign in to save
          </a>
        </Button>
      )}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button size="sm" variant="ghost" aria-label="Import and export">
            <Download /> File
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel>Export</DropdownMenuLabel>
          {EXPORT_FORMATS.map((f) => (
            <DropdownMenuItem
              key={f.format}
              disabled={!route}
              onSelect={() =>
                route &&
                download(routeFileText(f.format, route, meta.name, meta.description, waypoints), fileName(meta.name, f.ext), f.mime)
              }
            >
              Export {f.label}
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => fileInput.current?.click()}>
            <Upload /> Import GPX, KML or GeoJSON…
          </DropdownMenuItem>
          <DropdownMenuItem disabled={!meta.routeId} onSelect={() => setDialog('share')}>
            <Link2 /> Share link…
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <Button size="sm" variant="ghost" onClick={() => setDialog('regions')} aria-label="Regions and offline maps">
        <MapIcon /> Regions
      </Button>
      <input
        ref={fileInput}
        type="file"
        accept=".gpx,.kml,.geojson,.json,application/gpx+xml,application/vnd.google-earth.kml+xml,application/geo+json,application/json"
        className="sr-only"
        aria-label="Import a route file"
        data-testid="import-file"
        tabIndex={-1}
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) void doc.importFile(f);
        }}
      />
    </div>
  );
}
