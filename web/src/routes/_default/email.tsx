import { createFileRoute } from '@tanstack/react-router';
import { MAIL_VIEWS } from '@waymark/contracts/mail';
import { useCallback } from 'react';
import { z } from 'zod';
import { MailPage, type MailSearch } from '@/features/mail/components/mail-page';

const searchSchema = z.object({
  folder: z.enum(MAIL_VIEWS).catch('inbox').default('inbox'),
  id: z.uuid().optional().catch(undefined),
  q: z.string().max(200).catch('').default(''),
  tab: z.enum(['all', 'unread']).catch('all').default('all'),
});

export const Route = createFileRoute('/_default/email')({
  validateSearch: searchSchema,
  head: () => ({ meta: [{ title: 'Mail · Waymark' }] }),
  component: EmailRoute,
});

function EmailRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { session } = Route.useRouteContext();
  const onSearch = useCallback(
    (patch: Partial<MailSearch>) =>
      void navigate({ search: (old) => ({ ...old, ...patch }), replace: patch.id === undefined && !('folder' in patch) }),
    [navigate],
  );
  return <MailPage search={search} onSearch={onSearch} userId={session.user.id} />;
}
