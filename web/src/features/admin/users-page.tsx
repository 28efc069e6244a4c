import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { KeyRound, Link2, Pencil, Plus, Search, Send, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { type AdminUser, call, errorText, formatTime, get, selectClass } from './api';

const PER_PAGE = 20;

function ErrorLine({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className="text-sm font-medium text-foreground">
      ⚠ {message}
    </p>
  ) : null;
}

function CreateDialog({ mode, onClose, onDone }: { mode: 'create' | 'invite'; onClose: () => void; onDone: () => void }) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<'user' | 'admin'>('user');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (mode === 'invite') await call('/api/admin/invite', { email, name, role });
      else await call('/api/admin/users', { email, name, role, password });
      onDone();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{mode === 'invite' ? 'Invite a user' : 'Create a user'}</DialogTitle>
            <DialogDescription>
              {mode === 'invite' ? 'They get an email with a link to choose a password.' : 'The email address is marked as confirmed.'}
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor="new-email">Email</Label>
            <Input id="new-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="new-name">Name</Label>
            <Input id="new-name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
          </div>
          {mode === 'create' && (
            <div className="grid gap-1.5">
              <Label htmlFor="new-password">Password</Label>
              <Input
                id="new-password"
                type="password"
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </div>
          )}
          <div className="grid gap-1.5">
            <Label htmlFor="new-role">Role</Label>
            <select id="new-role" className={selectClass} value={role} onChange={(e) => setRole(e.target.value as 'user' | 'admin')}>
              <option value="user">User</option>
              <option value="admin">Admin</option>
            </select>
          </div>
          <ErrorLine message={error} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {mode === 'invite' ? 'Send invitation' : 'Create user'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function EditDialog({ user, onClose, onDone }: { user: AdminUser; onClose: () => void; onDone: () => void }) {
  const [name, setName] = useState(user.name);
  const [role, setRole] = useState(user.role);
  const [banned, setBanned] = useState(user.banned);
  const [link, setLink] = useState<string | null>(null);
  const [factors, setFactors] = useState(user.factors);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (f: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await f();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const save = (e: React.FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await call(`/api/admin/users/${user.id}`, { name, role, banned }, 'PUT');
      onDone();
    });
  };
  const generate = (type: 'magiclink' | 'recovery') =>
    run(async () => {
      const r = await call<{ link: string }>('/api/admin/generate-link', { type, email: user.email });
      setLink(r.link);
    });
  const removeFactor = (id: string) =>
    run(async () => {
      await call(`/api/admin/users/${user.id}/factors/${id}`, undefined, 'DELETE');
      setFactors((f) => f.filter((x) => x.id !== id));
    });
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <form onSubmit={save} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Edit {user.email ?? user.phone}</DialogTitle>
            <DialogDescription>
              Created {formatTime(user.createdAt)} · last sign-in {formatTime(user.lastSignInAt)}
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor="edit-name">Name</Label>
            <Input id="edit-name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="edit-role">Role</Label>
            <select id="edit-role" className={selectClass} value={role} onChange={(e) => setRole(e.target.value as 'user' | 'admin')}>
              <option value="user">User</option>
              <option value="admin">Admin</option>
            </select>
          </div>
          <div className="flex items-center gap-2">
            <input
              id="edit-banned"
              type="checkbox"
              className="size-4 accent-primary"
              checked={banned}
              onChange={(e) => setBanned(e.target.checked)}
            />
            <Label htmlFor="edit-banned" className="font-normal">
              Suspended (cannot sign in; sessions end)
            </Label>
          </div>
          <div className="grid gap-2">
            <span className="text-sm font-medium">Two-factor authenticators</span>
            {factors.length === 0 && <span className="text-sm text-muted-foreground">None.</span>}
            {factors.map((f) => (
              <div key={f.id} className="flex items-center justify-between rounded-md border px-3 py-1.5 text-sm">
                <span>
                  {f.friendlyName} ({f.status})
                </span>
                <Button type="button" variant="ghost" size="sm" onClick={() => void removeFactor(f.id)} disabled={busy}>
                  <Trash2 /> Remove
                </Button>
              </div>
            ))}
          </div>
          {user.email && (
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="outline" size="sm" onClick={() => void generate('magiclink')} disabled={busy}>
                <Link2 /> Sign-in link
              </Button>
              <Button type="button" variant="outline" size="sm" onClick={() => void generate('recovery')} disabled={busy}>
                <KeyRound /> Recovery link
              </Button>
            </div>
          )}
          {link && (
            <div className="grid gap-1.5">
              <Label htmlFor="gen-link">Link (valid 1 hour; share it privately)</Label>
              <Input id="gen-link" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
            </div>
          )}
          <ErrorLine message={error} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" disabled={busy}>
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** /admin/users: search, paginate, create, invite, edit, ban, delete, links and factors. */
export function UsersPage() {
  const [q, setQ] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<{ kind: 'create' | 'invite' } | { kind: 'edit'; user: AdminUser } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const t = setTimeout(() => {
      setQuery(q.trim());
      setPage(1);
    }, 250);
    return () => clearTimeout(t);
  }, [q]);
  const users = useQuery({
    queryKey: ['admin', 'users', query, page],
    queryFn: () =>
      get<{ users: AdminUser[]; total: number }>(
        `/api/admin/users?${new URLSearchParams({ q: query, page: String(page), perPage: String(PER_PAGE) })}`,
      ),
    placeholderData: keepPreviousData,
  });
  const total = users.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  const remove = async (u: AdminUser) => {
    if (!window.confirm(`Delete ${u.email ?? u.phone}? This cannot be undone.`)) return;
    setError(null);
    try {
      await call(`/api/admin/users/${u.id}`, undefined, 'DELETE');
      await users.refetch();
    } catch (err) {
      setError(errorText(err));
    }
  };
  const done = () => {
    setDialog(null);
    void users.refetch();
  };
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4 p-4 md:p-6">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Users</h1>
          <p className="text-sm text-muted-foreground">
            {total} account{total === 1 ? '' : 's'} ·{' '}
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
      <ErrorLine message={error ?? (users.isError ? errorText(users.error) : null)} />
      {/* Phones: one card per user; wider screens: the table. */}
      <ul className="grid gap-2 md:hidden" aria-label="Users">
        {users.data?.users.map((u) => (
          <li key={u.id} className="grid gap-2 rounded-lg border bg-card p-3 text-sm">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <div className="truncate font-medium">{u.name || '—'}</div>
                <div className="truncate text-xs text-muted-foreground">
                  <bdi>{u.email ?? u.phone}</bdi>
                </div>
              </div>
              <Badge variant={u.role === 'admin' ? 'default' : 'secondary'}>{u.role}</Badge>
            </div>
            <div className="text-xs text-muted-foreground">
              {u.banned ? 'suspended' : u.emailVerified || !u.email ? 'active' : 'unconfirmed'}
              {u.factors.some((f) => f.status === 'verified') && ' · 2FA'} · last sign-in <bdi>{formatTime(u.lastSignInAt)}</bdi>
            </div>
            <div className="flex flex-wrap gap-1">
              <Button
                variant="outline"
                size="sm"
                onClick={() => setDialog({ kind: 'edit', user: u })}
                aria-label={`Edit ${u.email ?? u.phone}`}
              >
                <Pencil /> Edit
              </Button>
              <Button variant="ghost" size="sm" onClick={() => void remove(u)} aria-label={`Delete ${u.email ?? u.phone}`}>
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
                    <div className="font-medium">{u.name || '—'}</div>
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
                  <td className="px-4 py-2 text-xs text-muted-foreground">{formatTime(u.lastSignInAt)}</td>
                  <td className="px-4 py-2 text-end whitespace-nowrap">
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setDialog({ kind: 'edit', user: u })}
                      aria-label={`Edit ${u.email ?? u.phone}`}
                    >
                      <Pencil /> Edit
                    </Button>
                    <Button variant="ghost" size="sm" onClick={() => void remove(u)} aria-label={`Delete ${u.email ?? u.phone}`}>
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
      {dialog?.kind === 'edit' && <EditDialog user={dialog.user} onClose={() => setDialog(null)} onDone={done} />}
      {(dialog?.kind === 'create' || dialog?.kind === 'invite') && (
        <CreateDialog mode={dialog.kind} onClose={() => setDialog(null)} onDone={done} />
      )}
    </div>
  );
}
