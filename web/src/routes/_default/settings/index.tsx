import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_default/settings/')({
  beforeLoad: () => {
    throw redirect({ to: '/settings/profile', replace: true });
  },
});
