import { ArrowLeft } from 'lucide-react';
import { visibleNav } from '@/components/layout/nav-data';
import { NavLink } from '@/components/layout/nav-link';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/session';

/** `/grid` (fullscreen layout): every section of the app as a grid of tiles filling the screen. */
export function GridPage() {
  const { data: session } = useSession();
  const groups = visibleNav(session?.user.role);
  return (
    <div className="flex h-full flex-col overflow-auto">
      <div className="flex items-center justify-between gap-4 border-b px-4 py-3">
        <h1 className="text-lg font-semibold">All of Waymark</h1>
        <Button variant="ghost" asChild>
          <NavLink to="/">
            <ArrowLeft aria-hidden className="rtl:rotate-180" /> Home
          </NavLink>
        </Button>
      </div>
      <div className="grid gap-8 p-4 sm:p-6">
        {groups.map((g) => (
          <section key={g.title} aria-labelledby={`grid-${g.title}`} className="grid gap-3">
            <h2 id={`grid-${g.title}`} className="text-sm font-medium text-muted-foreground">
              {g.title}
            </h2>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
              {g.items.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    className="flex aspect-[4/3] flex-col items-center justify-center gap-3 rounded-xl border bg-card p-4 text-center text-sm font-medium shadow-xs transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    <item.icon aria-hidden className="size-6 text-primary" />
                    {item.title}
                  </NavLink>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
