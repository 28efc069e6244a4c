import { Steps as StepsPrimitive } from '@ark-ui/react/steps';
import { CheckIcon } from 'lucide-react';
import { Direction } from 'radix-ui';
import { createContext, useContext, type ReactNode } from 'react';
import type * as React from 'react';
import { cn } from '@/lib/utils';
import { Button } from './button';

export interface StepperStep {
  title: string;
  description?: string;
}

type RootProps = React.ComponentProps<typeof StepsPrimitive.Root>;
type StepsApi = Parameters<React.ComponentProps<typeof StepsPrimitive.Context>['children']>[0];

const StepperContext = createContext<StepsApi | null>(null);

/**
 * The steps of a flow. State (current step, `linear`, controlled `step`/`onStepChange` or
 * uncontrolled `defaultStep`) comes from Ark UI's Steps machine; the markup is an ordered list of
 * step buttons (the current one has aria-current="step", completed ones say so), one panel per step
 * and Previous/Next buttons — not a tablist, so every step stays a plain button in the tab order.
 */
export function Stepper({
  steps,
  className,
  children,
  orientation = 'horizontal',
  ...props
}: Omit<RootProps, 'count' | 'children'> & { steps: StepperStep[]; children?: ReactNode }) {
  const dir = Direction.useDirection();
  return (
    <StepsPrimitive.Root
      data-slot="stepper"
      dir={dir}
      count={steps.length}
      orientation={orientation}
      className={cn('flex w-full gap-6', orientation === 'horizontal' ? 'flex-col' : 'flex-row', className)}
      {...props}
    >
      <StepsPrimitive.Context>
        {(api) => (
          <StepperContext.Provider value={api}>
            <ol className={cn('flex gap-2', orientation === 'horizontal' ? 'items-start' : 'flex-col')} aria-label="Steps">
              {steps.map((step, index) => {
                const state = api.getItemState({ index });
                const linearBlocked = !!props.linear && index > api.value;
                return (
                  <li
                    key={step.title}
                    aria-current={state.current ? 'step' : undefined}
                    data-complete={state.completed || undefined}
                    className={cn(
                      'group/step relative flex flex-1 gap-2',
                      orientation === 'horizontal' ? 'flex-col items-center' : 'items-start',
                    )}
                  >
                    <button
                      type="button"
                      disabled={linearBlocked}
                      onClick={() => api.setStep(index)}
                      className={cn(
                        'flex items-center gap-1.5 rounded-md p-1 text-center outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed',
                        orientation === 'horizontal' ? 'flex-col' : 'flex-row text-start',
                      )}
                    >
                      <span
                        data-current={state.current || undefined}
                        className="flex size-8 shrink-0 items-center justify-center rounded-full border-2 border-muted-foreground/40 text-sm font-medium text-muted-foreground group-data-complete/step:border-primary group-data-complete/step:bg-primary group-data-complete/step:text-primary-foreground data-current:border-primary data-current:text-foreground"
                      >
                        {state.completed ? <CheckIcon aria-hidden className="size-4" /> : index + 1}
                      </span>
                      <span className="grid gap-0.5">
                        <span className="text-sm font-medium">{step.title}</span>
                        {step.description && <span className="text-xs text-muted-foreground">{step.description}</span>}
                        {state.completed && <span className="sr-only">(completed)</span>}
                      </span>
                    </button>
                    {orientation === 'horizontal' && index < steps.length - 1 && (
                      <span
                        aria-hidden
                        className="absolute start-[calc(50%+1.5rem)] end-[calc(-50%+1.5rem)] top-5 h-0.5 bg-border group-data-complete/step:bg-primary"
                      />
                    )}
                  </li>
                );
              })}
            </ol>
            <div className="grid flex-1 gap-4">
              {children}
              <div className="flex gap-2">
                <Button variant="outline" disabled={!api.hasPrevStep} onClick={api.goToPrevStep}>
                  Previous
                </Button>
                <Button disabled={!api.hasNextStep && api.isCompleted} onClick={api.goToNextStep}>
                  Next
                </Button>
              </div>
            </div>
          </StepperContext.Provider>
        )}
      </StepsPrimitive.Context>
    </StepsPrimitive.Root>
  );
}

/** The panel of step `index` (shown while it is the current step). */
export function StepperContent({ index, className, ...props }: React.ComponentProps<'div'> & { index: number }) {
  const api = useContext(StepperContext);
  if (!api || api.value !== index) return null;
  return <div data-slot="stepper-content" className={cn('rounded-lg border p-4 text-sm', className)} {...props} />;
}

/** Shown once every step is done. */
export function StepperCompletedContent({ className, ...props }: React.ComponentProps<'div'>) {
  const api = useContext(StepperContext);
  if (!api?.isCompleted) return null;
  return <div data-slot="stepper-completed" role="status" className={cn('rounded-lg border p-4 text-sm', className)} {...props} />;
}
