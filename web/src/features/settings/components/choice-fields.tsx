// Form controls the settings pages share: a fieldset of radio choices and a labelled select, both
// bound to one react-hook-form field.
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path, type PathValue } from 'react-hook-form';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Field } from './settings-form';

export interface ChoiceOption<V> {
  value: V;
  label: ReactNode;
}

/** A fieldset whose legend names a radio group, one labelled radio per option (values may be numbers). */
export function RadioChoice<F extends FieldValues, K extends Path<F>>({
  control,
  name,
  legend,
  options,
  className = 'flex flex-wrap gap-x-6 gap-y-2',
}: {
  control: Control<F>;
  name: K;
  legend: string;
  options: readonly ChoiceOption<PathValue<F, K>>[];
  /** the radio group's layout (default: a wrapping row) */
  className?: string;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <RadioGroup
            aria-label={legend}
            value={String(field.value)}
            onValueChange={(v) => field.onChange(options.find((o) => String(o.value) === v)!.value)}
            className={className}
          >
            {options.map((o) => (
              <label key={String(o.value)} className="flex items-center gap-2 text-sm">
                <RadioGroupItem value={String(o.value)} /> {o.label}
              </label>
            ))}
          </RadioGroup>
        )}
      />
    </fieldset>
  );
}

/** A labelled select (with its description and error) over string options. */
export function SelectChoice<F extends FieldValues, K extends Path<F>>({
  control,
  name,
  id,
  label,
  description,
  error,
  options,
  triggerClassName,
}: {
  control: Control<F>;
  name: K;
  id: string;
  label: string;
  description: string;
  error?: string;
  /** the options, given the field's current value (so a value missing from a list can be added) */
  options: (value: PathValue<F, K>) => readonly ChoiceOption<string>[];
  triggerClassName?: string;
}) {
  return (
    <Field id={id} label={label} description={description} error={error}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Select value={field.value} onValueChange={field.onChange}>
            <SelectTrigger id={id} className={triggerClassName} aria-describedby={`${id}-desc`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {options(field.value).map((o) => (
                <SelectItem key={o.value} value={o.value}>
                  {o.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </Field>
  );
}
