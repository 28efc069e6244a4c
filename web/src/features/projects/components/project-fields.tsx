import {
  PROJECT_COLORS,
  PROJECT_DESCRIPTION_MAX,
  PROJECT_NAME_MAX,
  PROJECT_STATUSES,
  type ProjectColor,
  type ProjectStatus,
} from '@waymark/contracts';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { COLOR_CLASSES, PROJECT_STATUS_LABELS, STATUS_HELP } from '../lib/status';

export const EMOJIS = ['', '⛰️', '🏃', '🚵', '🥾', '🌲', '🏁', '🗺️', '🏙️', '🌊', '⛷️', '🚧'];

export interface DetailsValue {
  name: string;
  description: string;
  color: ProjectColor;
  emoji: string;
}

/** Per-field messages for the details step (client side; the server checks the same rules). */
export function validateDetails(v: DetailsValue): Partial<Record<'name' | 'description', string>> {
  const e: Partial<Record<'name' | 'description', string>> = {};
  if (!v.name.trim()) e.name = 'Give the project a name.';
  else if (v.name.trim().length > PROJECT_NAME_MAX) e.name = `At most ${PROJECT_NAME_MAX} characters.`;
  if (v.description.trim().length > PROJECT_DESCRIPTION_MAX) e.description = `At most ${PROJECT_DESCRIPTION_MAX} characters.`;
  return e;
}

export function DetailsFields({
  value,
  onChange,
  errors,
}: {
  value: DetailsValue;
  onChange: (v: DetailsValue) => void;
  errors: Partial<Record<'name' | 'description', string>>;
}) {
  return (
    <div className="grid gap-4">
      <div className="grid gap-1.5">
        <Label htmlFor="p-name">Name</Label>
        <Input
          id="p-name"
          value={value.name}
          maxLength={PROJECT_NAME_MAX + 20}
          aria-invalid={Boolean(errors.name) || undefined}
          aria-describedby={errors.name ? 'p-name-error' : undefined}
          placeholder="e.g. Andorra trail race: course marking"
          onChange={(e) => onChange({ ...value, name: e.target.value })}
        />
        {errors.name && (
          <p id="p-name-error" className="text-destructive text-sm">
            {errors.name}
          </p>
        )}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="p-desc">Description</Label>
        <Textarea
          id="p-desc"
          rows={4}
          value={value.description}
          aria-invalid={Boolean(errors.description) || undefined}
          aria-describedby={errors.description ? 'p-desc-error' : 'p-desc-hint'}
          placeholder="What is this project about?"
          onChange={(e) => onChange({ ...value, description: e.target.value })}
        />
        {errors.description ? (
          <p id="p-desc-error" className="text-destructive text-sm">
            {errors.description}
          </p>
        ) : (
          <p id="p-desc-hint" className="text-muted-foreground text-xs">
            Optional. {value.description.length}/{PROJECT_DESCRIPTION_MAX}
          </p>
        )}
      </div>
      <fieldset className="grid gap-1.5">
        <legend className="mb-1.5 text-sm font-medium">Cover colour</legend>
        <RadioGroup
          value={value.color}
          onValueChange={(c) => onChange({ ...value, color: c as ProjectColor })}
          className="flex flex-wrap gap-2"
        >
          {PROJECT_COLORS.map((c) => (
            <Label
              key={c}
              className="flex cursor-pointer items-center gap-1.5 rounded-md border px-2 py-1 text-xs capitalize has-[[data-state=checked]]:border-primary"
            >
              <RadioGroupItem value={c} aria-label={c} className="sr-only" />
              <span aria-hidden className={cn('size-3 rounded-full', COLOR_CLASSES[c].swatch)} />
              {c}
            </Label>
          ))}
        </RadioGroup>
      </fieldset>
      <fieldset className="grid gap-1.5">
        <legend className="mb-1.5 text-sm font-medium">Cover emoji</legend>
        <RadioGroup value={value.emoji} onValueChange={(e) => onChange({ ...value, emoji: e })} className="flex flex-wrap gap-1">
          {EMOJIS.map((e) => (
            <Label
              key={e || 'none'}
              className="flex size-9 cursor-pointer items-center justify-center rounded-md border text-lg has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent"
            >
              <RadioGroupItem value={e} aria-label={e || 'No emoji'} className="sr-only" />
              {e || <span className="text-muted-foreground text-xs">None</span>}
            </Label>
          ))}
        </RadioGroup>
      </fieldset>
    </div>
  );
}

export function StatusFields({ value, onChange }: { value: ProjectStatus; onChange: (s: ProjectStatus) => void }) {
  return (
    <RadioGroup value={value} onValueChange={(s) => onChange(s as ProjectStatus)} aria-label="Status" className="grid gap-2">
      {PROJECT_STATUSES.map((s) => (
        <Label
          key={s}
          htmlFor={`status-${s}`}
          className="flex cursor-pointer items-start gap-3 rounded-md border p-3 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent/50"
        >
          <RadioGroupItem id={`status-${s}`} value={s} className="mt-0.5" />
          <span className="grid gap-0.5">
            <span className="font-medium">{PROJECT_STATUS_LABELS[s]}</span>
            <span className="text-muted-foreground text-xs font-normal">{STATUS_HELP[s]}</span>
          </span>
        </Label>
      ))}
    </RadioGroup>
  );
}
