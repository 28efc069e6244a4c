import type { UserSettings } from '@waymark/contracts/settings';
import { ImageUp, Loader2, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAvatar } from '../api/avatar';
import { AVATAR_INPUT_MAX_BYTES, cropAndResize, sniffFile } from '../lib/avatar-image';

const initials = (s: string) =>
  s
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || '?';

interface Picked {
  file: File;
  url: string;
  width: number;
  height: number;
}

/** Avatar: choose an image, pick the square (zoom and position), and it is resized to 256 × 256 in the browser before upload. */
export function AvatarEditor({ settings }: { settings: UserSettings }) {
  const ids = useId();
  const input = useRef<HTMLInputElement>(null);
  const preview = useRef<HTMLCanvasElement>(null);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [zoom, setZoom] = useState(1);
  const [px, setPx] = useState(50);
  const [py, setPy] = useState(50);
  const [error, setError] = useState<string | null>(null);
  const avatar = useAvatar();

  const crop = (p: Picked) => {
    const side = Math.min(p.width, p.height) / zoom;
    return { x: ((p.width - side) * px) / 100, y: ((p.height - side) * py) / 100, size: side };
  };

  useEffect(() => {
    if (!picked || !preview.current) return;
    const img = new Image();
    img.onload = () => {
      const g = preview.current?.getContext('2d');
      if (!g) return;
      const c = crop(picked);
      g.clearRect(0, 0, 160, 160);
      g.drawImage(img, c.x, c.y, c.size, c.size, 0, 0, 160, 160);
    };
    img.src = picked.url;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [picked, zoom, px, py]);

  useEffect(() => () => void (picked && URL.revokeObjectURL(picked.url)), [picked]);

  const choose = async (file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (file.size > AVATAR_INPUT_MAX_BYTES) return setError('That file is larger than 15 MB. Choose a smaller image.');
    if (!(await sniffFile(file))) return setError('Choose a PNG, JPEG, WebP or GIF image.');
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      setPicked({ file, url, width: img.naturalWidth, height: img.naturalHeight });
      setZoom(1);
      setPx(50);
      setPy(50);
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      setError('This image could not be read.');
    };
    img.src = url;
  };

  const upload = async () => {
    if (!picked) return;
    try {
      const blob = await cropAndResize(picked.file, crop(picked));
      await avatar.mutateAsync(blob);
      setPicked(null);
      toast.success('Avatar saved');
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Could not save the avatar');
    }
  };

  const slider = (label: string, value: number, set: (v: number) => void, min: number, max: number, step: number) => (
    <label className="grid gap-1 text-sm">
      {label}
      <input
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(e) => set(Number(e.target.value))}
        className="accent-primary"
      />
    </label>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Avatar</h2>
        </CardTitle>
        <CardDescription>PNG, JPEG, WebP or GIF; cropped to a square and made 256 × 256 before it is sent.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center gap-4">
          <Avatar className="size-16">
            {settings.profile.avatarUrl && <AvatarImage src={settings.profile.avatarUrl} alt="Your avatar" />}
            <AvatarFallback className="text-lg">{initials(settings.profile.name)}</AvatarFallback>
          </Avatar>
          <input
            ref={input}
            id={`${ids}-file`}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            className="sr-only"
            tabIndex={-1}
            aria-label="Avatar image file"
            data-testid="avatar-file"
            onChange={(e) => {
              void choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <Button type="button" variant="outline" onClick={() => input.current?.click()}>
            <ImageUp aria-hidden /> Choose image
          </Button>
          {settings.profile.avatarUrl && (
            <Button
              type="button"
              variant="ghost"
              onClick={() =>
                void avatar.mutateAsync(null).then(
                  () => toast.success('Avatar removed'),
                  (e: Error) => setError(e.message),
                )
              }
            >
              <Trash2 aria-hidden /> Remove
            </Button>
          )}
        </div>
        {picked && (
          <div className="flex flex-wrap items-end gap-6 rounded-lg border p-4">
            <canvas
              ref={preview}
              width={160}
              height={160}
              className="size-40 rounded-full border bg-muted"
              aria-label="Preview of the cropped avatar"
              role="img"
            />
            <div className="grid min-w-48 flex-1 gap-3">
              {slider('Zoom', zoom, setZoom, 1, 4, 0.05)}
              {slider('Horizontal position', px, setPx, 0, 100, 1)}
              {slider('Vertical position', py, setPy, 0, 100, 1)}
              <div className="flex gap-2">
                <Button type="button" onClick={() => void upload()} disabled={avatar.isPending}>
                  {avatar.isPending && <Loader2 className="animate-spin" aria-hidden />} Use this image
                </Button>
                <Button type="button" variant="ghost" onClick={() => setPicked(null)}>
                  Cancel
                </Button>
              </div>
            </div>
          </div>
        )}
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
