// Starts Swagger UI on /docs: a file of its own, as the page's policy runs no inline script.
window.addEventListener("DOMContentLoaded", () => {
  window.ui = SwaggerUIBundle({
    url: "/openapi.json",
    dom_id: "#ui",
    deepLinking: true,
    validatorUrl: null,
    docExpansion: "list",
    defaultModelsExpandDepth: 1,
  });
});
