import { Outlet, createFileRoute } from '@tanstack/react-router';
import { SettingsLayout } from '@/features/settings/components/settings-layout';

/** /settings/*: the settings sidebar around each settings page. */
export const Route = createFileRoute('/_default/settings')({
  component: () => (
    <SettingsLayout>
      <Outlet />
    </SettingsLayout>
  ),
});
