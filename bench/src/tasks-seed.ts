// The tasks the server bench lists: `count` tasks spread over the demo user's projects (100 of them:
// the missing ones are created first), created through the API as a client would, a few at a time.
import { createProjects } from './projects-seed.ts';
import type { BenchClient } from './server.ts';

const STATUSES = ['backlog', 'todo', 'in_progress', 'done', 'canceled'] as const;
const PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
const LABELS = ['marking', 'permit', 'volunteers', 'logistics', 'safety', 'map', ''] as const;
const WORDS = ['Flag', 'Check', 'Survey', 'Order', 'Book', 'Mark', 'Clear', 'Measure', 'Photograph', 'Report'];
const THINGS = ['junction', 'aid station', 'forest section', 'road crossing', 'bridge', 'ridge path', 'car park', 'water point'];

interface TaskProjects {
  projects: { id: string; role: string; members: { id: string }[] }[];
}

export async function createTasks(client: BenchClient, count = 10_000, projects = 100, parallel = 8): Promise<void> {
  const list = async () => (await (await client.send('GET', '/api/tasks/projects')).json()) as TaskProjects;
  let mine = (await list()).projects.filter((p) => p.role !== 'viewer');
  if (mine.length < projects) {
    await createProjects(client, projects - mine.length);
    mine = (await list()).projects.filter((p) => p.role !== 'viewer');
  }
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const p = mine[i % mine.length]!;
      const body = {
        projectId: p.id,
        title: `${WORDS[i % WORDS.length]} the ${THINGS[i % THINGS.length]} #${i + 1}`,
        description: i % 4 === 0 ? 'Seeded for the server bench: a few words of description.' : '',
        status: STATUSES[i % STATUSES.length],
        priority: PRIORITIES[(i >> 1) % PRIORITIES.length],
        label: LABELS[i % LABELS.length],
        assigneeId: i % 3 === 0 ? null : (p.members[i % p.members.length]?.id ?? null),
        dueDate: i % 5 === 0 ? null : `2027-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
      };
      const res = await client.send('POST', '/api/tasks', body);
      if (res.status !== 201) throw new Error(`creating bench tasks: ${res.status} ${await res.text()}`);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}
