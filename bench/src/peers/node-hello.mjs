// Peer for bench:server: the least a Node HTTP server can do — node:http answering "hello world".
import http from 'node:http';

const server = http.createServer((req, res) => {
  res.setHeader('content-type', 'text/plain');
  res.end('hello world');
});
server.listen(0, '127.0.0.1', () => console.log(`port ${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
