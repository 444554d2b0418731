'use strict';
// The independent HTTP peer of the buffers-http tests and benchmarks: Node.js's own http and http2
// modules, no npm package. Usage: node http-peer.js <pkcs12 file> <password> [quiet]
// (quiet: no REQUEST, DONE or ABORTED lines and no SHA-256 of request bodies, for the benchmarks)
// Listens on 127.0.0.1 with
//   - an HTTP/1.1 cleartext server (the http module), and
//   - an HTTPS server speaking HTTP/2 and HTTP/1.1 (http2.createSecureServer with allowHTTP1; ALPN picks),
//     with the certificate the test made,
// prints "PORTS <cleartext port> <tls port>" and stops when its stdin closes.
// Every request is logged once its body has been read, as
//   REQUEST <method> <path and query> <HTTP version> <auth or -> <Content-Length header or -> <body length> <sha256>
// and every response once it ends, as
//   DONE <path and query> <body bytes written>     the whole response was sent
//   ABORTED <path and query> <body bytes written> <HTTP/2 RST_STREAM code or ->   it ended before that
// (bytes written: handed to the socket, which holds a few hundred KiB that the client may never read)
// Routes (query parameters; mode=fixed sends Content-Length, mode=chunked does not, piece=N writes N bytes at a time,
// encoding=gzip|deflate|rawdeflate compresses with Node's zlib (level=L) and says so in Content-Encoding, ce=X sends
// Content-Encoding: X whatever the bytes are, type=T sends Content-Type: T, status=S the status):
//   GET  /bytes?size=N[&content=json&mode&piece&encoding&level&ce&type&status]   N pattern bytes (pattern.js),
//                                                    or N bytes of ASCII JSON records
//   POST /echo?[mode&piece&encoding&level&ce&type&status]            the request body back
//   GET  /bomb?size=N&encoding=gzip|deflate          N zero bytes compressed, streamed as the client reads
//   GET  /cut?size=N&sent=M&how=fin|rst[&mode]       declares N (fixed) or chunked, sends M bytes, then ends the
//                                                    connection (HTTP/1.1: FIN, or a TCP RST in the clear) or
//                                                    resets the stream (HTTP/2: RST_STREAM INTERNAL_ERROR)
//   GET  /stall?sent=M[&mode]                        sends M bytes and then nothing, until the client goes away
//   GET  /slow-headers?delay=ms                      answers after delay ms
//   POST /digest                                     200 "<length> <sha256>" of the request body
//   POST /sink                                       204 once the request body is read
//   POST /redirect?code=307|308&to=/digest           the status with Location: to
//   POST /auth                                       401 with WWW-Authenticate: Basic unless the request has the
//                                                    Authorization of user "rb", password "secret" (then /digest)
const http = require('http');
const http2 = require('http2');
const fs = require('fs');
const zlib = require('zlib');
const crypto = require('crypto');
const { pattern, json } = require('./pattern');

const [pfxFile, password, mode] = process.argv.slice(2);
const quiet = mode === 'quiet';
const EXPECTED_AUTH = 'Basic ' + Buffer.from('rb:secret').toString('base64');

function log(line) {
  process.stdout.write(line + '\n');
}

function logUnlessQuiet(line) {
  if (!quiet) log(line);
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const parts = [];
    req.on('data', (d) => parts.push(d));
    req.on('end', () => resolve(Buffer.concat(parts)));
    req.on('error', reject);
  });
}

function encode(body, encoding, level) {
  const options = level === undefined ? {} : { level };
  switch (encoding) {
    case 'gzip': return zlib.gzipSync(body, options);
    case 'deflate': return zlib.deflateSync(body, options);
    case 'rawdeflate': return zlib.deflateRawSync(body, options);
    default: return body;
  }
}

// Tracks what a response wrote and logs DONE or ABORTED once: DONE only when the response's end was flushed
// and (HTTP/2) the stream was not reset by the client.
function track(req, res, url) {
  const state = { written: 0, logged: false, ended: false };
  const end = () => {
    if (state.logged) return;
    state.logged = true;
    const rst = req.stream && req.stream.rstCode !== undefined ? req.stream.rstCode : undefined;
    const aborted = !state.ended || (rst !== undefined && rst !== 0);
    logUnlessQuiet(aborted ? `ABORTED ${url} ${state.written} ${rst === undefined ? '-' : rst}` : `DONE ${url} ${state.written}`);
  };
  const originalEnd = res.end.bind(res);
  res.end = (...args) => {
    const callback = typeof args[args.length - 1] === 'function' ? args.pop() : undefined;
    return originalEnd(...args, () => {
      state.ended = true;
      if (callback) callback();
    });
  };
  res.on('close', end);
  return state;
}

// Writes body in pieces of `piece` bytes, waiting for the socket to drain, then calls done.
function writePieces(res, state, body, piece, done) {
  let at = 0;
  const next = () => {
    while (at < body.length) {
      const n = Math.min(piece, body.length - at);
      const chunk = body.subarray(at, at + n);
      at += n;
      state.written += n;
      if (!res.write(chunk)) {
        res.once('drain', next);
        return;
      }
    }
    done();
  };
  next();
}

function send(req, res, q, state, body) {
  const encoding = q.get('encoding') || 'none';
  const wire = encode(body, encoding, q.has('level') ? Number(q.get('level')) : undefined);
  res.statusCode = Number(q.get('status') || 200);
  if (q.has('type')) res.setHeader('content-type', q.get('type'));
  if (q.has('ce')) res.setHeader('content-encoding', q.get('ce'));
  else if (encoding !== 'none') res.setHeader('content-encoding', encoding === 'rawdeflate' ? 'deflate' : encoding);
  if ((q.get('mode') || 'fixed') === 'fixed') res.setHeader('content-length', wire.length);
  writePieces(res, state, wire, Number(q.get('piece') || 65536), () => res.end());
}

function cut(req, res, q, state) {
  const size = Number(q.get('size') || 1 << 20);
  const sent = Number(q.get('sent') || 0);
  if ((q.get('mode') || 'fixed') === 'fixed') res.setHeader('content-length', size);
  writePieces(res, state, pattern(sent), 16384, () => {
    setTimeout(() => {
      if (req.stream) {
        req.stream.close(http2.constants.NGHTTP2_INTERNAL_ERROR);
      } else if (q.get('how') === 'rst' && !req.socket.encrypted) {
        req.socket.resetAndDestroy(); // a TLS socket cannot be reset from Node: it gets the FIN below
      } else {
        req.socket.destroy();
      }
    }, 50); // let the bytes reach the client first
  });
}

async function handle(req, res) {
  const url = new URL(req.url, 'http://peer');
  const q = url.searchParams;
  const path = url.pathname;
  if (path === '/sink') { // read and drop, nothing kept or hashed: the request benchmarks' server
    req.on('data', () => {});
    req.on('end', () => { res.statusCode = 204; res.end(); });
    return;
  }
  let body;
  try {
    body = await readBody(req);
  } catch (e) {
    log(`REQUEST-FAILED ${req.method} ${req.url} ${e.message}`);
    return;
  }
  const digest = quiet && path !== '/digest' && path !== '/auth' ? '-' : crypto.createHash('sha256').update(body).digest('hex');
  const declared = req.headers['content-length'] === undefined ? '-' : req.headers['content-length'];
  logUnlessQuiet(`REQUEST ${req.method} ${req.url} ${req.httpVersion} ${req.headers.authorization ? 'auth' : '-'} ${declared} ${body.length} ${digest}`);
  const state = track(req, res, req.url);
  switch (path) {
    case '/bytes':
      return send(req, res, q, state, (q.get('content') === 'json' ? json : pattern)(Number(q.get('size') || 0)));
    case '/echo':
      return send(req, res, q, state, body);
    case '/bomb': {
      const encoding = q.get('encoding') || 'gzip';
      res.setHeader('content-encoding', encoding);
      const z = encoding === 'gzip' ? zlib.createGzip({ level: 9 }) : zlib.createDeflate({ level: 9 });
      const zeros = Buffer.alloc(1 << 20);
      let left = Number(q.get('size') || 1 << 30);
      const feed = () => {
        while (left > 0) {
          const n = Math.min(left, zeros.length);
          left -= n;
          if (!z.write(zeros.subarray(0, n))) {
            z.once('drain', feed);
            return;
          }
        }
        z.end();
      };
      z.on('data', (d) => { state.written += d.length; });
      z.pipe(res);
      res.on('close', () => { left = 0; z.destroy(); });
      return feed();
    }
    case '/cut':
      return cut(req, res, q, state);
    case '/stall': {
      if ((q.get('mode') || 'chunked') === 'fixed') res.setHeader('content-length', Number(q.get('sent') || 0) + 1);
      return writePieces(res, state, pattern(Number(q.get('sent') || 0)), 16384, () => log(`STALLED ${req.url} ${state.written}`));
    }
    case '/slow-headers':
      return setTimeout(() => res.end('late'), Number(q.get('delay') || 1000));
    case '/digest':
      return res.end(`${body.length} ${digest}`);
    case '/redirect':
      res.statusCode = Number(q.get('code') || 307);
      res.setHeader('location', q.get('to') || '/digest');
      return res.end();
    case '/auth':
      if (req.headers.authorization !== EXPECTED_AUTH) {
        res.statusCode = req.headers.authorization ? 403 : 401;
        res.setHeader('www-authenticate', 'Basic realm="rb"');
        return res.end();
      }
      return res.end(`${body.length} ${digest}`);
    default:
      res.statusCode = 404;
      return res.end('no route ' + path);
  }
}

function serve(req, res) {
  handle(req, res).catch((e) => {
    log(`ERROR ${req.url} ${e.stack}`);
    try { res.statusCode = 500; res.end(); } catch (ignored) { /* gone */ }
  });
}

const cleartext = http.createServer(serve);
const tls = http2.createSecureServer({ pfx: fs.readFileSync(pfxFile), passphrase: password, allowHTTP1: true }, serve);
for (const server of [cleartext, tls]) {
  server.on('clientError', (e, socket) => { log(`CLIENT-ERROR ${e.code || e.message}`); socket.destroy(); });
}
tls.on('sessionError', (e) => log(`SESSION-ERROR ${e.code || e.message}`));
cleartext.listen(0, '127.0.0.1', () => {
  tls.listen(0, '127.0.0.1', () => log(`PORTS ${cleartext.address().port} ${tls.address().port}`));
});
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
