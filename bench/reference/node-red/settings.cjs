/* global module, process */
// Node-RED's settings for the webhook benchmark's reference (start.ts beside it copies this file into a
// temporary user dir and starts node-red's own red.js with it): only the HTTP In endpoints, no editor or admin API,
// no credentials to encrypt (so no secret is generated or asked for), nothing installed or reported, the console
// quiet. The one line printed is the listener's address, which the suite reads (the port is 0, chosen by the system).
module.exports = {
  flowFile: 'flows.json',
  credentialSecret: false,
  httpAdminRoot: false,
  httpNodeRoot: '/',
  uiHost: '127.0.0.1',
  diagnostics: { enabled: false, ui: false },
  runtimeState: { enabled: false, ui: false },
  telemetry: { enabled: false, updateNotification: false },
  externalModules: { autoInstall: false, palette: { allowInstall: false }, modules: { allowInstall: false } },
  functionExternalModules: false,
  logging: {
    console: { level: 'off', metrics: false, audit: false },
    // Errors go to stderr (a flow that fails to start says why); "Server now running at …" to stdout.
    bench: {
      level: 'info',
      metrics: false,
      audit: false,
      handler: () => (entry) => {
        const text = String(entry.msg)
        if (entry.level <= 20) process.stderr.write(`[node-red] ${text}\n`)
        else if (/^Server now running at /.test(text))
          process.stdout.write(`${text.replace(/^Server now running at /, '')}\n`)
      },
    },
  },
}
