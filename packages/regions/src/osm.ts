// A small OpenStreetMap PBF reader (https://wiki.openstreetmap.org/wiki/PBF_Format) on top of `pbf`
// and node:zlib. It loads a whole extract into memory: node coordinates in typed arrays, tagged
// nodes, ways and relations. Any structural problem throws an Error with a one-line message.
import { inflateSync } from 'node:zlib';
import { PbfReader as Pbf } from 'pbf';

export type Tags = Record<string, string>;
export interface OsmNode {
  id: number;
  lon: number;
  lat: number;
  tags: Tags;
}
export interface OsmWay {
  id: number;
  refs: number[];
  tags: Tags;
}
export interface OsmMember {
  type: 'node' | 'way' | 'relation';
  ref: number;
  role: string;
}
export interface OsmRelation {
  id: number;
  tags: Tags;
  members: OsmMember[];
}

export interface OsmData {
  /** lon/lat of every node (tagged or not), by id */
  coord(id: number): readonly [number, number] | undefined;
  nodeCount: number;
  taggedNodes: OsmNode[];
  ways: OsmWay[];
  relations: OsmRelation[];
  /** bbox of all nodes [minLon, minLat, maxLon, maxLat] */
  bbox: [number, number, number, number];
  /** osmosis_replication_timestamp from the header (seconds), when present */
  timestamp?: number;
}

export class OsmFormatError extends Error {
  override name = 'OsmFormatError';
}

class NodeStore {
  private index = new Map<number, number>();
  private lon = new Float64Array(1 << 16);
  private lat = new Float64Array(1 << 16);
  count = 0;
  bbox: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  add(id: number, lon: number, lat: number) {
    if (this.count === this.lon.length) {
      const l2 = new Float64Array(this.count * 2);
      l2.set(this.lon);
      this.lon = l2;
      const a2 = new Float64Array(this.count * 2);
      a2.set(this.lat);
      this.lat = a2;
    }
    this.index.set(id, this.count);
    this.lon[this.count] = lon;
    this.lat[this.count] = lat;
    this.count++;
    const b = this.bbox;
    if (lon < b[0]) b[0] = lon;
    if (lat < b[1]) b[1] = lat;
    if (lon > b[2]) b[2] = lon;
    if (lat > b[3]) b[3] = lat;
  }
  get(id: number): readonly [number, number] | undefined {
    const i = this.index.get(id);
    return i === undefined ? undefined : [this.lon[i]!, this.lat[i]!];
  }
}

interface Block {
  strings: string[];
  granularity: number;
  latOffset: number;
  lonOffset: number;
  groups: [number, number][]; // [start, end] byte ranges of PrimitiveGroups
}

const decoder = new TextDecoder();

function readBlock(buf: Uint8Array): Block {
  const pbf = new Pbf(buf);
  const block: Block = { strings: [], granularity: 100, latOffset: 0, lonOffset: 0, groups: [] };
  pbf.readFields((tag, b, p) => {
    if (tag === 1) {
      const end = p.readVarint() + p.pos;
      while (p.pos < end) {
        const val = p.readVarint();
        if (val >> 3 === 1) {
          const len = p.readVarint();
          b.strings.push(decoder.decode(buf.subarray(p.pos, p.pos + len)));
          p.pos += len;
        } else p.skip(val);
      }
    } else if (tag === 2) {
      const len = p.readVarint();
      b.groups.push([p.pos, p.pos + len]);
      p.pos += len;
    } else if (tag === 17) b.granularity = p.readVarint();
    else if (tag === 19) b.latOffset = p.readVarint(true);
    else if (tag === 20) b.lonOffset = p.readVarint(true);
  }, block);
  return block;
}

function readPacked(p: Pbf, signed: boolean): number[] {
  const out: number[] = [];
  p.type = 2; // length-delimited: readPacked* relies on the wire type that readFields would have set
  if (signed) p.readPackedSVarint(out);
  else p.readPackedVarint(out);
  return out;
}

function tagsOf(keys: number[], vals: number[], strings: string[]): Tags {
  const tags: Tags = {};
  for (let i = 0; i < keys.length; i++) tags[strings[keys[i]!] ?? ''] = strings[vals[i]!] ?? '';
  return tags;
}

const MEMBER_TYPES = ['node', 'way', 'relation'] as const;

/** Parse a whole .osm.pbf file. Throws OsmFormatError (one-line message) on anything malformed. */
export function readOsmPbf(file: Uint8Array): OsmData {
  const nodes = new NodeStore();
  const taggedNodes: OsmNode[] = [];
  const ways: OsmWay[] = [];
  const relations: OsmRelation[] = [];
  let timestamp: number | undefined;
  let pos = 0;
  let sawHeader = false;
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  while (pos < file.length) {
    if (pos + 4 > file.length) throw new OsmFormatError(`truncated PBF: incomplete block length at byte ${pos}`);
    const headerLen = view.getUint32(pos);
    pos += 4;
    if (headerLen === 0 || headerLen > 64 * 1024)
      throw new OsmFormatError(`not an OSM PBF file (bad block header length ${headerLen} at byte ${pos - 4})`);
    if (pos + headerLen > file.length) throw new OsmFormatError(`truncated PBF: block header cut off at byte ${pos}`);
    let type = '';
    let dataSize = -1;
    try {
      new Pbf(file.subarray(pos, pos + headerLen)).readFields((tag, _r, p) => {
        if (tag === 1) type = p.readString();
        else if (tag === 3) dataSize = p.readVarint();
      }, {});
    } catch {
      throw new OsmFormatError(`not an OSM PBF file (unreadable block header at byte ${pos})`);
    }
    pos += headerLen;
    if ((type !== 'OSMHeader' && type !== 'OSMData') || dataSize < 0 || dataSize > 32 * 1024 * 1024) {
      throw new OsmFormatError(`not an OSM PBF file (unexpected block type ${JSON.stringify(type.slice(0, 20))})`);
    }
    if (!sawHeader && type !== 'OSMHeader') throw new OsmFormatError('not an OSM PBF file (first block is not OSMHeader)');
    if (pos + dataSize > file.length)
      throw new OsmFormatError(`truncated PBF: a ${dataSize}-byte block is cut off at byte ${pos} of ${file.length}`);
    const blob = file.subarray(pos, pos + dataSize);
    pos += dataSize;
    let data: Uint8Array | undefined;
    try {
      new Pbf(blob).readFields((tag, _r, p) => {
        if (tag === 1) data = p.readBytes();
        else if (tag === 3) data = inflateSync(p.readBytes());
        else if (tag === 4 || tag === 5 || tag === 6 || tag === 7)
          throw new OsmFormatError('unsupported PBF blob compression (only raw and zlib are supported)');
      }, {});
    } catch (e) {
      if (e instanceof OsmFormatError) throw e;
      throw new OsmFormatError(`corrupt PBF block at byte ${pos - dataSize}: ${(e as Error).message}`);
    }
    if (!data) throw new OsmFormatError(`corrupt PBF block at byte ${pos - dataSize}: no data`);
    if (type === 'OSMHeader') {
      sawHeader = true;
      const required: string[] = [];
      new Pbf(data).readFields((tag, _r, p) => {
        if (tag === 4) required.push(p.readString());
        else if (tag === 32) timestamp = p.readVarint();
      }, {});
      const unsupported = required.filter((f) => f !== 'OsmSchema-V0.6' && f !== 'DenseNodes');
      if (unsupported.length) throw new OsmFormatError(`unsupported PBF features: ${unsupported.join(', ')}`);
      continue;
    }
    try {
      decodePrimitiveBlock(data, nodes, taggedNodes, ways, relations);
    } catch (e) {
      throw new OsmFormatError(`corrupt PBF data block: ${(e as Error).message}`);
    }
  }
  if (!sawHeader) throw new OsmFormatError('not an OSM PBF file (empty)');
  if (nodes.count === 0) throw new OsmFormatError('the PBF file contains no nodes');
  return {
    coord: (id) => nodes.get(id),
    nodeCount: nodes.count,
    taggedNodes,
    ways,
    relations,
    bbox: nodes.bbox,
    ...(timestamp !== undefined ? { timestamp } : {}),
  };
}

function decodePrimitiveBlock(data: Uint8Array, nodes: NodeStore, taggedNodes: OsmNode[], ways: OsmWay[], relations: OsmRelation[]) {
  const block = readBlock(data);
  const { strings, granularity, latOffset, lonOffset } = block;
  const scale = granularity * 1e-9;
  for (const [start, end] of block.groups) {
    const p = new Pbf(data);
    p.pos = start;
    while (p.pos < end) {
      const val = p.readVarint();
      const tag = val >> 3;
      if (tag === 2 || tag === 1 || tag === 3 || tag === 4) {
        const len = p.readVarint();
        const msgEnd = p.pos + len;
        if (tag === 2) {
          let ids: number[] = [],
            lats: number[] = [],
            lons: number[] = [],
            kv: number[] = [];
          while (p.pos < msgEnd) {
            const v = p.readVarint();
            const t = v >> 3;
            if (t === 1) ids = readPacked(p, true);
            else if (t === 8) lats = readPacked(p, true);
            else if (t === 9) lons = readPacked(p, true);
            else if (t === 10) kv = readPacked(p, false);
            else p.skip(v);
          }
          let id = 0,
            lat = 0,
            lon = 0,
            k = 0;
          for (let i = 0; i < ids.length; i++) {
            id += ids[i]!;
            lat += lats[i]!;
            lon += lons[i]!;
            const x = (lonOffset + granularity * lon) * 1e-9;
            const y = (latOffset + granularity * lat) * 1e-9;
            nodes.add(id, x, y);
            if (kv.length) {
              let tags: Tags | undefined;
              while (k < kv.length && kv[k] !== 0) {
                (tags ??= {})[strings[kv[k]!] ?? ''] = strings[kv[k + 1]!] ?? '';
                k += 2;
              }
              k++;
              if (tags) taggedNodes.push({ id, lon: x, lat: y, tags });
            }
          }
        } else if (tag === 1) {
          let id = 0,
            lat = 0,
            lon = 0,
            keys: number[] = [],
            vals: number[] = [];
          while (p.pos < msgEnd) {
            const v = p.readVarint();
            const t = v >> 3;
            if (t === 1) id = p.readSVarint();
            else if (t === 2) keys = readPacked(p, false);
            else if (t === 3) vals = readPacked(p, false);
            else if (t === 8) lat = p.readSVarint();
            else if (t === 9) lon = p.readSVarint();
            else p.skip(v);
          }
          const x = lonOffset * 1e-9 + lon * scale;
          const y = latOffset * 1e-9 + lat * scale;
          nodes.add(id, x, y);
          if (keys.length) taggedNodes.push({ id, lon: x, lat: y, tags: tagsOf(keys, vals, strings) });
        } else if (tag === 3) {
          let id = 0,
            keys: number[] = [],
            vals: number[] = [],
            refs: number[] = [];
          while (p.pos < msgEnd) {
            const v = p.readVarint();
            const t = v >> 3;
            if (t === 1) id = p.readVarint();
            else if (t === 2) keys = readPacked(p, false);
            else if (t === 3) vals = readPacked(p, false);
            else if (t === 8) refs = readPacked(p, true);
            else p.skip(v);
          }
          for (let i = 1; i < refs.length; i++) refs[i]! += refs[i - 1]!;
          ways.push({ id, refs, tags: tagsOf(keys, vals, strings) });
        } else {
          let id = 0,
            keys: number[] = [],
            vals: number[] = [],
            roles: number[] = [],
            memids: number[] = [],
            types: number[] = [];
          while (p.pos < msgEnd) {
            const v = p.readVarint();
            const t = v >> 3;
            if (t === 1) id = p.readVarint();
            else if (t === 2) keys = readPacked(p, false);
            else if (t === 3) vals = readPacked(p, false);
            else if (t === 8) roles = readPacked(p, false);
            else if (t === 9) memids = readPacked(p, true);
            else if (t === 10) types = readPacked(p, false);
            else p.skip(v);
          }
          let ref = 0;
          const members: OsmMember[] = memids.map((d, i) => {
            ref += d;
            return { type: MEMBER_TYPES[types[i] ?? 0] ?? 'node', ref, role: strings[roles[i] ?? 0] ?? '' };
          });
          relations.push({ id, tags: tagsOf(keys, vals, strings), members });
        }
        p.pos = msgEnd;
      } else p.skip(val);
    }
  }
}
