import { Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { cn } from '@/lib/utils';

/** File extensions the server accepts (it checks the bytes; this only guides the file picker). */
export const ACCEPT =
  '.pdf,.png,.jpg,.jpeg,.gif,.webp,.gpx,.kml,.kmz,.geojson,.json,.xml,.docx,.xlsx,.pptx,.odt,.ods,.odp,.doc,.xls,.ppt,.csv,.md,.txt';

/** Drop files here or pick them (several at once). Keyboard: the button opens the picker. */
export function Dropzone({ onFiles, disabled, hint }: { onFiles: (files: File[]) => void; disabled?: boolean; hint?: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const id = useId();
  return (
    <div
      onDragOver={(e) => {
        if (disabled) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        if (disabled) return;
        const files = [...e.dataTransfer.files];
        if (files.length) onFiles(files);
      }}
      data-testid="dropzone"
      className={cn(
        'flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors',
        over ? 'border-primary bg-primary/5' : 'border-muted-foreground/30',
        disabled && 'opacity-60',
      )}
    >
      <Upload aria-hidden className="text-muted-foreground size-7" />
      <p className="text-sm">
        <span className="font-medium">Drop files here</span> or{' '}
        <button
          type="button"
          className="text-primary font-medium underline underline-offset-4 disabled:no-underline"
          disabled={disabled}
          onClick={() => input.current?.click()}
          aria-describedby={`${id}-hint`}
        >
          choose files
        </button>
      </p>
      <p id={`${id}-hint`} className="text-muted-foreground text-xs">
        {hint ?? 'PDF, images, GPX/KML/GeoJSON, office documents or text.'}
      </p>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label="Choose files to upload"
        data-testid="file-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </div>
  );
}
