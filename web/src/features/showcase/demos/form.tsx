import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      Form fields bound to react-hook-form and validated by one zod schema (the same kind the server validates with). Each control gets its
      label, description and error wired with <code>id</code>, <code>aria-describedby</code> and <code>aria-invalid</code>, so the message
      is read with the field; on a failed submit focus moves to the first invalid field.
    </p>
  ),
  builtOn: 'react-hook-form + zod (Radix Label and Slot)',
  examples: [
    { id: 'RouteForm', title: 'Validated form', render: RouteForm },
    { id: 'Prefilled', title: 'Showing server errors', render: Prefilled },
  ],
  keyboard: [
    { keys: 'Tab', action: 'Moves from field to field.' },
    { keys: 'Enter', action: 'In a text field: submits the form.' },
  ],
});

const schema = z.object({
  name: z.string().trim().min(3, 'At least 3 characters.').max(60, 'At most 60 characters.'),
  distance: z.coerce.number<string>().min(1, 'From 1 km.').max(100, 'Up to 100 km.'),
  visibility: z.enum(['private', 'unlisted', 'public'], { message: 'Pick a visibility.' }),
  notes: z.string().max(200, 'At most 200 characters.'),
  terms: z.literal(true, { message: 'Accept the attribution terms.' }),
});

type Values = z.input<typeof schema>;

function RouteForm() {
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', distance: '10', notes: '', terms: false as unknown as true },
  });
  return (
    <Form {...form}>
      <form noValidate onSubmit={form.handleSubmit((v) => setSaved(JSON.stringify(v)))} className="grid w-full max-w-md gap-5">
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Route name</FormLabel>
              <FormControl>
                <Input placeholder="Morning loop" {...field} />
              </FormControl>
              <FormDescription>Shown in your library and on shared links.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="distance"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Target distance (km)</FormLabel>
              <FormControl>
                <Input inputMode="decimal" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="visibility"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Visibility</FormLabel>
              <Select onValueChange={field.onChange} value={field.value}>
                <FormControl>
                  <SelectTrigger className="w-full">
                    <SelectValue placeholder="Choose…" />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  <SelectItem value="private">Private</SelectItem>
                  <SelectItem value="unlisted">Unlisted</SelectItem>
                  <SelectItem value="public">Public</SelectItem>
                </SelectContent>
              </Select>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="notes"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Notes</FormLabel>
              <FormControl>
                <Textarea placeholder="Water at the refuge…" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="terms"
          render={({ field }) => (
            <FormItem className="flex flex-wrap items-center gap-2">
              <FormControl>
                <Checkbox checked={field.value} onCheckedChange={(c) => field.onChange(c === true)} />
              </FormControl>
              <FormLabel>I will credit © OpenStreetMap contributors</FormLabel>
              <FormMessage className="basis-full" />
            </FormItem>
          )}
        />
        <div className="flex gap-2">
          <Button type="submit" disabled={form.formState.isSubmitting}>
            Save
          </Button>
          <Button type="button" variant="outline" onClick={() => form.reset()}>
            Reset
          </Button>
        </div>
        {saved && (
          <p role="status" className="text-sm break-all text-muted-foreground">
            Saved: {saved}
          </p>
        )}
      </form>
    </Form>
  );
}

function Prefilled() {
  const form = useForm<{ email: string }>({ defaultValues: { email: 'ana@example' } });
  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={form.handleSubmit(() => form.setError('email', { message: 'This address is already invited.' }))}
        className="grid w-full max-w-md gap-4"
      >
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Invite by email</FormLabel>
              <FormControl>
                <Input type="email" {...field} />
              </FormControl>
              <FormDescription>Submit to see an error returned by the server.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" className="w-fit">
          Invite
        </Button>
      </form>
    </Form>
  );
}
