import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dropInvalid, tableSearchSchema } from './url-search';

const schema = tableSearchSchema({ status: dropInvalid(z.array(z.enum(['open', 'done'])).max(2)) }, ['name', 'updated'], {
  hide: dropInvalid(z.array(z.string()).max(1)),
});

describe('tableSearchSchema', () => {
  it('keeps valid params, in the order q, filters, sort, order, page, pageSize, extra', () => {
    const out = schema.parse({ hide: ['x'], pageSize: 20, page: 3, order: 'desc', sort: 'name', status: ['open'], q: 'loop' });
    expect(out).toEqual({ q: 'loop', status: ['open'], sort: 'name', order: 'desc', page: 3, pageSize: 20, hide: ['x'] });
    expect(Object.keys(out)).toEqual(['q', 'status', 'sort', 'order', 'page', 'pageSize', 'hide']);
  });

  it('drops each invalid param on its own and keeps the rest', () => {
    const out = schema.parse({
      q: 'x'.repeat(101),
      status: ['open', 'nope'],
      sort: 'size',
      order: 'up',
      page: 0,
      pageSize: 25,
      hide: ['a', 'b'],
      keep: 'ignored',
    });
    expect(out).toEqual({});
    expect(schema.parse({ page: 100_000, pageSize: 50, q: '' })).toEqual({ page: 100_000, pageSize: 50, q: '' });
    expect(schema.parse({ page: 1.5 }).page).toBeUndefined();
  });
});
