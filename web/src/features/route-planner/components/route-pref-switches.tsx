import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import type { RoutePrefs } from '../lib/storage';

const ITEMS: { key: keyof RoutePrefs; label: string; hint?: string }[] = [
  { key: 'preferPaths', label: 'Prefer paths' },
  { key: 'preferGreen', label: 'Prefer green' },
  { key: 'preferPopular', label: 'Prefer popular ways', hint: "Where this Waymark's public routes run" },
  { key: 'avoidBusyRoads', label: 'Avoid busy roads' },
];

/** The four routing preferences as labelled switches (the loop dialog's and the snapped legs'). */
export function RoutePrefSwitches({
  idPrefix,
  value,
  onChange,
}: {
  idPrefix: string;
  value: RoutePrefs;
  onChange(next: RoutePrefs): void;
}) {
  return (
    <>
      {ITEMS.map(({ key, label, hint }) => (
        <div key={key} className="flex items-center justify-between gap-2">
          <Label htmlFor={`${idPrefix}-${key}`} className={hint ? 'grid gap-0.5' : undefined}>
            {hint ? (
              <>
                <span>{label}</span>
                <span className="text-xs font-normal text-muted-foreground">{hint}</span>
              </>
            ) : (
              label
            )}
          </Label>
          <Switch id={`${idPrefix}-${key}`} checked={value[key]} onCheckedChange={(on) => onChange({ ...value, [key]: on })} />
        </div>
      ))}
    </>
  );
}

/** Short names of the preferences that are on, for one-line summaries. */
export function routePrefTags(p: RoutePrefs): string[] {
  return [p.preferPaths && 'paths', p.preferGreen && 'green', p.preferPopular && 'popular', p.avoidBusyRoads && 'no busy roads'].filter(
    (t): t is string => !!t,
  );
}
