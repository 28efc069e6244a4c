import { createFileRoute } from '@tanstack/react-router';
import { AppearanceSettingsPage } from '@/features/settings/components/appearance-page';

export const Route = createFileRoute('/_default/settings/appearance')({
  head: () => ({ meta: [{ title: 'Appearance settings · Waymark' }] }),
  component: AppearanceSettingsPage,
});
