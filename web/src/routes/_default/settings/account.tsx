import { createFileRoute } from '@tanstack/react-router';
import { AccountSettingsPage } from '@/features/account/account-page';
import { AccountDataCard } from '@/features/settings/components/account-data-card';

export const Route = createFileRoute('/_default/settings/account')({
  head: () => ({ meta: [{ title: 'Account settings · Waymark' }] }),
  component: () => (
    <>
      <AccountSettingsPage />
      <AccountDataCard />
    </>
  ),
});
