import { html } from 'hono/html';

/**
 * Starts Swagger UI on the page's #reference element, with the document its data-url names: a file of its own, since
 * the app's CSP runs no inline script. Plain browser JavaScript, served as it is written here.
 */
export const REFERENCE_INIT_SCRIPT = `'use strict';
(function () {
  var root = document.getElementById('reference');
  SwaggerUIBundle({
    url: root.getAttribute('data-url'),
    dom_id: '#reference',
    // Each tag and operation has an address of its own (#/Agents/...), kept in the location as it is opened.
    deepLinking: true,
    // A key typed into Authorize lasts as long as the page, never kept in the browser's storage.
    persistAuthorization: false,
    // "Try it out" sends real requests as whoever is signed in: a click away, never the default.
    tryItOutEnabled: false,
    // Otherwise Swagger UI sends the document's address to validator.swagger.io and shows its badge.
    validatorUrl: null,
    // The page shows this server's document only: ?url= and ?configUrl= in the address are not read.
    queryConfigEnabled: false,
    // Some 95 operations in a dozen tags: a box to show one tag's.
    filter: true,
    displayRequestDuration: true,
  });
})();
`;

/** The page's header in the app's colours, and what keeps Swagger UI within a phone's width. */
export const REFERENCE_STYLESHEET = `body {
  margin: 0;
  background: #fff;
}
.agc-header {
  background: #0b0f1a;
  color: #e2e8f0;
  font-family: ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
}
.agc-header-inner {
  box-sizing: border-box;
  max-width: 1460px;
  margin: 0 auto;
  padding: 12px 20px;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 20px;
}
.agc-brand {
  display: inline-flex;
  align-items: center;
  gap: 10px;
  color: #fff;
  font-size: 18px;
  font-weight: 600;
  text-decoration: none;
}
.agc-title {
  font-size: 16px;
  font-weight: 500;
  color: #c4b5fd;
}
.agc-header nav {
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
  margin-left: auto;
  font-size: 14px;
}
.agc-header nav a {
  color: #c4b5fd;
}
.agc-header a:hover {
  color: #fff;
}
.agc-header a:focus-visible {
  outline: 2px solid #a78bfa;
  outline-offset: 2px;
}
@media (max-width: 640px) {
  .agc-header nav {
    margin-left: 0;
  }
  /* Swagger UI's responses table is for wide screens: its Links column (empty, the document declares no links) pushed
     the page 25 px past a phone's edge. Without it, and with fixed columns, the examples scroll inside their cell. */
  .swagger-ui .responses-table {
    table-layout: fixed;
  }
  .swagger-ui .responses-table .response-col_links {
    display: none;
  }
  .swagger-ui .responses-table .response-col_status {
    width: 3.5em;
  }
}
.agc-noscript {
  max-width: 1460px;
  margin: 0 auto;
  padding: 20px;
  font-family: ui-sans-serif, system-ui, sans-serif;
}
`;

/**
 * The API reference page: a header with the way back to the app and the raw document, then Swagger UI's rendering of
 * the OpenAPI document (whose description says how to authenticate); without JavaScript, a link to the document.
 */
export const apiReferencePage = ({
  stylesheets,
  scripts,
  documentUrl,
}: {
  stylesheets: string[];
  scripts: string[];
  documentUrl: string;
}) =>
  html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>Agentcast API reference</title>
        <meta
          name="description"
          content="The Agentcast HTTP API: every route, its inputs, answers, errors and authentication."
        />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        ${stylesheets.map((href) => html`<link rel="stylesheet" href="${href}" />`)}
      </head>
      <body>
        <header class="agc-header">
          <div class="agc-header-inner">
            <a class="agc-brand" href="/"><img src="/favicon.svg" alt="" width="28" height="28" />Agentcast</a>
            <span class="agc-title">API reference</span>
            <nav aria-label="API reference">
              <a href="/">Back to the app</a>
              <a href="${documentUrl}">OpenAPI document (JSON)</a>
            </nav>
          </div>
        </header>
        <noscript>
          <p class="agc-noscript">
            The API reference needs JavaScript. The OpenAPI document it shows is at
            <a href="${documentUrl}">${documentUrl}</a>.
          </p>
        </noscript>
        <!-- No main element here: Swagger UI's layout has its own, around the operations. -->
        <div id="reference" data-url="${documentUrl}"></div>
        ${scripts.map((src) => html`<script src="${src}"></script>`)}
      </body>
    </html> `;
