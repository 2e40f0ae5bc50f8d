// The Dockerfile and compose.yaml, kept correct without a Docker engine (none runs on the build machine): each file
// is read with a maintained parser (dockerfile-ast and dockerfile-utils' checks; yaml), then the server bundle is run
// the way each would run it: the image's entry point and default command with its environment, as an unprivileged
// user, on SQLite in /data's stand-in; and the compose command and environment against a real PostgreSQL (the
// throwaway server of pg-server.ts in place of the `db` service). The image's health check command is run too.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DockerfileParser, type Instruction } from 'dockerfile-ast'
import { validate } from 'dockerfile-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { TEST_PHONE_NUMBER_ID } from './testing/channel-payloads'
import { startFakeCloudApi, type FakeCloudApi } from './testing/fake-cloud-api'
import { pgRequired, pgUnavailableReason, startTestPg, type TestPg } from './testing/pg-server'
import { exampleFlow } from './testing/runtime-fixtures'
import { ROOT, serverBuildDir } from './testing/server-build'
import { startServe, type ServeChild } from './testing/serve-child'

const dockerfile = DockerfileParser.parse(fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8'))
/** The final stage's instructions. */
const finalStage = (): Instruction[] => {
  const all = dockerfile.getInstructions()
  const lastFrom = all.map((i) => i.getKeyword()).lastIndexOf('FROM')
  return all.slice(lastFrom)
}
const one = (keyword: string) => finalStage().find((i) => i.getKeyword() === keyword)!
const json = (keyword: string) =>
  (one(keyword) as unknown as { getJSONStrings(): Array<{ getJSONValue(): string }> })
    .getJSONStrings()
    .map((s) => s.getJSONValue())
const imageEnv = () =>
  Object.fromEntries(
    finalStage()
      .filter((i) => i.getKeyword() === 'ENV')
      .flatMap((i) =>
        (i as unknown as { getProperties(): Array<{ getName(): string; getValue(): string }> })
          .getProperties()
          .map((p) => [p.getName(), p.getValue()]),
      ),
  ) as Record<string, string>

let dir: string
let bundle: string
let fake: FakeCloudApi
beforeAll(async () => {
  // /app/dist of the image: a copy of the build, readable by an unprivileged user, outside the repository.
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-image-'))
  fs.chmodSync(dir, 0o755)
  fs.mkdirSync(path.join(dir, 'dist'))
  for (const f of fs.readdirSync(serverBuildDir()))
    fs.copyFileSync(path.join(serverBuildDir(), f), path.join(dir, 'dist', f))
  bundle = path.join(dir, 'dist', 'chatflow.mjs')
  fake = await startFakeCloudApi()
})
afterAll(async () => {
  await fake.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

/**
 * The container's `node /app/dist/chatflow.mjs <command>` as serve-child runs it (this copy of the build, `serve`
 * first): the arguments after `serve`.
 */
function command(args: string[]): string[] {
  const [node, script, ...rest] = json('ENTRYPOINT')
  expect([node, script, ...rest]).toEqual(['node', '/app/dist/chatflow.mjs'])
  expect(args[0]).toBe('serve')
  return args.slice(1)
}

/** The image's own health check, run as it would be inside the container. */
function healthCheck(port: number): void {
  const text = one('HEALTHCHECK').getArgumentsContent()!
  const [node, flag, script] = JSON.parse(text.slice(text.indexOf('CMD') + 3)) as string[]
  expect([node, flag]).toEqual(['node', '-e'])
  execFileSync(process.execPath, ['-e', script!], {
    env: { ...process.env, CHATFLOW_WEBHOOK_PORT: String(port) },
    timeout: 10_000,
  })
}

/** In the test the listener takes a free loopback port: inside a container the image's 0.0.0.0:7373 is its own. */
const local = { CHATFLOW_WEBHOOK_HOST: '127.0.0.1', CHATFLOW_WEBHOOK_PORT: '0', CHATFLOW_PUBLISH_PORT: '0' }
const portOf = (serve: ServeChild) => Number(new URL(serve.hook).port)

describe('the Dockerfile', () => {
  it('passes the Dockerfile checks, builds in two Node 20 stages, and runs the bundle as a non-root user', () => {
    expect(validate(fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8'))).toEqual([])
    expect(dockerfile.getFROMs().map((f) => [f.getImageName(), f.getImageTag()])).toEqual([
      ['node', '20-bookworm-slim'],
      ['node', '20-bookworm-slim'],
    ])
    expect(one('USER').getArgumentsContent()).toBe('node')
    const copy = one('COPY') as unknown as Instruction & {
      getFlags(): Array<{ getName(): string; getValue(): string }>
    }
    expect([copy.getFlags().map((f) => `${f.getName()}=${f.getValue()}`), copy.getArgumentsContent()]).toEqual([
      ['from=build'],
      '/src/dist ./dist',
    ])
    expect(one('WORKDIR').getArgumentsContent()).toBe('/app')
    expect(imageEnv()).toMatchObject({
      CHATFLOW_WEBHOOK_HOST: '0.0.0.0',
      CHATFLOW_WEBHOOK_PORT: '7373',
      CHATFLOW_PUBLISH_PORT: '7374',
    })
    const ignored = fs.readFileSync(path.join(ROOT, '.dockerignore'), 'utf8').split('\n')
    expect(ignored).toEqual(expect.arrayContaining(['node_modules', 'dist', '.tmp', '.git']))
  })

  it("its default command serves SQLite from /data as the image's user, and its health check passes", async () => {
    const data = path.join(dir, 'data')
    fs.mkdirSync(data)
    const asRoot = process.getuid?.() === 0
    if (asRoot) fs.chownSync(data, 65534, 65534)
    const args = command(json('CMD')).map((a) => (a === '/data' ? data : a))
    const serve = await startServe(
      args,
      { ...imageEnv(), ...local, CHATFLOW_PUBLISH_KEY: 'k_image_0123456789abcdef' },
      { bundle, cwd: dir, ...(asRoot ? { uid: 65534, gid: 65534 } : {}) },
    )
    try {
      healthCheck(portOf(serve))
      expect((await fetch(`${serve.hook}/readyz`)).status).toBe(200)
      // Written by the unprivileged user (when this test runs as root and could have been anyone).
      expect(fs.statSync(path.join(data, 'studio.sqlite')).uid).toBe(asRoot ? 65534 : process.getuid?.())
      expect(await serve.stop()).toBe(0)
    } finally {
      await serve.stop('SIGKILL')
    }
  }, 60_000)
})

const compose = parse(fs.readFileSync(path.join(ROOT, 'compose.yaml'), 'utf8')) as {
  services: Record<
    string,
    {
      command?: string[]
      environment: Record<string, string>
      depends_on?: Record<string, { condition: string }>
      init?: boolean
      ports?: string[]
    }
  >
}

/** Compose's interpolation of ${NAME}, ${NAME:-default} and ${NAME:?message} from the .env values. */
function interpolate(value: string, dotEnv: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_, name: string, op?: string, arg?: string) => {
    const v = dotEnv[name]
    if (v) return v
    if (op === '-') return arg ?? ''
    throw new Error(`compose.yaml needs ${name}: ${arg}`)
  })
}

const reason = pgUnavailableReason()
if (reason && !pgRequired()) console.warn(`skipping the compose.yaml test: ${reason}`)
describe.skipIf(reason !== null && !pgRequired())('compose.yaml', () => {
  let pg: TestPg
  beforeAll(async () => (pg = await startTestPg()), 60_000)
  afterAll(async () => pg?.stop(), 60_000)

  it('the runtime service, with its command and environment, migrates PostgreSQL, serves the channel and is ready', async () => {
    const runtime = compose.services.runtime!
    expect(runtime.depends_on).toEqual({ db: { condition: 'service_healthy' } })
    expect(runtime.init).toBe(true)
    expect(runtime.ports).toEqual(['127.0.0.1:7373:7373', '127.0.0.1:7374:7374'])
    const dotEnv = {
      POSTGRES_PASSWORD: 'pw',
      CHATFLOW_PUBLISH_KEY: 'k_compose_0123456789abcdef',
      CHATFLOW_CLOUD_API_TOKEN: 'EAAG-compose-token',
      CHATFLOW_CLOUD_PHONE_NUMBER_ID: TEST_PHONE_NUMBER_ID,
      CHATFLOW_CLOUD_APP_SECRET: 'compose-app-secret',
      CHATFLOW_CLOUD_VERIFY_TOKEN: 'compose-verify',
      CHATFLOW_CLOUD_API_URL: fake.url,
    }
    const env = Object.fromEntries(
      Object.entries(runtime.environment).map(([k, v]) => [k, interpolate(String(v), dotEnv)]),
    )
    expect(() => interpolate(runtime.environment.CHATFLOW_CLOUD_APP_SECRET!, {})).toThrow(
      'compose.yaml needs CHATFLOW_CLOUD_APP_SECRET',
    )
    // The `db` service is the throwaway server here: same URL, its host, port, user and database.
    const url = new URL(env.CHATFLOW_DATABASE_URL!)
    expect([url.hostname, url.port, url.username, url.pathname]).toEqual(['db', '5432', 'chatflow', '/chatflow'])
    const fresh = new URL(await pg.freshDatabase())
    Object.assign(url, {
      hostname: fresh.hostname,
      port: fresh.port,
      username: fresh.username,
      pathname: fresh.pathname,
    })
    const serve = await startServe(
      command(runtime.command!),
      { ...imageEnv(), ...env, ...local, CHATFLOW_DATABASE_URL: url.toString() },
      { bundle, cwd: dir },
    )
    try {
      expect(serve.output()).toContain(`Channel webhook: ${serve.hook}/channel/webhook`)
      expect(serve.output()).toContain(
        `Outbound messages: the Cloud API, POST ${fake.url}/v25.0/${TEST_PHONE_NUMBER_ID}/messages`,
      )
      const published = await fetch(`${serve.api}/flows/flw_age_gate/versions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${dotEnv.CHATFLOW_PUBLISH_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ document: exampleFlow('age-gate') }),
      })
      expect(published.status).toBe(201)
      healthCheck(portOf(serve))
      expect(await (await fetch(`${serve.hook}/readyz`)).json()).toMatchObject({
        status: 'ready',
        checks: { store: { ok: true }, channel: { ok: true } },
      })
      expect(await serve.stop()).toBe(0)
      expect(serve.output()).not.toContain(dotEnv.CHATFLOW_CLOUD_API_TOKEN)
    } finally {
      await serve.stop('SIGKILL')
    }
  }, 90_000)
})
