import { resolveDataDir } from '../services/data-dir'

export interface WebHostArgs {
  port: number
  dataDir: string
  help: boolean
  /** --new-token: replace the saved session token (browser-host.token) with a new one. */
  newToken: boolean
}

export const USAGE = `Usage: npm start -- --web [--port N] [--data-dir DIR] [--new-token]
   or: npm run serve:web -- [--port N] [--data-dir DIR] [--new-token]   (straight from the TypeScript sources)

Starts Chatflow Studio's browser host on http://127.0.0.1 and prints its address.
  --port N        port to listen on; 0 (the default) picks any free port. Also CHATFLOW_PORT.
  --data-dir DIR  folder for studio.sqlite. Also CHATFLOW_DATA_DIR. Default: the platform's app-data folder.
  --new-token     replace the session token kept in the data folder: addresses and browsers holding the old
                  one must open the newly printed address.
`

export class ArgsError extends Error {}

export function parseArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): WebHostArgs {
  let port: string | undefined = env.CHATFLOW_PORT
  let dataDir: string | undefined
  let help = false
  let newToken = false
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg]
    const value = () => {
      const v = inline ?? argv[++i]
      if (v === undefined || v === '') throw new ArgsError(`${flag} needs a value.`)
      return v
    }
    if (flag === '--port') port = value()
    else if (flag === '--data-dir') dataDir = value()
    else if (flag === '--help' || flag === '-h') help = true
    else if (arg === '--new-token') newToken = true
    else throw new ArgsError(`Unknown option ${arg}.`)
  }
  const portNumber = port === undefined ? 0 : Number(port)
  if (!Number.isInteger(portNumber) || portNumber < 0 || portNumber > 65535) {
    throw new ArgsError(`--port must be a whole number from 0 to 65535, not ${JSON.stringify(port)}.`)
  }
  return { port: portNumber, dataDir: resolveDataDir(dataDir, env), help, newToken }
}
