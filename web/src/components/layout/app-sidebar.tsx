import { useLocation, useRouter } from '@tanstack/react-router';
import { MapPinned } from 'lucide-react';
import type * as React from 'react';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuBadge,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarRail,
  useSidebar,
  type SidebarCollapsible,
  type SidebarSide,
  type SidebarVariant,
} from '@/components/ui/sidebar';
import { useAccountDisplay } from '@/lib/account-display';
import type { SessionUser } from '@/lib/session';
import { isActivePath, routeExists, visibleNav } from './nav-data';
import { NavLink } from './nav-link';
import { UserMenu } from './user-menu';

export function AppSidebar({
  user,
  side,
  variant,
  collapsible,
  ...props
}: React.ComponentProps<typeof Sidebar> & {
  user: SessionUser | null;
  side: SidebarSide;
  variant: SidebarVariant;
  collapsible: SidebarCollapsible;
}) {
  const pathname = useLocation({ select: (l) => l.pathname });
  const router = useRouter();
  const { isMobile, setOpenMobile } = useSidebar();
  // Entries hidden in /settings/display, and counts such as the mailbox's unread messages.
  const { hiddenNav, badges } = useAccountDisplay();
  const closeOnMobile = () => {
    if (isMobile) setOpenMobile(false);
  };
  return (
    <Sidebar side={side} variant={variant} collapsible={collapsible} aria-label="Main navigation" {...props}>
      <SidebarHeader>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton size="lg" asChild>
              <NavLink to="/" onClick={closeOnMobile}>
                <span className="flex aspect-square size-8 items-center justify-center rounded-lg bg-sidebar-primary text-sidebar-primary-foreground">
                  <MapPinned className="size-4" />
                </span>
                <span className="grid flex-1 text-start text-sm leading-tight">
                  <span className="truncate font-semibold">Waymark</span>
                  <span className="truncate text-xs text-sidebar-foreground/80">Maps, routes &amp; projects</span>
                </span>
              </NavLink>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>
      <SidebarContent>
        <nav aria-label="Sections">
          {visibleNav(user?.role, routeExists(router.routesByPath), hiddenNav).map((group) => (
            <SidebarGroup key={group.title}>
              <SidebarGroupLabel>{group.title}</SidebarGroupLabel>
              <SidebarMenu>
                {group.items.map((item) => {
                  const active = isActivePath(pathname, item.to);
                  const badge = badges[item.to] ?? 0;
                  return (
                    <SidebarMenuItem key={item.to}>
                      <SidebarMenuButton asChild isActive={active} tooltip={item.title}>
                        <NavLink to={item.to} aria-current={active ? 'page' : undefined} onClick={closeOnMobile}>
                          <item.icon aria-hidden />
                          <span>{item.title}</span>
                          {badge > 0 && <span className="sr-only">, {badge} unread</span>}
                        </NavLink>
                      </SidebarMenuButton>
                      {badge > 0 && (
                        <SidebarMenuBadge aria-hidden data-testid={`nav-badge-${item.to}`}>
                          {badge > 99 ? '99+' : badge}
                        </SidebarMenuBadge>
                      )}
                    </SidebarMenuItem>
                  );
                })}
              </SidebarMenu>
            </SidebarGroup>
          ))}
        </nav>
      </SidebarContent>
      <SidebarFooter>{user && <UserMenu user={user} variant="sidebar" />}</SidebarFooter>
      <SidebarRail />
    </Sidebar>
  );
}
