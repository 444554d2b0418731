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

// ASCII JSON records, cut to `size` bytes: the text bodies of the benchmarks (Java: JsonText.bytes).
const jsonCache = new Map();

function json(size) {
  let buffer = jsonCache.get(size);
  if (!buffer) {
    const parts = [];
    let length = 0;
    for (let i = 0; length < size; i++) {
      const record = `{"id":${i},"name":"item ${i % 97}","tags":["a","b"]}\n`;
      parts.push(record);
      length += record.length;
    }
    buffer = Buffer.from(parts.join('').substring(0, size), 'latin1');
    jsonCache.set(size, buffer);
  }
  return buffer;
}

module.exports = { pattern, json };
