import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { SETTINGS_LIMITS, USERNAME_PATTERN, profileSettingsBody, type UserSettings } from '@waymark/contracts/settings';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Input } from '@/components/ui/input';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/session';
import { useSaveSettings } from '../api/save-settings';
import { formatPace, parsePace } from '../lib/pace';
import { writePlannerDefaults } from '../lib/planner-defaults';
import { AvatarEditor } from './avatar-editor';
import { Field, SettingsForm, fieldProps } from './settings-form';

const form = z
  .object({
    name: profileSettingsBody.shape.name,
    username: z
      .string()
      .trim()
      .max(SETTINGS_LIMITS.usernameMax, `At most ${SETTINGS_LIMITS.usernameMax} characters`)
      .refine((v) => v === '' || v.length >= SETTINGS_LIMITS.usernameMin, `At least ${SETTINGS_LIMITS.usernameMin} characters`)
      .refine(
        (v) => v === '' || USERNAME_PATTERN.test(v.toLowerCase()),
        'Letters, digits, dots, dashes and underscores; start and end with a letter or digit',
      ),
    bio: z.string().trim().max(SETTINGS_LIMITS.bioMax, `At most ${SETTINGS_LIMITS.bioMax} characters`),
    units: z.enum(['km', 'mi']),
    pace: z.string(),
  })
  .superRefine((v, ctx) => {
    const s = parsePace(v.pace, v.units);
    if (s === null)
      ctx.addIssue({ code: 'custom', path: ['pace'], message: `Write the pace as minutes:seconds per ${v.units}, e.g. 5:30` });
    else if (s < SETTINGS_LIMITS.paceMin || s > SETTINGS_LIMITS.paceMax)
      ctx.addIssue({
        code: 'custom',
        path: ['pace'],
        message: `Between ${formatPace(SETTINGS_LIMITS.paceMin, v.units)} and ${formatPace(SETTINGS_LIMITS.paceMax, v.units)} per ${v.units}`,
      });
  });
type Form = z.infer<typeof form>;

const toForm = (s: UserSettings): Form => ({
  name: s.profile.name,
  username: s.profile.username ?? '',
  bio: s.profile.bio,
  units: s.profile.units,
  pace: formatPace(s.profile.flatPaceSecPerKm, s.profile.units),
});

/** /settings/profile: display name, unique username, bio, avatar, and the planner's default units and flat pace. */
export function ProfileSettingsPage({ settings }: { settings: UserSettings }) {
  const save = useSaveSettings('profile');
  const router = useRouter();
  const qc = useQueryClient();
  const f = useForm<Form>({ resolver: zodResolver(form), defaultValues: toForm(settings) });
  const { errors, isDirty } = f.formState;
  const units = useWatch({ control: f.control, name: 'units' });

  const submit = f.handleSubmit(async (v) => {
    const body = {
      name: v.name,
      username: v.username.trim() ? v.username.trim().toLowerCase() : null,
      bio: v.bio,
      units: v.units,
      flatPaceSecPerKm: parsePace(v.pace, v.units)!,
    };
    try {
      const s = await save.mutateAsync(body);
      f.reset(toForm(s));
      writePlannerDefaults(s.profile);
      // The name is in the session the layout holds: read it again.
      void qc.refetchQueries({ queryKey: sessionQueryKey }).then(() => router.invalidate());
      toast.success('Profile saved');
    } catch (err) {
      if (err instanceof ApiError && err.issues.length) {
        for (const i of err.issues) f.setError((i.path === 'flatPaceSecPerKm' ? 'pace' : i.path) as keyof Form, { message: i.message });
      } else f.setError('root', { message: err instanceof Error ? err.message : 'Could not save' });
    }
  });

  return (
    <SettingsForm
      title="Profile"
      description="How other people on this Waymark see you, and the planner's defaults."
      onSubmit={submit}
      dirty={isDirty}
      saving={save.isPending}
      error={errors.root?.message}
      onReset={() => f.reset(toForm(settings))}
      aside={<AvatarEditor settings={settings} />}
    >
      <Field
        id="profile-name"
        label="Display name"
        description="Shown on your projects, messages and in the header."
        error={errors.name?.message}
      >
        <Input {...fieldProps('profile-name', errors.name?.message, true)} autoComplete="name" {...f.register('name')} />
      </Field>
      <Field
        id="profile-username"
        label="Username"
        description="Unique on this Waymark. Leave empty for none."
        error={errors.username?.message}
      >
        <Input
          {...fieldProps('profile-username', errors.username?.message, true)}
          autoComplete="username"
          spellCheck={false}
          {...f.register('username')}
        />
      </Field>
      <Field
        id="profile-bio"
        label="Bio"
        description={`A few words about you (at most ${SETTINGS_LIMITS.bioMax} characters).`}
        error={errors.bio?.message}
      >
        <Textarea {...fieldProps('profile-bio', errors.bio?.message, true)} rows={3} {...f.register('bio')} />
      </Field>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Units</legend>
        <Controller
          control={f.control}
          name="units"
          render={({ field }) => (
            <RadioGroup
              aria-label="Units"
              value={field.value}
              // Switching units converts the pace shown (same speed).
              onValueChange={(u) => {
                const sec = parsePace(f.getValues('pace'), field.value);
                field.onChange(u);
                if (sec !== null) f.setValue('pace', formatPace(sec, u as 'km' | 'mi'), { shouldDirty: true });
              }}
              className="flex gap-6"
            >
              {(['km', 'mi'] as const).map((u) => (
                <label key={u} className="flex items-center gap-2 text-sm">
                  <RadioGroupItem value={u} /> {u === 'km' ? 'Kilometres' : 'Miles'}
                </label>
              ))}
            </RadioGroup>
          )}
        />
      </fieldset>
      <Field
        id="profile-pace"
        label={`Flat pace (min:s per ${units})`}
        description="The planner estimates times from this pace on flat ground, adjusted for climbs."
        error={errors.pace?.message}
      >
        <Input
          {...fieldProps('profile-pace', errors.pace?.message, true)}
          inputMode="numeric"
          className="max-w-32"
          {...f.register('pace')}
        />
      </Field>
    </SettingsForm>
  );
}
