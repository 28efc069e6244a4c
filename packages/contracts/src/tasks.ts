// Wire schemas of the tasks API: a project's tasks (status, priority, label, assignee, due date),
// the list across every project the user is a member of (filters, search, sort, pages, facets),
// and the bulk changes. The server validates requests with them; the web client parses answers.
import { z } from 'zod';

export const TASK_STATUSES = ['backlog', 'todo', 'in_progress', 'done', 'canceled'] as const;
export const taskStatus = z.enum(TASK_STATUSES, { message: 'one of backlog, todo, in_progress, done, canceled' });
export type TaskStatus = z.infer<typeof taskStatus>;

export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  backlog: 'Backlog',
  todo: 'Todo',
  in_progress: 'In progress',
  done: 'Done',
  canceled: 'Canceled',
};

export const TASK_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
export const taskPriority = z.enum(TASK_PRIORITIES, { message: 'one of low, medium, high, critical' });
export type TaskPriority = z.infer<typeof taskPriority>;

export const TASK_PRIORITY_LABELS: Record<TaskPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};

export const TASK_TITLE_MAX = 200;
export const TASK_DESCRIPTION_MAX = 4000;
export const TASK_LABEL_MAX = 40;
/** Most tasks one bulk request may change or delete. */
export const TASK_BULK_MAX = 100;

/** Labels offered by the UI; any other short label is accepted too. */
export const TASK_LABEL_SUGGESTIONS = ['marking', 'permit', 'volunteers', 'logistics', 'safety', 'map', 'documentation', 'bug'] as const;

export const taskId = z.uuid({ message: 'a task id (UUID)' });

const title = z
  .string({ message: 'a title' })
  .trim()
  .min(1, 'a title is required')
  .max(TASK_TITLE_MAX, `at most ${TASK_TITLE_MAX} characters`);
const description = z.string({ message: 'a text' }).trim().max(TASK_DESCRIPTION_MAX, `at most ${TASK_DESCRIPTION_MAX} characters`);
/** A short label ('' for none): lower-cased, no commas (filters list labels comma-separated). */
export const taskLabel = z
  .string({ message: 'a label' })
  .trim()
  .max(TASK_LABEL_MAX, `at most ${TASK_LABEL_MAX} characters`)
  .refine((s) => !/[,\p{Cc}]/u.test(s), 'no commas or control characters')
  .transform((s) => s.toLowerCase());

/** A calendar date `YYYY-MM-DD` that exists (2026-02-30 does not). */
export const isoDate = z
  .string({ message: 'a date YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD')
  .refine((s) => {
    const [y, m, d] = s.split('-').map(Number) as [number, number, number];
    const t = new Date(Date.UTC(y, m - 1, d));
    return y >= 1900 && y <= 2999 && t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
  }, 'a real date from 1900 to 2999');

const assigneeId = z.uuid({ message: 'a user id (UUID) of a project member' }).nullable();

export const createTaskBody = z.strictObject({
  projectId: z.uuid({ message: 'a project id (UUID)' }),
  title,
  description: description.default(''),
  status: taskStatus.default('todo'),
  priority: taskPriority.default('medium'),
  label: taskLabel.default(''),
  assigneeId: assigneeId.default(null),
  dueDate: isoDate.nullable().default(null),
});
export type CreateTaskBody = z.input<typeof createTaskBody>;

export const patchTaskBody = z
  .strictObject({
    /** Move the task to another project (editor there too; the assignee must be a member of it). */
    projectId: z.uuid({ message: 'a project id (UUID)' }).optional(),
    title: title.optional(),
    description: description.optional(),
    status: taskStatus.optional(),
    priority: taskPriority.optional(),
    label: taskLabel.optional(),
    assigneeId: assigneeId.optional(),
    dueDate: isoDate.nullable().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'nothing to change');
export type PatchTaskBody = z.input<typeof patchTaskBody>;

const bulkIds = z
  .array(taskId, { message: 'a list of task ids' })
  .min(1, 'at least one task')
  .max(TASK_BULK_MAX, `at most ${TASK_BULK_MAX} tasks at once`)
  .refine((ids) => new Set(ids).size === ids.length, 'each task once');

/** POST /api/tasks/bulk-update: set the status and/or priority of several tasks (all or none). */
export const bulkUpdateTasksBody = z
  .strictObject({ ids: bulkIds, status: taskStatus.optional(), priority: taskPriority.optional() })
  .refine((v) => v.status !== undefined || v.priority !== undefined, 'a status or a priority to set');
export type BulkUpdateTasksBody = z.input<typeof bulkUpdateTasksBody>;

/** POST /api/tasks/bulk-delete: delete several tasks (all or none). */
export const bulkDeleteTasksBody = z.strictObject({ ids: bulkIds });
export type BulkDeleteTasksBody = z.input<typeof bulkDeleteTasksBody>;

export const TASK_SORTS = ['title', 'status', 'priority', 'label', 'due', 'project', 'assignee', 'created', 'updated'] as const;
export type TaskSort = (typeof TASK_SORTS)[number];

const csv = <T extends z.ZodType<unknown, string>>(item: T, max: number, maxLen = 2000) =>
  z
    .string()
    .max(maxLen, `at most ${maxLen} characters`)
    .transform((s) => [...new Set(s.split(',').filter(Boolean))])
    .pipe(z.array(item).max(max, `at most ${max} values`))
    .optional();

/** The value of the assignee filter for tasks nobody is assigned to. */
export const UNASSIGNED = 'none';

/** GET /api/tasks query: filters are comma-separated lists (?status=todo,in_progress). */
export const listTasksQuery = z.object({
  q: z.string().trim().max(100, 'at most 100 characters').optional(),
  status: csv(taskStatus, TASK_STATUSES.length, 100),
  priority: csv(taskPriority, TASK_PRIORITIES.length, 100),
  label: csv(taskLabel, 20, 20 * (TASK_LABEL_MAX + 1)),
  project: csv(z.uuid({ message: 'a project id (UUID)' }), 50),
  assignee: csv(z.union([z.literal(UNASSIGNED), z.uuid({ message: `a user id (UUID) or "${UNASSIGNED}"` })]), 50),
  sort: z.enum(TASK_SORTS).default('updated'),
  order: z.enum(['asc', 'desc']).optional(),
  page: z.coerce.number({ message: 'a page number' }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number({ message: 'a page size' }).int().min(1).max(100).default(10),
});
export type ListTasksQuery = z.input<typeof listTasksQuery>;

export const taskPerson = z.object({ id: z.string(), name: z.string() });

export const task = z.object({
  id: z.string(),
  project: z.object({ id: z.string(), name: z.string() }),
  title: z.string(),
  description: z.string(),
  status: taskStatus,
  priority: taskPriority,
  label: z.string(),
  assignee: taskPerson.nullable(),
  /** `YYYY-MM-DD` or null */
  dueDate: z.string().nullable(),
  createdBy: taskPerson.nullable(),
  updatedBy: taskPerson.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When the status last became done (null otherwise). */
  doneAt: z.string().nullable(),
  /** The signed-in user may change it (editor or owner of its project). */
  canEdit: z.boolean(),
});
export type Task = z.infer<typeof task>;

const facetCount = z.object({ value: z.string(), label: z.string(), count: z.number().int() });
export type TaskFacetCount = z.infer<typeof facetCount>;

export const taskList = z.object({
  items: z.array(task),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /**
   * How many tasks have each value, counting the tasks that match the search and every other
   * filter but the facet's own (what a checkbox would add). Values with no task are left out.
   */
  facets: z.object({
    status: z.array(facetCount),
    priority: z.array(facetCount),
    label: z.array(facetCount),
    project: z.array(facetCount),
    assignee: z.array(facetCount),
  }),
});
export type TaskList = z.infer<typeof taskList>;

/** GET /api/tasks/projects: the projects the user may file tasks in or filter by, with their members. */
export const taskProjects = z.object({
  projects: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      role: z.enum(['owner', 'editor', 'viewer']),
      members: z.array(taskPerson),
    }),
  ),
});
export type TaskProjects = z.infer<typeof taskProjects>;

export const bulkUpdateResult = z.object({ updated: z.number().int(), items: z.array(task) });
export const bulkDeleteResult = z.object({ deleted: z.number().int() });
