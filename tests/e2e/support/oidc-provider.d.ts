// oidc-provider ships no types: the part the device code spec uses (a dev-only provider on loopback).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface GrantContext {
    oidc: { params?: Record<string, unknown> };
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    on(event: 'grant.success' | 'grant.error', listener: (ctx: GrantContext) => void): this;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
