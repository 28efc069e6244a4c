// The place search's answers kept in memory (regions/index.ts): a repeated query is answered from
// memory with exactly the bytes of the first answer; the key is the pack and the raw query string,
// so other regions, other limits and invalid queries never get someone else's answer.
import { describe, expect, it } from 'vitest';
import { appWithRegions } from './support/regions.ts';

const { get } = appWithRegions();

const answer = async (p: string) => {
  const res = await get(p);
  const text = await res.text();
  return { status: res.status, text, length: res.headers.get('content-length'), type: res.headers.get('content-type') };
};

describe('place search answers kept in memory', () => {
  it('answers a repeated query with the same bytes, with its length and type', async () => {
    const first = await answer('/api/regions/andorra/places?q=enc');
    const again = await answer('/api/regions/andorra/places?q=enc');
    expect(first.status).toBe(200);
    expect(again).toEqual(first);
    expect(Number(again.length)).toBe(Buffer.byteLength(again.text));
    expect(again.type).toContain('application/json');
    const body = JSON.parse(again.text) as { region: string; query: string; places: { name: string }[] };
    expect(body.region).toBe('andorra');
    expect(body.query).toBe('enc');
    expect(body.places.length).toBeGreaterThan(0);
  });

  it('keeps regions, limits and parameter orders apart', async () => {
    const andorra = JSON.parse((await answer('/api/regions/andorra/places?q=monte&limit=5')).text) as { region: string };
    const monaco = JSON.parse((await answer('/api/regions/monaco/places?q=monte&limit=5')).text) as {
      region: string;
      places: { name: string }[];
    };
    expect(andorra.region).toBe('andorra');
    expect(monaco.region).toBe('monaco');
    expect(monaco.places.map((p) => p.name)).toContain('Monte-Carlo');
    const one = JSON.parse((await answer('/api/regions/monaco/places?q=monte&limit=1')).text) as { places: unknown[] };
    expect(one.places).toHaveLength(1);
    const reordered = await answer('/api/regions/monaco/places?limit=5&q=monte');
    expect(JSON.parse(reordered.text)).toEqual(monaco);
  });

  it('never keeps a refused query, and stays right after many distinct ones', async () => {
    for (let i = 0; i < 2; i++) {
      const bad = await answer('/api/regions/andorra/places?q=pic&limit=abc');
      expect(bad.status).toBe(400);
      expect(JSON.parse(bad.text).error.code).toBe('validation_error');
    }
    const before = await answer('/api/regions/andorra/places?q=casamanya&limit=3');
    // more distinct queries than the cache keeps: the first is dropped and computed again
    for (let i = 0; i < 300; i++) expect((await get(`/api/regions/andorra/places?q=p${i}`)).status).toBe(200);
    expect(await answer('/api/regions/andorra/places?q=casamanya&limit=3')).toEqual(before);
    expect(JSON.parse(before.text).places[0].name).toMatch(/Casamanya/);
  });
});
