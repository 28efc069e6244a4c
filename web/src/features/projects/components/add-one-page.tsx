import { Check, FileText, Loader2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { NavLink } from '@/components/layout/nav-link';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiError } from '@/lib/api-client';
import { useCreateProject } from '../api/create-project';
import { draftBlob, toDraftFile } from '../lib/draft';
import { formatBytes } from '../lib/status';
import { Dropzone } from './dropzone';
import { LocationPicker } from './location-picker';
import { DetailsFields, StatusFields, validateDetails } from './project-fields';
import { UploadQueue, useUploadQueue } from './upload-queue';
import { useProjectDraft } from './use-draft';

/** /dashboard/projects/add-one: the wizard's form on one page (its own draft, same rules). */
export function AddOnePage({ onCreated }: { onCreated: (id: string) => void }) {
  const { draft, loaded, update, discard } = useProjectDraft('single-page');
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateProject();
  const queue = useUploadQueue(null);
  const errors = validateDetails(draft);
  const locationMissing = draft.location === null;
  const busy = create.isPending || queue.items.some((i) => i.state === 'uploading');

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length || locationMissing) {
      document.getElementById(errors.name ? 'p-name' : 'loc-place')?.focus();
      return;
    }
    try {
      const p = await create.mutateAsync({
        name: draft.name.trim(),
        description: draft.description.trim(),
        status: draft.status,
        location: draft.location,
        cover: { color: draft.color, emoji: draft.emoji },
      });
      const ok = await queue.add(
        draft.files.map((f) => ({ blob: draftBlob(f), name: f.name })),
        p.id,
      );
      await discard();
      if (ok.every(Boolean)) {
        toast.success(`Project “${p.name}” created`);
        onCreated(p.id);
      } else toast.warning('The project was created, but some documents could not be uploaded.');
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Could not create the project');
    }
  };

  return (
    <form className="mx-auto grid w-full max-w-3xl gap-4 p-4 md:p-6" onSubmit={(e) => void submit(e)} noValidate>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">New project</h1>
        <p className="text-muted-foreground text-sm">
          Everything on one page.{' '}
          <NavLink to="/dashboard/projects/add" className="text-primary underline underline-offset-4">
            Prefer steps?
          </NavLink>
        </p>
      </div>
      {!loaded ? (
        <p className="text-muted-foreground text-sm">Loading your draft…</p>
      ) : (
        <>
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Details</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <DetailsFields value={draft} onChange={(v) => update(v)} errors={submitted ? errors : {}} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Documents</h2>
              </CardTitle>
              <CardDescription>Optional; uploaded when the project is created.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-3">
              <Dropzone
                onFiles={(files) => void Promise.all(files.map(toDraftFile)).then((added) => update({ files: [...draft.files, ...added] }))}
                disabled={busy}
              />
              {draft.files.length > 0 && (
                <ul className="grid gap-1.5" aria-label="Documents to upload">
                  {draft.files.map((f) => (
                    <li key={f.id} className="flex items-center gap-2 rounded-md border px-3 py-2 text-sm">
                      <FileText aria-hidden className="text-muted-foreground size-4 shrink-0" />
                      <bdi className="min-w-0 flex-1 truncate">{f.name}</bdi>
                      <span className="text-muted-foreground text-xs">{formatBytes(f.size)}</span>
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        className="size-7"
                        aria-label={`Remove ${f.name}`}
                        onClick={() => update({ files: draft.files.filter((x) => x.id !== f.id) })}
                      >
                        <Trash2 aria-hidden />
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Status</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <StatusFields value={draft.status} onChange={(status) => update({ status })} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Location</h2>
              </CardTitle>
              <CardDescription>Pan and zoom the map to frame the project area.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-2">
              <LocationPicker
                value={draft.location}
                region={draft.region}
                onChange={(location) => update({ location })}
                onRegion={(region) => update({ region, location: null })}
              />
              {submitted && locationMissing && (
                <p role="alert" className="text-destructive text-sm">
                  Move the map to the project area to set its location.
                </p>
              )}
            </CardContent>
          </Card>
          <UploadQueue items={queue.items} onDismiss={queue.dismiss} />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" disabled={busy} onClick={() => void discard()}>
              Clear form
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? <Loader2 aria-hidden className="animate-spin" /> : <Check aria-hidden />} Create project
            </Button>
          </div>
        </>
      )}
    </form>
  );
}
