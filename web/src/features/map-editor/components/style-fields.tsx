import type { Style } from '@waymark/collab';
import { RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';

const FIELDS: { key: keyof Style; label: string; min: number; max: number; step: number }[] = [
  { key: 'strokeWidth', label: 'Stroke width', min: 0, max: 20, step: 0.5 },
  { key: 'fillOpacity', label: 'Fill opacity', min: 0, max: 1, step: 0.05 },
  { key: 'opacity', label: 'Opacity', min: 0, max: 1, step: 0.05 },
];

/**
 * Colour, stroke width, fill opacity and opacity. `value` is what applies; `overridden` (for a
 * feature) marks keys set on the feature itself, each with a reset back to the layer's value.
 * Sliders write when released (one change per gesture, one undo step).
 */
export function StyleFields({
  value,
  onChange,
  overridden,
  onReset,
  disabled,
}: {
  value: Style;
  onChange: (patch: Partial<Style>) => void;
  overridden?: Partial<Record<keyof Style, boolean>>;
  onReset?: (key: keyof Style) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const key = JSON.stringify(value);
  const [was, setWas] = useState(key);
  if (was !== key) {
    setWas(key);
    setDraft(value);
  }
  const reset = (k: keyof Style) =>
    overridden?.[k] && onReset ? (
      <Button type="button" variant="ghost" size="icon" className="size-7" onClick={() => onReset(k)} disabled={disabled}>
        <RotateCcw aria-hidden className="size-3.5" />
        <span className="sr-only">Reset to the layer&apos;s value</span>
      </Button>
    ) : null;
  return (
    <div className="grid gap-2 text-sm">
      <div className="flex items-center gap-2">
        <Label htmlFor={`${id}-color`} className="w-28 shrink-0">
          Colour
        </Label>
        <input
          id={`${id}-color`}
          type="color"
          value={draft.color}
          disabled={disabled}
          onChange={(e) => setDraft({ ...draft, color: e.target.value })}
          onBlur={() => draft.color !== value.color && onChange({ color: draft.color })}
          className="border-input h-8 w-14 cursor-pointer rounded border bg-transparent p-0.5 disabled:cursor-not-allowed"
        />
        <bdi dir="ltr" className="text-muted-foreground font-mono text-xs">
          {draft.color}
        </bdi>
        {reset('color')}
      </div>
      {FIELDS.map((f) => (
        <div key={f.key} className="flex items-center gap-2">
          <Label htmlFor={`${id}-${f.key}`} className="w-28 shrink-0">
            {f.label}
          </Label>
          <input
            id={`${id}-${f.key}`}
            type="range"
            min={f.min}
            max={f.max}
            step={f.step}
            value={draft[f.key] as number}
            disabled={disabled}
            onChange={(e) => setDraft({ ...draft, [f.key]: Number(e.target.value) })}
            onPointerUp={() => draft[f.key] !== value[f.key] && onChange({ [f.key]: draft[f.key] })}
            onKeyUp={() => draft[f.key] !== value[f.key] && onChange({ [f.key]: draft[f.key] })}
            onBlur={() => draft[f.key] !== value[f.key] && onChange({ [f.key]: draft[f.key] })}
            className="accent-primary min-w-0 flex-1"
          />
          <span className="w-10 text-end text-xs tabular-nums">{draft[f.key] as number}</span>
          {reset(f.key)}
        </div>
      ))}
    </div>
  );
}
