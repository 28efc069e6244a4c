import { Link, useLocation } from '@tanstack/react-router';
import { Bell, Monitor, Palette, Settings, User } from 'lucide-react';
import type * as React from 'react';
import { cn } from '@/lib/utils';

export const SETTINGS_SECTIONS = [
  { to: '/settings/profile', title: 'Profile', icon: User },
  { to: '/settings/account', title: 'Account', icon: Settings },
  { to: '/settings/appearance', title: 'Appearance', icon: Palette },
  { to: '/settings/notifications', title: 'Notifications', icon: Bell },
  { to: '/settings/display', title: 'Display', icon: Monitor },
] as const;

/** The settings pages: a sidebar of sections (rows that wrap on phones, every section in sight) beside the page. */
export function SettingsLayout({ children }: { children: React.ReactNode }) {
  const pathname = useLocation({ select: (l) => l.pathname.replace(/\/$/, '') });
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 p-4 md:p-6 lg:grid-cols-[12rem_minmax(0,1fr)]">
      <nav aria-label="Settings sections" className="min-w-0 lg:sticky lg:top-20 lg:self-start">
        <p className="mb-2 hidden text-sm font-semibold lg:block">Settings</p>
        <ul className="-mx-1 flex flex-wrap gap-1 px-1 pb-1 lg:flex-col lg:flex-nowrap">
          {SETTINGS_SECTIONS.map((s) => {
            const active = pathname === s.to;
            return (
              <li key={s.to}>
                <Link
                  to={s.to}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'flex h-9 items-center gap-2 rounded-md px-3 text-sm whitespace-nowrap outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
                    active && 'bg-accent font-medium text-accent-foreground',
                  )}
                >
                  <s.icon className="size-4" aria-hidden />
                  {s.title}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="min-w-0 max-w-3xl [&>div:first-child]:p-0">{children}</div>
    </div>
  );
}

/** The settings data for a page (a skeleton or the error while it loads). */
export function SettingsLoader<T>({
  query,
  children,
}: {
  query: { data: T | undefined; isError: boolean; error: unknown };
  children: (data: T) => React.ReactNode;
}) {
  if (query.isError)
    return <p role="alert">Could not load your settings: {query.error instanceof Error ? query.error.message : 'error'}</p>;
  if (!query.data) return <p className="text-sm text-muted-foreground">Loading…</p>;
  return <>{children(query.data)}</>;
}
