import { createFileRoute } from '@tanstack/react-router';
import { RegisterPage } from '@/features/auth/other-pages';

export const Route = createFileRoute('/register')({
  head: () => ({ meta: [{ title: 'Create an account · Waymark' }] }),
  component: RegisterPage,
});
