import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBody as errorBodySchema } from '@waymark/contracts';
import { HttpError, errorBody, invalidInput } from './errors.ts';
import { validate } from './validate.ts';

/** A bare Hono app with the same error mapping as the server's (app.ts onError). */
function appWith(register: (app: Hono) => void) {
  const app = new Hono();
  register(app);
  app.onError((err, c) => {
    if (err instanceof HttpError) return c.json(errorBody(err.code, err.message, err.details), err.status);
    return c.json(errorBody('internal_error', 'boom'), 500);
  });
  return app;
}

/** The JSON of a response, loosely typed for assertions. */
const read = async (res: Response): Promise<any> => res.json();

const body = z.object({ name: z.string().min(1), count: z.number().int().max(10) });

describe('validate()', () => {
  const app = appWith((a) => {
    a.post('/json', async (c) => c.json(await validate(c, 'json', body, 'thing')));
    a.get('/query', (c) =>
      c.json(validate(c, 'query', z.object({ page: z.coerce.number().int().min(1).default(1), q: z.string().optional() }))),
    );
    a.get('/items/:id', (c) => c.json(validate(c, 'param', z.object({ id: z.uuid({ message: 'an item id (UUID)' }) }))));
  });
  const post = (payload: string, type = 'application/json') =>
    app.request('/json', { method: 'POST', headers: { 'content-type': type }, body: payload });

  it('returns the parsed body, query and params', async () => {
    expect(await (await post('{"name":"a","count":3,"extra":1}')).json()).toEqual({ name: 'a', count: 3 });
    expect(await (await app.request('/query?page=3&q=x&q=y')).json()).toEqual({ page: 3, q: 'x' });
    expect(await (await app.request('/query')).json()).toEqual({ page: 1 });
    const id = '0b7a9d1e-5c4f-4e1a-9a57-0f0c2f1f4d11';
    expect(await (await app.request(`/items/${id}`)).json()).toEqual({ id });
  });

  it('answers 400 validation_error with every issue in details.issues', async () => {
    const res = await post('{"name":"","count":11}');
    expect(res.status).toBe(400);
    const json = await read(res);
    expect(errorBodySchema.parse(json)).toEqual(json);
    expect(json.error.code).toBe('validation_error');
    expect(json.error.message).toMatch(/^Invalid thing: name: .+; count: .+/);
    expect(json.error.details.issues).toEqual([
      { path: 'name', message: expect.any(String) },
      { path: 'count', message: expect.any(String) },
    ]);
  });

  it('names the query and path parameters that fail', async () => {
    const q = await read(await app.request('/query?page=0'));
    expect(q.error).toMatchObject({ code: 'validation_error', details: { issues: [{ path: 'page' }] } });
    expect(q.error.message).toMatch(/^Invalid query: page:/);
    const p = await app.request('/items/nope');
    expect(p.status).toBe(400);
    expect((await read(p)).error).toMatchObject({
      code: 'validation_error',
      details: { issues: [{ path: 'id', message: 'an item id (UUID)' }] },
    });
  });

  it('refuses a body that is not JSON with 415 and malformed JSON with 400 invalid_json', async () => {
    const wrongType = await post('name=a', 'application/x-www-form-urlencoded');
    expect(wrongType.status).toBe(415);
    expect((await read(wrongType)).error.code).toBe('unsupported_media_type');
    const missingType = await app.request('/json', { method: 'POST', body: '{}' });
    expect(missingType.status).toBe(415);
    expect((await post('{"name":"a","count":1}', 'application/merge-patch+json; charset=utf-8')).status).toBe(200); // +json types are JSON
    const bad = await post('{"name":');
    expect(bad.status).toBe(400);
    expect((await read(bad)).error.code).toBe('invalid_json');
  });

  it('refuses text PostgreSQL cannot store, naming the field', async () => {
    const res = await post(JSON.stringify({ name: 'a\u0000b', count: 1 }));
    expect(res.status).toBe(400);
    const json = await read(res);
    expect(json.error.code).toBe('validation_error');
    expect(json.error.details.issues).toEqual([{ path: 'name', message: expect.stringMatching(/NUL/) }]);
  });
});

describe('the error body', () => {
  it('nests details under error and leaves them out when there are none', () => {
    expect(errorBody('not_found', 'No such thing')).toEqual({ error: { code: 'not_found', message: 'No such thing' } });
    expect(errorBody('weak_password', 'Too short', { reasons: ['length'] })).toEqual({
      error: { code: 'weak_password', message: 'Too short', details: { reasons: ['length'] } },
    });
  });

  it('gives a rule of its own the one validation code with a single issue', () => {
    const e = invalidInput('Provide your password or a code', 'password');
    expect(e.status).toBe(400);
    expect(e.code).toBe('validation_error');
    expect(e.details).toEqual({ issues: [{ path: 'password', message: 'Provide your password or a code' }] });
  });
});
