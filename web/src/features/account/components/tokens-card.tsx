import { Check, Copy, KeyRound, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
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
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { errorMessage, fieldError } from '@/lib/errors';
import { formatDate } from '@/lib/format-date';
import { type CreatedToken, useCreateToken } from '../api/create-token';
import { type PersonalAccessToken, useTokens } from '../api/get-tokens';
import { useRevokeToken } from '../api/revoke-token';
import { Notice, type NoticeState } from './notice';
import type { WithReauth } from './reauth';

const EXPIRY_CHOICES = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'never', label: 'Never' },
] as const;

const selectClass =
  'h-9 w-full rounded-md border border-input bg-transparent px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30';

const isExpired = (t: PersonalAccessToken, now: number) => t.expiresAt !== null && Date.parse(t.expiresAt) <= now;

/** The new token, shown once, with a copy button. */
function NewToken({ created, onDone }: { created: CreatedToken; onDone: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'select' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.token);
      setCopied('yes');
    } catch {
      // No clipboard access (permissions, insecure origin): select it for Ctrl+C.
      input.current?.select();
      setCopied('select');
    }
  };
  return (
    <div className="grid gap-3 rounded-md border border-emerald-600/40 bg-emerald-600/5 p-3" role="group" aria-labelledby="new-token-title">
      <p id="new-token-title" className="text-sm font-medium">
        Token <bdi>“{created.pat.name}”</bdi> created. Copy it now: it is shown only once.
      </p>
      <div className="flex gap-2">
        <Input
          ref={input}
          readOnly
          dir="ltr"
          value={created.token}
          aria-label="New personal access token"
          className="font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
          data-testid="new-token"
        />
        <Button type="button" variant="outline" onClick={() => void copy()} aria-label="Copy token">
          {copied === 'yes' ? <Check /> : <Copy />} {copied === 'yes' ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground" role="status">
        {copied === 'yes'
          ? 'Copied to the clipboard.'
          : copied === 'select'
            ? 'Selected: press Ctrl+C (⌘C) to copy it.'
            : 'Send it as the header Authorization: Bearer <token>.'}
      </p>
      <Button type="button" className="justify-self-start" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}

function TokenItem({ t, now, onRevoke }: { t: PersonalAccessToken; now: number; onRevoke: () => void }) {
  const expired = isExpired(t, now);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm" data-testid="token-row">
      <div className="flex min-w-0 items-start gap-3">
        <KeyRound className="mt-0.5 size-4 shrink-0" aria-hidden />
        <div className="grid min-w-0 gap-0.5">
          <span className="flex flex-wrap items-center gap-1.5 font-medium">
            <bdi className="truncate">{t.name}</bdi>
            <Badge variant="outline">{t.scope === 'read' ? 'Read-only' : 'Read and write'}</Badge>
            {expired && <Badge variant="destructive">Expired</Badge>}
          </span>
          <span className="text-xs text-muted-foreground">
            Created <bdi>{formatDate(t.createdAt)}</bdi> ·{' '}
            {t.expiresAt ? (
              <>
                {expired ? 'expired' : 'expires'} <bdi>{formatDate(t.expiresAt)}</bdi>
              </>
            ) : (
              'never expires'
            )}{' '}
            ·{' '}
            {t.lastUsedAt ? (
              <>
                last used <bdi>{formatDate(t.lastUsedAt)}</bdi>
              </>
            ) : (
              'never used'
            )}
          </span>
        </div>
      </div>
      <Button variant="ghost" size="sm" onClick={onRevoke} aria-label={`Revoke ${t.name}`}>
        <Trash2 /> Revoke
      </Button>
    </li>
  );
}

/** /settings/account → personal access tokens: named, read-only or read-write, expiring, revocable, shown once. */
export function TokensCard({ withReauth }: { withReauth: WithReauth }) {
  const tokens = useTokens();
  const create = useCreateToken();
  const revoke = useRevokeToken();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<'read' | 'write'>('read');
  const [expiry, setExpiry] = useState<(typeof EXPIRY_CHOICES)[number]['value']>('30');
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const [msg, setMsg] = useState<NoticeState>(null);
  const [createError, setCreateError] = useState<unknown>(null);
  const [confirm, setConfirm] = useState<PersonalAccessToken | null>(null);
  // "Expired" as of when the list was fetched (render stays pure).
  const now = tokens.dataUpdatedAt;
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setMsg(null);
    setCreateError(null);
    try {
      await withReauth(async () => {
        const r = await create.mutateAsync({ name: name.trim(), scope, expiresInDays: expiry === 'never' ? null : Number(expiry) });
        setCreated(r);
        setName('');
      });
    } catch (err) {
      setCreateError(err);
    }
  };
  const doRevoke = (t: PersonalAccessToken) => {
    setMsg(null);
    revoke.mutate(t.id, {
      onSuccess: () => {
        setMsg({ kind: 'ok', text: `Token “${t.name}” revoked. Anything using it is refused from now on.` });
        if (created?.pat.id === t.id) setCreated(null);
      },
      onError: (err) => setMsg({ kind: 'error', text: errorMessage(err) }),
    });
  };
  const nameProblem = fieldError(createError, 'name');
  const rows = tokens.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2">
            <KeyRound className="size-5" aria-hidden /> Personal access tokens
          </h2>
        </CardTitle>
        <CardDescription>
          For scripts, watch sync and command-line tools. A read-only token can only read; none can change your password, email or
          two-factor settings. Revoking one stops it at once.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {created ? (
          <NewToken created={created} onDone={() => setCreated(null)} />
        ) : (
          <form onSubmit={submit} className="grid max-w-md gap-4" aria-label="Create a personal access token">
            <div className="grid gap-1.5">
              <Label htmlFor="pat-name">Token name</Label>
              <Input
                id="pat-name"
                dir="auto"
                value={name}
                maxLength={60}
                placeholder="e.g. Watch sync"
                onChange={(e) => setName(e.target.value)}
                aria-invalid={nameProblem ? true : undefined}
                aria-describedby={nameProblem ? 'pat-name-error' : undefined}
              />
              {nameProblem && (
                <p id="pat-name-error" className="text-sm text-destructive">
                  Name {nameProblem}
                </p>
              )}
            </div>
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">Access</legend>
              <RadioGroup value={scope} onValueChange={(v) => setScope(v === 'write' ? 'write' : 'read')} className="gap-2">
                <div className="flex items-center gap-2">
                  <RadioGroupItem id="pat-scope-read" value="read" />
                  <Label htmlFor="pat-scope-read" className="font-normal">
                    Read-only (GET requests)
                  </Label>
                </div>
                <div className="flex items-center gap-2">
                  <RadioGroupItem id="pat-scope-write" value="write" />
                  <Label htmlFor="pat-scope-write" className="font-normal">
                    Read and write
                  </Label>
                </div>
              </RadioGroup>
            </fieldset>
            <div className="grid gap-1.5">
              <Label htmlFor="pat-expiry">Expires after</Label>
              <select
                id="pat-expiry"
                className={selectClass}
                value={expiry}
                onChange={(e) => setExpiry(e.target.value as (typeof EXPIRY_CHOICES)[number]['value'])}
              >
                {EXPIRY_CHOICES.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </select>
            </div>
            {createError !== null && !nameProblem && <Notice kind="error">{errorMessage(createError)}</Notice>}
            <Button type="submit" className="justify-self-start" disabled={create.isPending || !name.trim()}>
              Create token
            </Button>
          </form>
        )}
        {tokens.isLoading && <p className="text-sm text-muted-foreground">Loading…</p>}
        {tokens.isError && <Notice kind="error">{errorMessage(tokens.error)}</Notice>}
        {tokens.isSuccess && rows.length === 0 && <p className="text-sm text-muted-foreground">No tokens yet.</p>}
        {rows.length > 0 && (
          <ul className="grid gap-2" aria-label="Personal access tokens">
            {rows.map((t) => (
              <TokenItem key={t.id} t={t} now={now} onRevoke={() => setConfirm(t)} />
            ))}
          </ul>
        )}
        {msg && <Notice kind={msg.kind}>{msg.text}</Notice>}
      </CardContent>
      <AlertDialog open={confirm !== null} onOpenChange={(o) => !o && setConfirm(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              Revoke <bdi>“{confirm?.name}”</bdi>?
            </AlertDialogTitle>
            <AlertDialogDescription>
              Scripts and devices using this token are refused from now on. This cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              onClick={() => {
                if (confirm) doRevoke(confirm);
                setConfirm(null);
              }}
            >
              Revoke token
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
