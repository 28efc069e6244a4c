import { createFileRoute } from '@tanstack/react-router';
import { useSettings } from '@/features/settings/api/get-settings';
import { ProfileSettingsPage } from '@/features/settings/components/profile-page';
import { SettingsLoader } from '@/features/settings/components/settings-layout';

export const Route = createFileRoute('/_default/settings/profile')({
  head: () => ({ meta: [{ title: 'Profile settings · Waymark' }] }),
  component: function ProfileRoute() {
    const settings = useSettings();
    return <SettingsLoader query={settings}>{(s) => <ProfileSettingsPage settings={s} />}</SettingsLoader>;
  },
});
