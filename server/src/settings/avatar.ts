/** The image types an avatar may have, recognised by their first bytes (the declared type is not trusted). */
export type AvatarType = 'image/png' | 'image/jpeg' | 'image/webp';

export function sniffImage(b: Uint8Array): AvatarType | null {
  const at = (i: number, bytes: number[]) => bytes.every((x, k) => b[i + k] === x);
  if (b.length >= 8 && at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (b.length >= 3 && at(0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (b.length >= 12 && at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return 'image/webp';
  return null;
}

export const AVATAR_EXTENSIONS: Record<AvatarType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };
