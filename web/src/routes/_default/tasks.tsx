import { createFileRoute } from '@tanstack/react-router';
import { TASK_PRIORITIES, TASK_SORTS, TASK_STATUSES, UNASSIGNED } from '@waymark/contracts/tasks';
import { z } from 'zod';
import { dropInvalid, tableSearchSchema, useReplaceSearch } from '@/components/data-table/url-search';
import { TasksPage } from '@/features/tasks/components/tasks-page';
import type { TasksSearch } from '@/features/tasks/components/tasks-table';

// The table's view, validated: an invalid value is dropped (the table falls back to its default).
const uuid = z.uuid();
const searchSchema = tableSearchSchema(
  {
    status: dropInvalid(z.array(z.enum(TASK_STATUSES)).max(5)),
    priority: dropInvalid(z.array(z.enum(TASK_PRIORITIES)).max(4)),
    label: dropInvalid(
      z
        .array(
          z
            .string()
            .max(40)
            .refine((s) => s !== '' && !s.includes(',')),
        )
        .max(20),
    ),
    project: dropInvalid(z.array(uuid).max(50)),
    assignee: dropInvalid(z.array(z.union([z.literal(UNASSIGNED), uuid])).max(50)),
  },
  TASK_SORTS,
  { hide: dropInvalid(z.array(z.enum(['label', 'status', 'priority', 'project', 'assignee', 'due', 'created', 'updated'])).max(8)) },
);

export const Route = createFileRoute('/_default/tasks')({
  validateSearch: searchSchema,
  head: () => ({ meta: [{ title: 'Tasks · Waymark' }] }),
  component: TasksRoute,
});

function TasksRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const update = useReplaceSearch<TasksSearch>(navigate);
  return <TasksPage search={search} navigate={update} />;
}
