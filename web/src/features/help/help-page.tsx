import { Link } from '@tanstack/react-router';
import { ArrowLeft, MapPinned, Search } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { ModeToggle } from '@/components/layout/mode-toggle';
import { NavLink } from '@/components/layout/nav-link';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Kbd } from '@/components/ui/kbd';
import { SHORTCUTS } from '@/lib/shortcuts';

/** Screenshots made from the real app by scripts/help-screenshots.mjs (1100 × 680). */
function Shot({ src, alt }: { src: string; alt: string }) {
  return (
    <figure className="overflow-hidden rounded-lg border bg-muted">
      <img src={`/help/${src}.png`} alt={alt} width={1100} height={680} loading="lazy" decoding="async" className="h-auto w-full" />
    </figure>
  );
}

const A = ({ to, children }: { to: string; children: ReactNode }) => (
  <NavLink to={to} className="font-medium text-foreground underline underline-offset-4">
    {children}
  </NavLink>
);

interface Topic {
  id: string;
  title: string;
  /** Extra words the search matches besides the title and the text. */
  keywords: string;
  /** The text as plain words, for the search. */
  text: string;
  body: ReactNode;
}

function Steps({ items }: { items: ReactNode[] }) {
  return (
    <ol className="grid list-decimal gap-2 ps-5">
      {items.map((it, i) => (
        <li key={i}>{it}</li>
      ))}
    </ol>
  );
}

const TOPICS: Topic[] = [
  {
    id: 'plan-a-route',
    title: 'Plan a running route',
    keywords: 'planner waypoint snap freehand distance climb elevation profile gpx export save share undo',
    text: 'Open the route planner. Click the map to place a start, then click again for each waypoint; the route follows paths and roads. Drag a waypoint to move it; drag the line to add one; double-click a waypoint to remove it. The panel shows distance, ascent, descent and time from your flat pace, the elevation profile coloured by grade, surfaces and way types. Save, share a link or export GPX, KML or GeoJSON from File.',
    body: (
      <>
        <Steps
          items={[
            <>
              Open the <A to="/run">Route planner</A>. Click the map to place a start, then click again for each waypoint: every leg follows
              real paths and roads (<strong>Snap to paths</strong>), or goes straight with <strong>Freehand</strong>.
            </>,
            <>Drag a waypoint to move it, drag the line to add one in between, double-click (or right-click) a waypoint to remove it.</>,
            <>
              Read the <strong>distance</strong>, <strong>ascent and descent</strong> and the time estimated from your flat pace (set it in{' '}
              <A to="/settings/profile">Profile</A>). Hover the elevation profile to see the place on the map.
            </>,
            <>
              <strong>Save</strong> the route to your library, share a read-only link, or export <strong>GPX</strong> for your watch from{' '}
              <strong>File</strong>.
            </>,
          ]}
        />
        <Shot
          src="planner"
          alt="The route planner: a route through Andorra la Vella with its distance, climb, time and elevation profile"
        />
      </>
    ),
  },
  {
    id: 'generate-a-loop',
    title: 'Generate a loop of a given length',
    keywords: 'loop generator round trip distance heading paths green busy roads',
    text: 'In the planner choose Loop, set a start and a target distance, optionally a heading, prefer paths or avoid busy roads. Several loops are suggested; pick one and edit it like any route.',
    body: (
      <Steps
        items={[
          <>
            In the planner, choose <strong>Loop</strong> and set the start (the first waypoint, or the centre of the map) and the distance
            you want to run.
          </>,
          <>Optionally pick a heading, prefer paths and green areas, or avoid busy roads.</>,
          <>Several alternatives appear; pick one — it becomes an ordinary route you can edit, save and export.</>,
        ]}
      />
    ),
  },
  {
    id: 'create-a-project',
    title: 'Create a project and invite your team',
    keywords: 'project wizard documents status location members roles owner editor viewer invitation',
    text: 'Projects keep a map, documents, a status and a location for a team. New project opens a three-step wizard: documents, status, location. Invite people by email as editor or viewer; they accept from their mail.',
    body: (
      <>
        <Steps
          items={[
            <>
              Open <A to="/dashboard/projects/add">New project</A>: name it, then upload documents, choose a status and pick its location on
              the map. The draft survives a reload.
            </>,
            <>
              On the project page, invite people by email as <strong>editor</strong> (may change the project) or <strong>viewer</strong>{' '}
              (may look). They get the invitation in their mail and accept it there or on their projects page.
            </>,
            <>
              Find all your projects as cards in <A to="/dashboard/projects">Projects</A> or as a sortable, filterable table in{' '}
              <A to="/dashboard/projects/list">Projects table</A>.
            </>,
          ]}
        />
        <Shot src="projects" alt="The projects page: project cards with their status, place and members" />
      </>
    ),
  },
  {
    id: 'edit-a-project-map',
    title: 'Edit a project map',
    keywords: 'editor draw point line polygon layers import export geojson kml gpx collaborate',
    text: 'Open a project to see its map. Draw points, lines and areas, edit their properties, import and export GeoJSON, KML or GPX. Members see changes together.',
    body: (
      <>
        <p>
          Open a project from <A to="/dashboard/projects">Projects</A> to see its map, documents, members and activity. Editors and owners
          draw points, lines and areas, edit their properties and import or export GeoJSON, KML and GPX; viewers see the same map without
          changing it.
        </p>
        <Shot src="project" alt="A project page with its map and details" />
      </>
    ),
  },
  {
    id: 'mail',
    title: 'Read and write mail',
    keywords: 'email mailbox inbox sent drafts archive trash starred reply forward compose unread search',
    text: 'Mail holds messages from Waymark and from people you share a project with. Folders Inbox, Starred, Sent, Drafts, Archive and Trash. Compose, reply, reply all, forward; drafts save themselves. Star, archive, move to the trash, restore, delete forever, also for several selected messages. Search by subject, text or sender. The sidebar shows how many messages are unread.',
    body: (
      <>
        <Steps
          items={[
            <>
              Open <A to="/email">Email</A> (or press <Kbd>G</Kbd> then <Kbd>E</Kbd>). Messages from Waymark — confirmations, invitations —
              and from people you share a project with arrive in the <strong>Inbox</strong>; new ones appear without reloading and the
              sidebar counts the unread ones.
            </>,
            <>
              <strong>Compose</strong> and type a name: the suggestions are the people you can write to. Replies, reply-all and forwards
              keep the conversation together; what you type is saved as a draft as you go.
            </>,
            <>
              Star, archive, move to the trash or restore a message from the toolbar above it, or tick several in the list and act on all of
              them. Messages in the trash can be deleted forever.
            </>,
          ]}
        />
        <Shot src="mail" alt="The mailbox: folders, the inbox list and an open message" />
      </>
    ),
  },
  {
    id: 'settings',
    title: 'Make Waymark yours',
    keywords: 'settings profile avatar username appearance theme dark mode rtl notifications display start page date format customizer',
    text: 'Settings: profile with display name, username, bio, avatar, units and flat pace; account with password, two-factor, sessions, data export and deletion; appearance with theme, radius, mode, navbar and direction, the same as the Template Customizer and saved to your account; notifications for which events send mail; display for sidebar entries, start page, date and time format and map defaults.',
    body: (
      <>
        <ul className="grid list-disc gap-2 ps-5">
          <li>
            <A to="/settings/profile">Profile</A>: your name, a unique username, a short bio, an avatar, and the units and flat pace the
            planner uses.
          </li>
          <li>
            <A to="/settings/account">Account</A>: email, password, two-factor authentication, signed-in devices, an export of all your data
            (ZIP of JSON and GPX) and deleting the account.
          </li>
          <li>
            <A to="/settings/appearance">Appearance</A>: the same choices as the Template Customizer (the gear at the edge of the screen) —
            twelve colour themes, corner radius, light / dark / system, the navigation style and left-to-right or right-to-left. Signed in,
            they follow you to every browser.
          </li>
          <li>
            <A to="/settings/notifications">Notifications</A>: which events send you mail, and whether a copy goes to your email address.
            Security alerts always do.
          </li>
          <li>
            <A to="/settings/display">Display</A>: which sidebar entries you see, the page you start on, how dates and times are written,
            and the map’s region and basemap.
          </li>
        </ul>
        <Shot src="settings" alt="The appearance settings: theme colours, radius, mode, navbar type and direction" />
      </>
    ),
  },
  {
    id: 'offline',
    title: 'Use it offline and install it',
    keywords: 'offline install pwa home screen update cache',
    text: 'Install Waymark from the browser menu; it opens into the route planner. Pages, tiles, labels and icons you have seen work without a connection; routes you save offline are sent later. A message offers to reload when a new version is available.',
    body: (
      <p>
        Install Waymark from the browser menu (“Install app” or “Add to Home Screen”); it then opens straight into the route planner. Pages
        you have opened, and the map tiles, labels and icons you have seen, keep working without a connection, and routing runs on your
        device. Routes you save offline are sent when you are back online. When a new version is available, a message offers to reload.
      </p>
    ),
  },
];

const ATTRIBUTION_TEXT =
  'Map data OpenStreetMap contributors ODbL. Elevation SRTM NASA USGS public domain. Noto Sans glyphs SIL Open Font License. Protomaps basemaps sprites MapLibre.';

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

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="grid scroll-mt-20 gap-3">
      <h2 id={`${id}-title`} className="text-xl font-semibold tracking-tight">
        {title}
      </h2>
      <div className="grid gap-3 leading-relaxed text-muted-foreground [&_strong]:text-foreground">{children}</div>
    </section>
  );
}

const normalise = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');

/** True when every word of the query appears in the text. */
export function matches(query: string, text: string): boolean {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  const hay = normalise(text);
  return words.every((w) => hay.includes(w));
}

/** `/help` (blank layout): task-oriented guides with screenshots, the keyboard shortcuts, data attribution and a search. */
export function HelpPage() {
  const [query, setQuery] = useState('');
  const shortcutsText = SHORTCUTS.map((s) => `${s.description} ${s.where} ${s.keys.flat().join(' ')}`).join(' ');
  const sections = useMemo(
    () => [
      ...TOPICS.map((t) => ({ id: t.id, title: t.title, haystack: `${t.title} ${t.keywords} ${t.text}` })),
      { id: 'shortcuts', title: 'Keyboard shortcuts', haystack: `Keyboard shortcuts keys ${shortcutsText}` },
      { id: 'attribution', title: 'Data attribution', haystack: `Data attribution licence copyright ${ATTRIBUTION_TEXT}` },
    ],
    [shortcutsText],
  );
  const visible = sections.filter((s) => !query.trim() || matches(query, s.haystack));
  const show = (id: string) => visible.some((s) => s.id === id);

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
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[220px_1fr]">
        <nav aria-label="Help topics" className="lg:sticky lg:top-24 lg:self-start">
          <p className="mb-2 text-sm font-medium">Topics</p>
          <ul className="grid gap-1 text-sm">
            {visible.map((s) => (
              <li key={s.id}>
                <a className="text-muted-foreground hover:text-foreground" href={`#${s.id}`}>
                  {s.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <main className="grid content-start gap-10">
          <div className="grid gap-4">
            <h1 className="text-3xl font-bold tracking-tight">Help</h1>
            <p className="text-muted-foreground">
              How to plan routes, run projects with your team, use your mail and settings, and the keys that save time.
            </p>
            <div className="relative max-w-md">
              <Search className="pointer-events-none absolute start-2.5 top-2.5 size-4 text-muted-foreground" aria-hidden />
              <Input
                type="search"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                placeholder="Search help, e.g. “export gpx”"
                aria-label="Search help"
                aria-describedby="help-results"
                className="ps-8"
              />
            </div>
            <p id="help-results" role="status" className="text-sm text-muted-foreground">
              {query.trim()
                ? visible.length
                  ? `${visible.length} of ${sections.length} topics match “${query.trim()}”.`
                  : `No help topic matches “${query.trim()}”.`
                : ''}
            </p>
          </div>

          {TOPICS.filter((t) => show(t.id)).map((t) => (
            <Section key={t.id} id={t.id} title={t.title}>
              {t.body}
            </Section>
          ))}

          {show('shortcuts') && (
            <Section id="shortcuts" title="Keyboard shortcuts">
              <p>Letter shortcuts are ignored while you type in a field. This table is the one the app reads its shortcuts from.</p>
              {/* A scrollable region must be reachable by keyboard (phones scroll the table sideways). */}
              <div className="overflow-x-auto rounded-lg border" role="region" aria-label="Keyboard shortcuts table" tabIndex={0}>
                <table className="w-full text-sm" data-testid="shortcuts-table">
                  <caption className="sr-only">Keyboard shortcuts</caption>
                  <thead className="bg-muted/50 text-start">
                    <tr>
                      <th scope="col" className="px-4 py-2 text-start font-medium text-foreground">
                        Keys
                      </th>
                      <th scope="col" className="px-4 py-2 text-start font-medium text-foreground">
                        Action
                      </th>
                      <th scope="col" className="px-4 py-2 text-start font-medium text-foreground">
                        Where
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {SHORTCUTS.map((s) => (
                      <tr key={s.id} className="border-t">
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
                        <td className="px-4 py-2">{s.description}</td>
                        <td className="px-4 py-2 whitespace-nowrap">{s.where}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </Section>
          )}

          {show('attribution') && (
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
                <li>Country shapes at low zoom: Natural Earth (public domain).</li>
                <li>Map labels: Noto Sans glyphs, SIL Open Font License 1.1 (Protomaps basemaps-assets).</li>
                <li>Map icons: Protomaps basemap sprites, derived from tangrams/icons (MIT).</li>
                <li>Map styles: Protomaps basemaps (BSD-3-Clause); rendering by MapLibre GL JS (BSD-3-Clause).</li>
              </ul>
            </Section>
          )}
        </main>
      </div>
    </div>
  );
}
