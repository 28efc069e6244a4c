// The shared place search against a real local HTTP server answering GET /api/regions/:r/places
// the way the app's server does; only the page origin is mapped onto it (jsdom has no app origin).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PlaceSearch, type Place } from './place-search';

const PLACES: Place[] = [
  { name: 'Sant Julià de Lòria', kind: 'town', lon: 1.491, lat: 42.463, score: 2 },
  { name: 'Pic de Sant Julià', kind: 'peak', lon: 1.47, lat: 42.45, ele: 2317, score: 1 },
];
let server: http.Server;
let base = '';
const asked: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const u = new URL(req.url!, 'http://x');
    asked.push(u.pathname + u.search);
    const q = (u.searchParams.get('q') ?? '').toLowerCase();
    const places = q.startsWith('sant') ? PLACES : [];
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ region: u.pathname.split('/')[3], query: q, places }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => realFetch(url.startsWith('/') ? base + url : url, init));
});
afterAll(() => {
  vi.unstubAllGlobals();
  return new Promise<void>((r) => server.close(() => r()));
});
afterEach(() => {
  cleanup();
  asked.length = 0;
});

const type = async (text: string) => {
  fireEvent.change(screen.getByRole('combobox', { name: 'Search places' }), { target: { value: text } });
  await act(() => new Promise((r) => setTimeout(r, 400)));
};

describe('<PlaceSearch>', () => {
  it('searches the region from two letters and lists names, kinds and a peak’s elevation in the units shown', async () => {
    render(<PlaceSearch region="andorra" units="mi" onPick={() => {}} />);
    await type('s');
    expect(asked).toEqual([]);
    await type('sant');
    await screen.findByRole('listbox', { name: 'Places' });
    expect(asked).toEqual(['/api/regions/andorra/places?q=sant&limit=8']);
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Sant Julià de Lòriatown', 'Pic de Sant Juliàpeak · 7602 ft']);
    expect(screen.getByRole('combobox').getAttribute('aria-expanded')).toBe('true');
  });

  it('picks with the keyboard: arrows move the highlight, Enter chooses, and the field shows the name', async () => {
    const picked: [number, number][] = [];
    render(<PlaceSearch region="andorra" onPick={(at) => picked.push(at)} />);
    await type('sant');
    await screen.findByRole('listbox');
    const box = screen.getByRole('combobox');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1]!.id);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(picked).toEqual([[1.47, 42.45]]);
    expect((box as HTMLInputElement).value).toBe('Pic de Sant Julià');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('says when nothing is found; offers "Locate me" only when asked to', async () => {
    const { unmount } = render(<PlaceSearch region="andorra" onPick={() => {}} />);
    await type('zzz');
    expect((await screen.findByRole('status')).textContent).toBe('No places found');
    expect(screen.queryByRole('button', { name: 'Locate me' })).toBeNull();
    unmount();
    render(<PlaceSearch region="andorra" onPick={() => {}} onLocate={() => {}} />);
    expect(screen.getByRole('button', { name: 'Locate me' })).toBeTruthy();
  });
});
