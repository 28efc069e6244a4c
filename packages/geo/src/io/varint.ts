/**
 * LEB128 varints (7 bits per byte, low groups first) and zigzag signed integers: the compact
 * number streams of graph.bin v3 and of the elevation grid. Values up to 2^53 are exact (the
 * writer and reader use arithmetic beyond 32 bits, not bit operators).
 */
export class VarintWriter {
  private buf: Uint8Array;
  length = 0;
  constructor(initial = 1024) {
    this.buf = new Uint8Array(Math.max(16, initial));
  }
  private ensure(extra: number) {
    if (this.length + extra <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.length + extra) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }
  /** an unsigned integer ≥ 0 */
  uint(v: number) {
    this.ensure(8);
    const b = this.buf;
    let at = this.length;
    if (v < 0x1000_0000) {
      while (v >= 0x80) {
        b[at++] = (v & 0x7f) | 0x80;
        v >>>= 7;
      }
    } else {
      while (v >= 0x80) {
        b[at++] = (v % 128) | 0x80;
        v = Math.floor(v / 128);
      }
    }
    b[at++] = v;
    this.length = at;
  }
  /** a signed integer (zigzag: 0, −1, 1, −2 … → 0, 1, 2, 3 …) */
  int(v: number) {
    this.uint(v >= 0 ? v * 2 : -v * 2 - 1);
  }
  bytes(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

/** Thrown when a stream ends early or holds a varint longer than 8 bytes. */
export class VarintError extends Error {
  override name = 'VarintError';
}

export class VarintReader {
  pos: number;
  constructor(
    readonly buf: Uint8Array,
    start = 0,
    readonly end = buf.length,
  ) {
    this.pos = start;
  }
  uint(): number {
    const b = this.buf;
    let at = this.pos;
    if (at >= this.end) throw new VarintError('unexpected end of the number stream');
    let byte = b[at++]!;
    if (byte < 0x80) {
      this.pos = at;
      return byte;
    }
    let v = byte & 0x7f;
    let mul = 128;
    for (let i = 1; ; i++) {
      if (at >= this.end) throw new VarintError('unexpected end of the number stream');
      if (i >= 8) throw new VarintError('malformed number in the stream');
      byte = b[at++]!;
      v += (byte & 0x7f) * mul;
      if (byte < 0x80) break;
      mul *= 128;
    }
    this.pos = at;
    return v;
  }
  int(): number {
    const z = this.uint();
    return z % 2 === 0 ? z / 2 : -(z + 1) / 2;
  }
}
