// The `chatflow` command as people expect it (issue 17, point 7), through the built command (dist/chatflow.mjs, what
// `npm run build:server` ships; server-build.ts builds it when a source changed): help per command, "did you mean"
// for a mistyped command or option, and a pipe closed early by `head`.
import { spawn, spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT, serverBuildDir } from '../runtime/testing/server-build'
import { CLOSED_PIPE_EXIT } from './pipe'

const cli = () => path.join(serverBuildDir(), 'chatflow.mjs')
const chatflow = (...args: string[]) =>
  spawnSync(process.execPath, [cli(), ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 })

describe('chatflow help and mistakes', () => {
  it("prints one command's help for `help <command>` and `<command> --help`, the same text, exit 0", () => {
    const viaHelp = chatflow('help', 'test')
    const viaFlag = chatflow('test', '--help')
    expect(viaHelp.status).toBe(0)
    expect(viaHelp.stdout).toMatch(/^Usage: chatflow test /)
    expect(viaHelp.stdout).toBe(viaFlag.stdout)
    expect(chatflow('help').stdout).toContain("'chatflow help <command>'")
  })

  it('suggests the command or option meant, exit 2', () => {
    const command = chatflow('tset', 'resources/examples')
    expect(command.status).toBe(2)
    expect(command.stderr).toBe(
      "chatflow: unknown command 'tset'. Did you mean 'test'? Run 'chatflow help' for the list.\n",
    )
    const help = chatflow('help', 'vaildate')
    expect(help.stderr).toContain("Did you mean 'validate'?")
    expect(chatflow('hlep').stderr).toContain("Did you mean 'help'?")
    const option = chatflow('test', 'resources/examples', '--libary', 'x.json')
    expect(option.status).toBe(2)
    expect(option.stderr.split('\n')[0]).toBe('chatflow test: unknown option --libary; did you mean --library?')
  })
})

describe('chatflow writing into a closed pipe', () => {
  it('stops quietly when the reader has seen enough (`chatflow test … | head -1`)', async () => {
    const child = spawn(process.execPath, [cli(), 'test', 'resources/examples'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    // Read the first line, then close our end as `head -1` does.
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()))
    child.stdout.destroy()
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)))
    expect(stderr).toBe('')
    expect(code).toBe(CLOSED_PIPE_EXIT)
  }, 60_000)
})
