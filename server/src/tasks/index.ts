import type { ServerModule } from '../context.ts';
import { setTaskProgress } from '../projects/index.ts';
import { registerTasksApi } from './api.ts';
import { tasksDashboard } from './dashboard.ts';
import { taskProgress } from './repository.ts';
import { seedDemoTasks } from './seed.ts';

/**
 * Tasks: the to-dos of projects (status, priority, label, assignee, due date), listed across every
 * project the user is a member of. Access follows the project's roles (viewers read, editors and
 * owners change; non-members get 404). Its table comes from migration 0450. See docs/tasks.md.
 */
export const tasksModule: ServerModule = {
  name: 'tasks',
  init() {
    // Project cards and pages show real task progress.
    setTaskProgress(taskProgress);
  },
  register(app, ctx) {
    registerTasksApi(app, ctx);
  },
  dashboard: tasksDashboard,
  async seed(ctx) {
    await seedDemoTasks(ctx);
  },
};
