// The guards moved to server/src/http/guards.ts (they read only the request context). This
// re-export keeps older imports compiling until every caller imports from there.
export { currentUser, requireAdmin, requireFreshSession, requireUser, type SignedInUser } from '../http/guards.ts';
