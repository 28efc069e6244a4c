// One sentence per tool result, in the user's unit: what the intent engine says after its tools
// ran (the model path writes its own text, the cards show the same results).
import {
  MILES_TO_KM,
  type DistanceUnit,
  type ResolvedPlace,
  type ToolFailure,
  type ToolName,
  type ToolOutputs,
} from '@waymark/contracts/ai';

export function formatDistance(metres: number, unit: DistanceUnit): string {
  if (unit === 'mi') {
    const mi = metres / 1000 / MILES_TO_KM;
    return mi < 0.2 ? `${Math.round(metres / 0.3048)} ft` : `${mi < 10 ? mi.toFixed(1) : Math.round(mi)} mi`;
  }
  return metres < 1000 ? `${Math.round(metres)} m` : `${metres < 10_000 ? (metres / 1000).toFixed(1) : Math.round(metres / 1000)} km`;
}

export function formatClimb(metres: number, unit: DistanceUnit): string {
  return unit === 'mi' ? `${Math.round(metres / 0.3048)} ft` : `${Math.round(metres)} m`;
}

export function formatDuration(seconds: number): string {
  const m = Math.round(seconds / 60);
  return m < 60 ? `${m} min` : `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}

const placeName = (p: ResolvedPlace) =>
  p.source === 'here' ? 'here' : p.source === 'point' ? `${p.lat.toFixed(4)}, ${p.lon.toFixed(4)}` : p.name;

const KIND_WORDS: Record<string, string> = {
  water: 'drinking water',
  toilets: 'toilets',
  peaks: 'peaks',
  cafes: 'cafés',
  restaurants: 'restaurants',
  shelters: 'shelters',
  parking: 'parking',
  viewpoints: 'viewpoints',
};

/** A sentence about one tool's result (or its failure). */
export function summarize<N extends ToolName>(name: N, result: ToolOutputs[N] | ToolFailure, unit: DistanceUnit = 'km'): string {
  if ('error' in result) return result.error;
  switch (name) {
    case 'find_place': {
      const r = result as ToolOutputs['find_place'];
      if (!r.places.length) return `I found no place called "${r.query}".`;
      const top = r.places[0]!;
      const more = r.places.length > 1 ? ` (${r.places.length - 1} more match${r.places.length > 2 ? 'es' : ''} in the card)` : '';
      return `${top.name} is a ${top.kind.replace(/_/g, ' ')}${top.ele !== undefined ? ` at ${formatClimb(top.ele, unit)}` : ''}${top.region ? ` in the ${cap(top.region)} region` : ''}${more}.`;
    }
    case 'fly_to': {
      const r = result as ToolOutputs['fly_to'];
      return `Flying to ${placeName(r.place)}.`;
    }
    case 'plan_route': {
      const r = result as ToolOutputs['plan_route'];
      const via = r.via.length ? ` via ${r.via.map(placeName).join(', ')}` : '';
      return `Route from ${placeName(r.from)} to ${placeName(r.to)}${via}: ${formatDistance(r.distanceM, unit)}, ${formatClimb(r.ascentM, unit)} up and ${formatClimb(r.descentM, unit)} down, about ${formatDuration(r.timeS)}.`;
    }
    case 'generate_loop': {
      const r = result as ToolOutputs['generate_loop'];
      const u = r.unit ?? unit;
      if (!r.alternatives.length) return `I could not find a loop of ${formatDistance(r.targetM, u)} from ${placeName(r.start)}.`;
      const best = r.alternatives[0]!;
      const n = r.alternatives.length;
      return `${n === 1 ? 'One loop' : `${n} loops`} of about ${formatDistance(r.targetM, u)} from ${placeName(r.start)}. The first is ${formatDistance(best.distanceM, u)} with ${formatClimb(best.ascentM, u)} of climb${best.retrace > 0.02 ? ` (${Math.round(best.retrace * 100)} % run twice)` : ''}.`;
    }
    case 'show_elevation': {
      const r = result as ToolOutputs['show_elevation'];
      return `Elevation along the ${formatDistance(r.distanceM, unit)} route: lowest ${formatClimb(r.minM, unit)}, highest ${formatClimb(r.maxM, unit)}, ${formatClimb(r.ascentM, unit)} of climb and ${formatClimb(r.descentM, unit)} of descent.`;
    }
    case 'find_nearby': {
      const r = result as ToolOutputs['find_nearby'];
      const what = KIND_WORDS[r.category] ?? r.category;
      if (!r.results.length) return `No ${what} within ${formatDistance(r.radiusM, unit)} of ${placeName(r.near)} in the map's data.`;
      const first = r.results[0]!;
      return `${r.results.length === 1 ? 'The nearest' : `${r.results.length} places with`} ${what} near ${placeName(r.near)}${r.results.length === 1 ? ':' : '; the closest:'} ${first.name} (${formatDistance(first.distanceM, unit)} away).`;
    }
    case 'measure_distance': {
      const r = result as ToolOutputs['measure_distance'];
      const u = r.unit ?? unit;
      const along = r.routeM !== null ? `, ${formatDistance(r.routeM, u)} on foot along paths and streets` : '';
      return `From ${placeName(r.from)} to ${placeName(r.to)}: ${formatDistance(r.straightM, u)} in a straight line${along}.`;
    }
  }
  return '';
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
