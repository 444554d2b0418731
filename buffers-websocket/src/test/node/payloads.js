// Payloads the test peers send and check (the Java tests build the same bytes), and the sending
// and echo-checking both clients do, shared by ws-peer.js and ws-deflate-peer.js.
'use strict';

// The message sizes of the clients' scripts (the Java tests' Payloads.SIZES).
const SIZES = [0, 1, 125, 126, 4096, 65535, 65536, 1 << 20, 16 << 20];

function textOf(size, seed) {
  // mixes 1-, 2-, 3- and 4-byte code points so fragment cuts fall inside them
  const alphabet = ['a', 'Z', '0', ' ', 'é', 'ß', 'κ', 'ό', '€', '中', '𝄞', '😀'];
  const parts = [];
  let bytes = 0;
  let i = seed;
  while (bytes < size) {
    const ch = alphabet[i++ % alphabet.length];
    const n = Buffer.byteLength(ch);
    if (bytes + n > size) {
      parts.push('x'.repeat(size - bytes));
      break;
    }
    parts.push(ch);
    bytes += n;
  }
  return Buffer.from(parts.join(''), 'utf8');
}

// ASCII JSON of exactly size bytes: an array of small records, padded with spaces before its end
// (what most WebSocket APIs send; the benchmarks' "json" text)
function jsonOf(size) {
  if (size < 2) {
    return Buffer.from(' '.repeat(size), 'utf8');
  }
  const parts = ['['];
  let bytes = 2;
  for (let i = 0; ; i++) {
    const record = (i > 0 ? ',' : '') + '{"id":' + i + ',"name":"user ' + i + '","active":' + (i % 3 !== 0)
      + ',"score":' + (i * 37 % 1000) / 10 + '}';
    if (bytes + record.length > size) {
      break;
    }
    parts.push(record);
    bytes += record.length;
  }
  parts.push(' '.repeat(size - bytes), ']');
  return Buffer.from(parts.join(''), 'utf8');
}

function binaryOf(size, seed) {
  const b = Buffer.allocUnsafe(size);
  let x = seed * 2654435761 >>> 0;
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    b[i] = x >>> 24;
  }
  return b;
}

// A text and a binary message of each size, seeded by the size's index.
function scriptOf(sizes) {
  const script = [];
  sizes.forEach((size, i) => {
    script.push({ data: textOf(size, i), isBinary: false });
    script.push({ data: binaryOf(size, i), isBinary: true });
  });
  return script;
}

// Sends data as one message in fragments of fragmentSize bytes (in one frame when it fits, or when
// fragmentSize <= 0); with pingAfterFirst, a Ping "mid-message" after the first fragment. options:
// more ws.send options ({ compress: true }, say).
function sendFragmented(ws, data, isBinary, fragmentSize, pingAfterFirst, options) {
  if (data.length <= fragmentSize || fragmentSize <= 0) {
    ws.send(data, { ...options, binary: isBinary, fin: true });
    return;
  }
  for (let off = 0; off < data.length; off += fragmentSize) {
    const end = Math.min(off + fragmentSize, data.length);
    ws.send(data.subarray(off, end), { ...options, binary: isBinary, fin: end === data.length });
    if (off === 0 && pingAfterFirst) {
      ws.ping(Buffer.from('mid-message'));
    }
  }
}

// Plays script against an echoing server on ws: send(m) sends a message once the one before came
// back byte for byte. After the last prints "OK <count>" + summary() and closes with 1000; prints
// "CLOSED <code> <reason>" and exits 0 if every message came back; prints "FAIL ..." and exits 1
// on a difference, an error or after timeoutMs. Returns the function that sends the next message
// (call it when the connection opens).
function echoScript(ws, script, send, summary, timeoutMs) {
  let next = 0;
  const fail = (why) => { console.log('FAIL ' + why); process.exit(1); };
  const sendNext = () => send(script[next]);
  ws.on('message', (data, isBinary) => {
    const m = script[next];
    if (isBinary !== m.isBinary) fail('message ' + next + ': type ' + isBinary);
    if (!Buffer.isBuffer(data) || !data.equals(m.data)) {
      fail('message ' + next + ': ' + data.length + ' bytes back, ' + m.data.length + ' sent, or content differs');
    }
    next++;
    if (next === script.length) {
      console.log('OK ' + next + summary());
      ws.close(1000, 'done');
    } else {
      sendNext();
    }
  });
  ws.on('close', (code, reason) => { console.log('CLOSED ' + code + ' ' + reason); process.exit(next === script.length ? 0 : 1); });
  ws.on('error', (e) => fail('error ' + e.message));
  setTimeout(() => fail('timeout after ' + next + ' messages'), timeoutMs).unref();
  return sendNext;
}

function exitWithStdin() {
  process.stdin.on('end', () => process.exit(0));
  process.stdin.on('close', () => process.exit(0));
  process.stdin.resume();
}

module.exports = { SIZES, textOf, jsonOf, binaryOf, scriptOf, sendFragmented, echoScript, exitWithStdin };
