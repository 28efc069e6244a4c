import { createFileRoute } from '@tanstack/react-router';
import { useSettings } from '@/features/settings/api/get-settings';
import { DisplaySettingsPage } from '@/features/settings/components/display-page';
import { SettingsLoader } from '@/features/settings/components/settings-layout';

export const Route = createFileRoute('/_default/settings/display')({
  head: () => ({ meta: [{ title: 'Display settings · Waymark' }] }),
  component: function DisplayRoute() {
    const settings = useSettings();
    return <SettingsLoader query={settings}>{(s) => <DisplaySettingsPage settings={s} />}</SettingsLoader>;
  },
});
