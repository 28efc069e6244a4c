import { mailMessageResponse, type MailDraftBody } from '@waymark/contracts/mail';
import { api } from '@/lib/api-client';

/** POST /api/mail/drafts (new) or PUT /api/mail/drafts/:id: the compose window autosaves through this. */
export const saveDraft = async (body: MailDraftBody, id?: string | null) =>
  (
    await api(id ? `/api/mail/drafts/${encodeURIComponent(id)}` : '/api/mail/drafts', {
      method: id ? 'PUT' : 'POST',
      body,
      schema: mailMessageResponse,
      toast: false,
    })
  ).message;
