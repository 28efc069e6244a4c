import { CheckIcon, CopyIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

/** Source code in a scrollable, focusable block with a copy button. Always left-to-right. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="relative" dir="ltr">
      <pre
        tabIndex={0}
        aria-label={label}
        className="max-h-[28rem] overflow-auto rounded-md border bg-muted/50 p-4 text-start font-mono text-xs leading-relaxed outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <code>{code}</code>
      </pre>
      <Button
        type="button"
        variant="outline"
        size="icon-sm"
        className="absolute top-2 right-2 bg-background"
        aria-label={copied ? 'Copied' : 'Copy code'}
        onClick={() => {
          void navigator.clipboard?.writeText(code).then(() => {
            setCopied(true);
            setTimeout(() => setCopied(false), 1500);
          });
        }}
      >
        {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
      </Button>
    </div>
  );
}
