// The CLI reads flow files through the one loader: a file written before node versions validates and runs, one with
// a node newer than this build is refused by every command with the node and versions named (never run).
// Runs the real CLI in a child process, as a user would.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { NODE_VERSION_FIXTURES } from '../../../shared/nodes/testing/versions'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const fixture = (name: string) => path.join(NODE_VERSION_FIXTURES, `${name}.flow.json`)

function chatflow(...args: string[]) {
  const r = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['electron/cli/index.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
    input: '/quit\n',
  })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}

const NEWER =
  "Node 'welcome_back' is version 7 of the Message node type (message), but this build knows only up to version 1. Update Chatflow to open, validate or run this flow."

describe('chatflow and node versions', () => {
  it('validate reads a file written before node versions as version 1 of every type', () => {
    const r = chatflow('validate', '--json', fixture('before-versions'))
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, errors: 0, migratedFrom: null, migratedNodes: [] })
  })

  it.each(['validate', 'run', 'generate'])('%s refuses a node newer than this build, naming it', (command) => {
    const r = chatflow(command, fixture('newer'))
    expect(r.code).toBe(1)
    expect(r.stderr).toContain(NEWER)
    expect(r.stdout).not.toContain('bot:')
  })
})
