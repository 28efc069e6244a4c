import { useNavigate } from '@tanstack/react-router';
import type { WizardStep } from '@/features/projects/components/add-wizard';

const PATHS: Record<WizardStep, string> = {
  details: '/dashboard/projects/add',
  docs: '/dashboard/projects/add/docs',
  status: '/dashboard/projects/add/status',
  location: '/dashboard/projects/add/location',
};

/** The wizard's steps are routes: /add, /add/docs, /add/status, /add/location. */
export function useWizardNavigation() {
  const navigate = useNavigate();
  return {
    go: (s: WizardStep) => void navigate({ to: PATHS[s] as never }),
    onCreated: (id: string) => void navigate({ to: '/dashboard/projects/view' as never, search: { id } as never }),
  };
}
