// The saved-routes data layer against a real local HTTP server (node:http) speaking the API's
// JSON: fetchers parse with the contract schemas, mutations keep the query cache right.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClient, QueryClientProvider, onlineManager } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SavedRoute } from '@waymark/contracts/routes';
import { ApiError } from '@/lib/api-client';
import { useCreateRoute } from './create-route';
import { useDeleteRoute } from './delete-route';
import { getRoute } from './get-route';
import { getRoutes, useRoutes } from './get-routes';
import { routeKeys } from './keys';
import { useUpdateRoute } from './update-route';

const route = (over: Partial<SavedRoute> = {}): SavedRoute => ({
  id: '0b7a9d1e-5c4f-4e1a-9a57-0f0c2f1f4d11',
  name: 'Lake loop',
  description: '',
  visibility: 'private',
  region: 'andorra',
  stats: { distanceM: 10_400, ascentM: 320, descentM: 320, timeS: 3600 },
  owned: true,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  waypointCount: 2,
  waypoints: [
    { lon: 1.52, lat: 42.5, mode: 'snap' },
    { lon: 1.53, lat: 42.51, mode: 'snap' },
  ],
  geometry: 'abc',
  ...over,
});
const summary = ({ waypoints: _w, geometry: _g, ...s }: SavedRoute) => s;

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void;
let handler: Handler = (_q, res) => res.end();
const seen: string[] = [];
let server: http.Server;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      seen.push(`${req.method} ${req.url}${body ? ` ${body}` : ''}`);
      handler(req, res, body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // the app calls same-origin paths (/api/…): send them to this server
  globalThis.fetch = (input, init) => realFetch(typeof input === 'string' && input.startsWith('/') ? `${base}${input}` : input, init);
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await new Promise<void>((r) => server.close(() => r()));
});
beforeEach(() => {
  seen.length = 0;
});

const json = (res: http.ServerResponse, status: number, body?: unknown) => {
  res.writeHead(status, body === undefined ? {} : { 'Content-Type': 'application/json' });
  res.end(body === undefined ? undefined : JSON.stringify(body));
};

function wrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { client, Wrapper };
}

describe('saved routes api', () => {
  it('asks for a page with the list parameters and parses it with the contract', async () => {
    handler = (_q, res) => json(res, 200, { items: [summary(route())], total: 1, page: 2, pageSize: 20 });
    const page = await getRoutes({ q: 'lake', sort: 'name', page: 2 });
    expect(seen).toEqual(['GET /api/routes?q=lake&sort=name&page=2']);
    expect(page.items[0]!.name).toBe('Lake loop');
    handler = (_q, res) => json(res, 200, { ...route(), visibility: 'everyone' });
    const err = (await getRoute(route().id).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe('invalid_response');
    expect(err.issues.map((i) => i.path)).toEqual(['visibility']);
  });

  it('hands a validation_error to the caller with its issues', async () => {
    const { Wrapper } = wrapper();
    handler = (_q, res) =>
      json(res, 400, {
        error: {
          code: 'validation_error',
          message: 'Invalid route: name: a name is required',
          details: { issues: [{ path: 'name', message: 'a name is required' }] },
        },
      });
    const { result } = renderHook(() => useCreateRoute(), { wrapper: Wrapper });
    const err = (await act(() => result.current.mutateAsync({ ...route(), name: '' }).catch((e: unknown) => e))) as ApiError;
    expect(err.code).toBe('validation_error');
    expect(err.issues).toEqual([{ path: 'name', message: 'a name is required' }]);
  });

  it('creating and renaming put the route in the cache and refresh the lists', async () => {
    const { client, Wrapper } = wrapper();
    let listCalls = 0;
    let name = 'Lake loop';
    handler = (req, res, body) => {
      if (req.method === 'GET' && req.url?.startsWith('/api/routes')) {
        listCalls += 1;
        return json(res, 200, { items: [summary(route({ name }))], total: 1, page: 1, pageSize: 20 });
      }
      if (req.method === 'POST') return json(res, 201, route(JSON.parse(body)));
      if (req.method === 'PATCH') {
        name = JSON.parse(body).name;
        return json(res, 200, route({ name }));
      }
      json(res, 404, { error: { code: 'not_found', message: 'Route not found' } });
    };
    const list = renderHook(() => useRoutes({ sort: 'updated' }), { wrapper: Wrapper });
    await waitFor(() => expect(list.result.current.data?.items[0]?.name).toBe('Lake loop'));
    expect(listCalls).toBe(1);

    const create = renderHook(() => useCreateRoute(), { wrapper: Wrapper });
    const created = await act(() => create.result.current.mutateAsync({ ...route(), name: 'Lake loop' }));
    expect(client.getQueryData(routeKeys.detail(created.id))).toEqual(created);
    await waitFor(() => expect(listCalls).toBe(2));

    const update = renderHook(() => useUpdateRoute(), { wrapper: Wrapper });
    await act(() => update.result.current.mutateAsync({ id: created.id, body: { name: 'Hill repeats' } }));
    expect(seen).toContain(`PATCH /api/routes/${created.id} {"name":"Hill repeats"}`);
    expect(client.getQueryData<SavedRoute>(routeKeys.detail(created.id))?.name).toBe('Hill repeats');
    await waitFor(() => expect(list.result.current.data?.items[0]?.name).toBe('Hill repeats'));
  });

  it('deleting forgets the route and refreshes the lists', async () => {
    const { client, Wrapper } = wrapper();
    const r = route();
    client.setQueryData(routeKeys.detail(r.id), r);
    let items = [summary(r)];
    handler = (req, res) => {
      if (req.method === 'DELETE') {
        items = [];
        return json(res, 204);
      }
      json(res, 200, { items, total: items.length, page: 1, pageSize: 20 });
    };
    const list = renderHook(() => useRoutes(), { wrapper: Wrapper });
    await waitFor(() => expect(list.result.current.data?.items).toHaveLength(1));
    const del = renderHook(() => useDeleteRoute(), { wrapper: Wrapper });
    await act(() => del.result.current.mutateAsync(r.id));
    expect(client.getQueryData(routeKeys.detail(r.id))).toBeUndefined();
    await waitFor(() => expect(list.result.current.data?.items).toHaveLength(0));
  });

  it('reports a network failure at once while offline, so the planner can queue the save', async () => {
    const { Wrapper } = wrapper();
    onlineManager.setOnline(false);
    try {
      handler = (req) => req.socket.destroy();
      const { result } = renderHook(() => useCreateRoute(), { wrapper: Wrapper });
      const err = (await act(() => result.current.mutateAsync(route()).catch((e: unknown) => e))) as ApiError;
      expect(err.code).toBe('network_error');
      expect(err.status).toBe(0);
    } finally {
      onlineManager.setOnline(true);
    }
  });
});
