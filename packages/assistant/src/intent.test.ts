import { toolArgs, type ToolCall, type ToolName } from '@waymark/contracts/ai';
import { describe, expect, it } from 'vitest';
import { cleanPlace, HELP_TEXT, splitClauses, understand } from './intent.ts';
import { wordsToNumbers } from './numbers.ts';

type Expect = { name: ToolName; args: Record<string, unknown> };

/** [phrasing, the tool calls it must produce (args compared exactly, after defaults are left out)] */
const CASES: [string, Expect[]][] = [
  // ---- loops
  ['loop of 10 km from Encamp', [{ name: 'generate_loop', args: { start: 'Encamp', distance: 10, unit: 'km' } }]],
  ['a 10 km loop from Encamp', [{ name: 'generate_loop', args: { start: 'Encamp', distance: 10, unit: 'km' } }]],
  ['Generate a 5km loop starting at Canillo', [{ name: 'generate_loop', args: { start: 'Canillo', distance: 5, unit: 'km' } }]],
  ['I want to run 8 kilometres around Ordino', [{ name: 'generate_loop', args: { start: 'Ordino', distance: 8, unit: 'km' } }]],
  [
    'Can you make me a ten km loop from La Massana please?',
    [{ name: 'generate_loop', args: { start: 'La Massana', distance: 10, unit: 'km' } }],
  ],
  [
    'loop of twenty-one kilometers from Sant Julià de Lòria',
    [{ name: 'generate_loop', args: { start: 'Sant Julià de Lòria', distance: 21, unit: 'km' } }],
  ],
  ['5 mile loop from Soldeu', [{ name: 'generate_loop', args: { start: 'Soldeu', distance: 5, unit: 'mi' } }]],
  [
    'a loop of six miles around Arinsal heading north',
    [{ name: 'generate_loop', args: { start: 'Arinsal', distance: 6, unit: 'mi', heading: 0 } }],
  ],
  ['10k loop from here', [{ name: 'generate_loop', args: { start: 'here', distance: 10, unit: 'km' } }]],
  [
    'a 12 km circuit near me avoiding busy roads',
    [{ name: 'generate_loop', args: { start: 'here', distance: 12, unit: 'km', avoidBusyRoads: true } }],
  ],
  [
    'round trip of 7.5 km from Encamp on trails',
    [{ name: 'generate_loop', args: { start: 'Encamp', distance: 7.5, unit: 'km', preferPaths: true } }],
  ],
  [
    'give me 3 options for a 15 km loop from Canillo',
    [{ name: 'generate_loop', args: { start: 'Canillo', distance: 15, unit: 'km', alternatives: 3 } }],
  ],
  ['one and a half mile loop from Pal', [{ name: 'generate_loop', args: { start: 'Pal', distance: 1.5, unit: 'mi' } }]],
  [
    'half marathon loop from Andorra la Vella',
    [{ name: 'generate_loop', args: { start: 'Andorra la Vella', distance: 21.1, unit: 'km' } }],
  ],
  [
    'a circular run of 9 km starting from Ordino going east through the forest',
    [{ name: 'generate_loop', args: { start: 'Ordino', distance: 9, unit: 'km', heading: 90, preferGreen: true } }],
  ],
  ['run 4 km from here', [{ name: 'generate_loop', args: { start: 'here', distance: 4, unit: 'km' } }]],
  ['loop of 10 from Encamp', [{ name: 'generate_loop', args: { start: 'Encamp', distance: 10, unit: 'km' } }]],
  ['a loop of 3,5 km in Monaco', [{ name: 'generate_loop', args: { start: 'Monaco', distance: 3.5, unit: 'km' } }]],
  [
    'Plan a 20 kilometre loop around Escaldes towards the south-west',
    [{ name: 'generate_loop', args: { start: 'Escaldes', distance: 20, unit: 'km', heading: 225 } }],
  ],
  ['8 km loop from 42.5078, 1.5211', [{ name: 'generate_loop', args: { start: '42.5078,1.5211', distance: 8, unit: 'km' } }]],
  // ---- routes
  ['route from Andorra la Vella to Pas de la Casa', [{ name: 'plan_route', args: { from: 'Andorra la Vella', to: 'Pas de la Casa' } }]],
  ['Plan a route from Encamp to Canillo', [{ name: 'plan_route', args: { from: 'Encamp', to: 'Canillo' } }]],
  ['directions from Ordino to La Massana please', [{ name: 'plan_route', args: { from: 'Ordino', to: 'La Massana' } }]],
  ['how do I get to Soldeu from Canillo?', [{ name: 'plan_route', args: { from: 'Canillo', to: 'Soldeu' } }]],
  ['run from Encamp to Soldeu via Canillo', [{ name: 'plan_route', args: { from: 'Encamp', to: 'Soldeu', via: ['Canillo'] } }]],
  [
    'walk from Escaldes to Encamp through Engolasters',
    [{ name: 'plan_route', args: { from: 'Escaldes', to: 'Encamp', via: ['Engolasters'] } }],
  ],
  ['route to Ordino', [{ name: 'plan_route', args: { from: 'here', to: 'Ordino' } }]],
  ['Route Encamp to Canillo', [{ name: 'plan_route', args: { from: 'Encamp', to: 'Canillo' } }]],
  ['take me from the map centre to Meritxell', [{ name: 'plan_route', args: { from: 'here', to: 'Meritxell' } }]],
  ['I would like a route between Arinsal and Pal', [{ name: 'plan_route', args: { from: 'Arinsal', to: 'Pal' } }]],
  ['from Monte Carlo to Fontvieille', [{ name: 'plan_route', args: { from: 'Monte Carlo', to: 'Fontvieille' } }]],
  [
    'route from Encamp to Canillo via Prats and Meritxell',
    [{ name: 'plan_route', args: { from: 'Encamp', to: 'Canillo', via: ['Prats', 'Meritxell'] } }],
  ],
  // ---- distance
  ['how far is it from Encamp to Canillo', [{ name: 'measure_distance', args: { from: 'Encamp', to: 'Canillo', unit: 'km' } }]],
  ['How far is Ordino from La Massana?', [{ name: 'measure_distance', args: { from: 'La Massana', to: 'Ordino', unit: 'km' } }]],
  ['distance between Soldeu and Pal', [{ name: 'measure_distance', args: { from: 'Soldeu', to: 'Pal', unit: 'km' } }]],
  [
    'what is the distance from Monaco to Fontvieille in miles',
    [{ name: 'measure_distance', args: { from: 'Monaco', to: 'Fontvieille', unit: 'mi' } }],
  ],
  ['how far is Encamp', [{ name: 'measure_distance', args: { from: 'here', to: 'Encamp', unit: 'km' } }]],
  ['measure from Canillo to Soldeu', [{ name: 'measure_distance', args: { from: 'Canillo', to: 'Soldeu', unit: 'km' } }]],
  [
    'how many miles from Encamp to Ordino as the crow flies',
    [{ name: 'measure_distance', args: { from: 'Encamp', to: 'Ordino', unit: 'mi' } }],
  ],
  ['how far away is Pic de Casamanya', [{ name: 'measure_distance', args: { from: 'here', to: 'Pic de Casamanya', unit: 'km' } }]],
  ['distance to Arinsal', [{ name: 'measure_distance', args: { from: 'here', to: 'Arinsal', unit: 'km' } }]],
  // ---- nearby
  ['where is water near here', [{ name: 'find_nearby', args: { category: 'water', near: 'here' } }]],
  ['Where can I find drinking water?', [{ name: 'find_nearby', args: { category: 'water', near: 'here' } }]],
  ['any fountains around Encamp?', [{ name: 'find_nearby', args: { category: 'water', near: 'Encamp' } }]],
  ['I need a toilet', [{ name: 'find_nearby', args: { category: 'toilets', near: 'here' } }]],
  ['toilets near Canillo', [{ name: 'find_nearby', args: { category: 'toilets', near: 'Canillo' } }]],
  ['show peaks around Soldeu', [{ name: 'find_nearby', args: { category: 'peaks', near: 'Soldeu' } }]],
  ['what summits are within 5 km of Arinsal', [{ name: 'find_nearby', args: { category: 'peaks', near: 'Arinsal', radiusKm: 5 } }]],
  ['find a café in Monaco', [{ name: 'find_nearby', args: { category: 'cafes', near: 'Monaco' } }]],
  ['where can I get a coffee near me', [{ name: 'find_nearby', args: { category: 'cafes', near: 'here' } }]],
  ['nearest restaurant to Ordino', [{ name: 'find_nearby', args: { category: 'restaurants', near: 'Ordino', limit: 1 } }]],
  ['mountain huts near La Massana', [{ name: 'find_nearby', args: { category: 'shelters', near: 'La Massana' } }]],
  ['is there parking close to Pal', [{ name: 'find_nearby', args: { category: 'parking', near: 'Pal' } }]],
  ['the 3 closest viewpoints', [{ name: 'find_nearby', args: { category: 'viewpoints', near: 'here', limit: 3 } }]],
  ['restrooms within two kilometres', [{ name: 'find_nearby', args: { category: 'toilets', near: 'here', radiusKm: 2 } }]],
  ['where can I refill my bottle within a mile', [{ name: 'find_nearby', args: { category: 'water', near: 'here', radiusKm: 1.61 } }]],
  // ---- elevation
  ['show the elevation', [{ name: 'show_elevation', args: {} }]],
  ['Show me the elevation profile of the route', [{ name: 'show_elevation', args: {} }]],
  ['how hilly is it?', [{ name: 'show_elevation', args: {} }]],
  ['how much climbing is on this loop', [{ name: 'show_elevation', args: {} }]],
  ['how high is Pic de Comapedrosa', [{ name: 'find_place', args: { query: 'Pic de Comapedrosa' } }]],
  // ---- fly / find
  ['fly to Encamp', [{ name: 'fly_to', args: { place: 'Encamp' } }]],
  ['Zoom to Monaco', [{ name: 'fly_to', args: { place: 'Monaco' } }]],
  ['take me to Pic Negre', [{ name: 'fly_to', args: { place: 'Pic Negre' } }]],
  ['show me Ordino', [{ name: 'fly_to', args: { place: 'Ordino' } }]],
  ['center the map on Canillo at zoom 15', [{ name: 'fly_to', args: { place: 'Canillo', zoom: 15 } }]],
  ['go to Paris', [{ name: 'fly_to', args: { place: 'Paris' } }]],
  [
    'where is Encamp?',
    [
      { name: 'find_place', args: { query: 'Encamp' } },
      { name: 'fly_to', args: { place: 'Encamp' } },
    ],
  ],
  [
    'find Estany de Engolasters',
    [
      { name: 'find_place', args: { query: 'Estany de Engolasters' } },
      { name: 'fly_to', args: { place: 'Estany de Engolasters' } },
    ],
  ],
  [
    'search for Carrer de la Grau',
    [
      { name: 'find_place', args: { query: 'Carrer de la Grau' } },
      { name: 'fly_to', args: { place: 'Carrer de la Grau' } },
    ],
  ],
  ['Take me to the top of Pic Negre', [{ name: 'fly_to', args: { place: 'Pic Negre' } }]],
  ['fly to 42.5,1.6', [{ name: 'fly_to', args: { place: '42.5,1.6' } }]],
  ['zoom in', [{ name: 'fly_to', args: { place: 'here', zoom: 14 } }]],
  [
    'Pas de la Casa',
    [
      { name: 'find_place', args: { query: 'Pas de la Casa' } },
      { name: 'fly_to', args: { place: 'Pas de la Casa' } },
    ],
  ],
  ['Encamp to Canillo', [{ name: 'plan_route', args: { from: 'Encamp', to: 'Canillo' } }]],
  ['shortest way to Ordino', [{ name: 'plan_route', args: { from: 'here', to: 'Ordino' } }]],
  ['how far to Soldeu', [{ name: 'measure_distance', args: { from: 'here', to: 'Soldeu', unit: 'km' } }]],
  ['I am thirsty', [{ name: 'find_nearby', args: { category: 'water', near: 'here' } }]],
  [
    'give me two loops of 8 km from Soldeu that avoid roads',
    [{ name: 'generate_loop', args: { start: 'Soldeu', distance: 8, unit: 'km', alternatives: 2, avoidBusyRoads: true } }],
  ],
  ['I want to go for a 5 mile run', [{ name: 'generate_loop', args: { start: 'here', distance: 5, unit: 'mi' } }]],
  // ---- several requests in one message
  [
    'plan a route from Encamp to Canillo and show the elevation',
    [
      { name: 'plan_route', args: { from: 'Encamp', to: 'Canillo' } },
      { name: 'show_elevation', args: {} },
    ],
  ],
  [
    'make a 10 km loop from Ordino, then show me the profile',
    [
      { name: 'generate_loop', args: { start: 'Ordino', distance: 10, unit: 'km' } },
      { name: 'show_elevation', args: {} },
    ],
  ],
  [
    'fly to Soldeu and find toilets near Soldeu',
    [
      { name: 'fly_to', args: { place: 'Soldeu' } },
      { name: 'find_nearby', args: { category: 'toilets', near: 'Soldeu' } },
    ],
  ],
];

const strip = (c: ToolCall) => ({ name: c.name, args: Object.fromEntries(Object.entries(c.args).filter(([, v]) => v !== undefined)) });

describe('intent engine: phrasings → tool calls', () => {
  it(`covers at least 60 phrasings (${CASES.length})`, () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60);
  });

  it.each(CASES)('%s', (phrase, expected) => {
    const r = understand(phrase);
    expect(r.calls.map(strip)).toEqual(expected);
    for (const c of r.calls) expect(toolArgs[c.name].safeParse(c.args).success, `${c.name} args valid`).toBe(true);
  });
});

describe('intent engine: units', () => {
  it('reads a bare number in the preferred unit and keeps explicit units', () => {
    expect(understand('loop of 6 from Encamp', { unit: 'mi' }).calls[0]!.args).toMatchObject({ distance: 6, unit: 'mi' });
    expect(understand('loop of 6 km from Encamp', { unit: 'mi' }).calls[0]!.args).toMatchObject({ distance: 6, unit: 'km' });
    expect(understand('a 800 m loop from Encamp').calls[0]!.args).toMatchObject({ distance: 0.8, unit: 'km' });
    expect(understand('marathon loop from Encamp', { unit: 'mi' }).calls[0]!.args).toMatchObject({ distance: 26.22, unit: 'mi' });
  });
  it('answers distances in miles when asked', () => {
    expect(understand('how far from Encamp to Canillo', { unit: 'mi' }).calls[0]!.args).toMatchObject({ unit: 'mi' });
    expect(understand('how far in km from Encamp to Canillo', { unit: 'mi' }).calls[0]!.args).toMatchObject({ unit: 'km' });
  });
});

describe('intent engine: what it cannot do', () => {
  it.each([
    ['what is the weather in Encamp tomorrow?', /weather/],
    ['book a table at a restaurant in Ordino', /can't book/],
    ['plan a bike ride from Encamp to Canillo', /on foot only/],
    ['when is the next bus to Andorra la Vella', /public transport/],
    ['translate "hello" into Catalan', /translate/],
  ])('%s → says why, runs nothing', (phrase, why) => {
    const r = understand(phrase);
    expect(r.calls).toEqual([]);
    expect(r.reply).toMatch(why);
  });

  it('says what it can do when it understands nothing', () => {
    for (const phrase of ['sing me a song', 'what is the meaning of life', 'asdf qwerty', '']) {
      const r = understand(phrase);
      expect(r.calls, phrase).toEqual([]);
      expect(r.reply, phrase).toContain('generate a loop');
    }
    expect(understand('help').reply).toBe(HELP_TEXT);
    expect(understand('what can you do?').reply).toBe(HELP_TEXT);
  });

  it('asks for the missing piece instead of guessing', () => {
    expect(understand('make me a loop from Encamp')).toEqual({ calls: [], reply: expect.stringMatching(/How long should the loop be/) });
    expect(understand('how far is it').reply).toMatch(/Between which two places/);
  });

  it('refuses loops out of range with the limits', () => {
    const r = understand('a 500 km loop from Encamp');
    expect(r.calls).toEqual([]);
    expect(r.reply).toMatch(/1 to 100 km/);
  });

  it('runs what it understood and reports the rest', () => {
    const r = understand('fly to Encamp and then sing me a song');
    expect(r.calls.map((c) => c.name)).toEqual(['fly_to']);
    expect(r.reply).toMatch(/didn't understand "sing me a song"/);
  });
});

describe('helpers', () => {
  it('turns number words into digits', () => {
    expect(wordsToNumbers('twenty-one km')).toBe('21 km');
    expect(wordsToNumbers('one hundred and five metres')).toBe('105 metres');
    expect(wordsToNumbers('a mile and a half')).toBe('1.5 mile');
    expect(wordsToNumbers('half a mile')).toBe('0.5 mile');
    expect(wordsToNumbers('two point five km')).toBe('2.5 km');
    expect(wordsToNumbers('a couple of km')).toBe('2 km');
    expect(wordsToNumbers('Route to Pic dels Tres Comtes')).toBe('Route to Pic dels Tres Comtes');
    expect(wordsToNumbers('3,5 km')).toBe('3.5 km');
  });
  it('cleans place references', () => {
    expect(cleanPlace(' Encamp please?')).toBe('Encamp');
    expect(cleanPlace('my location')).toBe('here');
    expect(cleanPlace('the map centre')).toBe('here');
    expect(cleanPlace('42.5, 1.52')).toBe('42.5,1.52');
    expect(cleanPlace('the town of Ordino')).toBe('Ordino');
  });
  it('splits several requests but not "between X and Y"', () => {
    expect(splitClauses('route from A to B and show the elevation')).toEqual(['route from A to B', 'show the elevation']);
    expect(splitClauses('distance between A and B')).toEqual(['distance between A and B']);
  });
});
