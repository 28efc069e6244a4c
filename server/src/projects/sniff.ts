import fsp from 'node:fs/promises';

/**
 * The document types projects accept, recognised from their bytes (our own magic-number table:
 * npm `file-type` needs Node 22). A type not in this table — executables, HTML, SVG, archives,
 * anything unrecognised — is refused with 415, and so is a file whose bytes contradict the type
 * its upload claimed (Content-Type) or its name's extension.
 */
interface Kind {
  mime: string;
  label: string;
  /** Extensions that fit this kind (lower case, no dot). */
  ext: string[];
  /** Content types a client may claim for it besides `mime` itself. */
  claims: string[];
  text?: boolean;
}

const XML_CLAIMS = ['application/xml', 'text/xml'];
const ZIP_CLAIMS = ['application/zip', 'application/x-zip-compressed'];

export const KINDS: Kind[] = [
  { mime: 'application/pdf', label: 'PDF', ext: ['pdf'], claims: ['application/x-pdf'] },
  { mime: 'image/png', label: 'PNG image', ext: ['png'], claims: [] },
  { mime: 'image/jpeg', label: 'JPEG image', ext: ['jpg', 'jpeg', 'jpe', 'jfif'], claims: ['image/pjpeg', 'image/jpg'] },
  { mime: 'image/gif', label: 'GIF image', ext: ['gif'], claims: [] },
  { mime: 'image/webp', label: 'WebP image', ext: ['webp'], claims: [] },
  { mime: 'application/gpx+xml', label: 'GPX track', ext: ['gpx', 'xml'], claims: ['application/gpx', ...XML_CLAIMS], text: true },
  { mime: 'application/vnd.google-earth.kml+xml', label: 'KML', ext: ['kml', 'xml'], claims: XML_CLAIMS, text: true },
  { mime: 'application/vnd.google-earth.kmz', label: 'KMZ', ext: ['kmz'], claims: ZIP_CLAIMS },
  {
    mime: 'application/geo+json',
    label: 'GeoJSON',
    ext: ['geojson', 'json'],
    claims: ['application/json', 'application/vnd.geo+json'],
    text: true,
  },
  { mime: 'application/xml', label: 'XML', ext: ['xml'], claims: ['text/xml'], text: true },
  { mime: 'application/json', label: 'JSON', ext: ['json'], claims: ['text/json'], text: true },
  {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    label: 'Word document',
    ext: ['docx'],
    claims: ZIP_CLAIMS,
  },
  {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    label: 'Excel workbook',
    ext: ['xlsx'],
    claims: ZIP_CLAIMS,
  },
  {
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    label: 'PowerPoint presentation',
    ext: ['pptx'],
    claims: ZIP_CLAIMS,
  },
  { mime: 'application/vnd.oasis.opendocument.text', label: 'OpenDocument text', ext: ['odt'], claims: ZIP_CLAIMS },
  { mime: 'application/vnd.oasis.opendocument.spreadsheet', label: 'OpenDocument spreadsheet', ext: ['ods'], claims: ZIP_CLAIMS },
  { mime: 'application/vnd.oasis.opendocument.presentation', label: 'OpenDocument presentation', ext: ['odp'], claims: ZIP_CLAIMS },
  { mime: 'application/msword', label: 'Word 97 document', ext: ['doc'], claims: [] },
  { mime: 'application/vnd.ms-excel', label: 'Excel 97 workbook', ext: ['xls'], claims: [] },
  { mime: 'application/vnd.ms-powerpoint', label: 'PowerPoint 97 presentation', ext: ['ppt'], claims: [] },
  { mime: 'text/csv', label: 'CSV', ext: ['csv'], claims: ['application/csv', 'application/vnd.ms-excel'], text: true },
  { mime: 'text/markdown', label: 'Markdown', ext: ['md', 'markdown'], claims: ['text/x-markdown'], text: true },
  { mime: 'text/plain', label: 'Text', ext: ['txt', 'text', 'log'], claims: [], text: true },
];

const BY_MIME = new Map(KINDS.map((k) => [k.mime, k]));
const KNOWN_EXT = new Set(KINDS.flatMap((k) => k.ext));
/** Claims that say nothing about the type (a browser sends these for unknown extensions). */
const GENERIC_CLAIMS = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/unknown']);

export const ACCEPTED_MIME_TYPES = KINDS.map((k) => k.mime);
export const ACCEPTED_EXTENSIONS = [...KNOWN_EXT];

const HEAD = 64 * 1024;
const FULL_JSON_PARSE_LIMIT = 16 * 1024 * 1024;

const startsWith = (b: Uint8Array, bytes: number[], at = 0) => bytes.every((x, i) => b[at + i] === x);
const ascii = (b: Uint8Array, at: number, len: number) => String.fromCharCode(...b.subarray(at, at + len));

async function readRange(file: string, start: number, length: number): Promise<Uint8Array> {
  const fd = await fsp.open(file, 'r');
  try {
    const buf = Buffer.alloc(length);
    const { bytesRead } = await fd.read(buf, 0, length, start);
    return buf.subarray(0, bytesRead);
  } finally {
    await fd.close();
  }
}

/** Names of a zip's entries, from its central directory (null when it is not a readable zip). */
async function zipEntries(file: string, size: number): Promise<string[] | null> {
  const tailLen = Math.min(size, 65_557);
  const tail = await readRange(file, size - tailLen, tailLen);
  for (let i = tail.length - 22; i >= 0; i--) {
    if (!startsWith(tail, [0x50, 0x4b, 0x05, 0x06], i)) continue;
    const dv = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
    const count = dv.getUint16(i + 10, true);
    const cdSize = dv.getUint32(i + 12, true);
    const cdOffset = dv.getUint32(i + 16, true);
    if (cdOffset + cdSize > size || cdSize > 16 * 1024 * 1024) return null;
    const cd = await readRange(file, cdOffset, cdSize);
    const cdv = new DataView(cd.buffer, cd.byteOffset, cd.byteLength);
    const names: string[] = [];
    let p = 0;
    for (let n = 0; n < count && p + 46 <= cd.length; n++) {
      if (!startsWith(cd, [0x50, 0x4b, 0x01, 0x02], p)) return null;
      const nameLen = cdv.getUint16(p + 28, true);
      const extraLen = cdv.getUint16(p + 30, true);
      const commentLen = cdv.getUint16(p + 32, true);
      names.push(new TextDecoder().decode(cd.subarray(p + 46, p + 46 + nameLen)));
      p += 46 + nameLen + extraLen + commentLen;
    }
    return names;
  }
  return null;
}

async function sniffZip(file: string, size: number, head: Uint8Array): Promise<string | null> {
  // OpenDocument: the first entry is an uncompressed "mimetype" holding the type.
  const nameLen = head[26]! | (head[27]! << 8);
  if (nameLen === 8 && ascii(head, 30, 8) === 'mimetype') {
    const extra = head[28]! | (head[29]! << 8);
    const start = 38 + extra;
    const mt = ascii(head, start, 60).match(/^application\/vnd\.oasis\.opendocument\.(text|spreadsheet|presentation)/)?.[0];
    if (mt) return mt;
  }
  const names = await zipEntries(file, size);
  if (!names) return null;
  const has = (n: string) => names.includes(n);
  if (has('[Content_Types].xml')) {
    if (has('word/document.xml')) return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    if (has('xl/workbook.xml')) return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    if (has('ppt/presentation.xml')) return 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
    return null;
  }
  if (names.some((n) => /\.kml$/i.test(n))) return 'application/vnd.google-earth.kmz';
  return null;
}

const GEOJSON_TYPES = new Set([
  'FeatureCollection',
  'Feature',
  'Point',
  'MultiPoint',
  'LineString',
  'MultiLineString',
  'Polygon',
  'MultiPolygon',
  'GeometryCollection',
]);

async function sniffText(file: string, size: number, head: Uint8Array, ext: string): Promise<string | null> {
  let text: string;
  try {
    // A multi-byte character cut at the end of the head is fine (stream mode keeps it pending).
    text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: size > head.length });
  } catch {
    return null;
  }
  // Other control characters than tab, newline, form feed, carriage return and escape: not a text document.
  for (let i = 0; i < Math.min(text.length, HEAD); i++) {
    const ch = text.charCodeAt(i);
    if ((ch < 0x20 && ch !== 0x09 && ch !== 0x0a && ch !== 0x0c && ch !== 0x0d && ch !== 0x1b) || ch === 0x7f) return null;
  }
  const t = text.replace(/^\uFEFF/, '').trimStart();
  if (t.startsWith('<')) {
    const lower = t.slice(0, 4096).toLowerCase();
    // Markup a browser would run: never stored (HTML, SVG, XHTML).
    if (
      /<(!doctype\s+html|html[\s>]|svg[\s>]|script[\s>])/.test(lower) ||
      /xmlns\s*=\s*["']http:\/\/www\.w3\.org\/(1999\/xhtml|2000\/svg)/.test(lower)
    )
      return null;
    if (/<gpx[\s>]/.test(lower)) return 'application/gpx+xml';
    if (/<kml[\s>]/.test(lower)) return 'application/vnd.google-earth.kml+xml';
    if (/^<(\?xml|[a-z_][\w.:-]*[\s>/])/i.test(t)) return 'application/xml';
  }
  if (t.startsWith('{') || t.startsWith('[')) {
    if (size <= FULL_JSON_PARSE_LIMIT) {
      const all =
        size <= head.length ? t : new TextDecoder('utf-8', { fatal: false }).decode(await fsp.readFile(file)).replace(/^\uFEFF/, '');
      try {
        const v = JSON.parse(all) as { type?: unknown };
        return v && typeof v === 'object' && !Array.isArray(v) && typeof v.type === 'string' && GEOJSON_TYPES.has(v.type)
          ? 'application/geo+json'
          : 'application/json';
      } catch {
        /* not JSON: plain text below */
      }
    } else if (/^\{\s*"type"\s*:\s*"(FeatureCollection|Feature)"/.test(t)) {
      return 'application/geo+json';
    }
  }
  if (ext === 'csv') return 'text/csv';
  if (ext === 'md' || ext === 'markdown') return 'text/markdown';
  return 'text/plain';
}

/** The type of a complete file from its bytes, or null when it is not one of the accepted kinds. */
export async function sniffFile(file: string, size: number, name = ''): Promise<string | null> {
  if (size === 0) return null;
  const head = await readRange(file, 0, Math.min(size, HEAD));
  const ext = extensionOf(name);
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WEBP') return 'image/webp';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return sniffZip(file, size, head);
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    // Compound File (Office 97–2003): the container does not say which; the extension picks one.
    const byExt: Record<string, string> = {
      doc: 'application/msword',
      xls: 'application/vnd.ms-excel',
      ppt: 'application/vnd.ms-powerpoint',
    };
    return byExt[ext] ?? null;
  }
  return sniffText(file, size, head, ext);
}

export function extensionOf(name: string): string {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  return m ? m[1]!.toLowerCase() : '';
}

/** The bare type of a Content-Type header value, lower case ("text/plain; charset=utf-8" → "text/plain"). */
export function bareType(contentType: string | undefined | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * Does the upload's claim fit the sniffed type? The claimed Content-Type must be the type, one of
 * its aliases, text/plain for a text kind, or say nothing (octet-stream); a known extension must
 * be one of the type's extensions (a text kind also accepts .txt).
 */
export function claimFits(sniffed: string, claimedType: string, name: string): boolean {
  const kind = BY_MIME.get(sniffed);
  if (!kind) return false;
  const claim = bareType(claimedType);
  const claimOk =
    GENERIC_CLAIMS.has(claim) || claim === kind.mime || kind.claims.includes(claim) || (kind.text === true && claim === 'text/plain');
  if (!claimOk) return false;
  const ext = extensionOf(name);
  if (!ext || !KNOWN_EXT.has(ext)) return true;
  return kind.ext.includes(ext) || (kind.text === true && ['txt', 'text', 'log'].includes(ext));
}

export function kindLabel(mime: string): string {
  return BY_MIME.get(mime)?.label ?? mime;
}

/**
 * A safe display name for an uploaded file: the last path segment, no control or reserved
 * characters (<>:"/\|?*), no leading dots or trailing dots/spaces, whitespace collapsed, at most
 * 200 characters with the extension kept. Never empty ("document").
 */
export function sanitizeFileName(raw: string): string {
  const last = raw.split(/[\\/]/).pop() ?? '';
  let s = last
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Co}\u2028\u2029]/gu, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  if (/^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i.test(s)) s = `_${s}`;
  const chars = [...s];
  if (chars.length > 200) {
    const ext = extensionOf(s);
    const keep = ext ? 200 - ext.length - 1 : 200;
    s = `${chars.slice(0, keep).join('').trimEnd()}${ext ? `.${ext}` : ''}`;
  }
  return s || 'document';
}
