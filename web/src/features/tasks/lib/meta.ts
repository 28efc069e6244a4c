import {
  ArrowDown,
  ArrowRight,
  ArrowUp,
  CheckCircle2,
  Circle,
  CircleDashed,
  CircleOff,
  Timer,
  TriangleAlert,
  type LucideIcon,
} from 'lucide-react';
import {
  TASK_PRIORITIES,
  TASK_PRIORITY_LABELS,
  TASK_STATUSES,
  TASK_STATUS_LABELS,
  type Task,
  type TaskPriority,
  type TaskStatus,
} from '@waymark/contracts/tasks';

export { TASK_PRIORITIES, TASK_PRIORITY_LABELS, TASK_STATUSES, TASK_STATUS_LABELS };

export const STATUS_ICONS: Record<TaskStatus, LucideIcon> = {
  backlog: CircleDashed,
  todo: Circle,
  in_progress: Timer,
  done: CheckCircle2,
  canceled: CircleOff,
};

export const PRIORITY_ICONS: Record<TaskPriority, LucideIcon> = {
  low: ArrowDown,
  medium: ArrowRight,
  high: ArrowUp,
  critical: TriangleAlert,
};

export const statusOptions = TASK_STATUSES.map((s) => ({ value: s, label: TASK_STATUS_LABELS[s], icon: STATUS_ICONS[s] }));
export const priorityOptions = TASK_PRIORITIES.map((p) => ({ value: p, label: TASK_PRIORITY_LABELS[p], icon: PRIORITY_ICONS[p] }));

/** A due date as the user reads it (the date is a calendar day: shown without time-zone shifts). */
export function formatDue(iso: string | null): string {
  if (!iso) return '—';
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString(undefined, {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

/** True when an open task's due day is before today (local calendar). */
export function isOverdue(t: Pick<Task, 'dueDate' | 'status'>, now = new Date()): boolean {
  if (!t.dueDate || t.status === 'done' || t.status === 'canceled') return false;
  const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return t.dueDate < today;
}

/** One CSV field (RFC 4180): quoted when needed; a leading =, +, -, @ is defused so spreadsheets do not run it. */
function csvField(v: string): string {
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const CSV_COLUMNS = [
  'id',
  'title',
  'status',
  'priority',
  'label',
  'project',
  'assignee',
  'due',
  'description',
  'created',
  'updated',
] as const;

/** Tasks as CSV text (a header row, then one row per task), CRLF line ends. */
export function tasksToCsv(tasks: Task[]): string {
  const rows = tasks.map((t) => [
    t.id,
    t.title,
    TASK_STATUS_LABELS[t.status],
    TASK_PRIORITY_LABELS[t.priority],
    t.label,
    t.project.name,
    t.assignee?.name ?? '',
    t.dueDate ?? '',
    t.description,
    t.createdAt,
    t.updatedAt,
  ]);
  return [[...CSV_COLUMNS], ...rows].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}
