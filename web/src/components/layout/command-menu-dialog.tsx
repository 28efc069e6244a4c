import { useRouter } from '@tanstack/react-router';
import { ArrowRight, Box, Laptop, LogOut, Moon, RotateCcw, SlidersHorizontal, Sun } from 'lucide-react';
import {
  CommandDialog,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
  CommandSeparator,
  CommandShortcut,
  wordFilter,
} from '@/components/ui/command';
import { resetPreferences, setPreferences } from '@/lib/preferences';
import { useSession } from '@/lib/session';
import { routeExists, visibleNav } from './nav-data';
import { SHOWCASE } from './showcase-catalog';
import { OPEN_CUSTOMIZER_EVENT, setCommandMenuOpen, useCommandMenuOpen } from './command-menu-store';
import { useSignOut } from './user-menu';

/** The command palette dialog: every page of the navigation and a few actions (loaded on first use). */
export default function CommandMenuDialog() {
  const isOpen = useCommandMenuOpen();
  const router = useRouter();
  const exists = routeExists(router.routesByPath);
  const { data: session } = useSession();
  const doSignOut = useSignOut();

  const run = (fn: () => void) => {
    setCommandMenuOpen(false);
    fn();
  };

  return (
    <CommandDialog
      open={isOpen}
      onOpenChange={setCommandMenuOpen}
      title="Command palette"
      description="Go to a page or run an action"
      filter={wordFilter}
    >
      <CommandInput placeholder="Type a command or search…" aria-label="Search pages and actions" />
      <CommandList>
        <CommandEmpty>No results found.</CommandEmpty>
        {visibleNav(session?.user.role, exists).map((group) => (
          <CommandGroup key={group.title} heading={group.title}>
            {group.items.map((item) => (
              <CommandItem
                key={item.to}
                value={`${item.title} ${item.to}`}
                keywords={item.keywords}
                onSelect={() => run(() => void router.navigate({ href: item.to }))}
              >
                <item.icon aria-hidden />
                <span>{item.title}</span>
                <CommandShortcut>
                  <ArrowRight aria-hidden className="size-3 rtl:rotate-180" />
                </CommandShortcut>
              </CommandItem>
            ))}
          </CommandGroup>
        ))}
        {exists('/components') && (
          <CommandGroup heading="Components">
            {SHOWCASE.map((c) => (
              <CommandItem
                key={c.name}
                value={`${c.title} component /components/${c.name}`}
                keywords={[c.category, 'component', 'showcase']}
                onSelect={() => run(() => void router.navigate({ href: `/components/${c.name}` }))}
              >
                <Box aria-hidden />
                <span>{c.title}</span>
                <span className="sr-only">component</span>
              </CommandItem>
            ))}
          </CommandGroup>
        )}
        <CommandSeparator />
        <CommandGroup heading="Actions">
          <CommandItem value="theme light mode" onSelect={() => run(() => setPreferences({ mode: 'light' }))}>
            <Sun aria-hidden /> Light mode
          </CommandItem>
          <CommandItem value="theme dark mode" onSelect={() => run(() => setPreferences({ mode: 'dark' }))}>
            <Moon aria-hidden /> Dark mode
          </CommandItem>
          <CommandItem value="theme system mode" onSelect={() => run(() => setPreferences({ mode: 'system' }))}>
            <Laptop aria-hidden /> System mode
          </CommandItem>
          <CommandItem
            value="open template customizer theme radius layout"
            onSelect={() => run(() => window.dispatchEvent(new Event(OPEN_CUSTOMIZER_EVENT)))}
          >
            <SlidersHorizontal aria-hidden /> Open Template Customizer
          </CommandItem>
          <CommandItem value="reset preferences customizer defaults" onSelect={() => run(resetPreferences)}>
            <RotateCcw aria-hidden /> Reset appearance
          </CommandItem>
          {session && (
            <CommandItem value="sign out log out" onSelect={() => run(() => void doSignOut())}>
              <LogOut aria-hidden /> Sign out
            </CommandItem>
          )}
        </CommandGroup>
      </CommandList>
    </CommandDialog>
  );
}
