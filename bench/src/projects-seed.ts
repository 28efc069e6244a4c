// The projects the server bench lists: `count` projects created through the API (as a client would).
import type { BenchClient } from './server.ts';

const STATUSES = ['draft', 'active', 'on_hold', 'completed'] as const;

export async function createProjects(client: BenchClient, count = 100): Promise<void> {
  for (let i = 0; i < count; i++) {
    const res = await client.send('POST', '/api/projects', {
      name: `Bench project ${String(i + 1).padStart(3, '0')}`,
      description: 'A project seeded for the server bench.',
      status: STATUSES[i % STATUSES.length],
      location: {
        center: { lon: 1.52 + (i % 10) * 0.01, lat: 42.5 + Math.floor(i / 10) * 0.01 },
        zoom: 13,
        bbox: [1.5, 42.48, 1.6, 42.62],
        placeName: 'Andorra',
      },
    });
    if (res.status !== 201) throw new Error(`creating bench projects: ${res.status} ${await res.text()}`);
  }
}
