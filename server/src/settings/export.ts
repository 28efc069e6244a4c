import { strToU8, zipSync, type Zippable } from 'fflate';
import { sql } from 'kysely';
import { decodeRouteGeometry, toGpx } from '@waymark/geo';
import type { AppContext } from '../context.ts';
import { AVATAR_EXTENSIONS } from './avatar.ts';
import type { SettingsRepository } from './repository.ts';

const json = (v: unknown) => strToU8(`${JSON.stringify(v, null, 2)}\n`);
const slug = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .toLowerCase()
    .slice(0, 60) || 'route';

/** Does a table exist (modules are optional: the export lists what this server has)? */
async function has(ctx: AppContext, table: string): Promise<boolean> {
  const { rows } = await sql<{ ok: boolean }>`select to_regclass(${table}) is not null as ok`.execute(ctx.db);
  return Boolean(rows[0]?.ok);
}

/**
 * "Export my data": a ZIP with the account, settings, mailbox and project memberships as JSON and
 * every saved route as GPX (plus its JSON). Secrets (password hash, tokens, MFA secrets) are never in it.
 */
export async function exportUserData(ctx: AppContext, repo: SettingsRepository, userId: string): Promise<Uint8Array> {
  const db = ctx.db;
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'email_verified_at', 'phone', 'phone_verified_at', 'name', 'role', 'created_at', 'last_sign_in_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const settings = await repo.get(userId);
  const messages = await db
    .selectFrom('messages')
    .select([
      'id',
      'folder',
      'from_name',
      'from_address',
      'to_address',
      'recipients',
      'cc',
      'subject',
      'body',
      'links',
      'kind',
      'starred',
      'read_at',
      'created_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  const files: Zippable = {
    'README.txt': strToU8(
      [
        'Your Waymark data',
        '',
        `Exported ${new Date().toISOString()} for ${user.email ?? user.phone ?? user.id}.`,
        '',
        'account.json   your account (no password or secrets)',
        'settings.json  profile, appearance, display and notification settings',
        'mail.json      every message in your mailbox, with its folder',
        'projects.json  the projects you are a member of and your role',
        'routes.json    your saved routes; routes/*.gpx the same routes as GPX tracks',
        '',
      ].join('\n'),
    ),
    'account.json': json(user),
    'settings.json': json(settings),
    'mail.json': json(messages),
  };
  const avatar = await repo.avatar(userId);
  if (avatar?.avatar && avatar.avatar_type) files[`avatar.${AVATAR_EXTENSIONS[avatar.avatar_type]}`] = new Uint8Array(avatar.avatar);

  if (await has(ctx, 'routes')) {
    const routes = await db
      .selectFrom('routes')
      .select(['id', 'name', 'description', 'visibility', 'region', 'waypoints', 'geometry', 'stats', 'created_at', 'updated_at'])
      .where('owner_id', '=', userId)
      .orderBy('created_at')
      .execute();
    files['routes.json'] = json(routes.map(({ geometry: _g, ...r }) => r));
    const gpx: Zippable = {};
    for (const r of routes) {
      let points: [number, number, number][] = [];
      try {
        points = decodeRouteGeometry(r.geometry);
      } catch {
        /* a route whose geometry cannot be read is still listed in routes.json */
      }
      gpx[`${slug(r.name)}-${r.id.slice(0, 8)}.gpx`] = strToU8(toGpx({ name: r.name, description: r.description, lines: [points] }));
    }
    files.routes = gpx;
  }
  if (await has(ctx, 'project_members')) {
    const projects = await db
      .selectFrom('project_members as m')
      .innerJoin('projects as p', 'p.id', 'm.project_id')
      .select([
        'p.id',
        'p.name',
        'p.description',
        'p.status',
        'p.place_name',
        'p.center_lon',
        'p.center_lat',
        'p.created_at',
        'm.role',
        'm.created_at as joined_at',
      ])
      .where('m.user_id', '=', userId)
      .orderBy('p.created_at')
      .execute();
    files['projects.json'] = json(projects);
  }
  return zipSync(files, { level: 6 });
}
