import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import type { DocMeta } from '../lib/use-route-document';

interface Props {
  open: boolean;
  onOpenChange(o: boolean): void;
  meta: DocMeta;
  onMakeUnlisted(): void;
}

/** The read-only link of a saved route (/run?share=<id>); a private route can be made unlisted here. */
export function ShareDialog({ open, onOpenChange, meta, onMakeUnlisted }: Props) {
  const shareUrl = meta.routeId ? `${location.origin}/run?share=${meta.routeId}` : null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Share link</DialogTitle>
          <DialogDescription>
            {meta.visibility === 'private'
              ? 'This route is private: make it unlisted so people with the link can see it (read-only).'
              : 'Anyone with this link can view the route (read-only).'}
          </DialogDescription>
        </DialogHeader>
        {shareUrl ? (
          <input
            readOnly
            aria-label="Share link"
            value={shareUrl}
            className="w-full rounded-md border bg-muted px-2 py-1.5 text-sm"
            onFocus={(e) => e.target.select()}
          />
        ) : null}
        <DialogFooter>
          {meta.visibility === 'private' && meta.routeId ? (
            <Button variant="outline" onClick={onMakeUnlisted}>
              Make unlisted
            </Button>
          ) : null}
          <Button
            disabled={!shareUrl || meta.visibility === 'private'}
            onClick={() => {
              if (!shareUrl) return;
              void navigator.clipboard?.writeText(shareUrl).then(
                () => toast.success('Link copied'),
                () => toast.message(shareUrl),
              );
            }}
          >
            Copy link
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
