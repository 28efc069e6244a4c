import { describe, expect, it } from 'vitest';
import type { Task } from '@waymark/contracts/tasks';
import { isOverdue, tasksToCsv } from './meta';

const task = (over: Partial<Task>): Task => ({
  id: 'id1',
  project: { id: 'p', name: 'Course, marking' },
  title: 'Flag "every" junction',
  description: 'line one\nline two',
  status: 'todo',
  priority: 'high',
  label: 'marking',
  assignee: { id: 'u', name: 'Ana' },
  dueDate: '2027-01-05',
  createdBy: null,
  updatedBy: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  doneAt: null,
  canEdit: true,
  ...over,
});

describe('tasksToCsv', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    const csv = tasksToCsv([task({}), task({ id: 'id2', title: '=HYPERLINK("x")', assignee: null, dueDate: null })]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('id,title,status,priority,label,project,assignee,due,description,created,updated');
    expect(lines[1]).toBe(
      'id1,"Flag ""every"" junction",Todo,High,marking,"Course, marking",Ana,2027-01-05,"line one\nline two",2026-01-01T00:00:00.000Z,2026-01-02T00:00:00.000Z',
    );
    expect(csv).toContain(`id2,"'=HYPERLINK(""x"")",Todo,High,marking,"Course, marking",,,"line one`);
    expect(csv.endsWith('\r\n')).toBe(true);
  });
});

describe('isOverdue', () => {
  const now = new Date(2027, 0, 10, 12);
  it('is true for an open task due before today only', () => {
    expect(isOverdue(task({ dueDate: '2027-01-09' }), now)).toBe(true);
    expect(isOverdue(task({ dueDate: '2027-01-10' }), now)).toBe(false);
    expect(isOverdue(task({ dueDate: '2027-01-09', status: 'done' }), now)).toBe(false);
    expect(isOverdue(task({ dueDate: null }), now)).toBe(false);
  });
});
