// `chatflow run <flow.json>`: chat with a flow in the terminal. Bot messages are printed with numbered buttons or
// rows; answer with a number, a title, an id, or any text. Every step is persisted like the studio does (in
// memory, or in the studio database with --data-dir), so the run's Flow Log is real.
import path from 'node:path'
import readline from 'node:readline'
import type { Breakpoint, FlowSource, Handled, InboundEvent, OutboundMessage, StepResult } from '../../../shared/engine'
import { typedAnswer } from '../../../shared/engine/conversation'
import type { FlowDocument } from '../../../shared/flow/document'
import { productsUsed, templatesUsed } from '../../../shared/analysis/library-refs'
import { parseFlow } from '../../../shared/nodes/load-flow'
import { triggerKindOf } from '../../../shared/nodes/trigger/kind'
import { DB_FILE_NAME } from '../../studio/backend'
import { resolveDataDir } from '../../services/data-dir'
import { isDatabaseOpenError } from '../../services/db/errors'
import { openDatabase, type Database } from '../../services/db/open'
import { createStudioEffects } from '../../services/effects'
import { modelConfigFromEnv } from '../../services/effects/model-env'
import { createModelProvider } from '../../services/effects/model-provider'
import type { ModelEffect } from '../../../shared/engine/effects'
import { RunService } from '../../services/runs'
import { parseCommandLine } from './args'
import { readInputFile } from './input-file'
import {
  besideLibrary,
  describeLibrary,
  displayPath,
  libraryEffects,
  libraryFileFor,
  readLibrary,
  type LibraryItems,
} from './library'
import { movableClock, parseWaitCommand, waitingNote, waitTo, type MovableClock } from './run-clock'
import { formAnswer, formHint, isForm } from './run-form'
import { parseContact, parseTrigger, type TriggerOption } from './run-options'
import { quickReplyAnswer, stepPrints, type QuickReply } from './run-template'
import type { CliCommand } from './types'
import { flowFilesOf, flowFilesSource, FLOWS_USAGE } from './flow-files'
import { breakpointsOf, cliHooks, holdWhilePaused, pausedNote } from './run-debug'

const USAGE = `Usage: chatflow run <flow.json> [--contact "Name +919800000001"] [--trigger <how>] [--data-dir <dir>] [--library <library.json>] [--flows <file|dir>]... [--break <node>]...

Chats with the flow in the terminal. --trigger says how the run starts:
  manual                  an operator start (the default unless the flow starts on a keyword)
  message:<text>          a customer message (a keyword, say); the default for keyword flows is your first line
  button:<payload>        a button click carrying <payload>; button:{"id":"order_42","title":"Track"} with its title
  webhook:<json>          a webhook request whose data is <json>, e.g. webhook:{"amount":250}
  webhook-request:<json>  the whole request body as the flow's webhook takes it, phone_number left to --contact:
                          webhook-request:{"data":{"order_id":"A1"},"message_text":"hi","button_id":"rate_now"}
  ad:<headline>           the first message after an ad click; ad:{"headline":"Sale","source_id":"12",
                          "text":"Is it in stock?"} sets any referral fields and the message text
--break <node> (a node's name or id, repeatable) stops the run before that node, prints the variables and asks
c (continue), s (step: stop before the next node) or q (quit); when stdin is not a terminal it prints and continues.
Type /vars to see the session variables, /quit (or Ctrl-D) to leave. Without --data-dir the run is kept in memory.
Time: /wait 2h, /wait due (to the instant the run waits for: a Wait node, "no reply within"), /wait until
2026-12-01T10:00 (in the flow's time zone) move the chat's clock forward and wake the run, as time would.
Intent nodes set to "model" ask the provider CHATFLOW_MODEL_BASE_URL, CHATFLOW_MODEL and CHATFLOW_MODEL_API_KEY
(or _FILE) name, as chatflow serve does; without them they take their failed port (model_unavailable).

Templates and catalogue products (Template Message, SPM, MPM) come from, in this order:
  --library <file>        a library.json ({"templates": [...], "catalog": [...]}) or a bundle export; with
                          --data-dir its items are looked up first, then the studio's (the studio is not changed)
  --data-dir <dir>        that studio's own template library and catalogue
  neither                 the library.json beside the flow file, if there is one

${FLOWS_USAGE}.
`

export const runCommand: CliCommand = {
  summary: 'chat with a flow in the terminal',
  run: (args) =>
    runCli(args, {
      // Opened only when the chat starts: an open stdin would keep `--help` or a refused run from exiting.
      input: () => readline.createInterface({ input: process.stdin, terminal: false }),
      interactive: process.stdin.isTTY === true,
      stdout: (s) => process.stdout.write(s),
      stderr: (s) => process.stderr.write(s),
    }),
}

interface CliIo {
  input: () => AsyncIterable<string>
  /** A person types the lines (a terminal): a --break stop waits for c / s / q; otherwise it continues by itself. */
  interactive?: boolean
  stdout: (s: string) => void
  stderr: (s: string) => void
}

/** `chatflow run` over any input and outputs, so tests drive it in-process with an array of lines. */
export async function runCli(args: string[], io: CliIo): Promise<number> {
  const parsed = parseCommandLine(
    'run',
    USAGE,
    args,
    {
      contact: { type: 'string' },
      trigger: { type: 'string' },
      'data-dir': { type: 'string' },
      library: { type: 'string' },
      flows: { type: 'string', multiple: true },
      break: { type: 'string', multiple: true },
    },
    { count: 1, what: 'one flow file' },
  )
  if ('exit' in parsed) return parsed.exit
  const file = parsed.positionals[0]!
  const read = readInputFile(file)
  if (!read.ok) {
    io.stderr(`chatflow run: cannot read ${file}: ${read.reason}\n`)
    return 1
  }
  const loaded = parseFlow(read.text)
  if (!loaded.ok) {
    io.stderr(`chatflow run: ${file}: ${loaded.error.message}\n`)
    return 1
  }
  const flowFiles: string[] = []
  for (const arg of parsed.values.flows ?? []) {
    const found = flowFilesOf(arg)
    if (typeof found === 'string') {
      io.stderr(`chatflow run: ${found}\n`)
      return 2
    }
    flowFiles.push(...found)
  }
  const contact = parseContact(parsed.values.contact)
  if (typeof contact === 'string') {
    io.stderr(`chatflow run: ${contact}\n${USAGE}`)
    return 2
  }
  const trigger = parseTrigger(parsed.values.trigger)
  if (typeof trigger === 'string') {
    io.stderr(`chatflow run: ${trigger}\n${USAGE}`)
    return 2
  }
  const breaks = breakpointsOf(loaded.document, parsed.values.break ?? [])
  if (typeof breaks === 'string') {
    io.stderr(`chatflow run: ${breaks}\n`)
    return 2
  }
  // Intent nodes set to `model` ask the provider the environment names, as `chatflow serve` does (docs/runtime.md).
  let model: ModelEffect | undefined
  try {
    const config = modelConfigFromEnv(process.env)
    model = config ? createModelProvider(config) : undefined
  } catch (err) {
    io.stderr(`chatflow run: ${err instanceof Error ? err.message : String(err)}\n`)
    return 2
  }
  const libraryFile = libraryFileFor({
    library: parsed.values.library,
    dataDir: parsed.values['data-dir'],
    flowFile: file,
  })
  let library: LibraryItems | null = null
  if (libraryFile) {
    const read = readLibrary(libraryFile.file)
    if (!read.ok) {
      io.stderr(`chatflow run: ${read.message}\n`)
      return 1
    }
    library = read.items
    if (libraryFile.beside)
      io.stderr(
        `chatflow run: using the library beside the flow, ${displayPath(libraryFile.file)} (${describeLibrary(library)}); --library <file> picks another\n`,
      )
  } else if (parsed.values['data-dir'] && besideLibrary(file) && usesLibrary(loaded.document)) {
    // Someone used to the file beside the flow would otherwise wonder why its templates are missing.
    io.stderr(
      `chatflow run: using the studio's library; ${displayPath(besideLibrary(file)!)} beside the flow is not read (--library adds it)\n`,
    )
  }
  const dbFile = parsed.values['data-dir']
    ? path.join(resolveDataDir(parsed.values['data-dir']), DB_FILE_NAME)
    : ':memory:'
  let db: Database
  try {
    db = openDatabase(dbFile)
  } catch (err) {
    // A studio open on the same folder holds the database: say so plainly, not as an internal error.
    if (!isDatabaseOpenError(err)) throw err
    io.stderr(`chatflow run: ${err.message}\n`)
    return 1
  }
  try {
    const clock = movableClock({ now: () => Date.now() })
    return await chat(
      loaded.document,
      {
        contact: parsed.values.contact,
        trigger,
        db: cliRunService(db, library, clock, flowFilesSource(file, flowFiles, loaded.document), model),
        clock,
        breaks,
        interactive: io.interactive ?? false,
      },
      io.input(),
      io.stdout,
    )
  } finally {
    db.close()
  }
}

/**
 * The CLI runs flows with the studio's real effects (HTTP, Script, contacts, templates), like the emulator; a
 * library file's templates and products are looked up before the database's.
 */
export function cliRunService(
  db: Database,
  library: LibraryItems | null = null,
  clock?: MovableClock,
  /** Where calls find their callees (flow-files.ts); absent: the studio's store in `db`. */
  flows?: FlowSource,
  /** The model provider (CHATFLOW_MODEL_*); absent: Intent nodes set to `model` take `failed`. */
  model?: ModelEffect,
): RunService {
  const real = createStudioEffects(db, model ? { model } : {})
  const effects = clock ? { ...real, clock } : real
  return new RunService(db, { effects: { ...effects, ...libraryEffects(library, effects) }, flows })
}

interface ChatOptions {
  contact?: string
  trigger?: TriggerOption
  db: RunService
  /** The clock the service runs on, which `/wait` moves (cliRunService(db, library, clock)); absent: time stands. */
  clock?: MovableClock
  /** --break: the run stops before these nodes (run-debug.ts). */
  breaks?: Breakpoint[]
  /** A person answers the stops (c / s / q); otherwise each stop is printed and the run continues. */
  interactive?: boolean
}

/** The chat loop, over any source of lines (a terminal, a pipe, a test's array). Returns the exit code. */
export async function chat(
  flow: FlowDocument,
  opts: ChatOptions,
  lines: AsyncIterable<string>,
  write: (s: string) => void,
): Promise<number> {
  const service = opts.db
  const who = parseContact(opts.contact)
  if (typeof who === 'string') throw new Error(who)
  const contact = service.contacts.ensure(who)
  const keywordFlow = flow.nodes.some((n) => triggerKindOf(n) === 'keyword')
  const how: TriggerOption =
    opts.trigger ??
    (keywordFlow ? { start: 'first-line' } : { start: 'direct', trigger: { kind: 'manual', operator: 'cli' } })
  let lastInteractive: OutboundMessage | null = null
  // A template's quick replies can be tapped by number only while it is the last thing the bot sent.
  let quickReplies: QuickReply[] = []
  let lastVars: Record<string, unknown> = {}
  const breaks = opts.breaks ?? []
  const hooks = cliHooks(flow, breaks)
  // Lines are read one at a time: a stop of the debugger takes its answer from the same input as the chat.
  const input = lines[Symbol.asyncIterator]()

  // The flow the run waits in: a callee's when it waits inside a call (docs/engine.md, "Calls").
  const waitingIn = async (step: StepResult): Promise<FlowDocument> => {
    const frames = step.state.calls ?? []
    if (!frames.length) return flow
    const caller = frames.at(-2) ?? { flowId: flow.id, revision: null }
    const loaded = await service.flows.load(frames.at(-1)!.flowId, caller)
    return loaded?.doc ?? flow
  }
  const show = async (step: StepResult) => {
    const here = await waitingIn(step)
    lastVars = step.state.vars
    const prints = stepPrints(step)
    for (const p of prints) for (const line of p.lines) write(line + '\n')
    const last = step.messages.at(-1)
    if (last) quickReplies = prints.at(-1)!.quickReplies
    // A step that sent nothing and still waits (text typed at a form, say) keeps the buttons, rows or form shown.
    if (step.state.status !== 'paused') lastInteractive = null
    else if (last) lastInteractive = last.type === 'interactive' ? last : null
    if (step.state.debug) return write(pausedNote(here, step.state.debug, step.state.vars))
    if (step.state.status === 'paused' && !step.messages.length)
      write(`(no answer; the run still waits at ${nodeName(here, step.state.waiting?.nodeId)})\n`)
    if (step.state.status === 'paused' && last && isForm(last))
      write(`     ${formHint(here, step.state.waiting?.nodeId)}\n`)
    const waiting = step.state.status === 'paused' ? waitingNote(step.state) : null
    if (waiting) write(waiting + '\n')
    if (step.state.status === 'ended') write(`(run ended: ${step.state.endReason})\n`)
    if (step.state.status === 'failed') write(`(run failed: ${step.state.error?.code}: ${step.state.error?.message})\n`)
  }
  // The emulator's rules for the flow under test (shared/engine/core): a keyword needs the flow active, as in
  // production; button, ad, webhook and manual starts work while it is inactive.
  const receive = async (event: InboundEvent) => {
    const out = await service.handle(
      contact,
      { kind: 'message', message: event },
      { flows: [flow], flowOf: () => flow, activation: 'keyword', debug: hooks },
    )
    if (out.ran) await showAll(out)
    else write(`${ignoredNote(flow, out)}\n`)
  }
  // While the debugger holds the run (run-debug.ts): true when the person quit and the chat ends.
  const debugLoop = () =>
    holdWhilePaused({
      service,
      contactId: contact.id,
      flow,
      breaks,
      interactive: !!opts.interactive,
      input,
      write,
      show,
    })
  // Every step the event ran: a wake that was due when the message came runs first (docs/engine.md, rule 11).
  const showAll = async (out: Handled) => {
    for (const w of out.steps) if (w.step.trace.length || w.step.state.debug) await show(w.step)
  }
  const wait = async (spec: Exclude<ReturnType<typeof parseWaitCommand>, null>) => {
    if (typeof spec === 'string' && spec.startsWith('usage:')) return write(`(${spec})\n`)
    if (!opts.clock) return write('(time cannot move in this chat)\n')
    const target = waitTo(spec, opts.clock, service.pausedRun(contact.id), flow)
    if (typeof target === 'string') return write(`(${target})\n`)
    const waiting = service.pausedRun(contact.id)
    opts.clock.skip(target.at - opts.clock.now())
    write(target.note + '\n')
    // Time acts as a host's timers do: the expiry sweep first (a run waiting for the customer past their 24-hour
    // window ends), then the wake.
    if (waiting && !service.pausedRun(contact.id))
      return write("(the customer's 24-hour window closed: the waiting conversation expired)\n")
    const fresh = service.contacts.ensure(who)
    const out = await service.handle(
      fresh,
      { kind: 'wake' },
      { flows: [flow], flowOf: () => flow, activation: 'keyword', debug: hooks },
    )
    if (out.ran) await showAll(out)
    else write('(nothing was due)\n')
  }

  write(`chatting with "${flow.name}" as ${contact.name} (${contact.phone}); /quit to leave\n`)
  if (!flow.active && keywordFlow)
    write(
      `(the flow is inactive: its keywords do not start it, as in production; set "active": true in the file, or use --trigger manual)\n`,
    )
  const hint = !opts.trigger && !keywordFlow ? triggerHint(flow) : null
  if (hint) write(`(started by an operator; ${hint})\n`)
  if (how.start === 'direct') {
    const trigger = how.trigger.kind === 'webhook' ? { ...how.trigger, phone_number: contact.phone } : how.trigger
    await show(await service.start(flow, { contact, trigger, debug: hooks }))
  } else if (how.start === 'event') await receive(how.event)
  else write('(type the message that starts the flow)\n')
  if (await debugLoop()) return 0

  for (;;) {
    const next = await input.next()
    if (next.done) break
    const line = next.value.trim()
    if (line === '/quit') break
    if (line === '/vars') {
      write(JSON.stringify(lastVars, null, 2) + '\n')
      continue
    }
    if (!line) continue
    const waitSpec = parseWaitCommand(line)
    if (waitSpec !== null) {
      await wait(waitSpec)
      if (await debugLoop()) return 0
      continue
    }
    write(`you: ${line}\n`)
    const form = isForm(lastInteractive) ? formAnswer(line) : null
    if (typeof form === 'string') {
      write(form + '\n')
      continue
    }
    await receive(form ?? quickReplyAnswer(line, quickReplies) ?? typedAnswer(line, lastInteractive))
    if (await debugLoop()) return 0
  }
  return 0
}

function ignoredNote(flow: FlowDocument, out: Handled): string {
  if (out.ignored?.reason === 'inactive_flow')
    return `(the flow "${flow.name}" is inactive, so this keyword starts nothing, as in production)`
  return '(no run is waiting and the message starts no flow)'
}

function usesLibrary(flow: FlowDocument): boolean {
  return templatesUsed(flow).length > 0 || productsUsed(flow).length > 0
}

function nodeName(flow: FlowDocument, nodeId: string | undefined): string {
  return flow.nodes.find((n) => n.id === nodeId)?.name ?? 'its waiting node'
}

/** A button- or ad-click flow started without --trigger runs with its trigger variables empty: say how to fill them. */
function triggerHint(flow: FlowDocument): string | null {
  const kinds = new Set(flow.nodes.map(triggerKindOf))
  if (kinds.has('button_click'))
    return 'this flow starts from a button click: --trigger button:<payload> sets its variables'
  if (kinds.has('ad_click')) return 'this flow starts from an ad click: --trigger ad:<headline> sets its variables'
  return null
}
