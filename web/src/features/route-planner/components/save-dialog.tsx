import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

export interface SaveMeta {
  name: string;
  description: string;
  visibility: 'private' | 'unlisted' | 'public';
}

interface Props {
  open: boolean;
  onOpenChange(o: boolean): void;
  initial: SaveMeta;
  existing: boolean;
  onSave(meta: SaveMeta, asNew: boolean): Promise<void>;
}

const VIS = [
  ['private', 'Private', 'Only you'],
  ['unlisted', 'Unlisted', 'Anyone with the link'],
  ['public', 'Public', 'Listed for everyone'],
] as const;

export function SaveDialog({ open, onOpenChange, initial, existing, onSave }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {open ? <SaveForm initial={initial} existing={existing} onSave={onSave} onCancel={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function SaveForm({
  initial,
  existing,
  onSave,
  onCancel,
}: {
  initial: SaveMeta;
  existing: boolean;
  onSave: Props['onSave'];
  onCancel(): void;
}) {
  const [meta, setMeta] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const nameOk = meta.name.trim().length > 0 && meta.name.length <= 120;
  const submit = async (asNew: boolean) => {
    if (!nameOk) {
      setError('Give the route a name (at most 120 characters).');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSave({ ...meta, name: meta.name.trim(), description: meta.description.trim() }, asNew);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Saving failed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        void submit(false);
      }}
    >
      <DialogHeader>
        <DialogTitle>{existing ? 'Save route' : 'Save new route'}</DialogTitle>
        <DialogDescription>
          Saved routes are in your library. Saves made offline are kept and synced when you are back online.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-1.5">
        <Label htmlFor="route-name">Name</Label>
        <Input
          id="route-name"
          value={meta.name}
          maxLength={120}
          required
          aria-invalid={!nameOk}
          onChange={(e) => setMeta({ ...meta, name: e.target.value })}
          autoFocus
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="route-description">Description</Label>
        <Textarea
          id="route-description"
          value={meta.description}
          maxLength={2000}
          rows={3}
          onChange={(e) => setMeta({ ...meta, description: e.target.value })}
        />
      </div>
      <fieldset className="grid gap-1.5">
        <legend className="mb-1 text-sm font-medium">Visibility</legend>
        {VIS.map(([v, label, help]) => (
          <label key={v} className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="radio"
              name="visibility"
              value={v}
              checked={meta.visibility === v}
              onChange={() => setMeta({ ...meta, visibility: v })}
              className="accent-primary"
            />
            <span className="font-medium">{label}</span>
            <span className="text-muted-foreground">— {help}</span>
          </label>
        ))}
      </fieldset>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        {existing ? (
          <Button type="button" variant="outline" disabled={busy} onClick={() => void submit(true)}>
            Save as new
          </Button>
        ) : null}
        <Button type="submit" disabled={busy}>
          Save
        </Button>
      </DialogFooter>
    </form>
  );
}
