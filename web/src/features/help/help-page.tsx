import { Link } from '@tanstack/react-router';
import { ArrowLeft, MapPinned } from 'lucide-react';
import type { ReactNode } from 'react';
import { ModeToggle } from '@/components/layout/mode-toggle';
import { NavLink } from '@/components/layout/nav-link';
import { Button } from '@/components/ui/button';
import { Kbd } from '@/components/ui/kbd';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
const mod = isMac ? '⌘' : 'Ctrl';

/** Every keyboard shortcut of the app (SPEC §2 and the shell's own). */
export const SHORTCUTS: { keys: string[][]; what: string }[] = [
  { keys: [['G'], ['H']], what: 'Go to the home page (press G, then H within 800 ms)' },
  { keys: [['G'], ['E']], what: 'Go to email (press G, then E within 800 ms)' },
  { keys: [[mod, 'K']], what: 'Open the command palette: pages and actions' },
  { keys: [[mod, 'B']], what: 'Show or hide the sidebar' },
  { keys: [['Alt', 'T']], what: 'Focus the notifications (Escape collapses them)' },
  { keys: [['F8']], what: 'Focus the system messages' },
  { keys: [['Esc']], what: 'Close a dialog, sheet, drawer or menu' },
];

const SECTIONS = [
  { id: 'planner', title: 'Planning a running route' },
  { id: 'editor', title: 'Editing a project map' },
  { id: 'shortcuts', title: 'Keyboard shortcuts' },
  { id: 'appearance', title: 'Appearance and layout' },
  { id: 'offline', title: 'Offline and installing the app' },
  { id: 'attribution', title: 'Data attribution' },
] as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-20 grid gap-3">
      <h2 id={`${id}-title`} className="text-xl font-semibold tracking-tight">
        {title}
      </h2>
      <div className="grid gap-3 leading-relaxed text-muted-foreground [&_strong]:text-foreground">{children}</div>
    </section>
  );
}

function Keys({ combo }: { combo: string[] }) {
  return (
    <span className="inline-flex items-center gap-1">
      {combo.map((k, i) => (
        <span key={k} className="inline-flex items-center gap-1">
          {i > 0 && <span aria-hidden>+</span>}
          <Kbd>{k}</Kbd>
        </span>
      ))}
    </span>
  );
}

/** `/help` (blank layout): how to use the planner and the editor, shortcuts, data attribution. */
export function HelpPage() {
  return (
    <div className="min-h-svh">
      <header className="sticky top-0 z-10 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <Link to="/" className="flex items-center gap-2 font-semibold">
            <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
              <MapPinned aria-hidden className="size-4" />
            </span>
            Waymark
          </Link>
          <div className="flex items-center gap-2">
            <Button variant="ghost" asChild>
              <Link to="/">
                <ArrowLeft aria-hidden className="rtl:rotate-180" /> Home
              </Link>
            </Button>
            <ModeToggle />
          </div>
        </div>
      </header>
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[200px_1fr]">
        <nav aria-label="On this page" className="lg:sticky lg:top-24 lg:self-start">
          <p className="mb-2 text-sm font-medium">On this page</p>
          <ul className="grid gap-1 text-sm">
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <a className="text-muted-foreground hover:text-foreground" href={`#${s.id}`}>
                  {s.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <main className="grid gap-10">
          <div className="grid gap-2">
            <h1 className="text-3xl font-bold tracking-tight">Help</h1>
            <p className="text-muted-foreground">
              How to plan a route, edit a project map, find your way with the keyboard and where the map data comes from.
            </p>
          </div>

          <Section id="planner" title="Planning a running route">
            <p>
              Open the{' '}
              <NavLink to="/run" className="font-medium text-foreground underline underline-offset-4">
                Running Route Planner
              </NavLink>
              . Click the map to place a start; every further click adds a waypoint and the route follows real paths and roads between them.
              Drag a waypoint to move it, drag the line to add one in between, and remove one from its menu.
            </p>
            <p>
              The panel shows the <strong>distance</strong>, the <strong>climb and descent</strong> and an estimated time; the elevation
              profile follows the route — hover it to see the place on the map. To run a loop, choose a start and a length and let the
              generator suggest routes. Save a route to find it again on your dashboard, share it with a link, or export it as{' '}
              <strong>GPX</strong> for your watch.
            </p>
          </Section>

          <Section id="editor" title="Editing a project map">
            <p>
              The{' '}
              <NavLink to="/explorer" className="font-medium text-foreground underline underline-offset-4">
                Project Map Editor
              </NavLink>{' '}
              opens a project on the map. Pick a drawing tool to add points, lines or areas; select a shape to move its vertices, edit its
              properties or delete it. Changes are saved with the project, and projects are listed and created under{' '}
              <NavLink to="/dashboard/projects" className="font-medium text-foreground underline underline-offset-4">
                Projects
              </NavLink>
              .
            </p>
          </Section>

          <Section id="shortcuts" title="Keyboard shortcuts">
            <p>Letter shortcuts are ignored while you type in a field.</p>
            <div className="overflow-x-auto rounded-lg border">
              <table className="w-full text-sm">
                <caption className="sr-only">Keyboard shortcuts</caption>
                <thead className="bg-muted/50 text-start">
                  <tr>
                    <th scope="col" className="px-4 py-2 text-start font-medium text-foreground">
                      Keys
                    </th>
                    <th scope="col" className="px-4 py-2 text-start font-medium text-foreground">
                      Action
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {SHORTCUTS.map((s) => (
                    <tr key={s.what} className="border-t">
                      <td className="px-4 py-2 whitespace-nowrap">
                        <span className="inline-flex items-center gap-2">
                          {s.keys.map((combo, i) => (
                            <span key={combo.join('+')} className="inline-flex items-center gap-2">
                              {i > 0 && <span className="text-xs">then</span>}
                              <Keys combo={combo} />
                            </span>
                          ))}
                        </span>
                      </td>
                      <td className="px-4 py-2">{s.what}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Section>

          <Section id="appearance" title="Appearance and layout">
            <p>
              The gear button at the edge of the screen opens the <strong>Template Customizer</strong>: choose one of twelve colour themes,
              the corner radius, light, dark or system mode, the navigation style (sidebar, floating or inset) and the text direction
              (left-to-right or right-to-left). Your choices stay in this browser; the reset button brings back the defaults.
            </p>
          </Section>

          <Section id="offline" title="Offline and installing the app">
            <p>
              Waymark can be installed from the browser menu (&quot;Install app&quot; or &quot;Add to Home Screen&quot;); it then opens
              straight into the route planner. Pages you have opened, map tiles, labels and icons you have seen are kept on the device, so
              they still work without a connection. When a new version is available, a message offers to reload.
            </p>
          </Section>

          <Section id="attribution" title="Data attribution">
            <ul className="grid list-disc gap-2 ps-5">
              <li>
                Map data ©{' '}
                <a
                  className="font-medium text-foreground underline underline-offset-4"
                  href="https://www.openstreetmap.org/copyright"
                  rel="noreferrer"
                  target="_blank"
                >
                  OpenStreetMap contributors
                </a>
                , available under the Open Database License (ODbL 1.0).
              </li>
              <li>Elevation: SRTM 3-arc-second data, public domain (NASA/USGS).</li>
              <li>Map labels: Noto Sans glyphs, SIL Open Font License 1.1 (Protomaps basemaps-assets).</li>
              <li>Map icons: Protomaps basemap sprites, derived from tangrams/icons (MIT).</li>
              <li>Map styles: Protomaps basemaps (BSD-3-Clause); rendering by MapLibre GL JS (BSD-3-Clause).</li>
            </ul>
          </Section>
        </main>
      </div>
    </div>
  );
}
