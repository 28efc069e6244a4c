import { Fragment } from 'react';

const URL_RE = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Trailing punctuation that ends a sentence, not the link. */
const TRAILING = /[.,;:!?)\]}]+$/;

/** Split plain text into text and http(s) links; nothing else becomes a link (no javascript:, data:, …). */
export function splitLinks(text: string): { text: string; href?: string }[] {
  const out: { text: string; href?: string }[] = [];
  let last = 0;
  for (const m of text.matchAll(URL_RE)) {
    let url = m[0];
    const trail = TRAILING.exec(url)?.[0] ?? '';
    if (trail) url = url.slice(0, -trail.length);
    const start = m.index;
    if (start > last) out.push({ text: text.slice(last, start) });
    try {
      const u = new URL(url);
      out.push(u.protocol === 'http:' || u.protocol === 'https:' ? { text: url, href: u.toString() } : { text: url });
    } catch {
      out.push({ text: url });
    }
    last = start + url.length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  return out;
}

/** A message body: plain text (never HTML), line breaks kept, http(s) links clickable and opened safely. */
export function MessageText({ text, className }: { text: string; className?: string }) {
  return (
    <div className={className} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="message-body">
      {splitLinks(text).map((part, i) =>
        part.href ? (
          <a
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="font-medium text-primary underline underline-offset-4"
          >
            {part.text}
          </a>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </div>
  );
}

/** Links in system mail to this app open on the current origin (the server may not know its public URL). */
export function localHref(url: string): string {
  try {
    const u = new URL(url, window.location.origin);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return '#';
    return /^\/(callback|reset-password|login|register|setup|admin|dashboard\/projects\/invitation)\b/.test(u.pathname)
      ? `${u.pathname}${u.search}`
      : u.toString();
  } catch {
    return '#';
  }
}

export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || '?';

/** "Re: x" / "Fwd: x" without stacking prefixes. */
export function prefixed(prefix: 'Re' | 'Fwd', subject: string): string {
  const re = new RegExp(`^${prefix}:\\s*`, 'i');
  return re.test(subject) ? subject : `${prefix}: ${subject}`;
}

export function quote(text: string): string {
  return text
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n');
}
