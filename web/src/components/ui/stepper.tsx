import { Steps as StepsPrimitive } from '@ark-ui/react/steps';
import { CheckIcon } from 'lucide-react';
import { Direction } from 'radix-ui';
import type * as React from 'react';
import { cn } from '@/lib/utils';
import { buttonVariants } from './button';

export interface StepperStep {
  title: string;
  description?: string;
}

type RootProps = React.ComponentProps<typeof StepsPrimitive.Root>;

/**
 * The steps of a flow (Ark UI's Steps): a list of step buttons (the current one has
 * aria-current="step"), one content panel per step and a completed panel; Previous/Next move
 * through them. With `linear` the user cannot jump ahead of the current step.
 */
export function Stepper({
  steps,
  className,
  children,
  orientation = 'horizontal',
  ...props
}: Omit<RootProps, 'count'> & { steps: StepperStep[] }) {
  const dir = Direction.useDirection();
  return (
    <StepsPrimitive.Root
      data-slot="stepper"
      dir={dir}
      count={steps.length}
      orientation={orientation}
      className={cn('flex w-full gap-6 data-[orientation=horizontal]:flex-col data-[orientation=vertical]:flex-row', className)}
      {...props}
    >
      <StepsPrimitive.List className="flex gap-2 data-[orientation=horizontal]:items-start data-[orientation=vertical]:flex-col">
        {steps.map((step, index) => (
          <StepsPrimitive.Item
            key={step.title}
            index={index}
            className="group/step relative flex flex-1 gap-2 data-[orientation=horizontal]:flex-col data-[orientation=horizontal]:items-center data-[orientation=vertical]:items-start"
          >
            <StepsPrimitive.Trigger className="flex flex-col items-center gap-1.5 rounded-md p-1 text-center outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed group-data-[orientation=vertical]/step:flex-row group-data-[orientation=vertical]/step:text-start">
              <StepsPrimitive.Indicator className="flex size-8 shrink-0 items-center justify-center rounded-full border-2 border-muted-foreground/40 text-sm font-medium text-muted-foreground data-complete:border-primary data-complete:bg-primary data-complete:text-primary-foreground data-current:border-primary data-current:text-foreground">
                <span className="group-data-complete/step:hidden">{index + 1}</span>
                <CheckIcon aria-hidden className="hidden size-4 group-data-complete/step:block" />
              </StepsPrimitive.Indicator>
              <span className="grid gap-0.5">
                <span className="text-sm font-medium">{step.title}</span>
                {step.description && <span className="text-xs text-muted-foreground">{step.description}</span>}
              </span>
            </StepsPrimitive.Trigger>
            {index < steps.length - 1 && (
              <StepsPrimitive.Separator className="hidden h-0.5 flex-1 bg-border data-complete:bg-primary data-[orientation=horizontal]:absolute data-[orientation=horizontal]:top-5 data-[orientation=horizontal]:start-[calc(50%+1.5rem)] data-[orientation=horizontal]:end-[calc(-50%+1.5rem)] data-[orientation=horizontal]:block" />
            )}
          </StepsPrimitive.Item>
        ))}
      </StepsPrimitive.List>
      <div className="grid flex-1 gap-4">
        {children}
        <div className="flex gap-2">
          <StepsPrimitive.PrevTrigger className={buttonVariants({ variant: 'outline' })}>Previous</StepsPrimitive.PrevTrigger>
          <StepsPrimitive.NextTrigger className={buttonVariants()}>Next</StepsPrimitive.NextTrigger>
        </div>
      </div>
    </StepsPrimitive.Root>
  );
}

export function StepperContent({ className, ...props }: React.ComponentProps<typeof StepsPrimitive.Content>) {
  return <StepsPrimitive.Content data-slot="stepper-content" className={cn('rounded-lg border p-4 text-sm', className)} {...props} />;
}

export function StepperCompletedContent({ className, ...props }: React.ComponentProps<typeof StepsPrimitive.CompletedContent>) {
  return (
    <StepsPrimitive.CompletedContent data-slot="stepper-completed" className={cn('rounded-lg border p-4 text-sm', className)} {...props} />
  );
}
