import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { ChevronsUpDown, LogOut, Settings, User } from 'lucide-react';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { SidebarMenu, SidebarMenuButton, SidebarMenuItem } from '@/components/ui/sidebar';
import { signOut, type SessionUser } from '@/lib/session';

export function initials(user: Pick<SessionUser, 'name' | 'email'>): string {
  const source = user.name?.trim() || user.email || '?';
  const words = source.split(/[\s@._-]+/).filter(Boolean);
  return ((words[0]?.[0] ?? '?') + (words[1]?.[0] ?? '')).toUpperCase();
}

export function useSignOut() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return async () => {
    await signOut(queryClient);
    await router.navigate({ href: '/login' });
  };
}

/** The avatar beside the name: decorative (the initials are not part of a control's name). */
function UserAvatar({ user }: { user: SessionUser }) {
  return (
    <Avatar className="size-8 rounded-lg" aria-hidden>
      {user.image && <AvatarImage src={user.image} alt="" />}
      <AvatarFallback className="rounded-lg text-xs">{initials(user)}</AvatarFallback>
    </Avatar>
  );
}

/** Profile, settings and sign out; in the sidebar footer or as an avatar button in the header. */
export function UserMenu({ user, variant }: { user: SessionUser; variant: 'sidebar' | 'header' }) {
  const router = useRouter();
  const doSignOut = useSignOut();
  const content = (
    <DropdownMenuContent className="w-56 rounded-lg" align="end" sideOffset={4}>
      <DropdownMenuLabel className="p-0 font-normal">
        <div className="flex items-center gap-2 px-1 py-1.5 text-start text-sm">
          <UserAvatar user={user} />
          <div className="grid flex-1 text-start text-sm leading-tight">
            <span className="truncate font-semibold">{user.name || 'Signed in'}</span>
            <span className="truncate text-xs text-muted-foreground">{user.email ?? user.phone ?? ''}</span>
          </div>
        </div>
      </DropdownMenuLabel>
      <DropdownMenuSeparator />
      <DropdownMenuGroup>
        <DropdownMenuItem onSelect={() => void router.navigate({ href: '/settings/profile' })}>
          <User /> Profile
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void router.navigate({ href: '/settings/account' })}>
          <Settings /> Settings
        </DropdownMenuItem>
      </DropdownMenuGroup>
      <DropdownMenuSeparator />
      <DropdownMenuItem onSelect={() => void doSignOut()}>
        <LogOut /> Sign out
      </DropdownMenuItem>
    </DropdownMenuContent>
  );
  if (variant === 'header') {
    return (
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="rounded-full">
            <UserAvatar user={user} />
            <span className="sr-only">User menu</span>
          </Button>
        </DropdownMenuTrigger>
        {content}
      </DropdownMenu>
    );
  }
  return (
    <SidebarMenu>
      <SidebarMenuItem>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <SidebarMenuButton size="lg" className="data-[state=open]:bg-sidebar-accent data-[state=open]:text-sidebar-accent-foreground">
              <UserAvatar user={user} />
              {/* The name read out starts with what the button is; the visible name and address follow (label in name). */}
              <span className="sr-only">Account menu: </span>
              <span className="grid flex-1 text-start text-sm leading-tight">
                <span className="truncate font-semibold">{user.name || 'Signed in'}</span>
                <span className="truncate text-xs">{user.email ?? user.phone ?? ''}</span>
              </span>
              <ChevronsUpDown className="ms-auto size-4" />
            </SidebarMenuButton>
          </DropdownMenuTrigger>
          {content}
        </DropdownMenu>
      </SidebarMenuItem>
    </SidebarMenu>
  );
}
