import { DownloadedRegions } from '@/components/map/downloaded-regions';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { LibraryDialog } from './library-dialog';
import { LoopDialog } from './loop-dialog';
import { usePlannerContext } from './planner-provider';
import { SaveDialog } from './save-dialog';
import { ShareDialog } from './share-dialog';

/** Every dialog of the editable planner; which one is open lives in the planner's context (after shadcn-admin's tasks-dialogs). */
export function PlannerDialogs() {
  const { dialog, setDialog, waypoints, doc, loop, client, prefs, region, variant } = usePlannerContext();
  const toggle = (d: NonNullable<typeof dialog>) => (o: boolean) => setDialog(o ? d : null);
  const { meta } = doc;
  return (
    <>
      <Dialog open={dialog === 'clear'} onOpenChange={toggle('clear')}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Clear the route?</DialogTitle>
            <DialogDescription>All {waypoints.length} waypoints are removed. You can undo this.</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="ghost" onClick={() => setDialog(null)}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              onClick={() => {
                doc.clear();
                setDialog(null);
              }}
            >
              Clear
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>

      <LoopDialog
        open={dialog === 'loop'}
        onOpenChange={(o) => (o ? setDialog('loop') : loop.end())}
        start={loop.start}
        units={prefs.units}
        generate={(req) => client.loops({ ...req, paceSecPerKm: prefs.paceSecPerKm })}
        alternatives={loop.alternatives}
        onAlternatives={loop.setAlternatives}
        selected={loop.selected}
        onSelect={loop.setSelected}
        onUse={loop.take}
      />

      <SaveDialog
        open={dialog === 'save'}
        onOpenChange={toggle('save')}
        initial={{ name: meta.name, description: meta.description, visibility: meta.visibility }}
        existing={!!meta.routeId}
        onSave={async (m, asNew) => {
          await doc.save(m, asNew);
          setDialog(null);
        }}
      />

      <LibraryDialog
        open={dialog === 'library'}
        onOpenChange={toggle('library')}
        units={prefs.units}
        pending={doc.pending}
        onOpen={(id) => {
          setDialog(null);
          doc.open(id);
        }}
      />

      <Dialog open={dialog === 'regions'} onOpenChange={toggle('regions')}>
        <DialogContent className="sm:max-w-lg">
          <DialogHeader>
            <DialogTitle>Regions and offline maps</DialogTitle>
            <DialogDescription>
              Store a region on this device to plan routes there without a network: its map, relief, routing and place search.
            </DialogDescription>
          </DialogHeader>
          {dialog === 'regions' ? <DownloadedRegions current={region} to={variant === 'app' ? '/run-app' : '/run'} /> : null}
        </DialogContent>
      </Dialog>

      <ShareDialog open={dialog === 'share'} onOpenChange={toggle('share')} meta={meta} onMakeUnlisted={() => void doc.makeUnlisted()} />
    </>
  );
}
