'use strict';
// npm `ws` with permessage-deflate, the independent peer of buffers-websocket's deflate interop tests.
// Usage:
//   node ws-deflate-peer.js echo-server <fragmentSize> <perMessageDeflateJson>
//       echoes every message back compressed (ws's own choice per its options), in fragments of
//       <fragmentSize> bytes; prints "PORT <n>", "EXT <negotiated extensions>" per connection and
//       "CLOSED <code> READ <bytes> WRITTEN <bytes>" when it ends
//   node ws-deflate-peer.js client <url> <fragmentSize> <perMessageDeflateJson> <maxSize> <repeat>
//       sends text and binary messages of the scripted sizes up to <maxSize> (fragmented, text mixing
//       1- to 4-byte code points), then <repeat> small JSON-like texts in a row; checks every echo
//       byte for byte; prints "EXT ...", then "OK <count> READ <bytes> WRITTEN <bytes>"
// Listens on 127.0.0.1 only. Servers exit when stdin closes, the client when done.
const { WebSocket, WebSocketServer } = require('ws');
const { SIZES, scriptOf, sendFragmented, echoScript, exitWithStdin } = require('./payloads');

const MAX = 64 * 1024 * 1024;
const mode = process.argv[2];

const COMPRESS = { compress: true };

if (mode === 'echo-server') {
  const fragmentSize = parseInt(process.argv[3], 10);
  const perMessageDeflate = JSON.parse(process.argv[4]);
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: MAX, perMessageDeflate });
  wss.on('listening', () => console.log('PORT ' + wss.address().port));
  wss.on('connection', (ws) => {
    console.log('EXT ' + ws.extensions);
    const socket = ws._socket;
    ws.on('message', (data, isBinary) => sendFragmented(ws, data, isBinary, fragmentSize, false, COMPRESS));
    ws.on('error', (e) => console.error('server error: ' + e.message));
    ws.on('close', (code) => console.log('CLOSED ' + code + ' READ ' + socket.bytesRead + ' WRITTEN ' + socket.bytesWritten));
  });
  exitWithStdin();
} else if (mode === 'client') {
  const url = process.argv[3];
  const fragmentSize = parseInt(process.argv[4], 10);
  const perMessageDeflate = JSON.parse(process.argv[5]);
  const maxSize = parseInt(process.argv[6], 10);
  const repeat = parseInt(process.argv[7], 10);
  const script = scriptOf(SIZES.filter((s) => s <= maxSize));
  for (let i = 0; i < repeat; i++) {
    script.push({ data: Buffer.from(JSON.stringify({ id: i, user: 'user' + (i % 50), text: 'Grüße, Привет, 你好, 🎉 #' + (i % 7) })), isBinary: false });
  }
  const ws = new WebSocket(url, { maxPayload: MAX, perMessageDeflate });
  const send = (m) => sendFragmented(ws, m.data, m.isBinary, fragmentSize, false, COMPRESS);
  const wire = () => ' READ ' + ws._socket.bytesRead + ' WRITTEN ' + ws._socket.bytesWritten;
  const sendNext = echoScript(ws, script, send, wire, 240000);
  ws.on('open', () => { console.log('EXT ' + ws.extensions); sendNext(); });
} else {
  console.error('unknown mode ' + mode);
  process.exit(2);
}
