// @ts-check
// The streaming form of the relay frame, for bodies that arrive over time (Server-Sent Events,
// NDJSON, slow chunked answers). It opens like every frame, with one JSON metadata line, but that
// line carries `streaming: true` and only what is known at the first byte (RelayStreamHead). The
// body then follows in pieces as they arrive, each its length in ASCII decimal digits, `\n`, and
// exactly that many raw bytes; a piece of length 0 ends the body and is followed by one JSON line,
// the trailer (RelayStreamTrailer), with what is only known at the end. Because every piece is
// length-prefixed, a body byte can never be mistaken for the trailer:
//
//   {"streaming":true,"status":200,…}\n  5\nhello  3\n!!\n  0\n  {"bodyBytes":8,…}\n
//
// The metadata of the whole answer is the head with the trailer merged over it (mergeStreamTrailer).
// This module is loaded by the app only when a streamed frame arrives (see readRelayFrame);
// decodeWholeRelayFrame (./frame-whole.js) decodes a whole frame of either form.

/** @typedef {import('./types').RelayResponseMeta} RelayResponseMeta */
/** @typedef {import('./types').RelayStreamHead} RelayStreamHead */
/** @typedef {import('./types').RelayStreamTrailer} RelayStreamTrailer */

/** Thrown when bytes are not a well-formed streamed frame (named like frame.js's RelayFrameError;
 * this module imports nothing, so that the app loads it apart from the plain frame's codec). */
export class RelayFrameError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'RelayFrameError';
  }
}

const NEWLINE = 0x0a;
/** Longest length line accepted (a piece is never near 10^15 bytes). */
const MAX_LENGTH_DIGITS = 15;


/**
 * The bytes that open one body piece of `length` bytes (the piece's bytes follow).
 * @param {number} length
 */
export function encodeStreamPieceHead(length) {
  return new TextEncoder().encode(`${length}\n`);
}

/**
 * The bytes that end a streamed body: the empty piece and the trailer line.
 * @param {RelayStreamTrailer} trailer
 */
export function encodeStreamEnd(trailer) {
  return new TextEncoder().encode(`0\n${JSON.stringify(trailer)}\n`);
}

/**
 * The metadata of a whole streamed answer: the head, with what the trailer knows over it.
 * @param {RelayStreamHead} head
 * @param {RelayStreamTrailer} trailer
 * @returns {RelayResponseMeta}
 */
export function mergeStreamTrailer(head, trailer) {
  const { timing, ...rest } = trailer;
  return { ...head, ...rest, timing: { ...head.timing, ...timing } };
}

/**
 * Parses the pieces after a streamed frame's metadata line, as bytes are pushed in any cuts.
 * `onData` receives each run of body bytes (views into the pushed chunks, valid during the call).
 */
export class StreamedBodyParser {
  /** @param {(bytes: Uint8Array) => void} onData */
  constructor(onData) {
    this.onData = onData;
    /** @type {'length' | 'data' | 'trailer' | 'done'} */
    this.state = 'length';
    this.remaining = 0;
    /** @type {number[]} digits of the length line, or bytes of the trailer line */
    this.line = [];
    /** @type {Uint8Array[]} */
    this.trailerParts = [];
    /** @type {RelayStreamTrailer | null} */
    this.trailer = null;
  }

  /** @param {Uint8Array} bytes */
  push(bytes) {
    let at = 0;
    while (at < bytes.length) {
      if (this.state === 'done') throw new RelayFrameError('The relay stream has bytes after its trailer');
      if (this.state === 'data') {
        const take = Math.min(this.remaining, bytes.length - at);
        this.onData(bytes.subarray(at, at + take));
        at += take;
        this.remaining -= take;
        if (this.remaining === 0) this.state = 'length';
        continue;
      }
      const end = bytes.indexOf(NEWLINE, at);
      const part = bytes.subarray(at, end === -1 ? bytes.length : end);
      at = end === -1 ? bytes.length : end + 1;
      if (this.state === 'trailer') {
        this.trailerParts.push(part);
        if (end !== -1) this.endTrailer();
        continue;
      }
      for (const byte of part) {
        if (byte < 0x30 || byte > 0x39 || this.line.length >= MAX_LENGTH_DIGITS) throw new RelayFrameError('The relay stream has a piece without a length line');
        this.line.push(byte - 0x30);
      }
      if (end === -1) continue;
      if (this.line.length === 0) throw new RelayFrameError('The relay stream has an empty length line');
      const length = this.line.reduce((sum, digit) => sum * 10 + digit, 0);
      this.line = [];
      if (length === 0) this.state = 'trailer';
      else {
        this.state = 'data';
        this.remaining = length;
      }
    }
  }

  endTrailer() {
    const size = this.trailerParts.reduce((sum, part) => sum + part.length, 0);
    const joined = new Uint8Array(size);
    let offset = 0;
    for (const part of this.trailerParts) {
      joined.set(part, offset);
      offset += part.length;
    }
    let trailer;
    try {
      trailer = JSON.parse(new TextDecoder().decode(joined));
    } catch {
      throw new RelayFrameError('The relay stream trailer is not JSON');
    }
    if (!trailer || typeof trailer !== 'object' || typeof trailer.bodyBytes !== 'number') throw new RelayFrameError('The relay stream trailer has no bodyBytes');
    this.trailer = trailer;
    this.state = 'done';
  }

  /** The trailer, once the stream is whole; throws when it ended early. */
  finish() {
    if (!this.trailer) throw new RelayFrameError('The relay stream ended before its trailer (the host or the connection stopped)');
    return this.trailer;
  }
}

/** A body buffer that grows by doubling. */
function growingBuffer() {
  let buffer = new Uint8Array(64 * 1024);
  let length = 0;
  return {
    /** @param {Uint8Array} bytes */
    append(bytes) {
      if (length + bytes.length > buffer.length) {
        const grown = new Uint8Array(Math.max(buffer.length * 2, length + bytes.length));
        grown.set(buffer.subarray(0, length));
        buffer = grown;
      }
      buffer.set(bytes, length);
      length += bytes.length;
    },
    get length() {
      return length;
    },
    /** @returns {ArrayBuffer} */
    take: () => buffer.buffer.slice(0, length),
  };
}

/**
 * Decodes the bytes after a streamed frame's metadata line, all there.
 * @param {RelayStreamHead} head
 * @param {Uint8Array} rest
 * @returns {{ meta: RelayResponseMeta; body: Uint8Array }}
 */
export function decodeStreamedBody(head, rest) {
  const body = growingBuffer();
  const parser = new StreamedBodyParser((bytes) => body.append(bytes));
  parser.push(rest);
  return { meta: checked(head, parser.finish(), body.length), body: new Uint8Array(body.take()) };
}

/**
 * Reads the rest of a streamed frame from `reader`, handing each run of body bytes to `onData`
 * (a copy the callee may keep) as it arrives.
 * @param {ReadableStreamDefaultReader<Uint8Array>} reader
 * @param {Uint8Array} rest the bytes that came with the metadata line
 * @param {RelayStreamHead} head
 * @param {(bytes: Uint8Array) => void} [onData]
 * @returns {Promise<{ meta: RelayResponseMeta; body: ArrayBuffer }>}
 */
export async function readStreamedBody(reader, rest, head, onData) {
  const body = growingBuffer();
  const parser = new StreamedBodyParser((bytes) => {
    body.append(bytes);
    onData?.(bytes.slice());
  });
  parser.push(rest);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.push(value);
  }
  return { meta: checked(head, parser.finish(), body.length), body: body.take() };
}

/**
 * @param {RelayStreamHead} head
 * @param {RelayStreamTrailer} trailer
 * @param {number} length
 */
function checked(head, trailer, length) {
  if (trailer.bodyBytes !== length) throw new RelayFrameError(`The relay stream trailer says ${trailer.bodyBytes} bytes but ${length} arrived`);
  return mergeStreamTrailer(head, trailer);
}
