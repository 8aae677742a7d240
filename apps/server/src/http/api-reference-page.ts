import { html } from 'hono/html';
import { SECURITY_SCHEMES } from '@agentcast/contracts/api/define-route';

/**
 * What Scalar is told (read from the script element's data-configuration, so that the page needs no inline script
 * and the app's CSP holds): the document, and nothing fetched from Scalar's servers (fonts, telemetry, its AI agent).
 */
const scalarConfiguration = (documentUrl: string) =>
  JSON.stringify({
    url: documentUrl,
    // The app's own look: dark, violet.
    theme: 'purple',
    darkMode: true,
    // What programs use; the session cookie is the browser's own.
    authentication: { preferredSecurityScheme: SECURITY_SCHEMES.apiKey },
    withDefaultFonts: false,
    telemetry: false,
    agent: { disabled: true },
    // Its Share and Deploy menus would upload the document to Scalar's servers, and "Open API Client" opens Scalar's
    // hosted client; requests are tried from the page itself ("Test Request").
    showDeveloperTools: 'never',
    hideClientButton: true,
    documentDownloadType: 'json',
    metaData: { title: 'Agentcast API reference' },
    customCss: [
      // On a phone, the hidden "Copy link" button beside each section's heading reaches 6 px past the screen's edge,
      // which let the whole page slide sideways.
      '@media (max-width: 640px) { .section { overflow-x: clip; } }',
      // Without the client button, the sidebar's footer has no background: the last items showed through it.
      '.t-doc__sidebar .darklight-reference { position: relative; background: var(--scalar-sidebar-background-1); padding-top: 0.75rem; }',
    ].join('\n'),
  });

/** The API reference page: Scalar renders the OpenAPI document; without JavaScript, a link to the document. */
export const apiReferencePage = ({ scriptPath, documentUrl }: { scriptPath: string; documentUrl: string }) =>
  html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Agentcast API reference</title>
        <meta
          name="description"
          content="The Agentcast HTTP API: every route, its inputs, answers, errors and authentication."
        />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
      </head>
      <body>
        <noscript>
          <p>
            The API reference needs JavaScript. The OpenAPI document it shows is at
            <a href="${documentUrl}">${documentUrl}</a>.
          </p>
        </noscript>
        <script id="api-reference" data-configuration="${scalarConfiguration(documentUrl)}"></script>
        <script src="${scriptPath}"></script>
      </body>
    </html> `;
