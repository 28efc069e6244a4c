import type { RowSelectionState } from '@tanstack/react-table';
import type { Task } from '@waymark/contracts/tasks';
import { createContext, useContext, useMemo, useState } from 'react';

/** Which dialog of the tasks page is open (after shadcn-admin's tasks-provider). */
export type TasksDialog = 'create' | 'update' | 'delete' | 'bulk-delete';

interface TasksContextValue {
  open: TasksDialog | null;
  setOpen: (d: TasksDialog | null) => void;
  /** The task a row action acts on (edit, delete). */
  current: Task | null;
  setCurrent: (t: Task | null) => void;
  /** Selected rows by task id (kept across pages until cleared). */
  rowSelection: RowSelectionState;
  setRowSelection: React.Dispatch<React.SetStateAction<RowSelectionState>>;
  /** New tasks go to this project (the project page); otherwise the user picks one. */
  fixedProjectId?: string;
}

const TasksContext = createContext<TasksContextValue | null>(null);

export function TasksProvider({ children, fixedProjectId }: { children: React.ReactNode; fixedProjectId?: string }) {
  const [open, setOpen] = useState<TasksDialog | null>(null);
  const [current, setCurrent] = useState<Task | null>(null);
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const value = useMemo(
    () => ({ open, setOpen, current, setCurrent, rowSelection, setRowSelection, fixedProjectId }),
    [open, current, rowSelection, fixedProjectId],
  );
  return <TasksContext.Provider value={value}>{children}</TasksContext.Provider>;
}

export function useTasksContext(): TasksContextValue {
  const ctx = useContext(TasksContext);
  if (!ctx) throw new Error('useTasksContext must be used inside <TasksProvider>');
  return ctx;
}
