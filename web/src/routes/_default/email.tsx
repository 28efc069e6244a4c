import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
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

/** the view a bare /email shows: left out of the URL (links and sign-in redirects stay /email) */
const DEFAULTS = { folder: 'inbox', q: '', tab: 'all' } as const;

export const Route = createFileRoute('/_default/email')({
  validateSearch: searchSchema,
  search: { middlewares: [stripSearchParams(DEFAULTS)] },
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
