import { MAIL_LIMITS, type MailPerson } from '@waymark/contracts/mail';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2, Send, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/account-display';
import { deleteMessage } from '../api/delete-message';
import { mailKeys } from '../api/keys';
import { saveDraft } from '../api/save-draft';
import { useSendMessage } from '../api/send-message';
import { RecipientInput } from './recipient-input';

/** What the compose window starts with (new mail, a reply, a forward, or a draft being continued). */
export interface ComposeDraft {
  title: string;
  to: MailPerson[];
  cc: MailPerson[];
  subject: string;
  body: string;
  inReplyTo?: string;
  draftId?: string;
}

/** How long after the last keystroke the draft is saved. */
export const AUTOSAVE_MS = 1200;

type Errors = Partial<Record<'to' | 'subject' | 'body' | 'form', string>>;

function validate(d: ComposeDraft): Errors {
  const e: Errors = {};
  const n = d.to.length + d.cc.length;
  if (d.to.length === 0) e.to = 'Add at least one recipient.';
  else if (n > MAIL_LIMITS.recipientsMax) e.to = `At most ${MAIL_LIMITS.recipientsMax} recipients in To and Cc together.`;
  if (d.subject.trim().length > MAIL_LIMITS.subjectMax) e.subject = `At most ${MAIL_LIMITS.subjectMax} characters.`;
  if (d.body.length > MAIL_LIMITS.bodyMax) e.body = `At most ${MAIL_LIMITS.bodyMax.toLocaleString()} characters.`;
  if (!d.subject.trim() && !d.body.trim()) e.body = 'Write a subject or a message.';
  return e;
}

/** The compose window: To/Cc with autocomplete, subject, plain-text body; autosaves a draft; sends. */
export function ComposeDialog({ initial, onClose }: { initial: ComposeDraft; onClose: () => void }) {
  const qc = useQueryClient();
  const [d, setD] = useState<ComposeDraft>(initial);
  const [showCc, setShowCc] = useState(initial.cc.length > 0);
  const [errors, setErrors] = useState<Errors>({});
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const [saving, setSaving] = useState(false);
  const draftId = useRef<string | null>(initial.draftId ?? null);
  const dirty = useRef(false);
  const closed = useRef(false);
  const send = useSendMessage();
  const ids = useId();

  const body = () => ({
    to: d.to.map((p) => p.id),
    cc: d.cc.map((p) => p.id),
    subject: d.subject.trim().slice(0, MAIL_LIMITS.subjectMax),
    body: d.body.slice(0, MAIL_LIMITS.bodyMax),
    ...(d.inReplyTo ? { inReplyTo: d.inReplyTo } : {}),
  });

  const persist = async () => {
    if (!dirty.current || closed.current) return;
    const b = body();
    if (b.to.length + b.cc.length > MAIL_LIMITS.recipientsMax) return; // the server would refuse it; Send explains why
    dirty.current = false;
    setSaving(true);
    try {
      const m = await saveDraft(b, draftId.current);
      draftId.current = m.id;
      setSavedAt(new Date());
      void qc.invalidateQueries({ queryKey: mailKeys.counts() });
    } catch {
      dirty.current = true; // try again on the next change
    } finally {
      setSaving(false);
    }
  };

  // Autosave: a short pause after the last change.
  useEffect(() => {
    if (!dirty.current) return;
    const t = setTimeout(() => void persist(), AUTOSAVE_MS);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [d]);

  const change = (patch: Partial<ComposeDraft>) => {
    dirty.current = true;
    setD((old) => ({ ...old, ...patch }));
    setErrors({});
  };

  const close = async () => {
    if (closed.current) return;
    const hasContent = d.to.length > 0 || d.subject.trim() !== '' || d.body.trim() !== '';
    if (dirty.current && hasContent) {
      await persist();
      toast.success('Draft saved', { description: 'Find it in Drafts.' });
    }
    closed.current = true;
    void qc.invalidateQueries({ queryKey: mailKeys.all });
    onClose();
  };

  const discard = async () => {
    closed.current = true;
    if (draftId.current) await deleteMessage(draftId.current).catch(() => undefined);
    void qc.invalidateQueries({ queryKey: mailKeys.all });
    toast('Draft discarded');
    onClose();
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const problems = validate(d);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    closed.current = true; // no autosave while sending
    try {
      await send.mutateAsync({ ...body(), ...(draftId.current ? { draftId: draftId.current } : {}) });
      toast.success('Message sent');
      onClose();
    } catch (err) {
      closed.current = false;
      const message =
        err instanceof ApiError
          ? err.status === 0
            ? 'The server could not be reached. Your draft is kept.'
            : err.message
          : 'Could not send the message.';
      const field = err instanceof ApiError ? err.issues[0]?.path.split('.')[0] : undefined;
      setErrors(field === 'to' || field === 'cc' ? { to: message } : { form: message });
    }
  };

  const err = (k: keyof Errors) =>
    errors[k] ? (
      <p id={`${ids}-${k}`} role="alert" className="text-sm text-destructive">
        {errors[k]}
      </p>
    ) : null;

  return (
    <Dialog open onOpenChange={(o) => !o && void close()}>
      <DialogContent className="grid max-h-[92svh] gap-4 overflow-y-auto sm:max-w-2xl">
        <form onSubmit={submit} className="grid gap-4" noValidate aria-label={initial.title}>
          <DialogHeader>
            <DialogTitle>{initial.title}</DialogTitle>
            <DialogDescription>
              Plain text to people on this Waymark.{' '}
              <span role="status" aria-live="polite" data-testid="draft-status">
                {saving ? 'Saving draft…' : savedAt ? `Draft saved at ${formatDateTime(savedAt, { timeOnly: true })}` : ''}
              </span>
            </DialogDescription>
          </DialogHeader>
          <RecipientInput
            label="To"
            value={d.to}
            onChange={(to) => change({ to })}
            invalid={Boolean(errors.to)}
            describedBy={errors.to ? `${ids}-to` : undefined}
          />
          {err('to')}
          {showCc ? (
            <RecipientInput label="Cc" value={d.cc} onChange={(cc) => change({ cc })} />
          ) : (
            <Button type="button" variant="link" size="sm" className="-mt-2 justify-self-start px-0" onClick={() => setShowCc(true)}>
              Add Cc
            </Button>
          )}
          <div className="grid gap-1.5">
            <Label htmlFor={`${ids}-subject`}>Subject</Label>
            <Input
              id={`${ids}-subject`}
              value={d.subject}
              maxLength={MAIL_LIMITS.subjectMax + 50}
              aria-invalid={Boolean(errors.subject) || undefined}
              aria-describedby={errors.subject ? `${ids}-subject-err` : undefined}
              onChange={(e) => change({ subject: e.target.value })}
            />
            {errors.subject && (
              <p id={`${ids}-subject-err`} role="alert" className="text-sm text-destructive">
                {errors.subject}
              </p>
            )}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${ids}-body`}>Message</Label>
            <Textarea
              id={`${ids}-body`}
              value={d.body}
              rows={10}
              className="max-h-[45svh] min-h-40"
              aria-invalid={Boolean(errors.body) || undefined}
              aria-describedby={`${ids}-count${errors.body ? ` ${ids}-body` : ''}`}
              onChange={(e) => change({ body: e.target.value })}
            />
            <p id={`${ids}-count`} className="text-end text-xs text-muted-foreground">
              {d.body.length.toLocaleString()} / {MAIL_LIMITS.bodyMax.toLocaleString()}
            </p>
            {err('body')}
          </div>
          {err('form')}
          <DialogFooter className="gap-2 sm:justify-between">
            <Button type="button" variant="ghost" onClick={() => void discard()}>
              <Trash2 aria-hidden /> Discard
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden className="rtl:-scale-x-100" />} Send
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
