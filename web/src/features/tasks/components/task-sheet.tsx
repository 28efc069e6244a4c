import { zodResolver } from '@hookform/resolvers/zod';
import {
  TASK_DESCRIPTION_MAX,
  TASK_LABEL_MAX,
  TASK_LABEL_SUGGESTIONS,
  TASK_TITLE_MAX,
  isoDate,
  taskPriority,
  taskStatus,
  type Task,
  type TaskProjects,
} from '@waymark/contracts/tasks';
import { useEffect } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Sheet, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { usePreferences } from '@/lib/preferences';
import { useCreateTask } from '../api/create-task';
import { useTaskProjects } from '../api/get-task-projects';
import { useUpdateTask } from '../api/update-task';
import { priorityOptions, statusOptions } from '../lib/meta';

const NONE = '__none__';

/** The form's own schema: the same rules as the API's (it checks them again). */
const formSchema = z.object({
  projectId: z.string().min(1, 'Choose a project.'),
  title: z.string().trim().min(1, 'Give the task a title.').max(TASK_TITLE_MAX, `At most ${TASK_TITLE_MAX} characters.`),
  description: z.string().trim().max(TASK_DESCRIPTION_MAX, `At most ${TASK_DESCRIPTION_MAX} characters.`),
  status: taskStatus,
  priority: taskPriority,
  label: z
    .string()
    .trim()
    .max(TASK_LABEL_MAX, `At most ${TASK_LABEL_MAX} characters.`)
    .refine((s) => !s.includes(','), 'No commas in a label.'),
  assigneeId: z.string(),
  dueDate: z.union([z.literal(''), isoDate]),
});
type FormValues = z.infer<typeof formSchema>;
type Field = keyof FormValues;

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-destructive text-sm">
      {message}
    </p>
  );
}

/** The status or priority select: each option with its icon. */
function IconSelect({
  control,
  name,
  label,
  options,
}: {
  control: Control<FormValues>;
  name: 'status' | 'priority';
  label: string;
  options: readonly { value: string; label: string; icon: LucideIcon }[];
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={`task-${name}`}>{label}</Label>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Select value={field.value} onValueChange={field.onChange}>
            <SelectTrigger id={`task-${name}`} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {options.map((o) => (
                <SelectItem key={o.value} value={o.value}>
                  <o.icon aria-hidden className="text-muted-foreground size-4" /> {o.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </div>
  );
}

/**
 * Create or edit a task in a side sheet (after shadcn-admin's tasks-mutate-drawer). Only projects
 * the user may change are offered; the assignee list is the chosen project's members.
 */
export function TaskSheet({
  open,
  onOpenChange,
  task,
  fixedProjectId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  task: Task | null;
  fixedProjectId?: string;
}) {
  const { dir } = usePreferences();
  const projects = useTaskProjects();
  const editable: TaskProjects['projects'] = (projects.data?.projects ?? []).filter((p) => p.role !== 'viewer');
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      projectId: task?.project.id ?? fixedProjectId ?? '',
      title: task?.title ?? '',
      description: task?.description ?? '',
      status: task?.status ?? 'todo',
      priority: task?.priority ?? 'medium',
      label: task?.label ?? '',
      assigneeId: task?.assignee?.id ?? NONE,
      dueDate: task?.dueDate ?? '',
    },
  });
  const projectId = useWatch({ control: form.control, name: 'projectId' });
  // With one project to choose from, choose it.
  useEffect(() => {
    if (!form.getValues('projectId') && editable.length === 1) form.setValue('projectId', editable[0]!.id);
  }, [editable, form]);
  const members = (projects.data?.projects ?? []).find((p) => p.id === projectId)?.members ?? [];
  const create = useCreateTask();
  const update = useUpdateTask();
  const pending = create.isPending || update.isPending;
  const errors = form.formState.errors;

  const showServerErrors = (err: unknown) => {
    if (err instanceof ApiError && err.issues.length) {
      let placed = false;
      for (const i of err.issues) {
        const f = i.path.split('.')[0] as Field;
        if (f in formSchema.shape) {
          form.setError(f, { message: i.message });
          placed = true;
        }
      }
      if (placed) return;
    }
    toast.error(errorMessage(err, 'Could not save the task'));
  };

  const onSubmit = form.handleSubmit((v) => {
    const body = {
      title: v.title,
      description: v.description,
      status: v.status,
      priority: v.priority,
      label: v.label,
      assigneeId: v.assigneeId === NONE ? null : v.assigneeId,
      dueDate: v.dueDate || null,
    };
    if (task) {
      update.mutate(
        { id: task.id, body: { ...body, ...(v.projectId !== task.project.id ? { projectId: v.projectId } : {}) } },
        {
          onSuccess: () => {
            toast.success('Task saved');
            onOpenChange(false);
          },
          onError: showServerErrors,
        },
      );
    } else {
      create.mutate(
        { ...body, projectId: v.projectId },
        {
          onSuccess: (t) => {
            toast.success(`Task “${t.title}” created`);
            onOpenChange(false);
          },
          onError: showServerErrors,
        },
      );
    }
  });

  const described = (f: Field) => (errors[f] ? { 'aria-invalid': true, 'aria-describedby': `task-${f}-error` } : {});

  return (
    <Sheet open={open} onOpenChange={(o) => !pending && onOpenChange(o)}>
      <SheetContent side={dir === 'rtl' ? 'left' : 'right'} className="flex w-full flex-col gap-0 sm:max-w-md">
        <SheetHeader>
          <SheetTitle>{task ? 'Edit task' : 'New task'}</SheetTitle>
          <SheetDescription>
            {task ? 'Change the task and save.' : 'Add a task to one of your projects.'} Fields marked * are required.
          </SheetDescription>
        </SheetHeader>
        <form id="task-form" onSubmit={onSubmit} className="grid flex-1 content-start gap-4 overflow-y-auto px-4 pb-4" noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor="task-projectId">Project *</Label>
            <Controller
              control={form.control}
              name="projectId"
              render={({ field }) => (
                <Select
                  value={field.value || undefined}
                  onValueChange={(v) => {
                    field.onChange(v);
                    // the assignee must be a member of the new project
                    const still = (projects.data?.projects ?? [])
                      .find((p) => p.id === v)
                      ?.members.some((m) => m.id === form.getValues('assigneeId'));
                    if (!still) form.setValue('assigneeId', NONE);
                  }}
                  disabled={Boolean(fixedProjectId) || projects.isLoading}
                >
                  <SelectTrigger id="task-projectId" className="w-full" {...described('projectId')}>
                    <SelectValue placeholder={projects.isLoading ? 'Loading projects…' : 'Choose a project'} />
                  </SelectTrigger>
                  <SelectContent>
                    {(fixedProjectId || task
                      ? (projects.data?.projects ?? []).filter((p) => p.role !== 'viewer' || p.id === field.value)
                      : editable
                    ).map((p) => (
                      <SelectItem key={p.id} value={p.id}>
                        <bdi>{p.name}</bdi>
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
            {!projects.isLoading && editable.length === 0 && (
              <p className="text-muted-foreground text-sm">You can add tasks to projects where you are an editor or owner.</p>
            )}
            <FieldError id="task-projectId-error" message={errors.projectId?.message} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="task-title">Title *</Label>
            <Input
              id="task-title"
              autoComplete="off"
              placeholder="e.g. Flag the junction at km 12"
              {...form.register('title')}
              {...described('title')}
            />
            <FieldError id="task-title-error" message={errors.title?.message} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="task-description">Description</Label>
            <Textarea id="task-description" rows={4} {...form.register('description')} {...described('description')} />
            <FieldError id="task-description-error" message={errors.description?.message} />
          </div>
          <div className="grid grid-cols-2 gap-3">
            <IconSelect control={form.control} name="status" label="Status" options={statusOptions} />
            <IconSelect control={form.control} name="priority" label="Priority" options={priorityOptions} />
          </div>
          <div className="grid grid-cols-2 gap-3">
            <div className="grid gap-1.5">
              <Label htmlFor="task-label">Label</Label>
              <Input id="task-label" list="task-label-suggestions" autoComplete="off" {...form.register('label')} {...described('label')} />
              <datalist id="task-label-suggestions">
                {TASK_LABEL_SUGGESTIONS.map((l) => (
                  <option key={l} value={l} />
                ))}
              </datalist>
              <FieldError id="task-label-error" message={errors.label?.message} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="task-dueDate">Due date</Label>
              <Input id="task-dueDate" type="date" {...form.register('dueDate')} {...described('dueDate')} />
              <FieldError id="task-dueDate-error" message={errors.dueDate ? 'A real date, or none.' : undefined} />
            </div>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="task-assigneeId">Assignee</Label>
            <Controller
              control={form.control}
              name="assigneeId"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange} disabled={!projectId}>
                  <SelectTrigger id="task-assigneeId" className="w-full" {...described('assigneeId')}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={NONE}>No assignee</SelectItem>
                    {members.map((m) => (
                      <SelectItem key={m.id} value={m.id}>
                        <bdi>{m.name}</bdi>
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
            <FieldError id="task-assigneeId-error" message={errors.assigneeId?.message} />
          </div>
        </form>
        <SheetFooter className="border-t sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form="task-form" disabled={pending}>
            {pending ? 'Saving…' : task ? 'Save changes' : 'Create task'}
          </Button>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}
