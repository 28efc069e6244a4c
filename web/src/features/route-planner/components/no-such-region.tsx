import { Link } from '@tanstack/react-router';
import { MapPinOff } from 'lucide-react';
import type { RegionInfo } from '@/components/map';
import { Button } from '@/components/ui/button';

/**
 * `/run?region=…` names a region this server has no pack for: say so, and offer the regions it has
 * (instead of a blank map and the worker's failed graph download).
 */
export function NoSuchRegion({ region, regions, variant }: { region: string; regions: RegionInfo[]; variant: 'web' | 'app' }) {
  const to = variant === 'app' ? '/run-app' : '/run';
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-3 p-6 text-center" data-testid="no-such-region">
      <MapPinOff aria-hidden className="size-10 text-muted-foreground" />
      <h1 className="text-2xl font-semibold tracking-tight">
        No region called <bdi>“{region}”</bdi>
      </h1>
      <p className="max-w-md text-muted-foreground">
        {regions.length
          ? 'This Waymark has no map data for it. Plan your route in one of the regions it has:'
          : 'This Waymark has no region packs yet: an administrator adds them (see the Regions section of the README).'}
      </p>
      {regions.length > 0 && (
        <ul aria-label="Regions on this server" className="mt-2 flex flex-wrap justify-center gap-3">
          {regions.map((r) => (
            <li key={r.name}>
              <Button asChild variant="outline">
                <Link to={to} search={{ region: r.name }}>
                  {r.title}
                </Link>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Button asChild variant="link" className="mt-4">
        <Link to="/">Back to Home</Link>
      </Button>
    </main>
  );
}
