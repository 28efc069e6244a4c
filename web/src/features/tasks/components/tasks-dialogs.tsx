import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/errors';
import { useBulkDeleteTasks } from '../api/bulk-delete-tasks';
import { useDeleteTask } from '../api/delete-task';
import { TaskSheet } from './task-sheet';
import { useTasksContext } from './tasks-provider';

/** Every dialog of the tasks table in one place (after shadcn-admin's tasks-dialogs). */
export function TasksDialogs() {
  const { open, setOpen, current, setCurrent, rowSelection, setRowSelection, fixedProjectId } = useTasksContext();
  const del = useDeleteTask();
  const bulkDel = useBulkDeleteTasks();
  const selectedIds = Object.keys(rowSelection).filter((k) => rowSelection[k]);
  const close = () => {
    setOpen(null);
    // let the closing animation finish before the row goes
    setTimeout(() => setCurrent(null), 300);
  };

  return (
    <>
      {(open === 'create' || open === 'update') && (
        <TaskSheet
          key={open === 'update' ? current?.id : 'create'}
          open
          onOpenChange={(o) => !o && close()}
          task={open === 'update' ? current : null}
          fixedProjectId={fixedProjectId}
        />
      )}
      <AlertDialog open={open === 'delete' && Boolean(current)} onOpenChange={(o) => !o && !del.isPending && close()}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete this task?</AlertDialogTitle>
            <AlertDialogDescription>
              “<bdi>{current?.title}</bdi>” will be deleted from <bdi>{current?.project.name}</bdi>. This cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={del.isPending}>Cancel</AlertDialogCancel>
            <Button
              variant="destructive"
              // white on the dark theme's lighter red falls below 4.5:1; a darker red keeps it readable
              className="dark:bg-destructive/60"
              disabled={del.isPending}
              onClick={() =>
                current &&
                del.mutate(current.id, {
                  onSuccess: () => {
                    toast.success('Task deleted');
                    setRowSelection((s) => {
                      const next = { ...s };
                      delete next[current.id];
                      return next;
                    });
                    close();
                  },
                  onError: (err) => toast.error(errorMessage(err, 'Could not delete the task')),
                })
              }
            >
              {del.isPending ? 'Deleting…' : 'Delete'}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      <AlertDialog open={open === 'bulk-delete'} onOpenChange={(o) => !o && !bulkDel.isPending && close()}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              Delete {selectedIds.length} task{selectedIds.length === 1 ? '' : 's'}?
            </AlertDialogTitle>
            <AlertDialogDescription>The selected tasks will be deleted from their projects. This cannot be undone.</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={bulkDel.isPending}>Cancel</AlertDialogCancel>
            <Button
              variant="destructive"
              // white on the dark theme's lighter red falls below 4.5:1; a darker red keeps it readable
              className="dark:bg-destructive/60"
              disabled={bulkDel.isPending || selectedIds.length === 0}
              onClick={() =>
                bulkDel.mutate(selectedIds, {
                  onSuccess: (r) => {
                    toast.success(`${r.deleted} task${r.deleted === 1 ? '' : 's'} deleted`);
                    setRowSelection({});
                    close();
                  },
                  onError: (err) => toast.error(errorMessage(err, 'Could not delete the tasks')),
                })
              }
            >
              {bulkDel.isPending ? 'Deleting…' : `Delete ${selectedIds.length}`}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
