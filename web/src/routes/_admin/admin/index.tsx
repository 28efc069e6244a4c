import { createFileRoute, redirect } from '@tanstack/react-router';

/** /admin has no page of its own: administrators land on the user list. */
export const Route = createFileRoute('/_admin/admin/')({
  beforeLoad: () => {
    throw redirect({ href: '/admin/users', replace: true });
  },
});
