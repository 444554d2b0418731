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
const { textOf, binaryOf, exitWithStdin } = require('./payloads');

const MAX = 64 * 1024 * 1024;
const mode = process.argv[2];

function sendFragmented(ws, data, isBinary, fragmentSize) {
  if (data.length <= fragmentSize || fragmentSize <= 0) {
    ws.send(data, { binary: isBinary, fin: true, compress: true });
    return;
  }
  for (let off = 0; off < data.length; off += fragmentSize) {
    const end = Math.min(off + fragmentSize, data.length);
    ws.send(data.subarray(off, end), { binary: isBinary, fin: end === data.length, compress: true });
  }
}

if (mode === 'echo-server') {
  const fragmentSize = parseInt(process.argv[3], 10);
  const perMessageDeflate = JSON.parse(process.argv[4]);
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: MAX, perMessageDeflate });
  wss.on('listening', () => console.log('PORT ' + wss.address().port));
  wss.on('connection', (ws) => {
    console.log('EXT ' + ws.extensions);
    const socket = ws._socket;
    ws.on('message', (data, isBinary) => sendFragmented(ws, data, isBinary, fragmentSize));
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
  const sizes = [0, 1, 125, 126, 4096, 65535, 65536, 1 << 20, 16 << 20].filter((s) => s <= maxSize);
  const script = [];
  sizes.forEach((size, i) => {
    script.push({ data: textOf(size, i), isBinary: false });
    script.push({ data: binaryOf(size, i), isBinary: true });
  });
  for (let i = 0; i < repeat; i++) {
    script.push({ data: Buffer.from(JSON.stringify({ id: i, user: 'user' + (i % 50), text: 'Grüße, Привет, 你好, 🎉 #' + (i % 7) })), isBinary: false });
  }
  const ws = new WebSocket(url, { maxPayload: MAX, perMessageDeflate });
  let next = 0;
  const fail = (why) => { console.log('FAIL ' + why); process.exit(1); };
  const sendNext = () => {
    const m = script[next];
    sendFragmented(ws, m.data, m.isBinary, fragmentSize);
  };
  ws.on('open', () => { console.log('EXT ' + ws.extensions); sendNext(); });
  ws.on('message', (data, isBinary) => {
    const m = script[next];
    if (isBinary !== m.isBinary) fail('message ' + next + ': type ' + isBinary);
    if (!Buffer.isBuffer(data) || !data.equals(m.data)) {
      fail('message ' + next + ': ' + data.length + ' bytes back, ' + m.data.length + ' sent, or content differs');
    }
    next++;
    if (next === script.length) {
      const socket = ws._socket;
      console.log('OK ' + next + ' READ ' + socket.bytesRead + ' WRITTEN ' + socket.bytesWritten);
      ws.close(1000, 'done');
    } else {
      sendNext();
    }
  });
  ws.on('close', (code, reason) => { console.log('CLOSED ' + code + ' ' + reason); process.exit(next === script.length ? 0 : 1); });
  ws.on('error', (e) => fail('error ' + e.message));
  setTimeout(() => fail('timeout after ' + next + ' messages'), 240000).unref();
} else {
  console.error('unknown mode ' + mode);
  process.exit(2);
}
