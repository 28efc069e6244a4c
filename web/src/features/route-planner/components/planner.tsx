import { EditablePlanner } from './editable-planner';
import type { EditablePlannerProps } from './planner-provider';
import { SharedRoute } from './shared-route';

export interface PlannerProps extends EditablePlannerProps {
  /** show this route read-only (share link) */
  shareId?: string;
}

/** The Running Route Planner (/run, /run-app): the editor, or with `shareId` the read-only view of a shared route. */
export function Planner({ shareId, ...props }: PlannerProps) {
  if (shareId) return <SharedRoute shareId={shareId} region={props.region} variant={props.variant} />;
  return <EditablePlanner {...props} />;
}
