// One tool call in the chat, as a card: what was called (with its arguments) and its result.
import { formatClimb, formatDistance, formatDuration } from '@waymark/assistant/summary';
import type { DistanceUnit, ResolvedPlace, ToolOutputs } from '@waymark/contracts/ai';
import { AlertTriangle, Loader2, MapPin, Mountain, Navigation, Route as RouteIcon, Ruler, Search, Repeat, Droplets } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { ProfileChart } from '../components/profile-chart';
import type { ToolPart } from './chat-stream';

const TITLES: Record<string, [string, ReactNode]> = {
  find_place: ['Find a place', <Search key="i" className="size-4" aria-hidden />],
  fly_to: ['Fly there', <Navigation key="i" className="size-4" aria-hidden />],
  plan_route: ['Plan a route', <RouteIcon key="i" className="size-4" aria-hidden />],
  generate_loop: ['Generate a loop', <Repeat key="i" className="size-4" aria-hidden />],
  show_elevation: ['Elevation profile', <Mountain key="i" className="size-4" aria-hidden />],
  find_nearby: ['Nearby', <Droplets key="i" className="size-4" aria-hidden />],
  measure_distance: ['Measure a distance', <Ruler key="i" className="size-4" aria-hidden />],
};

const CATEGORY_TITLES: Record<string, string> = {
  water: 'Drinking water',
  toilets: 'Toilets',
  peaks: 'Peaks',
  cafes: 'Cafés',
  restaurants: 'Restaurants',
  shelters: 'Shelters',
  parking: 'Parking',
  viewpoints: 'Viewpoints',
};

export interface ToolCardProps {
  part: ToolPart;
  unit: DistanceUnit;
  /** show this result on the map again (and pick a loop alternative) */
  onShow?: (alternative?: number) => void;
  /** the loop alternative on the map, for generate_loop cards */
  selectedAlternative?: number;
  onFlyTo?: (p: { lon: number; lat: number }) => void;
}

const placeName = (p: ResolvedPlace) => (p.source === 'here' ? (p.kind === 'position' ? p.name : 'the map centre') : p.name);

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="font-medium tabular-nums" dir="ltr">
        {value}
      </dd>
    </div>
  );
}

export function ToolCard({ part, unit, onShow, selectedAlternative = 0, onFlyTo }: ToolCardProps) {
  const [title, icon] = TITLES[part.name] ?? [part.name, <MapPin key="i" className="size-4" aria-hidden />];
  const heading =
    part.name === 'find_nearby' ? `${title}: ${CATEGORY_TITLES[String((part.input as { category?: string })?.category)] ?? ''}` : title;
  return (
    <section
      className={cn('bg-card text-card-foreground rounded-lg border text-sm shadow-xs', part.state === 'error' && 'border-destructive/50')}
      aria-label={heading}
      data-tool={part.name}
      data-state={part.state}
    >
      <header className="flex items-center gap-2 border-b px-3 py-2">
        {icon}
        <span className="font-medium">{heading}</span>
        <span className="ms-auto">
          {part.state === 'running' && <Loader2 className="text-muted-foreground size-4 animate-spin" aria-label="Running" />}
          {part.state === 'error' && <AlertTriangle className="text-destructive size-4" aria-label="Could not be done" />}
        </span>
      </header>
      <div className="space-y-2 px-3 py-2">
        {part.state === 'error' && (
          <p dir="auto" className="text-destructive">
            {part.errorText}
          </p>
        )}
        {part.state === 'done' && (
          <Result part={part} unit={unit} onShow={onShow} selectedAlternative={selectedAlternative} onFlyTo={onFlyTo} />
        )}
        <details className="text-muted-foreground text-xs">
          <summary className="cursor-pointer select-none">Tool call</summary>
          <pre className="bg-muted mt-1 overflow-x-auto rounded p-2 text-[11px] leading-snug" dir="ltr">
            {part.name}({JSON.stringify(part.input ?? {}, null, 1)})
          </pre>
        </details>
      </div>
    </section>
  );
}

function Result({
  part,
  unit,
  onShow,
  selectedAlternative,
  onFlyTo,
}: Required<Pick<ToolCardProps, 'part' | 'unit' | 'selectedAlternative'>> & Pick<ToolCardProps, 'onShow' | 'onFlyTo'>) {
  switch (part.name) {
    case 'find_place': {
      const r = part.output as ToolOutputs['find_place'];
      if (!r.places.length) return <p>No place called “{r.query}”.</p>;
      return (
        <ul className="space-y-1">
          {r.places.map((p) => (
            <li key={`${p.name}-${p.lon}-${p.lat}`}>
              <button type="button" className="hover:bg-accent w-full rounded px-1 py-0.5 text-start" onClick={() => onFlyTo?.(p)}>
                <span className="font-medium">{p.name}</span>{' '}
                <span className="text-muted-foreground">
                  · {p.kind.replace(/_/g, ' ')}
                  {p.ele !== undefined ? ` · ${formatClimb(p.ele, unit)}` : ''}
                  {p.region ? '' : ' · world'}
                </span>
              </button>
            </li>
          ))}
        </ul>
      );
    }
    case 'fly_to': {
      const r = part.output as ToolOutputs['fly_to'];
      return (
        <p>
          {placeName(r.place)} <span className="text-muted-foreground">· zoom {r.zoom}</span>
        </p>
      );
    }
    case 'plan_route': {
      const r = part.output as ToolOutputs['plan_route'];
      return (
        <>
          <p>
            {placeName(r.from)} → {r.via.map((v) => `${v.name} → `).join('')}
            {placeName(r.to)}
          </p>
          <dl className="grid grid-cols-3 gap-2">
            <Stat label="Distance" value={formatDistance(r.distanceM, unit)} />
            <Stat label="Climb" value={formatClimb(r.ascentM, unit)} />
            <Stat label="Time" value={formatDuration(r.timeS)} />
          </dl>
          <ShowButton onShow={() => onShow?.()} />
        </>
      );
    }
    case 'generate_loop': {
      const r = part.output as ToolOutputs['generate_loop'];
      const u = r.unit ?? unit;
      if (!r.alternatives.length) return <p>No loop found.</p>;
      return (
        <table className="w-full text-start text-xs" data-loop-table>
          <caption className="text-muted-foreground mb-1 text-start">
            From {placeName(r.start)}, target {formatDistance(r.targetM, u)}
          </caption>
          <thead>
            <tr className="text-muted-foreground">
              <th className="py-1 text-start font-normal">Loop</th>
              <th className="text-end font-normal">Distance</th>
              <th className="text-end font-normal">Climb</th>
              <th className="text-end font-normal">Retrace</th>
            </tr>
          </thead>
          <tbody>
            {r.alternatives.map((a, i) => (
              <tr key={i} className={cn('border-t', i === selectedAlternative && 'bg-accent')}>
                <td className="py-1">
                  <button
                    type="button"
                    className="underline-offset-2 hover:underline"
                    aria-pressed={i === selectedAlternative}
                    onClick={() => onShow?.(i)}
                  >
                    Option {i + 1}
                  </button>
                </td>
                <td className="text-end tabular-nums" dir="ltr">
                  {formatDistance(a.distanceM, u)}
                </td>
                <td className="text-end tabular-nums" dir="ltr">
                  {formatClimb(a.ascentM, u)}
                </td>
                <td className="text-end tabular-nums" dir="ltr">
                  {Math.round(a.retrace * 100)} %
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      );
    }
    case 'show_elevation': {
      const r = part.output as ToolOutputs['show_elevation'];
      return (
        <>
          <dl className="grid grid-cols-4 gap-2">
            <Stat label="Lowest" value={formatClimb(r.minM, unit)} />
            <Stat label="Highest" value={formatClimb(r.maxM, unit)} />
            <Stat label="Climb" value={formatClimb(r.ascentM, unit)} />
            <Stat label="Descent" value={formatClimb(r.descentM, unit)} />
          </dl>
          <ProfileChart profile={r.profile} unit={unit} />
        </>
      );
    }
    case 'find_nearby': {
      const r = part.output as ToolOutputs['find_nearby'];
      if (!r.results.length)
        return (
          <p>
            None within {formatDistance(r.radiusM, unit)} of {placeName(r.near)}.
          </p>
        );
      return (
        <ol className="space-y-1">
          {r.results.map((p) => (
            <li key={`${p.name}-${p.lon}-${p.lat}`}>
              <button type="button" className="hover:bg-accent w-full rounded px-1 py-0.5 text-start" onClick={() => onFlyTo?.(p)}>
                <span className="font-medium">{p.name}</span>{' '}
                <span className="text-muted-foreground" dir="ltr">
                  · {formatDistance(p.distanceM, unit)}
                </span>
              </button>
            </li>
          ))}
        </ol>
      );
    }
    case 'measure_distance': {
      const r = part.output as ToolOutputs['measure_distance'];
      const u = r.unit ?? unit;
      return (
        <>
          <p>
            {placeName(r.from)} → {placeName(r.to)}
          </p>
          <dl className="grid grid-cols-2 gap-2">
            <Stat label="Straight line" value={formatDistance(r.straightM, u)} />
            <Stat label="On foot" value={r.routeM === null ? '—' : formatDistance(r.routeM, u)} />
          </dl>
          <ShowButton onShow={() => onShow?.()} />
        </>
      );
    }
    default:
      return null;
  }
}

function ShowButton({ onShow }: { onShow: () => void }) {
  return (
    <button type="button" className="text-primary text-xs underline-offset-2 hover:underline" onClick={onShow}>
      Show on the map
    </button>
  );
}
