import { z } from 'zod';
import { regionName } from './common.ts';

/**
 * The signed-in user's settings, saved on the server (docs/workspace.md):
 * - GET    /api/settings                        everything below
 * - PUT    /api/settings/profile                display name, username, bio, units, flat pace
 * - PUT    /api/settings/avatar                 an image body (PNG, JPEG or WebP, ≤ 256 KB); DELETE removes it
 * - GET    /api/avatars/:userId                 the avatar image (signed-in users)
 * - PUT    /api/settings/appearance             the Template Customizer's preferences
 * - PUT    /api/settings/notifications          which events send mail, and whether by SMTP
 * - PUT    /api/settings/display                sidebar items, start page, date/time format, map defaults
 * - GET    /api/settings/export                 a ZIP of my data (JSON, routes as GPX)
 * - DELETE /api/settings/account                delete my account (recent sign-in, email typed to confirm)
 */

export const SETTINGS_LIMITS = Object.freeze({
  nameMax: 100,
  bioMax: 500,
  usernameMin: 3,
  usernameMax: 30,
  avatarBytesMax: 256 * 1024,
  paceMin: 120,
  paceMax: 1800,
});

export const USERNAME_PATTERN = /^[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?$/;

export const profileSettingsBody = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, { message: 'enter a display name' })
    .max(SETTINGS_LIMITS.nameMax, { message: `at most ${SETTINGS_LIMITS.nameMax} characters` }),
  /** Unique on this instance, case-insensitive; null for none. */
  username: z
    .string()
    .trim()
    .toLowerCase()
    .min(SETTINGS_LIMITS.usernameMin, { message: `at least ${SETTINGS_LIMITS.usernameMin} characters` })
    .max(SETTINGS_LIMITS.usernameMax, { message: `at most ${SETTINGS_LIMITS.usernameMax} characters` })
    .regex(USERNAME_PATTERN, { message: 'letters, digits, dots, dashes and underscores; starting and ending with a letter or digit' })
    .nullable(),
  bio: z
    .string()
    .trim()
    .max(SETTINGS_LIMITS.bioMax, { message: `at most ${SETTINGS_LIMITS.bioMax} characters` }),
  units: z.enum(['km', 'mi']),
  /** The planner's default flat pace, in seconds per kilometre. */
  flatPaceSecPerKm: z
    .number()
    .int()
    .min(SETTINGS_LIMITS.paceMin, { message: 'at least 2:00 per km' })
    .max(SETTINGS_LIMITS.paceMax, { message: 'at most 30:00 per km' }),
});
export type ProfileSettingsBody = z.infer<typeof profileSettingsBody>;

export const profileSettings = profileSettingsBody.extend({
  email: z.string().nullable(),
  /** Where the avatar image is served (changes when it changes), or null. */
  avatarUrl: z.string().nullable(),
});
export type ProfileSettings = z.infer<typeof profileSettings>;

export const APPEARANCE_THEMES = [
  'zinc',
  'rose',
  'blue',
  'green',
  'orange',
  'red',
  'slate',
  'stone',
  'gray',
  'neutral',
  'yellow',
  'violet',
] as const;
export const APPEARANCE_RADII = [0, 0.25, 0.5, 0.75, 1] as const;

/** The Template Customizer's preferences (SPEC §2), saved so they follow the user to other browsers. */
export const appearanceSettings = z.strictObject({
  theme: z.enum(APPEARANCE_THEMES),
  radius: z.union([z.literal(0), z.literal(0.25), z.literal(0.5), z.literal(0.75), z.literal(1)]),
  mode: z.enum(['light', 'dark', 'system']),
  navbar: z.enum(['sidebar', 'floating', 'inset']),
  dir: z.enum(['ltr', 'rtl']),
});
export type AppearanceSettings = z.infer<typeof appearanceSettings>;

/** Pages a user may start on after signing in. */
export const START_PAGES = ['/dashboard', '/dashboard/projects', '/run', '/email', '/explorer', '/tasks'] as const;

export const displaySettings = z.strictObject({
  /** Paths of the sidebar entries this user hides. */
  hiddenNav: z
    .array(
      z
        .string()
        .max(100)
        .regex(/^\/[a-z0-9/_-]*$/, { message: 'an app path such as /tasks' }),
    )
    .max(50),
  startPage: z.enum(START_PAGES),
  dateFormat: z.enum(['locale', 'iso', 'dmy', 'mdy']),
  timeFormat: z.enum(['24h', '12h']),
  mapRegion: regionName,
  basemap: z.enum(['auto', 'light', 'dark']),
});
export type DisplaySettings = z.infer<typeof displaySettings>;

export const DEFAULT_DISPLAY_SETTINGS: DisplaySettings = Object.freeze({
  hiddenNav: [],
  startPage: '/dashboard',
  dateFormat: 'locale',
  timeFormat: '24h',
  mapRegion: 'andorra',
  basemap: 'auto',
}) as DisplaySettings;

/** Which events send mail. Security alerts cannot be turned off (`false` is refused). */
export const notificationSettingsBody = z.strictObject({
  projectInvitations: z.boolean(),
  mentions: z.boolean(),
  taskAssigned: z.boolean(),
  routeShared: z.boolean(),
  securityAlerts: z.literal(true, { message: 'security alerts cannot be turned off' }).optional(),
  /** Also send by SMTP when the server has it (otherwise the in-app mailbox only). */
  smtp: z.boolean(),
});
export type NotificationSettingsBody = z.input<typeof notificationSettingsBody>;

export const notificationSettings = notificationSettingsBody.extend({ securityAlerts: z.literal(true) });
export type NotificationSettings = z.infer<typeof notificationSettings>;

export const userSettings = z.object({
  profile: profileSettings,
  /** null until the user saves appearance preferences (then the browser's own apply). */
  appearance: appearanceSettings.nullable(),
  display: displaySettings,
  notifications: notificationSettings,
  /** True when this server sends mail by SMTP (the SMTP switch only matters then). */
  smtpAvailable: z.boolean(),
});
export type UserSettings = z.infer<typeof userSettings>;

export const userSettingsResponse = z.object({ settings: userSettings });

export const deleteAccountBody = z.strictObject({
  /** The account's email (or phone) typed again, so nobody deletes it by one stray click. */
  confirm: z.string().trim().min(1, { message: 'type your email address to confirm' }).max(320),
});
