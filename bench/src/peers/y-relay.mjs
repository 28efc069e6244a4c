// Peer for `npm run bench:collab`: a plain y-websocket-style relay on y-protocols (one Y.Doc per
// room in memory, sync step 1/2 and updates broadcast to the room; no auth, no persistence, no
// awareness). Prints "relay listening on <url>" and runs until killed.
import http from 'node:http';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { WebSocketServer } from 'ws';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';

const MESSAGE_SYNC = 0;
const rooms = new Map();

function room(name) {
  let r = rooms.get(name);
  if (r) return r;
  const doc = new Y.Doc();
  const conns = new Set();
  doc.on('update', (update, origin) => {
    const enc = encoding.createEncoder();
    encoding.writeVarUint(enc, MESSAGE_SYNC);
    syncProtocol.writeUpdate(enc, update);
    const msg = encoding.toUint8Array(enc);
    for (const c of conns) if (c !== origin && c.readyState === 1) c.send(msg);
  });
  r = { doc, conns };
  rooms.set(name, r);
  return r;
}

const server = http.createServer((_req, res) => res.writeHead(404).end());
const wss = new WebSocketServer({ server, perMessageDeflate: false });
wss.on('connection', (ws, req) => {
  const { doc, conns } = room((req.url ?? '/').slice(1));
  conns.add(ws);
  ws.on('message', (data) => {
    const dec = decoding.createDecoder(new Uint8Array(data));
    if (decoding.readVarUint(dec) !== MESSAGE_SYNC) return;
    const enc = encoding.createEncoder();
    encoding.writeVarUint(enc, MESSAGE_SYNC);
    syncProtocol.readSyncMessage(dec, enc, doc, ws);
    if (encoding.length(enc) > 1) ws.send(encoding.toUint8Array(enc));
  });
  ws.on('close', () => conns.delete(ws));
  const enc = encoding.createEncoder();
  encoding.writeVarUint(enc, MESSAGE_SYNC);
  syncProtocol.writeSyncStep1(enc, doc);
  ws.send(encoding.toUint8Array(enc));
});
server.listen(0, '127.0.0.1', () => console.log(`relay listening on ws://127.0.0.1:${server.address().port}`));
