import type { TaskPriority, TaskStatus } from '@waymark/contracts';
import type { AppContext } from '../context.ts';
import { logActivity } from '../projects/index.ts';
import './db.ts';

interface DemoTask {
  title: string;
  description?: string;
  status: TaskStatus;
  priority: TaskPriority;
  label: string;
  /** 'demo' or 'admin' (only when that account is a member of the project), or nobody */
  assignee?: 'demo' | 'admin';
  /** due in this many days from today (negative: already past) */
  dueInDays?: number;
}

/** Realistic tasks of the demo projects, by project name (see projects/seed.ts). */
export const DEMO_TASKS: Record<string, DemoTask[]> = {
  'Andorra trail race: course marking': [
    {
      title: 'Walk the course and list every junction',
      description: 'GPS each junction that needs a flag; export the list as GPX for the marking teams.',
      status: 'done',
      priority: 'high',
      label: 'marking',
      assignee: 'demo',
      dueInDays: -12,
    },
    {
      title: 'Order 400 course flags and reflective tape',
      status: 'done',
      priority: 'medium',
      label: 'logistics',
      assignee: 'admin',
      dueInDays: -8,
    },
    {
      title: 'Permit from the Comú d’Andorra la Vella',
      description: 'The forest sections above Santa Coloma cross communal land: send the course map and the dates.',
      status: 'in_progress',
      priority: 'critical',
      label: 'permit',
      assignee: 'demo',
      dueInDays: 5,
    },
    {
      title: 'Aid station at Coll de la Botella: water and shelter',
      status: 'todo',
      priority: 'high',
      label: 'logistics',
      assignee: 'admin',
      dueInDays: 14,
    },
    {
      title: 'Recruit 12 marshals for the road crossings',
      status: 'in_progress',
      priority: 'high',
      label: 'volunteers',
      assignee: 'demo',
      dueInDays: 10,
    },
    {
      title: 'Mark the forest section km 8–19',
      description: 'Flags every 200 m and reflective tape on the trees; two teams, start at both ends.',
      status: 'todo',
      priority: 'medium',
      label: 'marking',
      dueInDays: 20,
    },
    { title: 'Sweepers’ checklist for removing markers', status: 'backlog', priority: 'low', label: 'documentation', dueInDays: 24 },
    {
      title: 'Check mobile coverage at each aid station',
      status: 'todo',
      priority: 'medium',
      label: 'safety',
      assignee: 'admin',
      dueInDays: 12,
    },
    {
      title: 'Evacuation points on the ridge',
      description: 'Agree two helicopter landing spots with the mountain rescue and put them on the race map.',
      status: 'todo',
      priority: 'critical',
      label: 'safety',
      assignee: 'demo',
      dueInDays: 7,
    },
    { title: 'Runner’s course map (PDF, 1:25 000)', status: 'backlog', priority: 'medium', label: 'map', dueInDays: 18 },
    { title: 'Alternative route if the col is snowed in', status: 'canceled', priority: 'low', label: 'map' },
    { title: 'Thank-you email to landowners', status: 'backlog', priority: 'low', label: 'documentation' },
  ],
  'Monaco city run 10K': [
    {
      title: 'Submit the route to the Direction de la Sûreté Publique',
      status: 'todo',
      priority: 'critical',
      label: 'permit',
      assignee: 'demo',
      dueInDays: 21,
    },
    {
      title: 'Volunteers for every crossing on Boulevard Albert 1er',
      status: 'backlog',
      priority: 'high',
      label: 'volunteers',
      dueInDays: 35,
    },
    { title: 'Measure the loop with a calibrated wheel', status: 'backlog', priority: 'medium', label: 'map', assignee: 'demo' },
    {
      title: 'Start and finish on the Quai Albert 1er',
      status: 'done',
      priority: 'medium',
      label: 'logistics',
      assignee: 'demo',
      dueInDays: -3,
    },
    { title: 'Water station on the Rock', status: 'todo', priority: 'medium', label: 'logistics', dueInDays: 28 },
  ],
  'Vall de Madriu trail maintenance': [
    {
      title: 'Survey erosion between Entremesaigües and the Fontverd refuge',
      status: 'in_progress',
      priority: 'high',
      label: 'marking',
      assignee: 'demo',
      dueInDays: -2,
    },
    {
      title: 'Log fallen trees with photos and positions',
      status: 'todo',
      priority: 'medium',
      label: 'map',
      assignee: 'demo',
      dueInDays: 9,
    },
    { title: 'Book the trail crew for two work days', status: 'backlog', priority: 'medium', label: 'volunteers', dueInDays: 30 },
    { title: 'Ask the heritage office about drainage works', status: 'backlog', priority: 'low', label: 'permit' },
  ],
  'Casamanya vertical kilometre': [
    { title: 'Publish the results', status: 'done', priority: 'high', label: 'documentation', assignee: 'admin', dueInDays: -40 },
    { title: 'Collect runners’ feedback', status: 'done', priority: 'medium', label: 'documentation', assignee: 'demo', dueInDays: -30 },
    {
      title: 'Photo gallery for the club site',
      status: 'done',
      priority: 'low',
      label: 'documentation',
      assignee: 'admin',
      dueInDays: -25,
    },
    { title: 'Return the timing chips', status: 'canceled', priority: 'low', label: 'logistics' },
  ],
};

const DEMO = 'demo@waymark.local';
const ADMIN = 'admin@waymark.local';

function dayOffset(days: number): string {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Tasks for the demo projects (once: a project that already has tasks is left alone). */
export async function seedDemoTasks(ctx: AppContext) {
  const users = await ctx.db.selectFrom('users').select(['id', 'email']).where('email', 'in', [DEMO, ADMIN]).execute();
  const demoId = users.find((u) => u.email === DEMO)?.id;
  const adminId = users.find((u) => u.email === ADMIN)?.id;
  if (!demoId) return;
  let created = 0;
  for (const [name, tasks] of Object.entries(DEMO_TASKS)) {
    const project = await ctx.db
      .selectFrom('projects as p')
      .innerJoin('project_members as m', (j) => j.onRef('m.project_id', '=', 'p.id').on('m.user_id', '=', demoId))
      .select('p.id')
      .where('p.name', '=', name)
      .orderBy('p.created_at')
      .executeTakeFirst();
    if (!project) continue;
    const has = await ctx.db.selectFrom('tasks').select('id').where('project_id', '=', project.id).limit(1).executeTakeFirst();
    if (has) continue;
    const members = new Set(
      (await ctx.db.selectFrom('project_members').select('user_id').where('project_id', '=', project.id).execute()).map((m) => m.user_id),
    );
    await ctx.db.transaction().execute(async (trx) => {
      for (const [i, t] of tasks.entries()) {
        const who = t.assignee === 'demo' ? demoId : t.assignee === 'admin' ? adminId : undefined;
        // Older tasks first, a few minutes apart, so "updated" sorts like a real history.
        const at = new Date(Date.now() - (tasks.length - i) * 7 * 60_000);
        const row = await trx
          .insertInto('tasks')
          .values({
            project_id: project.id,
            title: t.title,
            description: t.description ?? '',
            status: t.status,
            priority: t.priority,
            label: t.label,
            assignee_id: who && members.has(who) ? who : null,
            due_date: t.dueInDays === undefined ? null : dayOffset(t.dueInDays),
            done_at: t.status === 'done' ? at : null,
            created_by: demoId,
            updated_by: demoId,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (t.status === 'done') await logActivity(trx, project.id, who ?? demoId, 'task.done', { taskId: row.id, title: t.title });
        created += 1;
      }
    });
  }
  if (created) ctx.logger.info({ tasks: created }, 'demo tasks created');
}
