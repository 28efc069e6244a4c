import { createFileRoute } from '@tanstack/react-router';
import { useSettings } from '@/features/settings/api/get-settings';
import { NotificationsSettingsPage } from '@/features/settings/components/notifications-page';
import { SettingsLoader } from '@/features/settings/components/settings-layout';

export const Route = createFileRoute('/_default/settings/notifications')({
  head: () => ({ meta: [{ title: 'Notifications settings · Waymark' }] }),
  component: function NotificationsRoute() {
    const settings = useSettings();
    return <SettingsLoader query={settings}>{(s) => <NotificationsSettingsPage settings={s} />}</SettingsLoader>;
  },
});
