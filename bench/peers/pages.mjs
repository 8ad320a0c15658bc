// A tiny static server on 127.0.0.1 for the peers: each peer's files straight from bench/node_modules,
// and one HTML page per peer that points it at the bench API's OpenAPI document. Files are sent
// uncompressed; the bench gzips what the page loads itself, so the transport does not matter.
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { BENCH_MODULES as modules, ensureBenchPackages } from '../bench-packages.mjs';

// The peers are bench/package.json's packages, not the project's (bench/bench-packages.mjs).
ensureBenchPackages(['@scalar/api-reference', 'rapidoc', 'swagger-ui-dist']);

/** Where each peer's files live, its version, and its page (given the OpenAPI document URL); names are in clients.mjs. */
export const PEERS = {
  scalar: {
    packageName: '@scalar/api-reference',
    dir: join(modules, '@scalar/api-reference/dist/browser'),
    page: (specUrl) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Scalar</title></head>
<body><div id="app"></div>
<script src="/scalar/standalone.js"></script>
<script>Scalar.createApiReference('#app', { url: ${JSON.stringify(specUrl)}, withDefaultFonts: false, telemetry: false })</script>
</body></html>`,
  },
  swagger: {
    packageName: 'swagger-ui-dist',
    dir: join(modules, 'swagger-ui-dist'),
    // The distribution's own index.html, with the document URL in its initializer.
    page: (specUrl) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Swagger UI</title>
<link rel="stylesheet" type="text/css" href="/swagger/swagger-ui.css">
<link rel="stylesheet" type="text/css" href="/swagger/index.css"></head>
<body><div id="swagger-ui"></div>
<script src="/swagger/swagger-ui-bundle.js" charset="UTF-8"></script>
<script src="/swagger/swagger-ui-standalone-preset.js" charset="UTF-8"></script>
<script>
window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(specUrl)},
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  plugins: [SwaggerUIBundle.plugins.DownloadUrl],
  layout: 'StandaloneLayout',
});
</script>
</body></html>`,
  },
  rapidoc: {
    packageName: 'rapidoc',
    dir: join(modules, 'rapidoc/dist'),
    page: (specUrl) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>RapiDoc</title>
<script type="module" src="/rapidoc/rapidoc-min.js"></script></head>
<body><rapi-doc spec-url=${JSON.stringify(specUrl)} show-header="false" allow-try="true"></rapi-doc></body></html>`,
  },
};

export function peerVersion(peer) {
  return JSON.parse(readFileSync(join(modules, peer.packageName, 'package.json'), 'utf8')).version;
}

const TYPES = { '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.html': 'text/html; charset=utf-8', '.png': 'image/png', '.svg': 'image/svg+xml', '.json': 'application/json', '.map': 'application/json', '.woff2': 'font/woff2' };

/** Serves `/<peer>.html` and `/<peer>/<file>`; resolves to `{ baseUrl, stop }`. */
export async function startPeerPages(specUrl) {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    const page = /^\/(\w+)\.html$/.exec(path);
    if (page && PEERS[page[1]]) {
      response.writeHead(200, { 'content-type': TYPES['.html'], 'cache-control': 'no-store' }).end(PEERS[page[1]].page(specUrl));
      return;
    }
    const file = /^\/(\w+)\/(.+)$/.exec(path);
    const peer = file && PEERS[file[1]];
    const full = peer && normalize(join(peer.dir, file[2]));
    if (!full || !full.startsWith(peer.dir)) {
      response.writeHead(404).end();
      return;
    }
    let size;
    try {
      const stat = statSync(full);
      if (!stat.isFile()) throw new Error('not a file');
      size = stat.size;
    } catch {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(full)] ?? 'application/octet-stream', 'content-length': size, 'cache-control': 'no-store' });
    createReadStream(full).pipe(response);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${server.address().port}`, stop: () => new Promise((resolve) => server.close(resolve)) };
}
