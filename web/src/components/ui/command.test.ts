import { describe, expect, it } from 'vitest';
import { wordFilter } from './command';

describe('wordFilter (command palette)', () => {
  it('drops loose fuzzy hits that cmdk would keep: "help" is not in "Projects table"', () => {
    expect(wordFilter('Projects table /dashboard/projects/list', 'help', ['project', 'list', 'table', 'filter'])).toBe(0);
    expect(wordFilter('Help /help', 'help', ['shortcuts'])).toBeGreaterThan(0);
  });

  it('matches every word in the value or the keywords, case-insensitively', () => {
    expect(wordFilter('Route planner /run', 'GPX plan', ['running', 'gpx'])).toBeGreaterThan(0);
    expect(wordFilter('Route planner /run', 'gpx tasks', ['running', 'gpx'])).toBe(0);
  });

  it('ranks an exact title above a keyword-only hit', () => {
    expect(wordFilter('Help /help', 'help')).toBeGreaterThan(wordFilter('Settings /settings', 'help', ['help']));
  });
});
