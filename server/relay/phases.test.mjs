import { describe, expect, it } from 'vitest';
import { connectionPhases } from './perform.mjs';

describe('the phases of a target call', () => {
  it('follow a new connection through DNS, connect and TLS to the first byte and the last', () => {
    expect(connectionPhases({ sent: 100, lookup: 105, connect: 115, secure: 140 }, 190, 230)).toEqual({ dnsMs: 5, connectMs: 10, tlsMs: 25, waitMs: 50, downloadMs: 40 });
  });

  it('have no connection phases on a kept-alive connection, and no DNS for an IP address', () => {
    expect(connectionPhases({ sent: 100, lookup: 0, connect: 0, secure: 0 }, 130, 131)).toEqual({ waitMs: 30, downloadMs: 1 });
    expect(connectionPhases({ sent: 100, lookup: 0, connect: 102, secure: 0 }, 130, 131)).toEqual({ connectMs: 2, waitMs: 28, downloadMs: 1 });
  });
});
