import { ArrowLeft, ArrowRight, Check, FileText, Loader2, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { NavLink } from '@/components/layout/nav-link';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useCreateProject } from '../api/create-project';
import { draftBlob, toDraftFile } from '../lib/draft';
import { formatBytes, PROJECT_STATUS_LABELS } from '../lib/status';
import { Dropzone } from './dropzone';
import { LocationPicker } from './location-picker';
import { DetailsFields, StatusFields, validateDetails } from './project-fields';
import { UploadQueue, useUploadQueue } from './upload-queue';
import { useProjectDraft } from './use-draft';

export const WIZARD_STEPS = ['details', 'docs', 'status', 'location'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

const STEP_TITLES: Record<WizardStep, { title: string; text: string }> = {
  details: { title: 'Details', text: 'Name the project and pick its cover.' },
  docs: { title: 'Documents', text: 'Add the files the team needs: plans, tracks, permits. You can skip this and add them later.' },
  status: { title: 'Status', text: 'Where does the project stand?' },
  location: { title: 'Location', text: 'Pan and zoom the map to frame the project area.' },
};

export const DRAFT_KEY = 'wizard';

/**
 * The add-project wizard: details → documents → status → location. Each step validates before
 * Next; Back keeps everything; the draft (fields and chosen files) is kept in IndexedDB so it
 * survives a reload; the project is created only by the last step's "Create project".
 */
export function AddProjectWizard({
  step,
  go,
  onCreated,
}: {
  step: WizardStep;
  go: (s: WizardStep) => void;
  onCreated: (id: string) => void;
}) {
  const { draft, loaded, saveState, update, flush, discard } = useProjectDraft(DRAFT_KEY);
  // Errors show once Next was tried on this step.
  const [touchedStep, setTouchedStep] = useState<WizardStep | null>(null);
  const touched = touchedStep === step;
  const create = useCreateProject();
  const queue = useUploadQueue(null);
  const [createdId, setCreatedId] = useState<string | null>(null);
  const index = WIZARD_STEPS.indexOf(step);
  const detailsErrors = validateDetails(draft);
  const valid: Record<WizardStep, boolean> = {
    details: Object.keys(detailsErrors).length === 0,
    docs: true,
    status: true,
    location: draft.location !== null,
  };

  // A step further than the first invalid one (e.g. a bookmarked /add/location) goes back to it.
  useEffect(() => {
    if (!loaded) return;
    const firstInvalid = WIZARD_STEPS.findIndex((s) => !valid[s] && s !== step);
    if (firstInvalid !== -1 && firstInvalid < index) go(WIZARD_STEPS[firstInvalid]!);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded, step]);

  const next = async () => {
    setTouchedStep(step);
    if (!valid[step]) return;
    await flush();
    if (index < WIZARD_STEPS.length - 1) go(WIZARD_STEPS[index + 1]!);
    else await finish();
  };

  const finish = async () => {
    try {
      const p = await create.mutateAsync({
        name: draft.name.trim(),
        description: draft.description.trim(),
        status: draft.status,
        location: draft.location,
        cover: { color: draft.color, emoji: draft.emoji },
      });
      setCreatedId(p.id);
      const results = await queue.add(
        draft.files.map((f) => ({ blob: draftBlob(f), name: f.name })),
        p.id,
      );
      await discard();
      if (results.every(Boolean)) {
        toast.success(`Project “${p.name}” created`);
        onCreated(p.id);
      } else toast.warning('The project was created, but some documents could not be uploaded.');
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Could not create the project');
    }
  };

  const addFiles = async (files: File[]) => {
    const added = await Promise.all(files.map(toDraftFile));
    update({ files: [...draft.files, ...added] });
  };

  const busy = create.isPending || queue.items.some((i) => i.state === 'uploading');

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4 p-4 md:p-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">New project</h1>
        <p className="text-muted-foreground text-sm">
          Four short steps; your draft is kept in this browser until you create the project. Prefer one page?{' '}
          <NavLink to="/dashboard/projects/add-one" className="text-primary underline underline-offset-4">
            Use the single-page form
          </NavLink>
          .
        </p>
      </div>
      <nav aria-label="Steps">
        <ol className="grid grid-cols-4 gap-2" data-testid="wizard-steps">
          {WIZARD_STEPS.map((s, i) => {
            const done = i < index;
            const current = i === index;
            return (
              <li key={s} aria-current={current ? 'step' : undefined} className="grid gap-1.5">
                <span className={cn('h-1.5 rounded-full', done || current ? 'bg-primary' : 'bg-muted')} aria-hidden />
                <span className={cn('flex items-center gap-1.5 text-xs sm:text-sm', current ? 'font-semibold' : 'text-muted-foreground')}>
                  <span
                    className={cn(
                      'grid size-5 shrink-0 place-items-center rounded-full border text-[0.65rem]',
                      (done || current) && 'border-primary bg-primary text-primary-foreground',
                    )}
                  >
                    {done ? <Check aria-hidden className="size-3" /> : i + 1}
                  </span>
                  <span className="truncate">{STEP_TITLES[s].title}</span>
                  {done && <span className="sr-only">(done)</span>}
                </span>
              </li>
            );
          })}
        </ol>
      </nav>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>
              Step {index + 1} of {WIZARD_STEPS.length}: {STEP_TITLES[step].title}
            </h2>
          </CardTitle>
          <CardDescription>{STEP_TITLES[step].text}</CardDescription>
        </CardHeader>
        <CardContent>
          {!loaded ? (
            <p className="text-muted-foreground flex items-center gap-2 text-sm">
              <Loader2 aria-hidden className="size-4 animate-spin" /> Loading your draft…
            </p>
          ) : step === 'details' ? (
            <DetailsFields value={draft} onChange={(v) => update(v)} errors={touched ? detailsErrors : {}} />
          ) : step === 'docs' ? (
            <div className="grid gap-3">
              <Dropzone
                onFiles={addFiles}
                disabled={busy}
                hint="PDF, images, GPX/KML/GeoJSON, office documents or text. They upload when the project is created."
              />
              {draft.files.length > 0 && (
                <ul className="grid gap-1.5" aria-label="Documents to upload" data-testid="draft-files">
                  {draft.files.map((f) => (
                    <li key={f.id} className="flex items-center gap-2 rounded-md border px-3 py-2 text-sm">
                      <FileText aria-hidden className="text-muted-foreground size-4 shrink-0" />
                      <bdi className="min-w-0 flex-1 truncate">{f.name}</bdi>
                      <span className="text-muted-foreground text-xs tabular-nums">{formatBytes(f.size)}</span>
                      <Button
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
            </div>
          ) : step === 'status' ? (
            <StatusFields value={draft.status} onChange={(s) => update({ status: s })} />
          ) : (
            <div className="grid gap-3">
              <LocationPicker
                value={draft.location}
                region={draft.region}
                onChange={(location) => update({ location })}
                onRegion={(region) => update({ region, location: null })}
              />
              {touched && !valid.location && (
                <p role="alert" className="text-destructive text-sm">
                  Move the map to the project area to set its location.
                </p>
              )}
              <dl className="text-muted-foreground grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt>Name</dt>
                <dd className="text-foreground">
                  <bdi>{draft.name}</bdi>
                </dd>
                <dt>Status</dt>
                <dd className="text-foreground">{PROJECT_STATUS_LABELS[draft.status]}</dd>
                <dt>Documents</dt>
                <dd className="text-foreground">{draft.files.length}</dd>
              </dl>
            </div>
          )}
          {queue.items.length > 0 && (
            <div className="mt-4 grid gap-2">
              <UploadQueue items={queue.items} onDismiss={queue.dismiss} />
              {createdId && !busy && (
                <Button asChild variant="outline" className="justify-self-start">
                  <NavLink to={`/dashboard/projects/view?id=${createdId}`}>Go to the project</NavLink>
                </Button>
              )}
            </div>
          )}
        </CardContent>
        <CardFooter className="flex flex-wrap justify-between gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="outline" disabled={index === 0 || busy} onClick={() => void flush().then(() => go(WIZARD_STEPS[index - 1]!))}>
              <ArrowLeft aria-hidden className="rtl:rotate-180" /> Back
            </Button>
            <Button
              variant="ghost"
              disabled={busy}
              onClick={() =>
                void discard().then(() => {
                  setTouchedStep(null);
                  go('details');
                })
              }
            >
              Discard draft
            </Button>
            <span className="text-muted-foreground text-xs" aria-live="polite" data-testid="draft-state">
              {!loaded
                ? ''
                : saveState === 'saving'
                  ? 'Saving draft…'
                  : saveState === 'error'
                    ? 'The draft could not be saved in this browser'
                    : 'Draft saved'}
            </span>
          </div>
          <Button onClick={() => void next()} disabled={!loaded || busy || createdId !== null}>
            {index === WIZARD_STEPS.length - 1 ? (
              <>{busy ? <Loader2 aria-hidden className="animate-spin" /> : <Check aria-hidden />} Create project</>
            ) : (
              <>
                Next <ArrowRight aria-hidden className="rtl:rotate-180" />
              </>
            )}
          </Button>
        </CardFooter>
      </Card>
    </div>
  );
}
