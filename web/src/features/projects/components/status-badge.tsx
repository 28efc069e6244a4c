import type { ProjectStatus } from '@waymark/contracts';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { PROJECT_STATUS_LABELS, STATUS_CLASSES } from '../lib/status';

export function StatusBadge({ status, className }: { status: ProjectStatus; className?: string }) {
  return (
    <Badge className={cn(STATUS_CLASSES[status], className)} data-status={status}>
      {PROJECT_STATUS_LABELS[status]}
    </Badge>
  );
}
