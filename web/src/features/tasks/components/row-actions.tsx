import type { Row } from '@tanstack/react-table';
import type { Task } from '@waymark/contracts/tasks';
import { Copy, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { errorMessage } from '@/lib/errors';
import { useDuplicateTask } from '../api/duplicate-task';
import { useTasksContext } from './tasks-provider';

/** The "…" menu of a row: edit in the sheet, make a copy, delete (editors and owners only). */
export function RowActions({ row }: { row: Row<Task> }) {
  const t = row.original;
  const { setOpen, setCurrent } = useTasksContext();
  const dup = useDuplicateTask();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="data-[state=open]:bg-muted size-8" aria-label={`Actions for ${t.title}`}>
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-44">
        {!t.canEdit && <p className="text-muted-foreground px-2 py-1.5 text-xs">You can view this project’s tasks only.</p>}
        <DropdownMenuItem
          disabled={!t.canEdit}
          onSelect={() => {
            setCurrent(t);
            setOpen('update');
          }}
        >
          <Pencil aria-hidden /> Edit
        </DropdownMenuItem>
        <DropdownMenuItem
          disabled={!t.canEdit || dup.isPending}
          onSelect={() =>
            dup.mutate(t.id, {
              onSuccess: (copy) => toast.success(`Copied as “${copy.title}”`),
              onError: (err) => toast.error(errorMessage(err, 'Could not copy the task')),
            })
          }
        >
          <Copy aria-hidden /> Make a copy
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          variant="destructive"
          disabled={!t.canEdit}
          onSelect={() => {
            setCurrent(t);
            setOpen('delete');
          }}
        >
          <Trash2 aria-hidden /> Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
