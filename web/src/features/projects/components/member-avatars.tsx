import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { initials, ROLE_LABELS } from '../lib/status';

/** Overlapping avatars of the first members, and "+N" for the rest. */
export function MemberAvatars({
  members,
  total,
}: {
  members: { id: string; name: string; role: keyof typeof ROLE_LABELS }[];
  total: number;
}) {
  const more = total - members.length;
  return (
    <ul className="flex -space-x-2 rtl:space-x-reverse" aria-label={`${total} member${total === 1 ? '' : 's'}`}>
      {members.map((m) => (
        <li key={m.id} title={`${m.name} (${ROLE_LABELS[m.role]})`}>
          <Avatar className="border-background size-7 border-2">
            <AvatarFallback className="text-[0.65rem] font-medium">{initials(m.name)}</AvatarFallback>
          </Avatar>
          <span className="sr-only">
            {m.name}, {ROLE_LABELS[m.role]}
          </span>
        </li>
      ))}
      {more > 0 && (
        <li>
          <Avatar className="border-background size-7 border-2">
            <AvatarFallback className="text-[0.65rem]">+{more}</AvatarFallback>
          </Avatar>
          <span className="sr-only">and {more} more</span>
        </li>
      )}
    </ul>
  );
}
