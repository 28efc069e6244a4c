// The built-in intent engine: plain-English map requests → the same tool calls a model would make.
// No network, no model: a small grammar of request shapes (loop, route, distance, elevation,
// nearby points of interest, fly/find), with distances, units and number words, and clear
// answers for what it cannot do.
import { MILES_TO_KM, toolArgs, type DistanceUnit, type PoiCategory, type ToolCall, type ToolName } from '@waymark/contracts/ai';
import { wordsToNumbers } from './numbers.ts';

export interface IntentResult {
  /** tool calls to run, in order (each already valid against `toolArgs`) */
  calls: ToolCall[];
  /** what to say when there is nothing to run (help, or why the request cannot be done) */
  reply?: string;
}

export interface IntentOptions {
  /** the unit a bare number means ("a loop of 10") and answers use; default km */
  unit?: DistanceUnit;
  /** the map's zoom, for "zoom in" / "zoom out" */
  zoom?: number;
}

export const CAPABILITIES = [
  'find a place ("where is Ordino?")',
  'fly there ("fly to Soldeu")',
  'plan a route ("route from Andorra la Vella to Encamp")',
  'generate a loop ("a 10 km loop from Encamp", "5 miles around Canillo heading north")',
  'show the elevation of the current route ("show the elevation profile")',
  'find water, toilets, peaks, cafés, restaurants, shelters, parking or viewpoints nearby ("where is water near here?")',
  'measure a distance ("how far is it from Encamp to Canillo?")',
];

export const HELP_TEXT = `I can move the map and plan runs for you. Try: ${CAPABILITIES.join('; ')}.`;

/**
 * Topics outside the tools, with the reason given to the user. `first`: refuse even if the
 * message also looks like a map request ("weather on my loop"); otherwise only when nothing else
 * was understood.
 */
const UNSUPPORTED: { re: RegExp; reason: string; first: boolean }[] = [
  {
    re: /\b(weather|forecast|rain(?:ing|y)?|snow(?:ing|y)?|temperature|sunny|windy|storms?)\b/i,
    reason: "I can't check the weather: I have no network access and no forecast data.",
    first: true,
  },
  {
    re: /\b(book(?:ing)?|reserve|reservation|buy|purchase|pay(?:ment)?|tickets?)\b/i,
    reason: "I can't book, buy or order anything: I can only search the map and plan routes.",
    first: true,
  },
  { re: /\b(translate|translation)\b/i, reason: "I can't translate: I only understand map requests in English.", first: true },
  {
    re: /\b(driv(?:e|ing)|by car|cycl(?:e|ing)|bik(?:e|ing)|by bicycle|mtb)\b/i,
    reason: 'I plan routes on foot only (running and walking), not by car or bike.',
    first: true,
  },
  {
    re: /\b(traffic jams?|bus(?:es)?|trains?|timetables?|public transport|taxis?|flights?|trams?)\b/i,
    reason: "I can't plan public transport or check traffic: I only know the foot network of the map's regions.",
    first: false,
  },
  {
    re: /\b(opening hours|open now|closing time|when does .+ (?:open|close))\b/i,
    reason: "I don't know opening hours: the map's points of interest have names and positions only.",
    first: false,
  },
];

const CATEGORY_WORDS: [PoiCategory, RegExp][] = [
  ['water', /\b(drinking water|water|drink(?:ing)?|fountains?|springs?|refill|hydrate|water points?|taps?|thirsty)\b/i],
  ['toilets', /\b(toilets?|wc|restrooms?|bathrooms?|loos?|lavator(?:y|ies)|washrooms?|pee)\b/i],
  ['shelters', /\b((?:mountain )?(?:shelters?|huts?|refuges?|refugis?|bothy|bothies))\b/i],
  ['peaks', /\b(peaks?|summits?|mountains?|mountain tops?|hill ?tops?)\b/i],
  ['cafes', /\b(caf(?:e|é)s?|coffee(?: shops?)?|espresso|tea ?rooms?)(?![\p{L}\p{N}])/iu],
  ['restaurants', /\b(restaurants?|food|eat|lunch|dinner|breakfast|bars?|pubs?|hungry)\b/i],
  ['parking', /\b(parking(?: lots?)?|car ?parks?|park (?:my|the) car)\b/i],
  ['viewpoints', /\b(viewpoints?|lookouts?|panoramas?|(?:nice |good |best |scenic )?views?)\b/i],
];

const COMPASS: Record<string, number> = {
  north: 0,
  'north east': 45,
  northeast: 45,
  east: 90,
  'south east': 135,
  southeast: 135,
  south: 180,
  'south west': 225,
  southwest: 225,
  west: 270,
  'north west': 315,
  northwest: 315,
};

const HERE =
  /^(?:here|me|us|my (?:location|position|place)|where i am|where we are|the (?:current )?(?:location|position)|(?:my |the )?current (?:location|position)|this (?:place|area|spot|point|location)|the (?:map(?: cent(?:er|re))?|cent(?:er|re)(?: of the map)?)|around here|nearby)$/i;

/** 'here' for words meaning the user's position or the map centre; 'lat,lon' for coordinates; else the cleaned name. */
export function cleanPlace(raw: string): string {
  let s = raw.trim();
  // trailing fillers and punctuation, repeatedly
  const TRAIL =
    /(?:[\s,]+(?:please|pls|now|today|tonight|tomorrow|this (?:morning|afternoon|evening|weekend)|for me|for us|for a run|on foot|by foot|on the map|again|thanks?(?: you)?|ok(?:ay)?|if (?:you can|possible)|and back|return(?:ing)?|and show (?:it|me)|that|which|with|and|but|where)|[\s?!.,;:]+)$/i;
  for (let prev = ''; prev !== s;) {
    prev = s;
    s = s.replace(TRAIL, '').trim();
  }
  s = s.replace(/^(?:the\s+(?=town|village|city|centre|center|peak|lake)|the\s+)/i, '').trim();
  s = s.replace(/^(?:town|village|city) of\s+/i, '').trim();
  s = s.replace(/^(?:the\s+)?(?:top|summit|peak|centre|center|middle|heart) of\s+(?:the\s+)?/i, '').trim();
  s = s.replace(/^["'“‘](.*)["'”’]$/, '$1').trim();
  const coords = /^(-?\d{1,2}(?:\.\d+)?)\s*[, ]\s*(-?\d{1,3}(?:\.\d+)?)$/.exec(s);
  if (coords) return `${coords[1]},${coords[2]}`;
  if (HERE.test(s) || HERE.test(`the ${s}`) || s === '') return 'here';
  return s;
}

function toKm(value: number, unit: string): { distance: number; unit: DistanceUnit } {
  const u = unit.toLowerCase();
  if (/^(?:mi|miles?)$/.test(u)) return { distance: value, unit: 'mi' };
  if (/^(?:m|meters?|metres?)$/.test(u)) return { distance: value / 1000, unit: 'km' };
  return { distance: value, unit: 'km' };
}

const DIST_RE = /(\d+(?:\.\d+)?)\s*-?\s*(kms?|kilomet(?:er|re)s?|k|mi|miles?|m|met(?:er|re)s?)\b/i;
const RACE_RE = /\b(half[- ]marathon|marathon|ultra(?:marathon)?|parkrun|park run)\b/i;

interface Distance {
  distance: number;
  unit: DistanceUnit;
}

/** The first distance in the text (number + unit, or a named race distance), removed from it. */
function takeDistance(s: string, defaultUnit: DistanceUnit): { rest: string; dist?: Distance } {
  const m = DIST_RE.exec(s);
  if (m) {
    const d = toKm(Number(m[1]), m[2]!);
    return { rest: (s.slice(0, m.index) + ' ' + s.slice(m.index + m[0].length)).replace(/\s+/g, ' ').trim(), dist: d };
  }
  const r = RACE_RE.exec(s);
  if (r) {
    const name = r[1]!.toLowerCase().replace(/[- ]/g, '');
    const km = name === 'halfmarathon' ? 21.1 : name === 'marathon' ? 42.2 : name.startsWith('ultra') ? 50 : 5;
    return {
      rest: s.replace(r[0], ' ').replace(/\s+/g, ' ').trim(),
      dist: { distance: defaultUnit === 'mi' ? round2(km / MILES_TO_KM) : km, unit: defaultUnit },
    };
  }
  // a bare number right after "loop of" / "run of": the default unit
  const bare =
    /\b(?:of|for|a|an)\s+(\d+(?:\.\d+)?)\b(?!\s*(?:options?|alternatives?|loops?|routes?|variants?|choices?|versions?|min(?:ute)?s?|hours?|h)\b)/i.exec(
      s,
    );
  if (bare) {
    return {
      rest: (s.slice(0, bare.index) + ' ' + s.slice(bare.index + bare[0].length)).replace(/\s+/g, ' ').trim(),
      dist: { distance: Number(bare[1]), unit: defaultUnit },
    };
  }
  return { rest: s };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function takeHeading(s: string): { rest: string; heading?: number } {
  const m =
    /(?:\b(?:heading|head|going|go|goes|towards?|to|into|facing|in the direction of|direction)\s+)*(?:\bthe\s+)?\b(north[- ]?east|north[- ]?west|south[- ]?east|south[- ]?west|north|south|east|west)(?:wards?|erly| direction)?\b/i.exec(
      s,
    );
  if (!m) return { rest: s };
  const key = m[1]!.toLowerCase().replace('-', ' ');
  const heading = COMPASS[key] ?? COMPASS[key.replace(' ', '')];
  if (heading === undefined) return { rest: s };
  return { rest: (s.slice(0, m.index) + ' ' + s.slice(m.index + m[0].length)).replace(/\s+/g, ' ').trim(), heading };
}

interface Prefs {
  preferPaths?: boolean;
  avoidBusyRoads?: boolean;
  preferGreen?: boolean;
}

function takePreferences(s: string): { rest: string; prefs: Prefs } {
  const prefs: Prefs = {};
  let rest = s;
  const cut = (re: RegExp) => {
    const m = re.exec(rest);
    if (!m) return false;
    rest = (rest.slice(0, m.index) + ' ' + rest.slice(m.index + m[0].length)).replace(/\s+/g, ' ').trim();
    return true;
  };
  if (
    cut(
      /\b(?:,\s*)?(?:and\s+|but\s+)?(?:avoid(?:ing)?|no|without|away from|not on|stay(?:ing)? off|keep(?:ing)? off|skip(?:ping)?)\s+(?:the\s+|any\s+)?(?:busy\s+|main\s+|major\s+|big\s+)?(?:roads?|traffic|streets?|cars)\b/i,
    ) ||
    cut(/\b(?:on\s+)?quiet(?:er)?\s+(?:roads?|streets?|ways?)\b/i)
  ) {
    prefs.avoidBusyRoads = true;
  }
  if (
    cut(
      /\b(?:,\s*)?(?:and\s+)?(?:on|via|using|along|prefer(?:ring)?|mostly(?: on)?|mainly(?: on)?|off[- ]road on)?\s*(?:the\s+)?(?:trails?|paths?|footpaths?|single ?track|dirt(?: roads?| tracks?)?|off[- ]road)\b/i,
    )
  ) {
    prefs.preferPaths = true;
  }
  if (
    cut(
      /\b(?:,\s*)?(?:and\s+)?(?:through|via|in|along|prefer(?:ring)?|with(?: lots of)?)?\s*(?:the\s+)?(?:green(?:ery| areas?| spaces?)?|parks?|nature|forests?|woods|scenic)\b/i,
    )
  ) {
    prefs.preferGreen = true;
  }
  return { rest, prefs };
}

function takeAlternatives(s: string): { rest: string; alternatives?: number } {
  const m =
    /\b(?:give me |show me |with )?(\d)\s+(?:different\s+)?(?:options?|alternatives?|loops?|routes?|variants?|choices?|versions?)\b/i.exec(
      s,
    );
  if (!m) return { rest: s };
  return {
    rest: (s.slice(0, m.index) + ' ' + s.slice(m.index + m[0].length)).replace(/\s+/g, ' ').trim(),
    alternatives: Math.min(5, Math.max(1, Number(m[1]))),
  };
}

function takeRadius(s: string): { rest: string; radiusKm?: number } {
  const m =
    /\b(?:within|in a radius of|less than|under|at most|max(?:imum)?)\s+(\d+(?:\.\d+)?)\s*(kms?|kilomet(?:er|re)s?|k|mi|miles?|m|met(?:er|re)s?)\b(?:\s+(?:of|from|around)\b)?/i.exec(
      s,
    );
  if (!m) return { rest: s };
  const d = toKm(Number(m[1]), m[2]!);
  const km = d.unit === 'mi' ? d.distance * MILES_TO_KM : d.distance;
  // "within 5 km of Arinsal" → "… near Arinsal"
  const tail = /\s+(?:of|from|around)$/i.test(m[0]) ? ' near ' : ' ';
  return {
    rest: (s.slice(0, m.index) + tail + s.slice(m.index + m[0].length)).replace(/\s+/g, ' ').trim(),
    radiusKm: Math.min(20, Math.max(0.1, round2(km))),
  };
}

/** The place after a preposition ("from X", "around X"), or undefined. */
function placeAfter(s: string, preps: string): string | undefined {
  const m = new RegExp(`\\b(?:${preps})\\s+(.+)$`, 'i').exec(s);
  return m ? cleanPlace(m[1]!) : undefined;
}

const POLITE_START =
  /^(?:(?:hey|hi|hello|ok(?:ay)?|so|well|yo|assistant|waymark)[,!.]?\s+)*(?:please\s+|pls\s+|kindly\s+)?(?:(?:can|could|would|will) you(?: please)?\s+|(?:i(?:'d| would) like(?: you)?(?: to)?|i want(?: you)?(?: to)?|i need(?: you)?(?: to)?|i wanna|let'?s|help me(?: to)?)\s+)?(?:please\s+)?/i;

function stripPolite(s: string): string {
  return s
    .replace(POLITE_START, '')
    .replace(/\s+(?:please|pls|thanks?(?: you)?)[.!?]*$/i, '')
    .trim();
}

const ELEVATION_RE =
  /\b(elevation|profile|altitude profile|height profile|climb(?:ing)?|ascent|how (?:hilly|steep|much (?:climbing|climb|ascent|elevation))|(?:ups and downs)|vertical gain|gradient)\b/i;
const LOOP_RE = /\b(loops?|circuits?|round[- ]?trips?|circular|roundtrip|around the block|laps?)\b/i;
const MOVE_VERBS = /\b(run|running|jog|jogging|walk|walking|hike|hiking|route|course|training run|tempo run|long run|easy run)\b/i;

function validated<N extends ToolName>(name: N, args: Record<string, unknown>): ToolCall<N> | string {
  const r = toolArgs[name].safeParse(args);
  if (r.success) return { name, args: args as ToolCall<N>['args'] };
  const issue = r.error.issues[0]!;
  const field = issue.path.join('.');
  if (name === 'generate_loop' && field === 'distance') return 'Loops can be from 1 to 100 km (or miles) long.';
  return `I understood a ${name.replace('_', ' ')} request but ${field ? `${field}: ` : ''}${issue.message}.`;
}

/** One clause (a single request) → calls, or a reason it cannot be done, or undefined (not understood). */
function clause(raw: string, unit: DistanceUnit, opts: IntentOptions): ToolCall[] | string | undefined {
  const s0 = stripPolite(raw.replace(/[?!.]+$/g, '').trim());
  if (!s0) return undefined;
  const lower = s0.toLowerCase();

  // ---- loops: "a 10 km loop from Encamp", "run 5 miles around Canillo heading north"
  const { rest: afterDist, dist } = takeDistance(s0, unit);
  const explicitDest =
    /\bto\s+(?!the\s+(?:north|south|east|west))(?!(?:north|south|east|west)\b)\S/i.test(afterDist) && /\bfrom\b/i.test(afterDist);
  const existing = !dist && (ELEVATION_RE.test(lower) || /\b(?:this|the|my|that|current|our)\s+(?:loop|circuit|round trip)\b/i.test(lower));
  const isLoop =
    (LOOP_RE.test(lower) && !existing) ||
    (dist !== undefined &&
      (MOVE_VERBS.test(lower) || /\b(?:from|around|starting|start|near|in)\b/i.test(afterDist)) &&
      !explicitDest &&
      !/\b(how far|distance|measure)\b/i.test(lower));
  if (isLoop && !/\b(how far|distance between|measure)\b/i.test(lower)) {
    if (!dist) return 'How long should the loop be? Say for example "a 10 km loop from Encamp".';
    let rest = afterDist;
    const h = takeHeading(rest);
    rest = h.rest;
    const p = takePreferences(rest);
    rest = p.rest;
    const a = takeAlternatives(rest);
    rest = a.rest;
    rest = rest.replace(LOOP_RE, ' ').replace(/\s+/g, ' ').trim();
    const start =
      placeAfter(
        rest,
        'starting and ending (?:at|in)|starting (?:at|from|in)|start(?:ing)? (?:at|from|in)|beginning (?:at|in|from)|begin (?:at|in|from)|from|around|round|near|in|at|out of|close to',
      ) ?? 'here';
    const args: Record<string, unknown> = { start, distance: round2(dist.distance), unit: dist.unit };
    if (h.heading !== undefined) args.heading = h.heading;
    if (a.alternatives !== undefined) args.alternatives = a.alternatives;
    Object.assign(args, p.prefs);
    const call = validated('generate_loop', args);
    return typeof call === 'string' ? call : [call];
  }

  // ---- distance: "how far is it from X to Y", "distance between X and Y", "how far is Y"
  if (
    /\b(how far|distance|measure|as the crow flies|how many (?:km|kms|kilomet(?:er|re)s|miles))\b/i.test(lower) &&
    !ELEVATION_RE.test(lower)
  ) {
    const mUnit: DistanceUnit = /\b(miles?|mi)\b/i.test(lower) ? 'mi' : /\b(km|kms|kilomet(?:er|re)s?)\b/i.test(lower) ? 'km' : unit;
    const s = s0
      .replace(/\b(?:in|into)\s+(?:miles?|mi|km|kms|kilomet(?:er|re)s?)\b/gi, ' ')
      .replace(/\b(?:as the crow flies|in a straight line|straight[- ]line)\b/gi, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    let from: string | undefined;
    let to: string | undefined;
    let m = /\bbetween\s+(.+?)\s+and\s+(.+)$/i.exec(s);
    if (m) [from, to] = [m[1], m[2]];
    if (!m && (m = /\bfrom\s+(.+?)\s+to\s+(.+)$/i.exec(s))) [from, to] = [m[1], m[2]];
    if (!m && (m = /\bto\s+(.+?)\s+from\s+(.+)$/i.exec(s))) [to, from] = [m[1], m[2]];
    // "how far is Y from X" / "how far is Y (from here)"
    if (!m && (m = /\bhow far (?:away )?(?:is|are)\s+(?:it\s+)?(?:to\s+)?(.+?)(?:\s+from\s+(.+))?$/i.exec(s)))
      [to, from] = [m[1], m[2] ?? 'here'];
    if (!m && (m = /\b(?:distance|measure(?: the distance)?)\s+(?:from\s+)?(.+?)\s+(?:to|and|-)\s+(.+)$/i.exec(s)))
      [from, to] = [m[1], m[2]];
    if (!m && (m = /\b(?:distance|measure(?: the distance)?)\s+to\s+(.+)$/i.exec(s))) [from, to] = ['here', m[1]];
    if (!m && (m = /\bhow far\s+(?:is it\s+|it is\s+|away\s+)?to\s+(.+)$/i.exec(s))) [from, to] = ['here', m[1]];
    if (to !== undefined && /^(?:it|that|this|there)$/i.test(to.trim())) to = undefined;
    if (from === undefined || to === undefined) return 'Between which two places? Say for example "how far is it from Encamp to Canillo?".';
    const call = validated('measure_distance', { from: cleanPlace(from), to: cleanPlace(to), unit: mUnit });
    return typeof call === 'string' ? call : [call];
  }

  // ---- elevation of the current route
  if (
    ELEVATION_RE.test(lower) &&
    !/\b(?:of|at)\s+(?!(?:the |this |my |our |that )?(?:route|loop|run|path|track|line|it|course)\b)\S/i.test(
      lower.replace(/\bhow much\b/, ''),
    )
  ) {
    return [{ name: 'show_elevation', args: {} }];
  }
  // "how high is Pic de Casamanya" / "elevation of X" → find the place (its elevation comes with it)
  let m =
    /\b(?:how high|how tall|what(?:'s| is) the (?:elevation|altitude|height)(?: of)?|(?:elevation|altitude|height) of)\s+(?:is\s+)?(.+)$/i.exec(
      s0,
    );
  if (m) {
    const q = cleanPlace(m[1]!);
    if (q !== 'here') return [{ name: 'find_place', args: { query: q } }];
    return [{ name: 'show_elevation', args: {} }];
  }

  // ---- nearby points of interest
  for (const [category, re] of CATEGORY_WORDS) {
    const hit = re.exec(s0);
    if (!hit) continue;
    // "fly to the peak …", "route to the café" are not searches
    if (/\b(fly|zoom|route|directions|take me)\b/i.test(lower) && !/\b(nearest|closest|near|nearby|around)\b/i.test(lower)) break;
    const r = takeRadius(s0);
    const lim = /\b(?:the\s+)?(\d{1,2})\s+(?:nearest|closest)\b/i.exec(r.rest) ?? /\b(?:top|first)\s+(\d{1,2})\b/i.exec(r.rest);
    const after = r.rest.slice(hit.index + hit[0].length);
    const near =
      placeAfter(after, 'near(?:est to| to)?|nearby|around|close to|closest to|next to|by|in|at|on the way to|outside|to|from') ?? 'here';
    const args: Record<string, unknown> = { category, near };
    if (r.radiusKm !== undefined) args.radiusKm = r.radiusKm;
    if (lim) args.limit = Math.min(20, Math.max(1, Number(lim[1])));
    else if (/\b(?:the\s+)?(?:nearest|closest)\b/i.test(lower) && !/\b(?:nearest|closest)\s+\w+s\b/i.test(lower)) args.limit = 1;
    const call = validated('find_nearby', args);
    return typeof call === 'string' ? call : [call];
  }

  // ---- routes: "route from X to Y via Z", "directions to Y", "X to Y"
  const routeVerb = /\b(route|routes|directions|path|way|run|walk|jog|hike|get|go|navigate|itinerary|plan|trip|how do i get)\b/i.test(
    lower,
  );
  let from: string | undefined;
  let to: string | undefined;
  if ((m = /\bfrom\s+(.+?)\s+(?:to|till|until|towards)\s+(.+)$/i.exec(s0))) [from, to] = [m[1], m[2]];
  else if ((m = /\bto\s+(.+?)\s+from\s+(.+)$/i.exec(s0)) && routeVerb) [to, from] = [m[1], m[2]];
  else if ((m = /\bbetween\s+(.+?)\s+and\s+(.+)$/i.exec(s0)) && routeVerb) [from, to] = [m[1], m[2]];
  else if ((m = /^(?:route|directions|plan(?: a route)?|run|walk|path)\s+(?!to\b)(.+?)\s+(?:to|-|–|→|->)\s+(.+)$/i.exec(s0)))
    [from, to] = [m[1], m[2]];
  else if ((m = /\b(?:route|directions|way|path|run|walk|jog|hike|get|navigate|how do i get)\s+(?:back\s+)?to\s+(.+)$/i.exec(s0)))
    [from, to] = ['here', m[1]];
  if (from !== undefined && to !== undefined) {
    let via: string[] = [];
    const v = /\s+(?:via|through|passing (?:by|through)|by way of|stopping (?:at|in))\s+(.+)$/i;
    const ends: [string, string] = [from, to];
    for (const i of [1, 0] as const) {
      const vm = v.exec(ends[i]);
      if (vm) {
        via = vm[1]!
          .split(/\s*(?:,|\band\b|\bthen\b)\s*/i)
          .filter(Boolean)
          .map(cleanPlace);
        ends[i] = ends[i].slice(0, vm.index);
      }
    }
    [from, to] = ends;
    from = from.replace(/^(?:a\s+)?(?:route|run|walk|path|way)\s+/i, '');
    const args: Record<string, unknown> = { from: cleanPlace(from), to: cleanPlace(to) };
    if (via.length) args.via = via;
    const call = validated('plan_route', args);
    return typeof call === 'string' ? call : [call];
  }

  // ---- fly: "fly to X", "show me X", "zoom to X", "take me to X"
  m =
    /\b(?:fly|go|take me|bring me|zoom(?: in)?|pan|jump|move|navigate|center|centre|recenter|recentre|focus)\s+(?:(?:the\s+)?map\s+|it\s+|us\s+)?(?:to|on|over|in|into)\s+(.+)$/i.exec(
      s0,
    ) ?? /^(?:show(?: me)?|display|open|view)\s+(?:the map of\s+|a map of\s+|me\s+)?(.+)$/i.exec(s0);
  if (m) {
    const place = cleanPlace(m[1]!);
    const z = /\b(?:at\s+)?zoom(?: level)?\s+(\d{1,2})\b/i.exec(s0);
    const args: Record<string, unknown> = { place: place.replace(/\s+at\s+zoom(?: level)?\s+\d{1,2}$/i, '') };
    if (z) args.zoom = Math.min(18, Math.max(1, Number(z[1])));
    const call = validated('fly_to', args);
    return typeof call === 'string' ? call : [call];
  }

  // ---- relative zoom: "zoom in", "zoom out a bit"
  m = /^(?:zoom|go)\s+(in|out|closer|further out)\b/i.exec(s0);
  if (m) {
    const inward = /^(?:in|closer)$/i.test(m[1]!);
    const zoom = Math.min(18, Math.max(1, Math.round((opts.zoom ?? 12) + (inward ? 2 : -2))));
    return [{ name: 'fly_to', args: { place: 'here', zoom } }];
  }

  // ---- find: "where is X", "find X", "search for X", "locate X"
  m = /\b(?:where(?:'s| is| are)|where can i find|find|search(?: for)?|look up|locate|look for|is there (?:a|an)?)\s+(.+)$/i.exec(s0);
  if (m) {
    const q = cleanPlace(m[1]!);
    if (q === 'here') return [{ name: 'fly_to', args: { place: 'here' } }];
    return [
      { name: 'find_place', args: { query: q.slice(0, 100) } },
      { name: 'fly_to', args: { place: q } },
    ];
  }
  // ---- a bare "X to Y" of names: a route
  m = /^(\p{Lu}[^]*?)\s+(?:to|-|–|→|->)\s+(\p{Lu}[^]*)$/u.exec(s0);
  if (m) {
    const call = validated('plan_route', { from: cleanPlace(m[1]!), to: cleanPlace(m[2]!) });
    return typeof call === 'string' ? call : [call];
  }
  // ---- a bare name ("Pas de la Casa"): find it and fly there
  if (/^\p{Lu}/u.test(s0) && s0.split(' ').length <= 6 && !/\b(?:i|you|me|my|is|are|what|why|how|who|when|can|do|does)\b/i.test(s0)) {
    const q = cleanPlace(s0);
    if (q !== 'here') {
      return [
        { name: 'find_place', args: { query: q.slice(0, 100) } },
        { name: 'fly_to', args: { place: q } },
      ];
    }
  }
  return undefined;
}

/** Split "… and then …", "…, then …", "… and show the elevation" into separate requests. */
export function splitClauses(text: string): string[] {
  return text
    .split(
      /\s*(?:;|\.\s+|,?\s+and\s+then\s+|,?\s+then\s+|,?\s+and\s+(?=(?:show|display|give|plot|draw|fly|zoom|find|measure|tell|look|search|locate|what|how|where)\b)|,?\s+also\s+)\s*/i,
    )
    .map((c) => c.trim())
    .filter(Boolean);
}

/**
 * Understand one chat message. Every returned call is valid against its `toolArgs` schema.
 * When nothing is understood, `reply` says what the assistant can do instead.
 */
export function understand(message: string, opts: IntentOptions = {}): IntentResult {
  const unit = opts.unit ?? 'km';
  const text = wordsToNumbers(message.normalize('NFC').replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim());
  if (!text) return { calls: [], reply: HELP_TEXT };
  if (
    /^(?:hi|hello|hey|yo|hola|good (?:morning|afternoon|evening)|help|\?|what can you do|what do you do|who are you|how does this work|commands|menu|options)[!?.]*$/i.test(
      text,
    ) ||
    /\b(what can you do|how (?:do|can) i use you|help me\s*$)/i.test(text)
  ) {
    return { calls: [], reply: HELP_TEXT };
  }
  if (/^(?:thanks?|thank you|cheers|great|cool|nice|ok(?:ay)?|perfect|awesome)[!.]*$/i.test(text)) {
    return { calls: [], reply: "You're welcome! Ask me for another route, loop or place whenever you like." };
  }
  const refuse = UNSUPPORTED.find((u) => u.first && u.re.test(text));
  if (refuse) return { calls: [], reply: `${refuse.reason} ${HELP_TEXT}` };
  const calls: ToolCall[] = [];
  const problems: string[] = [];
  for (const c of splitClauses(text)) {
    const r = clause(c, unit, opts);
    if (Array.isArray(r)) calls.push(...r);
    else if (typeof r === 'string') problems.push(r);
    else {
      const refusal = UNSUPPORTED.find((u) => u.re.test(c));
      problems.push(refusal ? refusal.reason : `I didn't understand "${c.length > 80 ? `${c.slice(0, 77)}…` : c}".`);
    }
  }
  if (calls.length === 0) {
    const refusal = UNSUPPORTED.find((u) => u.re.test(text));
    const reason = refusal ? refusal.reason : problems.join(' ');
    return { calls: [], reply: problems.some((p) => p.startsWith("I didn't understand")) || refusal ? `${reason} ${HELP_TEXT}` : reason };
  }
  return problems.length ? { calls, reply: problems.join(' ') } : { calls };
}
