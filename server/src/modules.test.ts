import { describe, expect, it } from 'vitest';
import { collectMigrations, listMigrations } from './db/migrate.ts';
import { modules } from './modules.ts';

describe('the server modules', () => {
  it('have unique names, auth before the modules that read the session, dashboard last', () => {
    const names = modules.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.indexOf('auth')).toBeLessThan(names.indexOf('mail'));
    expect(names.indexOf('auth')).toBeLessThan(names.indexOf('planner'));
    expect(names.at(-1)).toBe('dashboard');
  });

  it('apply their migrations in one order: the planner migration after the auth tables it references', () => {
    const names = collectMigrations(modules).map((m) => m.name);
    expect(names).toEqual([...names].sort());
    expect(names.indexOf('0100_auth')).toBeLessThan(names.indexOf('0300_routes'));
    expect(listMigrations().map((m) => m.name)).not.toContain('0300_routes'); // the planner's own directory holds it
  });

  it('let the planner answer for routes on the dashboard', () => {
    expect(modules.filter((m) => m.dashboard).map((m) => m.name)).toContain('planner');
  });
});
