import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '@/features/auth/other-pages';

export const Route = createFileRoute('/reset-password')({
  validateSearch: (s: Record<string, unknown>): { token?: string; type?: string } => ({
    ...(typeof s.token === 'string' ? { token: s.token } : {}),
    ...(typeof s.type === 'string' ? { type: s.type } : {}),
  }),
  head: () => ({ meta: [{ title: 'Choose a new password · Waymark' }] }),
  component: function ResetPassword() {
    const { token, type } = Route.useSearch();
    return <ResetPasswordPage token={token} type={type} />;
  },
});
