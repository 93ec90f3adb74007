import { dirname, join } from 'node:path';
import { UI } from '@app/contracts';

/**
 * The reference page at /api/docs: Swagger UI (swagger-ui-dist), served from node_modules by this
 * API, no CDN. It satisfies the app's Content-Security-Policy as it is (scripts from this origin
 * only, none inline): the page starts the viewer from a script file of its own.
 */
export const DOCS_PATH = '/api/docs';
export const OPENAPI_PATH = '/api/openapi.json';

const VIEWER_DIR = dirname(require.resolve('swagger-ui-dist/package.json'));

/** The viewer's files the page loads, by the name it asks for: nothing else of the package is served. */
export const VIEWER_FILES: Readonly<Record<string, string>> = {
  'swagger-ui.css': join(VIEWER_DIR, 'swagger-ui.css'),
  'swagger-ui-bundle.js': join(VIEWER_DIR, 'swagger-ui-bundle.js'),
  'favicon-32x32.png': join(VIEWER_DIR, 'favicon-32x32.png'),
};

/** The page's own script: starts the viewer on the document (validatorUrl null: no call to swagger.io). */
export const START_SCRIPT_NAME = 'start-viewer.js';
export const START_SCRIPT = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(OPENAPI_PATH)},
  dom_id: '#api-reference',
  deepLinking: true,
  validatorUrl: null,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  displayRequestDuration: true,
});
`;

export const DOCS_HTML = `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${UI.productName}: HTTP API</title>
<link rel="icon" type="image/png" href="${DOCS_PATH}/favicon-32x32.png">
<link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
</head>
<body>
<div id="api-reference"></div>
<script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
<script src="${DOCS_PATH}/${START_SCRIPT_NAME}"></script>
</body>
</html>
`;
