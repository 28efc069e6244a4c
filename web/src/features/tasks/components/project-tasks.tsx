import { useCallback, useState } from 'react';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { NavLink } from '@/components/layout/nav-link';
import { Button } from '@/components/ui/button';
import { Plus } from 'lucide-react';
import { TasksDialogs } from './tasks-dialogs';
import { TasksProvider, useTasksContext } from './tasks-provider';
import { TasksTable, type TasksSearch } from './tasks-table';

function AddButton({ canEdit }: { canEdit: boolean }) {
  const { setOpen, setCurrent } = useTasksContext();
  if (!canEdit) return null;
  return (
    <Button
      size="sm"
      onClick={() => {
        setCurrent(null);
        setOpen('create');
      }}
    >
      <Plus aria-hidden /> Add task
    </Button>
  );
}

/**
 * A project's own tasks on its page: the same table as /tasks, fixed to the project (its view is
 * kept in the page's state, not the address, which belongs to the project page).
 */
export function ProjectTasks({ projectId, canEdit }: { projectId: string; canEdit: boolean }) {
  const [search, setSearch] = useState<TasksSearch>({ sort: 'status', order: 'asc' });
  const navigate = useCallback((update: (prev: TasksSearch) => TasksSearch) => setSearch((prev) => update(prev)), []);
  return (
    <TasksProvider fixedProjectId={projectId}>
      <Card data-testid="project-tasks">
        <CardHeader>
          <CardTitle>
            <h2>Tasks</h2>
          </CardTitle>
          <CardDescription>
            This project’s to-dos. All your tasks are on the{' '}
            <NavLink to={`/tasks?project=${encodeURIComponent(JSON.stringify([projectId]))}`} className="underline">
              tasks page
            </NavLink>
            .
          </CardDescription>
          <CardAction>
            <AddButton canEdit={canEdit} />
          </CardAction>
        </CardHeader>
        <CardContent className="px-2 sm:px-6">
          <TasksTable search={search} navigate={navigate} projectId={projectId} label="Project tasks" />
        </CardContent>
      </Card>
      <TasksDialogs />
    </TasksProvider>
  );
}
