// Payloads the test peers send and check (the Java tests build the same bytes), shared by
// ws-peer.js and ws-deflate-peer.js.
'use strict';

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

function binaryOf(size, seed) {
  const b = Buffer.allocUnsafe(size);
  let x = seed * 2654435761 >>> 0;
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    b[i] = x >>> 24;
  }
  return b;
}

function exitWithStdin() {
  process.stdin.on('end', () => process.exit(0));
  process.stdin.on('close', () => process.exit(0));
  process.stdin.resume();
}

module.exports = { textOf, binaryOf, exitWithStdin };
