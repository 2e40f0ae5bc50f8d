// The benchmarks' HTTP client for request-per-answer loads (a gateway posting a contact's messages one after
// another): node:http over keep-alive connections. `fetch` (undici) cost this process about 1 ms of CPU per request,
// more than the server it measured, and on these 2-core machines client and server share the cores, so a heavy
// client showed its own cost in the server's rate; this one costs a fraction of that.
import fs from 'node:fs'
import http from 'node:http'

export interface Poster {
  /** POSTs `body` as JSON to `url`; resolves with the status and the parsed answer. */
  post(url: string, body: unknown, headers?: Record<string, string>): Promise<{ status: number; json: unknown }>
  close(): void
}

export function poster(maxSockets: number): Poster {
  const agent = new http.Agent({ keepAlive: true, maxSockets })
  return {
    post: (url, body, headers = {}) =>
      new Promise((resolve, reject) => {
        const payload = JSON.stringify(body)
        const req = http.request(url, {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers },
        })
        req.on('error', reject)
        req.on('response', (res) => {
          let text = ''
          res.setEncoding('utf8')
          res.on('data', (c: string) => (text += c))
          res.on('error', reject)
          res.on('end', () => {
            try {
              resolve({ status: res.statusCode ?? 0, json: text ? (JSON.parse(text) as unknown) : null })
            } catch (err) {
              reject(err)
            }
          })
        })
        req.end(payload)
      }),
    close: () => agent.destroy(),
  }
}

/** The fields of /proc/<pid>/stat after the command name (index 1 is the parent's pid, 11–14 the CPU times). */
function statOf(pid: number | string): string[] | null {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  } catch {
    return null
  }
}

/** utime + stime of a process so far, in ms (Linux: /proc; null elsewhere). */
export function cpuMsOf(pid: number): number | null {
  const fields = statOf(pid)
  return fields ? (Number(fields[11]) + Number(fields[12])) * 10 : null
}

/**
 * CPU time so far, in ms, of a server that forks a process per connection (PostgreSQL's postmaster): the process,
 * its live children, and the children it has reaped (cutime + cstime). Null where /proc is missing.
 */
export function treeCpuMsOf(pid: number): number | null {
  const own = statOf(pid)
  if (!own) return null
  let ms = own.slice(11, 15).reduce((sum, f) => sum + Number(f) * 10, 0)
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const fields = statOf(entry)
    if (fields && Number(fields[1]) === pid) ms += (Number(fields[11]) + Number(fields[12])) * 10
  }
  return ms
}
