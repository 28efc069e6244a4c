/** The avatar is cropped to a centred square and resized in the browser before upload. */
export const AVATAR_SIZE = 256;
export const AVATAR_MAX_BYTES = 256 * 1024;
export const AVATAR_INPUT_MAX_BYTES = 15 * 1024 * 1024;

/** First bytes of the file: PNG, JPEG, WebP, GIF or (refused) anything else — the picker's type is not trusted. */
export async function sniffFile(file: Blob): Promise<'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif' | null> {
  const b = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  const at = (i: number, bytes: number[]) => bytes.every((x, k) => b[i + k] === x);
  if (at(0, [0x89, 0x50, 0x4e, 0x47])) return 'image/png';
  if (at(0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return 'image/webp';
  if (at(0, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  return null;
}

/**
 * Crop `file` to the square `crop` (in source pixels; centred when omitted) and scale it to
 * 256 × 256, encoded as WebP (PNG where the browser cannot), at most 256 KB.
 */
export async function cropAndResize(file: Blob, crop?: { x: number; y: number; size: number }): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  try {
    const side = Math.min(bitmap.width, bitmap.height);
    const c = crop ?? { x: (bitmap.width - side) / 2, y: (bitmap.height - side) / 2, size: side };
    const canvas = document.createElement('canvas');
    canvas.width = AVATAR_SIZE;
    canvas.height = AVATAR_SIZE;
    const g = canvas.getContext('2d');
    if (!g) throw new Error('This browser cannot draw images.');
    g.imageSmoothingQuality = 'high';
    g.drawImage(bitmap, c.x, c.y, c.size, c.size, 0, 0, AVATAR_SIZE, AVATAR_SIZE);
    for (const [type, q] of [
      ['image/webp', 0.9],
      ['image/webp', 0.7],
      ['image/png', undefined],
      ['image/jpeg', 0.8],
    ] as const) {
      const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, type, q));
      if (blob && blob.type === type && blob.size <= AVATAR_MAX_BYTES) return blob;
    }
    throw new Error('The image could not be made small enough.');
  } finally {
    bitmap.close();
  }
}
