import { zodResolver } from '@hookform/resolvers/zod';
import { START_PAGES, displaySettings, type DisplaySettings, type UserSettings } from '@waymark/contracts/settings';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { navGroups } from '@/components/layout/nav-data';
import { fetchRegions } from '@/components/map/regions';
import { Checkbox } from '@/components/ui/checkbox';
import { formatDateTime, useAccountDisplay } from '@/lib/account-display';
import { ApiError } from '@/lib/api-client';
import { useSaveSettings } from '../api/save-settings';
import { RadioChoice, SelectChoice } from './choice-fields';
import { SettingsForm } from './settings-form';

const START_TITLES: Record<(typeof START_PAGES)[number], string> = {
  '/dashboard': 'Dashboard',
  '/dashboard/projects': 'Projects',
  '/run': 'Route planner',
  '/email': 'Email',
  '/explorer': 'Map editor',
  '/tasks': 'Tasks',
};
const SAMPLE = new Date(2026, 5, 21, 18, 30);
const BASEMAPS = [
  { value: 'auto', label: 'Auto' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** The sidebar entries a user may hide (the settings pages always stay). */
const HIDEABLE = navGroups
  .filter((g) => g.title !== 'Settings' && !g.adminOnly)
  .flatMap((g) => g.items.map((i) => ({ ...i, group: g.title })));

/** /settings/display: sidebar entries, start page, date and time format, map defaults. */
export function DisplaySettingsPage({ settings }: { settings: UserSettings }) {
  const save = useSaveSettings('display');
  const regions = useQuery({ queryKey: ['regions'], queryFn: fetchRegions, staleTime: 300_000 });
  const display = useAccountDisplay();
  const f = useForm<DisplaySettings>({ resolver: zodResolver(displaySettings), defaultValues: settings.display });
  const { isDirty, errors } = f.formState;
  const hidden = useWatch({ control: f.control, name: 'hiddenNav' });
  const submit = f.handleSubmit(async (values) => {
    try {
      const s = await save.mutateAsync(values);
      f.reset(s.display);
      toast.success('Display settings saved');
    } catch (err) {
      f.setError('root', { message: err instanceof ApiError ? err.message : 'Could not save' });
    }
  });
  const regionNames = regions.data?.map((r) => r.name) ?? [settings.display.mapRegion];
  return (
    <SettingsForm
      title="Display"
      description="What the sidebar shows, where you start after signing in, how dates and times are written, and map defaults."
      onSubmit={submit}
      dirty={isDirty}
      saving={save.isPending}
      error={errors.root?.message}
      onReset={() => f.reset(settings.display)}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Sidebar</legend>
        <p className="text-sm text-muted-foreground">
          Choose the entries the sidebar shows. The command palette (Ctrl K) still finds every page.
        </p>
        <Controller
          control={f.control}
          name="hiddenNav"
          render={({ field }) => (
            <div className="grid gap-2 sm:grid-cols-2">
              {HIDEABLE.map((i) => {
                const id = `nav-${i.to.replace(/\W+/g, '-')}`;
                return (
                  <label key={i.to} htmlFor={id} className="flex items-center gap-2 text-sm">
                    <Checkbox
                      id={id}
                      checked={!field.value.includes(i.to)}
                      onCheckedChange={(on) => field.onChange(on === true ? field.value.filter((p) => p !== i.to) : [...field.value, i.to])}
                    />
                    {i.title}
                    <span className="text-xs text-muted-foreground">({i.group})</span>
                  </label>
                );
              })}
            </div>
          )}
        />
      </fieldset>
      <SelectChoice
        control={f.control}
        name="startPage"
        id="display-start"
        label="Start page"
        description="Where you land after signing in."
        error={errors.startPage?.message}
        triggerClassName="max-w-64"
        options={() => START_PAGES.map((p) => ({ value: p, label: START_TITLES[p] }))}
      />
      <RadioChoice
        control={f.control}
        name="dateFormat"
        legend="Date format"
        className="grid gap-2 sm:grid-cols-2"
        options={(['locale', 'iso', 'dmy', 'mdy'] as const).map((d) => ({
          value: d,
          label: (
            <>
              <bdi>{formatDateTime(SAMPLE, { dateOnly: true, display: { ...display, dateFormat: d } })}</bdi>
              <span className="text-xs text-muted-foreground">
                {d === 'locale' ? '(your browser’s format)' : d === 'iso' ? '(ISO 8601)' : ''}
              </span>
            </>
          ),
        }))}
      />
      <RadioChoice
        control={f.control}
        name="timeFormat"
        legend="Time format"
        className="flex gap-6"
        options={(['24h', '12h'] as const).map((t) => ({
          value: t,
          label: <bdi>{formatDateTime(SAMPLE, { timeOnly: true, display: { ...display, timeFormat: t } })}</bdi>,
        }))}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectChoice
          control={f.control}
          name="mapRegion"
          id="display-region"
          label="Map region"
          description="The region maps open on."
          error={errors.mapRegion?.message}
          options={(value) =>
            [...new Set([...regionNames, value])].map((r) => ({
              value: r,
              label: regions.data?.find((x) => x.name === r)?.title ?? r.charAt(0).toUpperCase() + r.slice(1),
            }))
          }
        />
        <SelectChoice
          control={f.control}
          name="basemap"
          id="display-basemap"
          label="Basemap theme"
          description="Auto follows light or dark mode."
          error={errors.basemap?.message}
          options={() => BASEMAPS}
        />
      </div>
      <span className="sr-only" aria-live="polite">
        {hidden.length ? `${hidden.length} sidebar entries hidden` : ''}
      </span>
    </SettingsForm>
  );
}
