import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { TasksDialogs } from './tasks-dialogs';
import { TasksProvider, useTasksContext } from './tasks-provider';
import { TasksTable, type TasksSearch } from './tasks-table';

function CreateButton({ children = 'New task' }: { children?: React.ReactNode }) {
  const { setOpen, setCurrent } = useTasksContext();
  return (
    <Button
      onClick={() => {
        setCurrent(null);
        setOpen('create');
      }}
    >
      <Plus aria-hidden /> {children}
    </Button>
  );
}

/** /tasks: the tasks of every project the user is a member of; the table's view lives in the URL. */
export function TasksPage({ search, navigate }: { search: TasksSearch; navigate: (update: (prev: TasksSearch) => TasksSearch) => void }) {
  return (
    <TasksProvider>
      <div className="grid gap-4 p-4 pb-24 md:p-6 md:pb-24">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-semibold tracking-tight">Tasks</h1>
            <p className="text-muted-foreground text-sm">
              The to-dos of all your projects. Filters, sort and page are kept in the address.
            </p>
          </div>
          <CreateButton />
        </div>
        <TasksTable search={search} navigate={navigate} />
      </div>
      <TasksDialogs />
    </TasksProvider>
  );
}
