import {
  BarChart3,
  Box,
  Building2,
  CircleHelp,
  FolderKanban,
  FolderPlus,
  Footprints,
  LayoutDashboard,
  ListTodo,
  Mail,
  Map as MapIcon,
  MessageSquare,
  Mountain,
  Palette,
  Route,
  Settings,
  Shield,
  Table2,
  User,
  Bell,
  Monitor,
  Users,
  Waypoints,
  type LucideIcon,
} from 'lucide-react';
import { SHOWCASE } from './showcase-catalog';

/** One entry of the navigation: the sidebar, the breadcrumbs and the command palette all read this. */
export interface NavItem {
  title: string;
  /** An app path (not necessarily a route of this build: features add their routes independently). */
  to: string;
  icon: LucideIcon;
  /** Extra words the command palette matches. */
  keywords?: string[];
  /** Only shown to administrators. */
  adminOnly?: boolean;
}

export interface NavGroup {
  title: string;
  items: NavItem[];
  adminOnly?: boolean;
}

export const navGroups: NavGroup[] = [
  {
    title: 'General',
    items: [
      { title: 'Dashboard', to: '/dashboard', icon: LayoutDashboard, keywords: ['home', 'overview'] },
      { title: 'Projects', to: '/dashboard/projects', icon: FolderKanban, keywords: ['project', 'cards', 'documents', 'members'] },
      { title: 'Projects table', to: '/dashboard/projects/list', icon: Table2, keywords: ['project', 'list', 'table', 'filter'] },
      { title: 'New project', to: '/dashboard/projects/add', icon: FolderPlus, keywords: ['project', 'create', 'add', 'wizard'] },
      { title: 'Route planner', to: '/run', icon: Footprints, keywords: ['running', 'route', 'plan', 'gpx'] },
      { title: 'Map editor', to: '/explorer', icon: MapIcon, keywords: ['project', 'explorer', 'draw'] },
      { title: 'Email', to: '/email', icon: Mail, keywords: ['mail', 'inbox'] },
      { title: 'Tasks', to: '/tasks', icon: ListTodo, keywords: ['todo'] },
    ],
  },
  {
    title: 'Map demos',
    items: [
      { title: 'Elevation', to: '/ui/maps/elevation', icon: Mountain, keywords: ['terrain', 'profile'] },
      { title: 'Generate route', to: '/ui/maps/generate-route', icon: Route, keywords: ['loop'] },
      { title: 'Heatmap', to: '/ui/maps/heatmap', icon: BarChart3 },
      { title: 'Population density', to: '/ui/maps/population-density', icon: Users },
      { title: '3D buildings', to: '/ui/maps/3d-buildings', icon: Building2 },
      { title: 'AI chat', to: '/ui/maps/ai-chat', icon: MessageSquare },
      { title: 'Single page', to: '/ui/maps/single-page', icon: Waypoints },
    ],
  },
  {
    title: 'Settings',
    items: [
      { title: 'Account', to: '/settings/account', icon: Settings },
      { title: 'Profile', to: '/settings/profile', icon: User },
      { title: 'Appearance', to: '/settings/appearance', icon: Palette, keywords: ['theme', 'dark'] },
      { title: 'Notifications', to: '/settings/notifications', icon: Bell },
      { title: 'Display', to: '/settings/display', icon: Monitor },
    ],
  },
  {
    title: 'Administration',
    adminOnly: true,
    items: [{ title: 'Users', to: '/admin/users', icon: Shield, adminOnly: true, keywords: ['admin', 'accounts'] }],
  },
  {
    title: 'Other',
    items: [
      { title: 'Components', to: '/components', icon: Box, keywords: ['ui', 'showcase', 'design system'] },
      { title: 'Help', to: '/help', icon: CircleHelp, keywords: ['shortcuts', 'attribution', 'docs'] },
    ],
  },
];

/** Navigation visible to a user of the given role. */
/**
 * The navigation a user sees: admin-only entries for admins, and only pages this build has
 * (`exists` is asked for each path — pass the router's route table), so no entry leads to a 404.
 */
export function visibleNav(
  role: 'user' | 'admin' | null | undefined,
  exists: (path: string) => boolean = () => true,
  /** Entries the user hid in /settings/display (the settings pages themselves are never hidden). */
  hidden: readonly string[] = [],
): NavGroup[] {
  const hide = new Set(hidden.filter((p) => !p.startsWith('/settings')));
  return navGroups
    .filter((g) => !g.adminOnly || role === 'admin')
    .map((g) => ({ ...g, items: g.items.filter((i) => (!i.adminOnly || role === 'admin') && exists(i.to) && !hide.has(i.to)) }))
    .filter((g) => g.items.length > 0);
}

/** A predicate over app paths from the router's table of routes (by full path). */
export function routeExists(routesByPath: object): (path: string) => boolean {
  const paths = new Set(Object.keys(routesByPath).map((p) => p.replace(/(.)\/$/, '$1')));
  return (path) => paths.has(path);
}

const titles = new Map([
  ...navGroups.flatMap((g) => g.items.map((i) => [i.to, i.title] as const)),
  ...SHOWCASE.map((c) => [`/components/${c.name}`, c.title] as const),
]);

/** Breadcrumb trail for a pathname: each cumulative segment with a title from the navigation or the segment itself. */
export function breadcrumbsFor(pathname: string): { to: string; title: string }[] {
  const parts = pathname.split('/').filter(Boolean);
  return parts.map((part, i) => {
    const to = `/${parts.slice(0, i + 1).join('/')}`;
    const fallback = decodeURIComponent(part).replace(/[-_]+/g, ' ');
    return { to, title: titles.get(to) ?? fallback.charAt(0).toUpperCase() + fallback.slice(1) };
  });
}

const navPaths = navGroups.flatMap((g) => g.items.map((i) => i.to));
const under = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

/**
 * True when `pathname` is `to` or below it, unless a deeper entry matches it (on
 * /dashboard/projects/list only "Projects table" is active, not "Projects" too); the dashboard
 * only matches itself.
 */
export function isActivePath(pathname: string, to: string): boolean {
  if (to === '/dashboard') return pathname === '/dashboard' || pathname === '/dashboard/';
  return under(pathname, to) && !navPaths.some((p) => p.length > to.length && p.startsWith(`${to}/`) && under(pathname, p));
}
