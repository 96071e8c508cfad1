/* global window, SwaggerUIBundle */
// Started from a file of its own, not inline: the server's Content-Security-Policy runs no inline script.
window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  // Try-it-out sends the token typed under Authorize; it is kept only for this tab.
  persistAuthorization: false,
});
