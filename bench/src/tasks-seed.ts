// Seeds the tasks the server bench lists: as the signed-in bench user (headers from
// seedProjectsForBench), creates `count` tasks spread over that user's projects through the API
// (as a client would), a few requests at a time.
const STATUSES = ['backlog', 'todo', 'in_progress', 'done', 'canceled'] as const;
const PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
const LABELS = ['marking', 'permit', 'volunteers', 'logistics', 'safety', 'map', ''] as const;
const WORDS = ['Flag', 'Check', 'Survey', 'Order', 'Book', 'Mark', 'Clear', 'Measure', 'Photograph', 'Report'];
const THINGS = ['junction', 'aid station', 'forest section', 'road crossing', 'bridge', 'ridge path', 'car park', 'water point'];

export async function seedTasksForBench(base: string, session: Record<string, string>, count = 10_000, parallel = 8): Promise<number> {
  const cookies = new Map<string, string>();
  for (const part of (session.cookie ?? '').split('; ').filter(Boolean)) {
    const eq = part.indexOf('=');
    cookies.set(part.slice(0, eq), part.slice(eq + 1));
  }
  const cookie = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const csrf = await fetch(`${base}/api/_auth/csrf`, { headers: { cookie: cookie() } });
  for (const line of csrf.headers.getSetCookie()) {
    const pair = line.split(';')[0]!;
    const eq = pair.indexOf('=');
    cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  const { token } = (await csrf.json()) as { token: string };
  const projects = (await (await fetch(`${base}/api/tasks/projects`, { headers: { cookie: cookie() } })).json()) as {
    projects: { id: string; role: string; members: { id: string }[] }[];
  };
  const editable = projects.projects.filter((p) => p.role !== 'viewer');
  if (!editable.length) throw new Error('bench: the bench user has no project to add tasks to');
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const p = editable[i % editable.length]!;
      const assignee = i % 3 === 0 ? null : (p.members[i % p.members.length]?.id ?? null);
      const day = 1 + (i % 28);
      const body = {
        projectId: p.id,
        title: `${WORDS[i % WORDS.length]} the ${THINGS[i % THINGS.length]} #${i + 1}`,
        description: i % 4 === 0 ? 'Seeded for the server bench: a few words of description.' : '',
        status: STATUSES[i % STATUSES.length],
        priority: PRIORITIES[(i >> 1) % PRIORITIES.length],
        label: LABELS[i % LABELS.length],
        assigneeId: assignee,
        dueDate: i % 5 === 0 ? null : `2027-${String(1 + (i % 12)).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      };
      const r = await fetch(`${base}/api/tasks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, 'x-csrf-token': token, cookie: cookie() },
        body: JSON.stringify(body),
      });
      if (r.status !== 201) throw new Error(`bench task create failed: ${r.status} ${await r.text()}`);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return count;
}
