import { describe, expect, it } from 'vitest';
import { breadcrumbsFor, isActivePath, routeExists, visibleNav } from './nav-data';

describe('navigation', () => {
  const paths = routeExists({ '/': 1, '/dashboard/': 1, '/run': 1, '/admin/users': 1, '/help': 1 });

  it('lists only pages the build has (index routes match without their trailing slash)', () => {
    const items = visibleNav('user', paths).flatMap((g) => g.items.map((i) => i.to));
    expect(items).toContain('/dashboard');
    expect(items).toContain('/run');
    expect(items).not.toContain('/tasks');
    expect(items).not.toContain('/admin/users');
  });

  it('shows admin entries to admins only', () => {
    expect(visibleNav('admin', paths).flatMap((g) => g.items.map((i) => i.to))).toContain('/admin/users');
  });

  it('marks only the deepest matching entry active', () => {
    expect(isActivePath('/dashboard/projects/list', '/dashboard/projects/list')).toBe(true);
    expect(isActivePath('/dashboard/projects/list', '/dashboard/projects')).toBe(false);
    expect(isActivePath('/dashboard/projects/view', '/dashboard/projects')).toBe(true);
    expect(isActivePath('/dashboard/projects/add/docs', '/dashboard/projects/add')).toBe(true);
    expect(isActivePath('/dashboard/projects/add/docs', '/dashboard/projects')).toBe(false);
  });

  it('lists the component showcase by its index page once the build has it', () => {
    const withShowcase = routeExists({ '/components/': 1, '/components/$name': 1 });
    const items = visibleNav(null, withShowcase).flatMap((g) => g.items.map((i) => i.to));
    expect(items).toEqual(['/components']);
    expect(visibleNav(null, paths).flatMap((g) => g.items.map((i) => i.to))).not.toContain('/components');
  });

  it('names showcase pages by their component title in the breadcrumbs', () => {
    expect(breadcrumbsFor('/components/tags-input')).toEqual([
      { to: '/components', title: 'Components' },
      { to: '/components/tags-input', title: 'Tags Input' },
    ]);
  });
});
