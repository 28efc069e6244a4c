import { useState } from 'react';
import { Stepper, StepperCompletedContent, StepperContent } from '@/components/ui/stepper';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      The steps of a multi-step flow — like adding a project (documents, status, location) — and where the user is. The current step has{' '}
      <code>aria-current=&quot;step&quot;</code>; completed steps show a check. With <code>linear</code> the user cannot skip ahead.
    </p>
  ),
  builtOn: 'Ark UI Steps',
  examples: [
    { id: 'Uncontrolled', title: 'Uncontrolled', render: Uncontrolled },
    { id: 'Controlled', title: 'Controlled, linear', render: Controlled },
    { id: 'Vertical', title: 'Vertical', render: Vertical },
  ],
  keyboard: [
    { keys: 'Tab', action: 'Moves through the step buttons, the content and Previous / Next.' },
    { keys: 'Enter / Space', action: 'On a step: goes to it (not ahead of the current step when linear).' },
  ],
});

const STEPS = [
  { title: 'Documents', description: 'Upload files' },
  { title: 'Status', description: 'Draft or active' },
  { title: 'Location', description: 'Pick on the map' },
];

function Uncontrolled() {
  return (
    <Stepper steps={STEPS} defaultStep={1} className="max-w-xl">
      {STEPS.map((s, i) => (
        <StepperContent key={s.title} index={i}>
          Step {i + 1}: {s.description}.
        </StepperContent>
      ))}
      <StepperCompletedContent>All steps complete: the project can be created.</StepperCompletedContent>
    </Stepper>
  );
}

function Controlled() {
  const [step, setStep] = useState(0);
  return (
    <div className="grid w-full max-w-xl gap-2">
      <Stepper steps={STEPS} step={step} onStepChange={(e) => setStep(e.step)} linear>
        {STEPS.map((s, i) => (
          <StepperContent key={s.title} index={i}>
            {s.title}: {s.description}.
          </StepperContent>
        ))}
        <StepperCompletedContent>Done.</StepperCompletedContent>
      </Stepper>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Step: {step + 1 > STEPS.length ? 'complete' : `${step + 1} of ${STEPS.length}`}
      </p>
    </div>
  );
}

function Vertical() {
  return (
    <Stepper steps={STEPS} defaultStep={2} orientation="vertical" className="max-w-xl">
      {STEPS.map((s, i) => (
        <StepperContent key={s.title} index={i}>
          {s.description}.
        </StepperContent>
      ))}
    </Stepper>
  );
}
