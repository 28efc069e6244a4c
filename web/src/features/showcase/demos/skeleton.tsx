import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      A pulsing placeholder in the shape of the content being loaded. Skeletons are decorative: mark the region busy (<code>aria-busy</code>
      ) and label it, so assistive technology hears “loading”, not empty boxes.
    </p>
  ),
  builtOn: 'a div',
  examples: [
    { id: 'Shapes', title: 'Shapes', render: Shapes },
    { id: 'Loading', title: 'Loading, then content', render: Loading },
  ],
});

function Shapes() {
  return (
    <div className="flex items-center gap-4" role="status" aria-busy="true" aria-label="Loading profile">
      <Skeleton className="size-12 rounded-full" />
      <div className="space-y-2">
        <Skeleton className="h-4 w-52" />
        <Skeleton className="h-4 w-40" />
      </div>
    </div>
  );
}

function Loading() {
  const [loaded, setLoaded] = useState(false);
  const [run, setRun] = useState(0);
  useEffect(() => {
    const t = setTimeout(() => setLoaded(true), 1200);
    return () => clearTimeout(t);
  }, [run]);
  return (
    <div className="grid w-full max-w-sm gap-3">
      <div className="rounded-lg border p-4" aria-busy={!loaded} aria-live="polite">
        {loaded ? (
          <div className="space-y-1">
            <p className="font-medium">Coll de la Botella loop</p>
            <p className="text-sm text-muted-foreground">12.4 km · 640 m climb</p>
          </div>
        ) : (
          <div className="space-y-2" role="status" aria-label="Loading route">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        )}
      </div>
      <Button
        size="sm"
        variant="outline"
        className="w-fit"
        onClick={() => {
          setLoaded(false);
          setRun((r) => r + 1);
        }}
      >
        Reload
      </Button>
    </div>
  );
}
