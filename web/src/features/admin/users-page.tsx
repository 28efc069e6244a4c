import { Link } from '@tanstack/react-router';
import { Pencil, Plus, Search, Send, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format-date';
import { useDeleteUser } from './api/delete-user';
import { type AdminUser, useUsers } from './api/get-users';
import { CreateUserDialog } from './components/create-user-dialog';
import { EditUserDialog } from './components/edit-user-dialog';
import { ErrorLine } from './components/error-line';

const PER_PAGE = 20;

const label = (u: AdminUser) => u.email ?? u.phone ?? u.id;

/** /admin/users: search, paginate, create, invite, edit, ban, delete, links and factors. */
export function UsersPage() {
  const [q, setQ] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<{ kind: 'create' | 'invite' } | { kind: 'edit'; user: AdminUser } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<AdminUser | null>(null);
  useEffect(() => {
    const t = setTimeout(() => {
      setQuery(q.trim());
      setPage(1);
    }, 250);
    return () => clearTimeout(t);
  }, [q]);
  const users = useUsers({ q: query, page, perPage: PER_PAGE });
  const remove = useDeleteUser();
  const total = users.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  const close = () => setDialog(null);
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4 p-4 md:p-6">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Users</h1>
          <p className="text-sm text-muted-foreground">
            <bdi>{total}</bdi> account{total === 1 ? '' : 's'} ·{' '}
            <Link to="/admin/access-requests" className="underline underline-offset-4">
              access requests
            </Link>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setDialog({ kind: 'invite' })}>
            <Send /> Invite
          </Button>
          <Button onClick={() => setDialog({ kind: 'create' })}>
            <Plus /> Create user
          </Button>
        </div>
      </div>
      <div className="relative max-w-sm">
        <Search className="pointer-events-none absolute start-2.5 top-2.5 size-4 text-muted-foreground" aria-hidden />
        <Input
          type="search"
          aria-label="Search users"
          placeholder="Search by name, email or phone"
          className="ps-8"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
      </div>
      <ErrorLine message={remove.isError ? errorMessage(remove.error) : users.isError ? errorMessage(users.error) : null} />
      {/* Phones: one card per user; wider screens: the table. */}
      <ul className="grid gap-2 md:hidden" aria-label="Users">
        {users.data?.users.map((u) => (
          <li key={u.id} className="grid gap-2 rounded-lg border bg-card p-3 text-sm">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <div className="truncate font-medium">
                  <bdi>{u.name || '—'}</bdi>
                </div>
                <div className="truncate text-xs text-muted-foreground">
                  <bdi>{u.email ?? u.phone}</bdi>
                </div>
              </div>
              <Badge variant={u.role === 'admin' ? 'default' : 'secondary'}>{u.role}</Badge>
            </div>
            <div className="text-xs text-muted-foreground">
              {u.banned ? 'suspended' : u.emailVerified || !u.email ? 'active' : 'unconfirmed'}
              {u.factors.some((f) => f.status === 'verified') && ' · 2FA'} · last sign-in <bdi>{formatDateTime(u.lastSignInAt)}</bdi>
            </div>
            <div className="flex flex-wrap gap-1">
              <Button variant="outline" size="sm" onClick={() => setDialog({ kind: 'edit', user: u })} aria-label={`Edit ${label(u)}`}>
                <Pencil /> Edit
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirmDelete(u)} aria-label={`Delete ${label(u)}`}>
                <Trash2 /> Delete
              </Button>
            </div>
          </li>
        ))}
        {users.data && users.data.users.length === 0 && <li className="p-4 text-center text-sm text-muted-foreground">No users match.</li>}
      </ul>
      <Card className="hidden py-0 md:flex">
        <CardContent className="overflow-x-auto px-0">
          <table className="w-full text-sm">
            <thead className="border-b text-start text-muted-foreground">
              <tr>
                <th className="px-4 py-2 text-start font-medium">User</th>
                <th className="px-4 py-2 text-start font-medium">Role</th>
                <th className="px-4 py-2 text-start font-medium">Status</th>
                <th className="px-4 py-2 text-start font-medium">Last sign-in</th>
                <th className="px-4 py-2 text-end font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.data?.users.map((u) => (
                <tr key={u.id} className="border-b last:border-0">
                  <td className="px-4 py-2">
                    <div className="font-medium">
                      <bdi>{u.name || '—'}</bdi>
                    </div>
                    <div className="text-xs text-muted-foreground">
                      <bdi>{u.email ?? u.phone}</bdi>
                    </div>
                  </td>
                  <td className="px-4 py-2">
                    <Badge variant={u.role === 'admin' ? 'default' : 'secondary'}>{u.role}</Badge>
                  </td>
                  <td className="px-4 py-2 text-xs">
                    {u.banned ? <Badge variant="outline">suspended</Badge> : u.emailVerified || !u.email ? 'active' : 'unconfirmed'}
                    {u.factors.some((f) => f.status === 'verified') && ' · 2FA'}
                  </td>
                  <td className="px-4 py-2 text-xs text-muted-foreground">
                    <bdi>{formatDateTime(u.lastSignInAt)}</bdi>
                  </td>
                  <td className="px-4 py-2 text-end whitespace-nowrap">
                    <Button variant="ghost" size="sm" onClick={() => setDialog({ kind: 'edit', user: u })} aria-label={`Edit ${label(u)}`}>
                      <Pencil /> Edit
                    </Button>
                    <Button variant="ghost" size="sm" onClick={() => setConfirmDelete(u)} aria-label={`Delete ${label(u)}`}>
                      <Trash2 /> Delete
                    </Button>
                  </td>
                </tr>
              ))}
              {users.data && users.data.users.length === 0 && (
                <tr>
                  <td colSpan={5} className="px-4 py-6 text-center text-muted-foreground">
                    No users match.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </CardContent>
      </Card>
      <nav className="flex flex-wrap items-center justify-end gap-2 text-sm" aria-label="Pagination">
        <Button variant="outline" size="sm" onClick={() => setPage((p) => Math.max(1, p - 1))} disabled={page <= 1}>
          Previous
        </Button>
        <span>
          Page {page} of {pages}
        </span>
        <Button variant="outline" size="sm" onClick={() => setPage((p) => Math.min(pages, p + 1))} disabled={page >= pages}>
          Next
        </Button>
      </nav>
      {dialog?.kind === 'edit' && <EditUserDialog user={dialog.user} onClose={close} />}
      {(dialog?.kind === 'create' || dialog?.kind === 'invite') && <CreateUserDialog mode={dialog.kind} onClose={close} />}
      <AlertDialog open={confirmDelete !== null} onOpenChange={(o) => !o && setConfirmDelete(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle className="break-all">
              Delete <bdi>{confirmDelete ? label(confirmDelete) : ''}</bdi>?
            </AlertDialogTitle>
            <AlertDialogDescription>The account, its sessions and its tokens are removed. This cannot be undone.</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              onClick={() => {
                if (confirmDelete) remove.mutate(confirmDelete.id);
                setConfirmDelete(null);
              }}
            >
              Delete account
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
