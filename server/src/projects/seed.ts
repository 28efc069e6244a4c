import { Readable } from 'node:stream';
import type { CreateProjectBody, ProjectRole } from '@waymark/contracts';
import { createProjectBody } from '@waymark/contracts';
import type { AppContext } from '../context.ts';
import { logActivity } from './activity.ts';
import type { DocumentStore } from './documents.ts';
import { locationColumns } from './repository.ts';

interface DemoProject {
  body: CreateProjectBody;
  /** Other demo accounts and their roles. */
  members: { email: string; role: ProjectRole }[];
  documents: { name: string; type: string; text: string }[];
}

const DEMO = 'demo@waymark.local';
const ADMIN = 'admin@waymark.local';

const gpx = (name: string, pts: [number, number, number][]) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="Waymark demo" xmlns="http://www.topografix.com/GPX/1/1">
  <trk><name>${name}</name><trkseg>
${pts.map(([lon, lat, ele]) => `    <trkpt lat="${lat}" lon="${lon}"><ele>${ele}</ele></trkpt>`).join('\n')}
  </trkseg></trk>
</gpx>
`;

export const DEMO_PROJECTS: DemoProject[] = [
  {
    body: {
      name: 'Andorra trail race: course marking',
      description:
        'Mark the 42 km course from Andorra la Vella over Coll de la Botella and back: flag every junction, place reflective tape on the forest sections, and log each aid station. Markers go up two days before the race and come down the day after.',
      status: 'active',
      location: {
        center: { lon: 1.5218, lat: 42.5063 },
        zoom: 12,
        bbox: [1.44, 42.46, 1.6, 42.56],
        placeName: 'Andorra la Vella, Andorra',
      },
      cover: { color: 'green', emoji: '⛰️' },
    },
    members: [{ email: ADMIN, role: 'editor' }],
    documents: [
      {
        name: 'Marking plan.md',
        type: 'text/markdown',
        text: '# Marking plan\n\n- Flags every 200 m in the forest, at every junction otherwise.\n- Aid stations: Santa Coloma (km 8), Coll de la Botella (km 19), La Margineda (km 33).\n- Sweepers remove markers behind the last runner.\n',
      },
      {
        name: 'Course check, first climb.gpx',
        type: 'application/gpx+xml',
        text: gpx('First climb', [
          [1.5218, 42.5063, 1023],
          [1.5102, 42.5009, 1104],
          [1.4973, 42.4945, 1262],
          [1.4866, 42.4931, 1410],
        ]),
      },
    ],
  },
  {
    body: {
      name: 'Monaco city run 10K',
      description:
        'A flat-ish 10 km loop around the Port Hercule and up to the Rock, for a charity run in spring. Needs a route approved by the city and volunteers at every crossing.',
      status: 'draft',
      location: { center: { lon: 7.4246, lat: 43.7384 }, zoom: 14, bbox: [7.409, 43.725, 7.44, 43.752], placeName: 'Monaco' },
      cover: { color: 'red', emoji: '🏃' },
    },
    members: [{ email: ADMIN, role: 'viewer' }],
    documents: [
      {
        name: 'Volunteer list.csv',
        type: 'text/csv',
        text: 'name,crossing,shift\nAline,Boulevard Albert 1er,08:00-11:00\nMarc,Avenue de la Quarantaine,08:00-11:00\n',
      },
    ],
  },
  {
    body: {
      name: 'Vall de Madriu trail maintenance',
      description:
        'Survey erosion and fallen trees along the Madriu valley path after the winter, and plan the work days with the trail crew.',
      status: 'on_hold',
      location: {
        center: { lon: 1.5797, lat: 42.4876 },
        zoom: 13,
        bbox: [1.54, 42.46, 1.64, 42.52],
        placeName: 'Vall de Madriu-Perafita-Claror, Andorra',
      },
      cover: { color: 'teal', emoji: '🌲' },
    },
    members: [],
    documents: [],
  },
  {
    body: {
      name: 'Casamanya vertical kilometre',
      description: 'Last year’s vertical kilometre on Pic de Casamanya: results, photos and the feedback from runners.',
      status: 'completed',
      location: {
        center: { lon: 1.5696, lat: 42.5806 },
        zoom: 13,
        bbox: [1.53, 42.55, 1.61, 42.61],
        placeName: 'Pic de Casamanya, Andorra',
      },
      cover: { color: 'orange', emoji: '🏁' },
    },
    members: [{ email: ADMIN, role: 'owner' }],
    documents: [],
  },
];

/** A few realistic projects for the demo accounts (once: skipped when the demo user has any). */
export async function seedDemoProjects(ctx: AppContext, store: DocumentStore) {
  const users = await ctx.db.selectFrom('users').select(['id', 'email']).where('email', 'in', [DEMO, ADMIN]).execute();
  const byEmail = new Map(users.map((u) => [u.email, u.id]));
  const demoId = byEmail.get(DEMO);
  if (!demoId) return;
  const has = await ctx.db.selectFrom('project_members').select('project_id').where('user_id', '=', demoId).limit(1).executeTakeFirst();
  if (has) return;
  for (const d of DEMO_PROJECTS) {
    const body = createProjectBody.parse(d.body);
    const project = await ctx.db.transaction().execute(async (trx) => {
      const p = await trx
        .insertInto('projects')
        .values({
          name: body.name,
          description: body.description,
          status: body.status,
          ...locationColumns(body.location),
          cover_color: body.cover.color,
          cover_emoji: body.cover.emoji,
          created_by: demoId,
          updated_by: demoId,
        })
        .returning(['id', 'name', 'status'])
        .executeTakeFirstOrThrow();
      await trx.insertInto('project_members').values({ project_id: p.id, user_id: demoId, role: 'owner', added_by: demoId }).execute();
      await logActivity(trx, p.id, demoId, 'project.created', { name: p.name, status: 'draft' });
      if (p.status !== 'draft') await logActivity(trx, p.id, demoId, 'project.status_changed', { from: 'draft', to: p.status });
      for (const m of d.members) {
        const uid = byEmail.get(m.email);
        if (!uid) continue;
        await trx.insertInto('project_members').values({ project_id: p.id, user_id: uid, role: m.role, added_by: demoId }).execute();
        await logActivity(trx, p.id, uid, 'member.joined', { email: m.email, role: m.role });
      }
      return p;
    });
    for (const doc of d.documents) {
      const bytes = Buffer.from(doc.text, 'utf8');
      await store.upload({
        projectId: project.id,
        userId: demoId,
        name: doc.name,
        claimedType: doc.type,
        declaredLength: bytes.length,
        body: Readable.from([bytes]),
      });
    }
  }
  ctx.logger.info({ projects: DEMO_PROJECTS.length }, 'demo projects created');
}
