import { Link } from '@tanstack/react-router';
import { ArrowRight, Footprints, LayoutDashboard, Map as MapIcon, MapPinned, WifiOff } from 'lucide-react';
import { ModeToggle } from '@/components/layout/mode-toggle';
import { NavLink } from '@/components/layout/nav-link';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/session';

const ENTRIES = [
  {
    to: '/run',
    icon: Footprints,
    title: 'Running Route Planner',
    text: 'Click the map to route along real paths, drag to reshape, generate loops of a chosen length and read the elevation profile. Export GPX.',
    cta: 'Plan a run',
  },
  {
    to: '/dashboard/projects',
    icon: MapIcon,
    title: 'Project Map Editor',
    text: 'Keep a project’s map, documents, team and status together: invite people, upload plans and tracks, follow what changed.',
    cta: 'Open your projects',
  },
  {
    to: '/dashboard',
    icon: LayoutDashboard,
    title: 'Dashboard',
    text: 'Your routes this month, projects by status and what happened recently — at a glance.',
    cta: 'Go to the dashboard',
  },
] as const;

/** `/`: the blank-layout landing page, the way into the planner, the map editor and the dashboard. */
export function LandingPage() {
  const { data: session } = useSession();
  return (
    <div className="flex min-h-svh flex-col">
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between gap-4 px-4 py-4 sm:px-6">
        <Link to="/" className="flex items-center gap-2 font-semibold">
          <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <MapPinned aria-hidden className="size-4" />
          </span>
          Waymark
        </Link>
        <nav aria-label="Site" className="flex items-center gap-1 sm:gap-2">
          <Button variant="ghost" asChild>
            <Link to="/help">Help</Link>
          </Button>
          {session ? (
            <Button variant="outline" asChild>
              <NavLink to="/dashboard">Dashboard</NavLink>
            </Button>
          ) : (
            <Button variant="outline" asChild>
              <NavLink to="/login">Sign in</NavLink>
            </Button>
          )}
          <ModeToggle />
        </nav>
      </header>

      <main className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-12 px-4 py-10 sm:px-6 sm:py-16">
        <section className="flex max-w-3xl flex-col gap-5">
          <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            Waymark: plan runs and map projects on real OpenStreetMap data
          </h1>
          <p className="text-lg text-pretty text-muted-foreground">
            A running route planner and a project map editor that run in your browser and keep working offline — routing, elevation and maps
            come from your own server.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button size="lg" asChild>
              <NavLink to="/run">
                Plan a route <ArrowRight aria-hidden className="rtl:rotate-180" />
              </NavLink>
            </Button>
            <Button size="lg" variant="outline" asChild>
              <NavLink to="/dashboard/projects">Open your projects</NavLink>
            </Button>
          </div>
        </section>

        <section aria-labelledby="landing-entries" className="grid gap-4">
          <h2 id="landing-entries" className="sr-only">
            Where to go
          </h2>
          <ul className="grid gap-4 md:grid-cols-3">
            {ENTRIES.map((e) => (
              <li key={e.to}>
                <NavLink
                  to={e.to}
                  className="group flex h-full flex-col gap-3 rounded-xl border bg-card p-6 text-card-foreground shadow-sm transition-colors outline-none hover:border-primary/50 hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <e.icon aria-hidden className="size-6 text-primary" />
                  <span className="text-lg font-semibold">{e.title}</span>
                  <span className="text-sm text-muted-foreground">{e.text}</span>
                  <span className="mt-auto inline-flex items-center gap-1 text-sm font-medium">
                    {e.cta} <ArrowRight aria-hidden className="size-4 transition-transform group-hover:translate-x-0.5 rtl:rotate-180" />
                  </span>
                </NavLink>
              </li>
            ))}
          </ul>
        </section>

        <section className="flex items-start gap-3 rounded-xl border border-dashed p-5 text-sm text-muted-foreground">
          <WifiOff aria-hidden className="mt-0.5 size-5 shrink-0" />
          <p>
            Install Waymark from your browser&apos;s menu to use the planner as an app. Pages you have opened keep working without a
            connection; the map tiles and routing graph of the bundled regions are served by your own Waymark server.
          </p>
        </section>
      </main>

      <footer className="mx-auto flex w-full max-w-6xl flex-wrap items-center justify-between gap-2 border-t px-4 py-6 text-sm text-muted-foreground sm:px-6">
        <p>
          Map data ©{' '}
          <a
            className="underline underline-offset-4 hover:text-foreground"
            href="https://www.openstreetmap.org/copyright"
            rel="noreferrer"
            target="_blank"
          >
            OpenStreetMap contributors
          </a>
          . Elevation: SRTM (NASA/USGS).
        </p>
        <p>
          Press <kbd className="rounded border px-1 font-sans">G</kbd> <kbd className="rounded border px-1 font-sans">H</kbd> for home,{' '}
          <Link className="underline underline-offset-4 hover:text-foreground" to="/help">
            more shortcuts
          </Link>
          .
        </p>
      </footer>
    </div>
  );
}
