import { useLocation } from '@tanstack/react-router';
import { Search } from 'lucide-react';
import { Fragment } from 'react';
import {
  Breadcrumb,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
} from '@/components/ui/breadcrumb';
import { Button } from '@/components/ui/button';
import { Kbd } from '@/components/ui/kbd';
import { Separator } from '@/components/ui/separator';
import { SidebarTrigger } from '@/components/ui/sidebar';
import type { SessionUser } from '@/lib/session';
import { setCommandMenuOpen } from './command-menu-store';
import { ModeToggle } from './mode-toggle';
import { breadcrumbsFor } from './nav-data';
import { NavLink } from './nav-link';
import { UserMenu } from './user-menu';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

export function SiteHeader({ user }: { user: SessionUser | null }) {
  const pathname = useLocation({ select: (l) => l.pathname });
  const crumbs = breadcrumbsFor(pathname);
  return (
    <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/80 sm:px-4">
      <SidebarTrigger className="-ms-1" />
      <Separator orientation="vertical" className="mx-1 data-[orientation=vertical]:h-4" />
      <Breadcrumb className="min-w-0 flex-1">
        <BreadcrumbList className="flex-nowrap">
          <BreadcrumbItem className="hidden sm:inline-flex">
            <BreadcrumbLink asChild>
              <NavLink to="/">Home</NavLink>
            </BreadcrumbLink>
          </BreadcrumbItem>
          {crumbs.map((c, i) => (
            <Fragment key={c.to}>
              <BreadcrumbSeparator className={i === 0 ? 'hidden sm:block' : undefined} />
              <BreadcrumbItem className={i < crumbs.length - 1 ? 'hidden md:inline-flex' : 'min-w-0'}>
                {i === crumbs.length - 1 ? (
                  <BreadcrumbPage className="truncate">{c.title}</BreadcrumbPage>
                ) : (
                  <BreadcrumbLink asChild>
                    <NavLink to={c.to}>{c.title}</NavLink>
                  </BreadcrumbLink>
                )}
              </BreadcrumbItem>
            </Fragment>
          ))}
        </BreadcrumbList>
      </Breadcrumb>
      <Button
        variant="outline"
        size="sm"
        className="hidden gap-2 text-muted-foreground sm:inline-flex"
        onClick={() => setCommandMenuOpen(true)}
      >
        <Search aria-hidden />
        <span>Search…</span>
        <Kbd>{isMac ? '⌘' : 'Ctrl'} K</Kbd>
      </Button>
      <Button variant="ghost" size="icon" className="sm:hidden" aria-label="Search" onClick={() => setCommandMenuOpen(true)}>
        <Search />
      </Button>
      <ModeToggle />
      {user && <UserMenu user={user} variant="header" />}
    </header>
  );
}
