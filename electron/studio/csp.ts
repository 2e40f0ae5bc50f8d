// The renderer's Content-Security-Policy, the same for both hosts (HTTP header in the browser host, header and
// meta tag in Electron). No inline or remote script, no eval; the only connection is back to our own host.
// style-src allows inline styles because React Flow and CodeMirror set element styles at run time.
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')
