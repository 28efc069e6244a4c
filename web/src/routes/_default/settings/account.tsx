import { createFileRoute } from '@tanstack/react-router';
import { AccountSettingsPage } from '@/features/account/account-page';

export const Route = createFileRoute('/_default/settings/account')({
  head: () => ({ meta: [{ title: 'Account settings · Waymark' }] }),
  component: AccountSettingsPage,
});
