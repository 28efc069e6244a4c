import { zodResolver } from '@hookform/resolvers/zod';
import { notificationSettingsBody, type UserSettings } from '@waymark/contracts/settings';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Switch } from '@/components/ui/switch';
import { ApiError } from '@/lib/api-client';
import { useSaveSettings } from '../api/save-settings';
import { SettingsForm } from './settings-form';

type Form = z.input<typeof notificationSettingsBody>;

const EVENTS: { name: 'projectInvitations' | 'mentions' | 'taskAssigned' | 'routeShared'; label: string; description: string }[] = [
  { name: 'projectInvitations', label: 'Project invitations', description: 'Someone invites you to a project.' },
  { name: 'mentions', label: 'Mentions', description: 'Someone mentions you in a project.' },
  { name: 'taskAssigned', label: 'Task assigned', description: 'A task is assigned to you.' },
  { name: 'routeShared', label: 'Route shared', description: 'Someone shares a route with you.' },
];

const toForm = (s: UserSettings): Form => ({
  projectInvitations: s.notifications.projectInvitations,
  mentions: s.notifications.mentions,
  taskAssigned: s.notifications.taskAssigned,
  routeShared: s.notifications.routeShared,
  smtp: s.notifications.smtp,
});

function Row({ id, label, description, children }: { id: string; label: string; description: string; children: React.ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg border p-3">
      <div className="grid gap-0.5">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <p id={`${id}-desc`} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      {children}
    </div>
  );
}

/** /settings/notifications: which events send you mail, and whether it also goes out by SMTP. Security alerts always do. */
export function NotificationsSettingsPage({ settings }: { settings: UserSettings }) {
  const save = useSaveSettings('notifications');
  const f = useForm<Form>({ resolver: zodResolver(notificationSettingsBody), defaultValues: toForm(settings) });
  const { isDirty, errors } = f.formState;
  const submit = f.handleSubmit(async (v) => {
    try {
      const s = await save.mutateAsync(v);
      f.reset(toForm(s));
      toast.success('Notification settings saved');
    } catch (err) {
      f.setError('root', { message: err instanceof ApiError ? err.message : 'Could not save' });
    }
  });
  return (
    <SettingsForm
      title="Notifications"
      description="Which events send you mail. Mail always arrives in your Waymark mailbox; choose whether it also goes to your email address."
      onSubmit={submit}
      dirty={isDirty}
      saving={save.isPending}
      error={errors.root?.message}
      onReset={() => f.reset(toForm(settings))}
    >
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">Send me mail when…</legend>
        {EVENTS.map((e) => (
          <Row key={e.name} id={`notify-${e.name}`} label={e.label} description={e.description}>
            <Controller
              control={f.control}
              name={e.name}
              render={({ field }) => (
                <Switch
                  id={`notify-${e.name}`}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  aria-describedby={`notify-${e.name}-desc`}
                />
              )}
            />
          </Row>
        ))}
        <Row
          id="notify-security"
          label="Security alerts"
          description="Sign-in codes, password and email changes. These cannot be turned off."
        >
          <Switch id="notify-security" checked disabled aria-describedby="notify-security-desc" />
        </Row>
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">Delivery</legend>
        <Row
          id="notify-smtp"
          label="Also send by email (SMTP)"
          description={
            settings.smtpAvailable
              ? 'Send a copy to your email address as well as to your Waymark mailbox (security mail always goes by email).'
              : 'This server does not send email (no SMTP configured): your mail stays in your Waymark mailbox. The choice applies once it does.'
          }
        >
          <Controller
            control={f.control}
            name="smtp"
            render={({ field }) => (
              <Switch id="notify-smtp" checked={field.value} onCheckedChange={field.onChange} aria-describedby="notify-smtp-desc" />
            )}
          />
        </Row>
      </fieldset>
    </SettingsForm>
  );
}
