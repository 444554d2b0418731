'use strict';
// npm ws as a peer that breaks the rules on purpose, for the tests that check what the PEER
// observes of our side's decisions. After a normal ws handshake it writes hand-made frames
// straight to the socket (ws's own sender would refuse most of them) and prints what arrives
// from our side: the Pong for a Ping, and the close code and reason.
// Usage:
//   node ws-raw-peer.js server                 one case per connection, named by the request path
//                                              (/<case>; ?fill=1 also sends the payload a length
//                                              violation declares); prints "PORT <n>"
//   node ws-raw-peer.js client <url> <case>... connects to <url>?case=<case> once per case, in
//                                              order; prints "DONE" after the last one
// Per connection it prints "PONG <case> <payload>" and "CLOSE <case> <code> <reason>" (code 1006
// when the connection ended without a Close frame), and "ERROR <case> <message>" for an error
// ws reports. The Ping cases close normally (1000) once the Pong has arrived.
// Listens on 127.0.0.1 only. Exits by itself: the server when stdin closes, the client when done.
const crypto = require('crypto');
const { WebSocket, WebSocketServer } = require('ws');

const mode = process.argv[2];

/** One frame; `mask` masks the payload (a client's frames must be masked, a server's must not). */
function frame({ fin = true, rsv = 0, opcode, payload = Buffer.alloc(0), mask }) {
  const n = payload.length;
  const head = [(fin ? 0x80 : 0) | (rsv << 4) | opcode];
  const maskBit = mask ? 0x80 : 0;
  if (n < 126) {
    head.push(maskBit | n);
  } else if (n < 65536) {
    head.push(maskBit | 126, n >>> 8, n & 0xff);
  } else {
    head.push(maskBit | 127, 0, 0, 0, 0, (n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff);
  }
  if (!mask) {
    return Buffer.concat([Buffer.from(head), payload]);
  }
  const key = crypto.randomBytes(4);
  const masked = Buffer.alloc(n);
  for (let i = 0; i < n; i++) {
    masked[i] = payload[i] ^ key[i & 3];
  }
  return Buffer.concat([Buffer.from(head), key, masked]);
}

/** A header written byte by byte (the length violations), with a mask key when masking. */
function rawHeader(bytes, mask) {
  const head = Buffer.from(bytes);
  if (mask) {
    head[1] |= 0x80;
    return Buffer.concat([head, crypto.randomBytes(4)]);
  }
  return head;
}

const text = (s) => Buffer.from(s, 'utf8');
const bytes = (...b) => Buffer.from(b);
const FILL = 100000; // more than the 64 KiB message limit the tests configure

// name -> (mask, fill) -> the buffers to write
const CASES = {
  'ping': (m) => [frame({ opcode: 0x9, payload: text('are you there'), mask: m })],
  'ping-mid-message': (m) => [
    frame({ fin: false, opcode: 0x1, payload: text('hello '), mask: m }),
    frame({ opcode: 0x9, payload: text('mid-message'), mask: m }),
    frame({ opcode: 0x0, payload: text('world'), mask: m }),
  ],
  // "κ" then F4 | 90 80 80: above U+10FFFF, impossible at the second fragment's first byte
  'utf8-split-across-fragments': (m) => [
    frame({ fin: false, opcode: 0x1, payload: bytes(0xce, 0xba, 0xf4), mask: m }),
    frame({ fin: false, opcode: 0x0, payload: bytes(0x90, 0x80, 0x80), mask: m }),
  ],
  // "ab" E2 | 82 and the message ends: a code point cut off at the message end
  'utf8-truncated-at-message-end': (m) => [
    frame({ fin: false, opcode: 0x1, payload: bytes(0x61, 0x62, 0xe2), mask: m }),
    frame({ opcode: 0x0, payload: bytes(0x82), mask: m }),
  ],
  'length-max-63-bit': (m, fill) => [rawHeader([0x82, 127, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], m),
    fill ? Buffer.alloc(FILL) : Buffer.alloc(0)],
  'length-top-bit-set': (m) => [rawHeader([0x82, 127, 0x80, 0, 0, 0, 0, 0, 0, 5], m), Buffer.alloc(5)],
  'length-non-minimal-16-bit': (m) => [rawHeader([0x82, 126, 0, 5], m), Buffer.alloc(5)],
  'length-non-minimal-64-bit': (m) => [rawHeader([0x82, 127, 0, 0, 0, 0, 0, 0, 1, 0], m), Buffer.alloc(256)],
  'rsv1': (m) => [frame({ rsv: 4, opcode: 0x1, payload: text('x'), mask: m })],
  'rsv2': (m) => [frame({ rsv: 2, opcode: 0x1, payload: text('x'), mask: m })],
  'rsv3': (m) => [frame({ rsv: 1, opcode: 0x1, payload: text('x'), mask: m })],
  'reserved-opcode-3': (m) => [frame({ opcode: 0x3, payload: text('x'), mask: m })],
  'reserved-opcode-b': (m) => [frame({ opcode: 0xb, payload: text('x'), mask: m })],
  'continuation-without-start': (m) => [frame({ opcode: 0x0, payload: text('x'), mask: m })],
  'new-message-inside-fragmented': (m) => [
    frame({ fin: false, opcode: 0x1, payload: text('a'), mask: m }),
    frame({ opcode: 0x1, payload: text('b'), mask: m }),
  ],
  // a server's frame masked, or a client's unmasked
  'wrong-masking': (m) => [frame({ opcode: 0x1, payload: text('x'), mask: !m })],
  'control-over-125': (m) => [frame({ opcode: 0x9, payload: Buffer.alloc(126, 0x61), mask: m })],
  'fragmented-control': (m) => [frame({ fin: false, opcode: 0x9, payload: text('x'), mask: m })],
  'close-1-byte-body': (m) => [frame({ opcode: 0x8, payload: bytes(0x03), mask: m })],
  'close-code-1005': (m) => [frame({ opcode: 0x8, payload: bytes(0x03, 0xed), mask: m })],
  'close-reason-invalid-utf8': (m) => [frame({ opcode: 0x8, payload: bytes(0x03, 0xe8, 0xff, 0xfe), mask: m })],
  // a message over the 64 KiB limit: the header says so; ?fill=1 sends the bytes too
  'too-big': (m, fill) => {
    const f = frame({ opcode: 0x2, payload: Buffer.alloc(FILL), mask: m });
    return [fill ? f : f.subarray(0, m ? 14 : 10)];
  },
};

/** Writes the case's frames to the socket under ws and reports what comes back; `done` at the end. */
function play(ws, name, fill, mask, done) {
  const write = CASES[name];
  let closed = false;
  const finish = (code, reason) => {
    if (!closed) {
      closed = true;
      console.log('CLOSE ' + name + ' ' + code + ' ' + reason);
      done();
    }
  };
  ws.on('pong', (data) => {
    console.log('PONG ' + name + ' ' + data.toString('utf8'));
    ws.close(1000, 'done');
  });
  ws.on('error', (e) => console.log('ERROR ' + name + ' ' + e.message));
  ws.on('close', (code, reason) => finish(code, reason.toString('utf8')));
  if (!write) {
    console.log('ERROR ' + name + ' unknown case');
    ws.terminate();
    return;
  }
  for (const b of write(mask, fill)) {
    ws._socket.write(b);
  }
  setTimeout(() => {
    if (!closed) {
      console.log('ERROR ' + name + ' no close within 20 s');
      ws.terminate();
    }
  }, 20000).unref();
}

if (mode === 'server') {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  wss.on('listening', () => console.log('PORT ' + wss.address().port));
  wss.on('connection', (ws, req) => {
    const url = new URL(req.url, 'http://localhost');
    play(ws, decodeURIComponent(url.pathname.slice(1)), url.searchParams.has('fill'), false, () => {});
  });
  process.stdin.on('end', () => process.exit(0));
  process.stdin.on('close', () => process.exit(0));
  process.stdin.resume();
} else if (mode === 'client') {
  const url = process.argv[3];
  const names = process.argv.slice(4);
  const next = (i) => {
    if (i === names.length) {
      console.log('DONE');
      process.exit(0);
    }
    // no permessage-deflate offer: RSV1 must stay a violation
    const ws = new WebSocket(url + '?case=' + encodeURIComponent(names[i]), { perMessageDeflate: false });
    ws.on('open', () => play(ws, names[i], false, true, () => next(i + 1)));
    ws.on('unexpected-response', (req, res) => {
      console.log('ERROR ' + names[i] + ' upgrade refused ' + res.statusCode);
      process.exit(1);
    });
  };
  next(0);
} else {
  console.error('unknown mode ' + mode);
  process.exit(2);
}
