import { AspectRatio } from '@/components/ui/aspect-ratio';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      Keeps its child at a fixed width-to-height ratio whatever the width: map previews, photos of a route, video. The content fills the
      box; give images an <code>alt</code>.
    </p>
  ),
  builtOn: 'Radix AspectRatio',
  examples: [
    { id: 'Ratios', title: 'Ratios', render: Ratios },
    { id: 'Image', title: 'Image', render: Image },
    { id: 'Empty', title: 'Empty / loading', render: Empty },
  ],
});

function Ratios() {
  return (
    <div className="grid w-full max-w-2xl grid-cols-3 gap-4">
      {[
        { label: '16 / 9', ratio: 16 / 9 },
        { label: '4 / 3', ratio: 4 / 3 },
        { label: '1 / 1', ratio: 1 },
      ].map((r) => (
        <AspectRatio key={r.label} ratio={r.ratio} className="flex items-center justify-center rounded-md bg-muted text-sm font-medium">
          {r.label}
        </AspectRatio>
      ))}
    </div>
  );
}

function Image() {
  return (
    <div className="w-full max-w-md">
      <AspectRatio ratio={16 / 9} className="overflow-hidden rounded-md bg-muted">
        <img src="/og-image.png" alt="Waymark: a planned running route on a topographic map" className="size-full object-cover" />
      </AspectRatio>
    </div>
  );
}

function Empty() {
  return (
    <div className="w-full max-w-md">
      <AspectRatio
        ratio={16 / 9}
        className="flex items-center justify-center rounded-md border border-dashed text-sm text-muted-foreground"
      >
        No preview yet
      </AspectRatio>
    </div>
  );
}
