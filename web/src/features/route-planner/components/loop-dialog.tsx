import { Loader2, SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useIsMobile } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import { ALT_COLORS } from '../lib/planner-features';
import type { LoopAlternative, LonLat, Units } from '../lib/types';
import { LOOP_ALTERNATIVES, LOOP_DISTANCE_KM } from '@waymark/geo/planner/limits';
import { formatDistance, formatElevation, rangeIn, unitMetres } from '@/lib/units';
import type { LoopRequest } from '../worker/protocol';
import type { RoutePrefs } from '../lib/storage';
import { RoutePrefSwitches, routePrefTags } from './route-pref-switches';

const HEADINGS = [
  ['', 'Any direction'],
  ['0', 'North'],
  ['45', 'North-east'],
  ['90', 'East'],
  ['135', 'South-east'],
  ['180', 'South'],
  ['225', 'South-west'],
  ['270', 'West'],
  ['315', 'North-west'],
] as const;

interface Props {
  open: boolean;
  onOpenChange(o: boolean): void;
  start: LonLat | null;
  units: Units;
  generate(req: LoopRequest): Promise<LoopAlternative[]>;
  alternatives: LoopAlternative[];
  onAlternatives(a: LoopAlternative[]): void;
  selected: number | null;
  onSelect(i: number | null): void;
  onUse(alt: LoopAlternative): void;
}

/** How much of a loop is run twice, in words a runner reads at a glance. */
export function retraceText(share: number): string {
  const pct = Math.round(share * 100);
  return pct < 1 ? 'No stretch run twice' : `${pct} % run twice (out and back)`;
}

/**
 * Loop generator: start (first waypoint or map centre), target distance, optional heading, seed
 * and preferences → several alternatives previewed on the map; "Use this loop" makes it the route.
 * On phones the settings fold into one line once there are alternatives, so the dialog leaves the
 * map free to show them.
 */
export function LoopDialog(p: Props) {
  const [distance, setDistance] = useState('10');
  const [heading, setHeading] = useState('');
  const [seed, setSeed] = useState(1);
  const [prefs, setPrefs] = useState<RoutePrefs>({ preferPaths: true, avoidBusyRoads: true, preferGreen: false, preferPopular: false });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const folded = useIsMobile() && p.alternatives.length > 0 && !editing;
  const unitM = unitMetres(p.units);
  const range = rangeIn(LOOP_DISTANCE_KM, p.units);
  const km = (Number(distance) * unitM) / 1000;
  const valid = Number.isFinite(km) && km >= LOOP_DISTANCE_KM.min && km <= LOOP_DISTANCE_KM.max;

  const run = async (nextSeed = seed) => {
    if (!p.start || !valid) return;
    setBusy(true);
    setError(null);
    try {
      const alts = await p.generate({
        start: p.start,
        distanceKm: km,
        heading: heading === '' ? undefined : Number(heading),
        seed: nextSeed,
        alternatives: LOOP_ALTERNATIVES,
        preferences: prefs,
      });
      p.onAlternatives(alts);
      p.onSelect(alts.length ? 0 : null);
      setEditing(false);
      if (!alts.length) setError('No loop found here. Try another start or distance.');
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Loop generation failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={p.open} onOpenChange={p.onOpenChange} modal={false}>
      <DialogContent
        data-map-overlay
        className="top-auto bottom-4 max-h-[70svh] translate-y-0 overflow-auto sm:top-[50%] sm:bottom-auto sm:translate-y-[-50%] sm:start-auto sm:end-4 sm:translate-x-0 sm:max-w-sm"
        onInteractOutside={(e) => e.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>Generate a loop</DialogTitle>
          <DialogDescription className={cn(folded && 'sr-only')}>
            {p.start ? 'Starts and ends at your first waypoint (or the map centre).' : 'Click the map to set a start first.'}
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void run();
          }}
        >
          {folded ? (
            <p className="text-sm" data-testid="loop-settings-summary">
              <span dir="ltr" className="font-medium tabular-nums">
                {distance} {p.units}
              </span>{' '}
              · {HEADINGS.find(([v]) => v === heading)?.[1] ?? 'Any direction'}
              {routePrefTags(prefs).map((t) => ` · ${t}`)}
            </p>
          ) : (
            <>
              <div className="grid grid-cols-2 gap-3">
                <div className="grid gap-1.5">
                  <Label htmlFor="loop-distance">Distance ({p.units})</Label>
                  <Input
                    id="loop-distance"
                    type="number"
                    inputMode="decimal"
                    min={range.min}
                    max={range.max}
                    step={0.5}
                    value={distance}
                    onChange={(e) => setDistance(e.target.value)}
                    aria-invalid={!valid}
                  />
                </div>
                <div className="grid gap-1.5">
                  <Label htmlFor="loop-heading">Direction</Label>
                  <select
                    id="loop-heading"
                    className="h-9 rounded-md border bg-transparent px-2 text-sm dark:bg-input/30"
                    value={heading}
                    onChange={(e) => setHeading(e.target.value)}
                  >
                    {HEADINGS.map(([v, l]) => (
                      <option key={v} value={v}>
                        {l}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
              {!valid ? (
                <p className="text-xs text-destructive">
                  {`Choose a distance from ${range.min} to ${range.max} ${p.units}${p.units === 'km' ? '' : ` (${LOOP_DISTANCE_KM.min} to ${LOOP_DISTANCE_KM.max} km)`}.`}
                </p>
              ) : null}
              <RoutePrefSwitches idPrefix="loop" value={prefs} onChange={setPrefs} />
            </>
          )}
          <div className="flex gap-2">
            {folded ? (
              <Button type="button" variant="outline" className="flex-1" onClick={() => setEditing(true)}>
                <SlidersHorizontal /> Change settings
              </Button>
            ) : (
              <Button type="submit" disabled={busy || !p.start || !valid} className="flex-1">
                {busy ? <Loader2 className="animate-spin" /> : null}
                Generate
              </Button>
            )}
            <Button
              type="button"
              variant="outline"
              disabled={busy || !p.start || !valid || p.alternatives.length === 0}
              onClick={() => {
                const s = seed + 1;
                setSeed(s);
                void run(s);
              }}
            >
              Shuffle
            </Button>
          </div>
        </form>
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        {p.alternatives.length ? (
          <div role="radiogroup" aria-label="Loop alternatives" className="grid gap-1.5">
            {p.alternatives.map((a, i) => (
              <button
                key={i}
                type="button"
                role="radio"
                aria-checked={p.selected === i}
                data-testid={`loop-alt-${i}`}
                data-distance-m={Math.round(a.distanceM)}
                onClick={() => p.onSelect(i)}
                className={`flex items-center justify-between gap-2 rounded-md border px-3 py-2 text-start text-sm ${p.selected === i ? 'border-primary ring-2 ring-primary/30' : 'hover:bg-accent'}`}
              >
                <span className="inline-flex items-center gap-2">
                  <span className="inline-block h-1.5 w-5 rounded" style={{ background: ALT_COLORS[i % ALT_COLORS.length] }} aria-hidden />
                  Option {i + 1}
                </span>
                <span className="grid text-end">
                  <span className="tabular-nums text-muted-foreground" dir="ltr">
                    {formatDistance(a.distanceM, p.units)} · ↑ {formatElevation(a.ascentM, p.units)}
                  </span>
                  <span className="text-[11px] text-muted-foreground" dir="auto" data-testid={`loop-alt-${i}-retrace`}>
                    {retraceText(a.retrace)}
                  </span>
                </span>
              </button>
            ))}
          </div>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="ghost" onClick={() => p.onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            type="button"
            disabled={p.selected === null || !p.alternatives[p.selected ?? -1]}
            onClick={() => {
              const a = p.alternatives[p.selected ?? -1];
              if (a) p.onUse(a);
            }}
          >
            Use this loop
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
