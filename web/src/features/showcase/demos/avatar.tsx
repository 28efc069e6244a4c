import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      A round picture of a user. While the image loads, or if it fails, the fallback (initials) shows. Give the image an <code>alt</code>{' '}
      naming the person, or an empty one when the name is written next to it.
    </p>
  ),
  builtOn: 'Radix Avatar',
  examples: [
    { id: 'Basic', title: 'Image and fallback', render: Basic },
    { id: 'Sizes', title: 'Sizes and shapes', render: Sizes },
    { id: 'Group', title: 'Stacked group', render: Group },
  ],
});

function Basic() {
  return (
    <div className="flex items-center gap-4">
      <Avatar>
        <AvatarImage src="/icons/icon-192.png" alt="Waymark" />
        <AvatarFallback>WM</AvatarFallback>
      </Avatar>
      <Avatar>
        <AvatarImage src="/missing.png" alt="Ana Puig" />
        <AvatarFallback>AP</AvatarFallback>
      </Avatar>
      <Avatar>
        <AvatarFallback aria-label="Unknown user">?</AvatarFallback>
      </Avatar>
    </div>
  );
}

function Sizes() {
  return (
    <div className="flex items-center gap-4">
      <Avatar className="size-6 text-[10px]">
        <AvatarFallback>S</AvatarFallback>
      </Avatar>
      <Avatar>
        <AvatarFallback>MD</AvatarFallback>
      </Avatar>
      <Avatar className="size-12">
        <AvatarFallback>LG</AvatarFallback>
      </Avatar>
      <Avatar className="size-12 rounded-lg">
        <AvatarFallback className="rounded-lg">SQ</AvatarFallback>
      </Avatar>
    </div>
  );
}

function Group() {
  return (
    <div className="flex -space-x-2 rtl:space-x-reverse">
      {['AP', 'JM', 'LR', 'KT'].map((i) => (
        <Avatar key={i} className="ring-2 ring-background">
          <AvatarFallback>{i}</AvatarFallback>
        </Avatar>
      ))}
    </div>
  );
}
