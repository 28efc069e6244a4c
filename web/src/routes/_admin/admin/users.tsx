import { createFileRoute } from '@tanstack/react-router';
import { UsersPage } from '@/features/admin/users-page';

export const Route = createFileRoute('/_admin/admin/users')({
  head: () => ({ meta: [{ title: 'Users · Admin · Waymark' }] }),
  component: UsersPage,
});
