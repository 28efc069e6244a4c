import type * as React from 'react';
import { SidebarInset, SidebarProvider } from '@/components/ui/sidebar';
import { TooltipProvider } from '@/components/ui/tooltip';
import { usePreferences } from '@/lib/preferences';
import type { SessionUser } from '@/lib/session';
import { AppSidebar } from './app-sidebar';
import { SiteHeader } from './site-header';

/**
 * The sidebar layout shared by the default and admin layouts (SPEC §2): collapsible offcanvas,
 * left side (right in RTL), variant from the customizer's navbar type; a sheet on phones.
 */
export function AppShell({ user, children }: { user: SessionUser | null; children: React.ReactNode }) {
  const { sidebar } = usePreferences();
  return (
    <TooltipProvider>
      <SidebarProvider>
        <a
          href="#main-content"
          className="sr-only z-50 rounded-md bg-background px-3 py-2 focus:not-sr-only focus:fixed focus:start-2 focus:top-2"
        >
          Skip to content
        </a>
        <AppSidebar user={user} side={sidebar.side} variant={sidebar.variant} collapsible={sidebar.collapsible} />
        <SidebarInset>
          <SiteHeader user={user} />
          <div id="main-content" tabIndex={-1} className="flex flex-1 flex-col outline-none">
            {children}
          </div>
        </SidebarInset>
      </SidebarProvider>
    </TooltipProvider>
  );
}
