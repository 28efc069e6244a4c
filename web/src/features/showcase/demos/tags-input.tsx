import { useState } from 'react';
import { TagsInput } from '@/components/ui/tags-input';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      Type values that become removable tags: labels on a task, keywords of a project. Each tag has a labelled remove button; pasted text
      splits on the delimiter; duplicates are refused and <code>max</code> caps the count. The field reports its value on form submit
      through a hidden input.
    </p>
  ),
  builtOn: 'Ark UI TagsInput',
  examples: [
    { id: 'Uncontrolled', title: 'Uncontrolled', render: Uncontrolled },
    { id: 'Controlled', title: 'Controlled, max 4, editable', render: Controlled },
    { id: 'States', title: 'Empty, disabled, invalid', render: States },
  ],
  keyboard: [
    { keys: 'Enter / ,', action: 'Adds the typed text as a tag.' },
    { keys: 'Backspace', action: 'On an empty field: highlights the last tag; again: deletes it.' },
    { keys: 'ArrowLeft / ArrowRight', action: 'Moves the highlight between tags (mirrored in RTL).' },
    { keys: 'Delete', action: 'Deletes the highlighted tag.' },
    { keys: 'Enter', action: 'On a highlighted tag (when editable): edits it.' },
    { keys: 'Escape', action: 'Clears the highlight.' },
  ],
});

function Uncontrolled() {
  return <TagsInput label="Keywords" defaultValue={['trail', 'ridge']} className="max-w-md" />;
}

function Controlled() {
  const [tags, setTags] = useState<string[]>(['water', 'shade']);
  return (
    <div className="grid w-full max-w-md gap-2">
      <TagsInput label="Labels (up to 4)" value={tags} onValueChange={(e) => setTags(e.value)} max={4} editable />
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="tags-input-value">
        Value: {tags.length ? tags.join(', ') : 'none'}
      </p>
    </div>
  );
}

function States() {
  return (
    <div className="grid w-full max-w-md gap-6">
      <TagsInput label="Empty" placeholder="No tags yet — type one" />
      <TagsInput label="Disabled" defaultValue={['locked']} disabled />
      <TagsInput label="Invalid" defaultValue={['x']} invalid />
    </div>
  );
}
