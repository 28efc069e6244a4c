import { AlertCircle, CheckCircle2, Info } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      A static callout with <code>role=&quot;alert&quot;</code>, so assistive technology announces it when it appears. Use it for messages
      tied to the page (a failed save, offline mode); for passing notifications use a toast.
    </p>
  ),
  builtOn: 'a div with role="alert"',
  examples: [
    { id: 'Variants', title: 'Variants', render: Variants },
    { id: 'WithoutIcon', title: 'Without an icon, title only', render: WithoutIcon },
  ],
  keyboard: [{ keys: 'Tab', action: 'Not focusable itself; links or buttons inside it are.' }],
});

function Variants() {
  return (
    <div className="grid w-full max-w-xl gap-4">
      <Alert>
        <Info aria-hidden />
        <AlertTitle>Offline copy ready</AlertTitle>
        <AlertDescription>Andorra’s map, terrain and routing graph are cached: planning works without a connection.</AlertDescription>
      </Alert>
      <Alert>
        <CheckCircle2 aria-hidden />
        <AlertTitle>Route saved</AlertTitle>
        <AlertDescription>“Coll de la Botella loop” is in your library.</AlertDescription>
      </Alert>
      <Alert variant="destructive">
        <AlertCircle aria-hidden />
        <AlertTitle>The GPX file could not be read</AlertTitle>
        <AlertDescription>
          <p>Line 12: a track point has no latitude.</p>
        </AlertDescription>
      </Alert>
    </div>
  );
}

function WithoutIcon() {
  return (
    <Alert className="max-w-xl">
      <AlertTitle>Tiles for Monaco are being rebuilt.</AlertTitle>
    </Alert>
  );
}
