// The browser host's session token, as notebook servers have one: the address the host prints carries it
// (`http://127.0.0.1:5190/?token=…`); opening that address sets it as a cookie for this port, and every request and
// the WebSocket must then present it. Another program on this computer (or a page of another site) can reach the
// port but does not know the token, so it can neither load the studio nor drive its back end.
// The token is kept in the data folder (0600, in a 0700 folder), so a restarted host keeps it and open pages
// reconnect; whoever can read that folder can read the flows anyway. `--new-token` replaces it on demand, and a
// saved token other users could read is replaced too (it may have been read): both say so.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import fs from 'node:fs'
import type http from 'node:http'
import path from 'node:path'
import { isLoose, writePrivateFile } from '../services/db/private-files'
import { readCookie, readQuery } from '../services/webhook/request-input'

export const TOKEN_FILE = 'browser-host.token'
const TOKEN = /^[A-Za-z0-9_-]{43}$/

export interface LoadTokenOptions {
  /** `--new-token`: a new token replaces the saved one; addresses and cookies with the old one stop working. */
  rotate?: boolean
  /** Told why the saved token was replaced. */
  notice?: (message: string) => void
}

export function loadSessionToken(dataDir: string, options: LoadTokenOptions = {}): string {
  const file = path.join(dataDir, TOKEN_FILE)
  const fresh = (why: string) => {
    const token = randomBytes(32).toString('base64url')
    writePrivateFile(file, `${token}\n`)
    if (why) options.notice?.(why)
    return token
  }
  let saved: string
  try {
    saved = fs.readFileSync(file, 'utf8').trim()
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
    return fresh('')
  }
  if (options.rotate)
    return fresh(
      `A new session token replaces the one in ${file}: pages opened with the old address must be opened again with the new one.`,
    )
  if (isLoose(file))
    return fresh(
      `${file} could be read by other users of this computer (mode ${(fs.statSync(file).mode & 0o777).toString(8)}), ` +
        'so its token was replaced by a new one, readable by you only: open the new address.',
    )
  return TOKEN.test(saved) ? saved : fresh('')
}

/** The cookie is per port: two hosts on one machine (both on 127.0.0.1) keep their own. */
export const cookieName = (port: number): string => `chatflow_session_${port}`

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest()

export class SessionGate {
  private readonly expected: Buffer

  constructor(
    readonly token: string,
    private readonly port: () => number,
  ) {
    this.expected = digest(token)
  }

  /**
   * The token the request carries in `?token=` (the printed address, or the socket's URL), else in the cookie. A
   * token given twice throws RequestInputError (request-input.ts), answered 400.
   */
  presented(req: http.IncomingMessage): { token: string; fromQuery: boolean } | null {
    const query = readQuery(req.url).token
    if (query) return { token: query, fromQuery: true }
    const cookie = readCookie(req, cookieName(this.port()))
    return cookie === undefined ? null : { token: cookie, fromQuery: false }
  }

  /** Compared on SHA-256 digests in constant time, so neither the length nor a matching prefix leaks. */
  allows(req: http.IncomingMessage): boolean {
    const given = this.presented(req)
    return given !== null && timingSafeEqual(digest(given.token), this.expected)
  }

  /**
   * Where the printed address sends the browser once the cookie is set: the same address without `token`, so the
   * token leaves the address bar and the history (the fragment, `#/flows`, is kept by the browser).
   */
  cleanLocation(req: http.IncomingMessage): string {
    const url = new URL(req.url ?? '/', 'http://localhost')
    // Read through the one reader (a repeated parameter was refused before this point), written back without token.
    const { token: _token, ...rest } = readQuery(req.url)
    const search = new URLSearchParams(rest).toString()
    return `${url.pathname}${search ? `?${search}` : ''}`
  }

  /** Set on a page opened through the printed address, so its assets and its socket carry the token. */
  cookie(): string {
    return `${cookieName(this.port())}=${this.token}; Path=/; HttpOnly; SameSite=Strict`
  }
}

export const TOKEN_REQUIRED_PAGE = `<!doctype html><meta charset="utf-8"><title>Chatflow Studio</title>
<p>This address needs the studio's session token. Open the address the studio printed when it started
(<code>Chatflow Studio is running at http://127.0.0.1:…/?token=…</code>); it is also in the file ${TOKEN_FILE} in the data folder.</p>`
