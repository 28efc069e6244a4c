import { zodResolver } from '@hookform/resolvers/zod';
import { APPEARANCE_RADII, APPEARANCE_THEMES, appearanceSettings, type AppearanceSettings } from '@waymark/contracts/settings';
import { Check } from 'lucide-react';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';
import { usePreferences } from '@/lib/preferences';
import { cn } from '@/lib/utils';
import { useSaveSettings } from '../api/save-settings';
import { appearanceOf, applyAppearance } from '../lib/appearance';
import { RadioChoice } from './choice-fields';
import { SettingsForm } from './settings-form';

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * /settings/appearance: the Template Customizer's preferences, saved to the account so they follow
 * you to other browsers. The page and the customizer show the same values: a change in the
 * customizer appears here (unless you are editing), and saving here updates the customizer.
 */
export function AppearanceSettingsPage() {
  const prefs = usePreferences();
  const save = useSaveSettings('appearance');
  const current = appearanceOf(prefs);
  const f = useForm<AppearanceSettings>({ resolver: zodResolver(appearanceSettings), defaultValues: current });
  const { isDirty, errors } = f.formState;
  const currentJson = JSON.stringify(current);
  useEffect(() => {
    if (!f.formState.isDirty) f.reset(JSON.parse(currentJson) as AppearanceSettings);
  }, [currentJson, f]);

  const submit = f.handleSubmit(async (v) => {
    try {
      const s = await save.mutateAsync(v);
      applyAppearance(s.appearance ?? v);
      f.reset(s.appearance ?? v);
      toast.success('Appearance saved');
    } catch (err) {
      f.setError('root', { message: err instanceof ApiError ? err.message : 'Could not save' });
    }
  });

  return (
    <SettingsForm
      title="Appearance"
      description="Theme, corner radius, colour mode, navigation style and text direction. Saved to your account; the Template Customizer changes the same settings."
      onSubmit={submit}
      dirty={isDirty}
      saving={save.isPending}
      error={errors.root?.message}
      onReset={() => f.reset(current)}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Theme colour</legend>
        <Controller
          control={f.control}
          name="theme"
          render={({ field }) => (
            <div role="radiogroup" aria-label="Theme colour" className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6">
              {APPEARANCE_THEMES.map((t) => {
                const on = field.value === t;
                return (
                  <button
                    key={t}
                    type="button"
                    role="radio"
                    aria-checked={on}
                    tabIndex={on ? 0 : -1}
                    onClick={() => field.onChange(t)}
                    onKeyDown={(e) => {
                      const i = APPEARANCE_THEMES.indexOf(t);
                      const d = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 0;
                      if (!d) return;
                      e.preventDefault();
                      const next = APPEARANCE_THEMES[(i + d + APPEARANCE_THEMES.length) % APPEARANCE_THEMES.length]!;
                      field.onChange(next);
                      (e.currentTarget.parentElement?.querySelector(`[data-theme-option="${next}"]`) as HTMLElement | null)?.focus();
                    }}
                    data-theme-option={t}
                    className={cn(
                      'flex h-9 items-center gap-2 rounded-md border px-2 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                      on && 'border-primary ring-1 ring-primary',
                    )}
                  >
                    <span
                      className={cn(
                        `theme-${t}`,
                        'flex size-4 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground',
                      )}
                      aria-hidden
                    >
                      {on && <Check className="size-3" />}
                    </span>
                    {cap(t)}
                  </button>
                );
              })}
            </div>
          )}
        />
      </fieldset>
      <RadioChoice
        control={f.control}
        name="radius"
        legend="Radius"
        options={APPEARANCE_RADII.map((r) => ({ value: r, label: `${r} rem` }))}
      />
      <RadioChoice
        control={f.control}
        name="mode"
        legend="Mode"
        options={[
          { value: 'light', label: 'Light' },
          { value: 'dark', label: 'Dark' },
          { value: 'system', label: 'System' },
        ]}
      />
      <RadioChoice
        control={f.control}
        name="navbar"
        legend="Navbar type"
        options={[
          { value: 'sidebar', label: 'Sidebar' },
          { value: 'floating', label: 'Floating' },
          { value: 'inset', label: 'Inset' },
        ]}
      />
      <RadioChoice
        control={f.control}
        name="dir"
        legend="Direction"
        options={[
          { value: 'ltr', label: 'Left to right' },
          { value: 'rtl', label: 'Right to left' },
        ]}
      />
    </SettingsForm>
  );
}
