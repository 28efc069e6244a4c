import { createFileRoute } from '@tanstack/react-router';
import { AddProjectWizard } from '@/features/projects/components/add-wizard';
import { useWizardNavigation } from './-wizard-nav';

export const Route = createFileRoute('/_default/dashboard/projects/add/location')({
  head: () => ({ meta: [{ title: 'New project · Waymark' }] }),
  component: StepRoute,
});

function StepRoute() {
  return <AddProjectWizard step="location" {...useWizardNavigation()} />;
}
