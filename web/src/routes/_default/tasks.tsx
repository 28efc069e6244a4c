import { createFileRoute } from '@tanstack/react-router';
import { TASK_PRIORITIES, TASK_SORTS, TASK_STATUSES, UNASSIGNED } from '@waymark/contracts/tasks';
import { useCallback } from 'react';
import { z } from 'zod';
import { TasksPage } from '@/features/tasks/components/tasks-page';
import type { TasksSearch } from '@/features/tasks/components/tasks-table';

// The table's view, validated: an invalid value is dropped (the table falls back to its default).
const uuid = z.uuid();
const searchSchema = z.object({
  q: z.string().max(100).optional().catch(undefined),
  status: z.array(z.enum(TASK_STATUSES)).max(5).optional().catch(undefined),
  priority: z.array(z.enum(TASK_PRIORITIES)).max(4).optional().catch(undefined),
  label: z
    .array(
      z
        .string()
        .max(40)
        .refine((s) => s !== '' && !s.includes(',')),
    )
    .max(20)
    .optional()
    .catch(undefined),
  project: z.array(uuid).max(50).optional().catch(undefined),
  assignee: z
    .array(z.union([z.literal(UNASSIGNED), uuid]))
    .max(50)
    .optional()
    .catch(undefined),
  sort: z.enum(TASK_SORTS).optional().catch(undefined),
  order: z.enum(['asc', 'desc']).optional().catch(undefined),
  page: z.number().int().min(1).max(100_000).optional().catch(undefined),
  pageSize: z
    .union([z.literal(10), z.literal(20), z.literal(30), z.literal(50)])
    .optional()
    .catch(undefined),
  hide: z
    .array(z.enum(['label', 'status', 'priority', 'project', 'assignee', 'due', 'created', 'updated']))
    .max(8)
    .optional()
    .catch(undefined),
});

export const Route = createFileRoute('/_default/tasks')({
  validateSearch: searchSchema,
  head: () => ({ meta: [{ title: 'Tasks · Waymark' }] }),
  component: TasksRoute,
});

function TasksRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const update = useCallback(
    (fn: (prev: TasksSearch) => TasksSearch) => void navigate({ search: (prev) => fn(prev as TasksSearch) as never, replace: true }),
    [navigate],
  );
  return <TasksPage search={search} navigate={update} />;
}
