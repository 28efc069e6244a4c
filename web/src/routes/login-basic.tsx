import { createFileRoute } from '@tanstack/react-router';
import { LoginBasicPage } from '@/features/auth/login-page';

export const Route = createFileRoute('/login-basic')({
  validateSearch: (s: Record<string, unknown>): { redirect?: string } => (typeof s.redirect === 'string' ? { redirect: s.redirect } : {}),
  head: () => ({ meta: [{ title: 'Sign in · Waymark' }] }),
  component: function LoginBasic() {
    const { redirect } = Route.useSearch();
    return <LoginBasicPage redirect={redirect} />;
  },
});
