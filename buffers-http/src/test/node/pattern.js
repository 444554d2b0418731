'use strict';
// The bytes of /bytes: byte i is the top byte of i times the 32-bit golden ratio (as Java's
// (int) (i * 0x9E3779B1) >>> 24), so that bodies look random to zlib and are the same on both sides.
const cache = new Map();

function pattern(size) {
  let buffer = cache.get(size);
  if (!buffer) {
    buffer = Buffer.allocUnsafe(size);
    for (let i = 0; i < size; i++) buffer[i] = Math.imul(i, 0x9e3779b1) >>> 24;
    if (size <= 1 << 26) cache.set(size, buffer);
  }
  return buffer;
}

module.exports = { pattern };
