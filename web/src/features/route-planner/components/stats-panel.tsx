import { useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { AssembledRoute, Units } from '../lib/types';
import { formatDistance, formatDuration, formatElevation, formatPace, parsePace } from '@/lib/units';

interface Props {
  route: AssembledRoute | null;
  units: Units;
  paceSecPerKm: number;
  onPace(secPerKm: number): void;
  onUnits(u: Units): void;
  status: 'idle' | 'routing' | 'ready' | 'error';
}

export function StatsPanel({ route, units, paceSecPerKm, onPace, onUnits, status }: Props) {
  const s = route?.stats;
  return (
    <section aria-labelledby="planner-stats-title" className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="planner-stats-title" className="text-sm font-semibold">
          Route stats {status === 'routing' ? <span className="text-xs font-normal text-muted-foreground">(routing…)</span> : null}
        </h2>
        <div role="radiogroup" aria-label="Units" className="inline-flex rounded-md border p-0.5 text-xs">
          {(['km', 'mi'] as const).map((u) => (
            <button
              key={u}
              type="button"
              role="radio"
              aria-checked={units === u}
              onClick={() => onUnits(u)}
              className={`rounded px-2 py-0.5 ${units === u ? 'bg-primary text-primary-foreground' : 'hover:bg-accent'}`}
            >
              {u}
            </button>
          ))}
        </div>
      </div>
      <dl className="grid grid-cols-4 gap-2 text-center" data-testid="route-stats">
        <Stat label="Distance" value={s ? formatDistance(s.distanceM, units) : '—'} testid="stat-distance" />
        <Stat label="Ascent" value={s ? formatElevation(s.ascentM, units) : '—'} testid="stat-ascent" />
        <Stat label="Descent" value={s ? formatElevation(s.descentM, units) : '—'} testid="stat-descent" />
        <Stat label="Time" value={s ? formatDuration(s.timeS) : '—'} testid="stat-time" />
      </dl>
      {s?.greenM !== undefined && s.distanceM > 0 ? (
        <p className="text-xs text-muted-foreground" data-testid="stat-green">
          <bdi>Through parks, woods and along water:</bdi>{' '}
          <bdi dir="ltr">
            <span className="font-medium text-foreground tabular-nums">{Math.round((100 * s.greenM) / s.distanceM)}%</span>{' '}
            {`(${formatDistance(s.greenM, units)})`}
          </bdi>
        </p>
      ) : null}
      <PaceInput key={`${paceSecPerKm}-${units}`} paceSecPerKm={paceSecPerKm} units={units} onPace={onPace} />
    </section>
  );
}

function Stat({ label, value, testid }: { label: string; value: string; testid: string }) {
  return (
    <div className="rounded-md bg-muted/60 px-1 py-1.5">
      <dt className="text-[11px] text-muted-foreground">{label}</dt>
      <dd className="text-sm font-semibold tabular-nums" data-testid={testid} dir="ltr">
        {value}
      </dd>
    </div>
  );
}

function PaceInput({ paceSecPerKm, units, onPace }: { paceSecPerKm: number; units: Units; onPace(v: number): void }) {
  const [text, setText] = useState(() => formatPace(paceSecPerKm, units).split(' ')[0]!);
  const [invalid, setInvalid] = useState(false);
  const commit = () => {
    const v = parsePace(text, units);
    if (v === null) setInvalid(true);
    else {
      setInvalid(false);
      if (v !== paceSecPerKm) onPace(v);
    }
  };
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor="planner-pace" className="shrink-0 text-xs">
        Flat pace (min/{units})
      </Label>
      <Input
        id="planner-pace"
        inputMode="numeric"
        className="h-8 w-20"
        value={text}
        aria-invalid={invalid}
        aria-describedby="planner-pace-help"
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
      <span id="planner-pace-help" className="text-[11px] text-muted-foreground">
        {invalid ? `Use m:ss, ${units === 'km' ? '2:00–30:00 /km' : '3:13–48:17 /mi'}` : 'adjusted for grade (Tobler)'}
      </span>
    </div>
  );
}
