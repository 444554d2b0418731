'use strict';
// The independent peer for buffers-websocket's interop tests: npm `ws` as a server or a client.
// Usage:
//   node ws-peer.js echo-server <fragmentSize>     echoes every message back in fragments of
//                                                    <fragmentSize> bytes with a ping between the
//                                                    first two; prints "PORT <n>" when listening
//   node ws-peer.js bad-utf8-server                 sends a text message whose second fragment is
//                                                    invalid UTF-8 and never finishes it
//   node ws-peer.js blast-server                    for the loopback benchmark: on a text message
//                                                    "go <count> <size> <text|json|binary> [send|ping]"
//                                                    writes <count> pre-built messages of <size> bytes
//                                                    in 4 KiB fragments straight to the socket (the
//                                                    peer is not the bottleneck), with "ping" a Ping
//                                                    before each, or with "send" through ws's own
//                                                    sender as a normal ws peer would; a
//                                                    line "digest <size> <text|json|binary>" on stdin is
//                                                    answered with "DIGEST <sha-256 hex>" of that
//                                                    payload; prints "PORT <n>"
//   node ws-peer.js client <url> <fragmentSize>     sends the scripted messages (text and binary,
//                                                    up to 16 MiB, pings mid-message), checks every
//                                                    echo byte for byte, prints "OK <count>"
// Listens on 127.0.0.1 only. Exits by itself: servers when stdin closes, the client when done.
const { WebSocket, WebSocketServer } = require('ws');
const { SIZES, textOf, jsonOf, binaryOf, scriptOf, sendFragmented, echoScript, exitWithStdin } = require('./payloads');

const MAX = 64 * 1024 * 1024;
const mode = process.argv[2];

if (mode === 'echo-server') {
  const fragmentSize = parseInt(process.argv[3], 10);
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: MAX });
  wss.on('listening', () => console.log('PORT ' + wss.address().port));
  wss.on('connection', (ws) => {
    ws.on('message', (data, isBinary) => sendFragmented(ws, data, isBinary, fragmentSize, true));
    ws.on('error', (e) => console.error('server error: ' + e.message));
    ws.on('close', (code) => console.log('CLOSED ' + code));
  });
  exitWithStdin();
} else if (mode === 'bad-utf8-server') {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  wss.on('listening', () => console.log('PORT ' + wss.address().port));
  wss.on('connection', (ws) => {
    ws.on('error', () => {});
    ws.on('close', (code) => console.log('CLOSED ' + code));
    ws.send(Buffer.from('κόσμε', 'utf8'), { binary: false, fin: false });
    // the sender does not validate outgoing text, so the raw bytes go out as they are
    ws.send(Buffer.from([0xce, 0xba, 0xf4, 0x90, 0x80, 0x80]), { binary: false, fin: false });
  });
  exitWithStdin();
} else if (mode === 'blast-server') {
  const cache = new Map();
  const payloads = new Map();
  const payloadOf = (size, type) => {
    const key = size + ' ' + type;
    if (!payloads.has(key)) {
      payloads.set(key, type === 'text' ? textOf(size, 0) : type === 'json' ? jsonOf(size) : binaryOf(size, 0));
    }
    return payloads.get(key);
  };
  const prebuilt = (size, type) => {
    const key = size + ' ' + type;
    if (!cache.has(key)) {
      const payload = payloadOf(size, type);
      const parts = [];
      let off = 0;
      do {
        const end = Math.min(off + 4096, payload.length);
        const n = end - off;
        const head = Buffer.alloc(n < 126 ? 2 : n < 65536 ? 4 : 10);
        head[0] = (end === payload.length ? 0x80 : 0) | (off === 0 ? (type === 'binary' ? 2 : 1) : 0);
        if (n < 126) {
          head[1] = n;
        } else if (n < 65536) {
          head[1] = 126;
          head.writeUInt16BE(n, 2);
        } else {
          head[1] = 127;
          head.writeBigUInt64BE(BigInt(n), 2);
        }
        parts.push(head, payload.subarray(off, end));
        off = end;
      } while (off < payload.length);
      cache.set(key, Buffer.concat(parts));
    }
    return cache.get(key);
  };
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: MAX });
  wss.on('listening', () => console.log('PORT ' + wss.address().port));
  wss.on('connection', (ws) => {
    ws.on('error', () => {});
    ws.on('message', (data) => {
      const [, count, size, type, how] = data.toString().split(' ');
      if (how === 'send') {
        const payload = payloadOf(parseInt(size, 10), type);
        for (let i = parseInt(count, 10); i > 0; i--) {
          sendFragmented(ws, payload, type === 'binary', 4096, false);
        }
        return;
      }
      let frames = prebuilt(parseInt(size, 10), type);
      if (how === 'ping') {
        const key = 'ping ' + size + ' ' + type;
        if (!cache.has(key)) {
          cache.set(key, Buffer.concat([Buffer.from([0x89, 4, 0x70, 0x69, 0x6e, 0x67]), frames]));
        }
        frames = cache.get(key);
      }
      // Up to 1 MiB of messages per socket write: one write per small message would make the
      // peer's system calls, not the receiver, set the pace.
      const perWrite = Math.max(1, Math.floor((1 << 20) / frames.length));
      const batchOf = (n) => {
        const key = 'batch ' + n + ' ' + how + ' ' + size + ' ' + type;
        if (!cache.has(key)) {
          cache.set(key, Buffer.concat(new Array(n).fill(frames)));
        }
        return cache.get(key);
      };
      const socket = ws._socket;
      let left = parseInt(count, 10);
      const pump = () => {
        while (left > 0) {
          const n = Math.min(left, perWrite);
          left -= n;
          if (!socket.write(n === 1 ? frames : batchOf(n))) {
            socket.once('drain', pump);
            return;
          }
        }
      };
      pump();
    });
  });
  require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
    const [, size, type] = line.split(' ');
    const digest = require('crypto').createHash('sha256').update(payloadOf(parseInt(size, 10), type)).digest('hex');
    console.log('DIGEST ' + digest);
  });
  exitWithStdin();
} else if (mode === 'client') {
  const url = process.argv[3];
  const fragmentSize = parseInt(process.argv[4], 10);
  const ws = new WebSocket(url, { maxPayload: MAX });
  let pongs = 0;
  ws.on('pong', () => { pongs++; });
  const send = (m) => sendFragmented(ws, m.data, m.isBinary, fragmentSize, true);
  ws.on('open', echoScript(ws, scriptOf(SIZES), send, () => ' pongs ' + pongs, 120000));
} else {
  console.error('unknown mode ' + mode);
  process.exit(2);
}
