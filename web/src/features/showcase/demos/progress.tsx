import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      How far a task has got (<code>role=&quot;progressbar&quot;</code> with <code>aria-valuenow</code>, or no value when the amount is
      unknown). Give each bar a label. It fills from the start edge: right to left in RTL.
    </p>
  ),
  builtOn: 'Radix Progress',
  examples: [
    { id: 'Values', title: 'Values', render: Values },
    { id: 'Live', title: 'Live (controlled)', render: Live },
    { id: 'Indeterminate', title: 'Indeterminate (loading)', render: Indeterminate },
  ],
});

function Values() {
  return (
    <div className="grid w-full max-w-md gap-4">
      {[0, 33, 66, 100].map((v) => (
        <div key={v} className="grid gap-1.5">
          <span className="text-sm text-muted-foreground">{v} %</span>
          <Progress value={v} aria-label={`Example at ${v} percent`} />
        </div>
      ))}
      <Progress value={40} aria-label="Thick bar" className="h-3" />
    </div>
  );
}

function Live() {
  const [value, setValue] = useState(10);
  const [running, setRunning] = useState(false);
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => setValue((v) => (v >= 100 ? 100 : v + 10)), 300);
    return () => clearInterval(t);
  }, [running]);
  return (
    <div className="grid w-full max-w-md gap-3">
      <Progress value={value} aria-label="Caching the Andorra region" />
      <p className="text-sm text-muted-foreground">Caching the Andorra region: {value} %</p>
      <div className="flex gap-2">
        <Button size="sm" onClick={() => setRunning(true)} disabled={running && value < 100}>
          Start
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            setRunning(false);
            setValue(0);
          }}
        >
          Reset
        </Button>
      </div>
    </div>
  );
}

function Indeterminate() {
  return (
    <div className="grid w-full max-w-md gap-1.5">
      <span className="text-sm text-muted-foreground">Building the routing graph…</span>
      <Progress value={null} aria-label="Building the routing graph" />
    </div>
  );
}
