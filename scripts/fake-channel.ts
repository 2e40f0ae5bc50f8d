// `npm run fake-channel`: rehearse a deployment without a real number (docs/deploy.md, "Rehearse with the fake
// channel"). It plays the channel on this machine: a fake Cloud API on 127.0.0.1 that takes the runtime's sends
// (print as `bot:` lines; each is marked delivered, then read, through signed status webhooks), and a customer whose
// every typed line is posted to the runtime's /channel/webhook as a signed text message. The same fake serves the
// runtime's tests (electron/runtime/testing/fake-cloud-api.ts).
//   npm run fake-channel -- --port 6390 --webhook http://127.0.0.1:7383/channel/webhook --app-secret <secret>
import readline from 'node:readline'
import { parseArgs } from 'node:util'
import { customerMessage, statuses, TEST_PHONE_NUMBER_ID } from '../electron/runtime/testing/channel-payloads'
import { startFakeCloudApi, type RecordedSend } from '../electron/runtime/testing/fake-cloud-api'

const USAGE = `Usage: npm run fake-channel -- --webhook <runtime URL>/channel/webhook --app-secret <secret> [options]
  --port N           the fake Cloud API's port on 127.0.0.1 (default 6390): give serve CHATFLOW_CLOUD_API_URL=http://127.0.0.1:N
  --phone NUMBER     the customer's number (default +919800000001)   --name NAME   their profile name (default Asha)
  --no-read          mark the bot's messages delivered, not read
Type a line to send it as the customer. Commands: /fail CODE (the next send is refused with that Cloud API error,
e.g. /fail 131047, /fail 190), /ok (answer sends normally again), /quit.
The phone number id is ${TEST_PHONE_NUMBER_ID}: start serve with --cloud-phone-number-id ${TEST_PHONE_NUMBER_ID}.`

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '6390' },
    webhook: { type: 'string' },
    'app-secret': { type: 'string' },
    phone: { type: 'string', default: '+919800000001' },
    name: { type: 'string', default: 'Asha' },
    'no-read': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
})
if (values.help || !values.webhook || !values['app-secret']) {
  process.stdout.write(`${USAGE}\n`)
  process.exit(values.help ? 0 : 2)
}
const webhook = values.webhook
const secret = values['app-secret']
const say = (line: string) => process.stdout.write(`${line}\n`)

/** What a customer's phone would show of a message, in one line. */
function shown(body: RecordedSend['body']): string {
  const m = body as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
  if (m.type === 'text') return m.text.body
  if (m.type === 'interactive') {
    const i = m.interactive
    const options =
      i.action?.buttons?.map((b: { reply: { title: string } }) => `[${b.reply.title}]`) ??
      i.action?.sections?.flatMap((s: { rows: Array<{ title: string }> }) => s.rows.map((r) => `(${r.title})`)) ??
      []
    return [i.body?.text, ...options].filter(Boolean).join(' ')
  }
  if (m.type === 'template') return `[template ${m.template.name}]`
  return `[${m.type}]`
}

async function post(payload: unknown, what: string): Promise<void> {
  try {
    const answer = await fake.postWebhook(webhook, payload, secret)
    if (answer.status !== 200) say(`  (${what}: the runtime answered ${answer.status} ${JSON.stringify(answer.body)})`)
  } catch (err) {
    say(`  (${what}: cannot reach ${webhook}: ${err instanceof Error ? err.message : String(err)})`)
  }
}

const fake = await startFakeCloudApi({
  port: Number(values.port),
  onSend(send) {
    if (send.status !== 200) return say(`  (the channel refused a message to ${send.body.to} with ${send.status})`)
    say(`bot: ${shown(send.body)}`)
    const status = (state: 'delivered' | 'read', ms: number) =>
      setTimeout(
        () => void post(statuses({ id: send.channelId!, status: state, recipient: send.body.to }), `status ${state}`),
        ms,
      )
    status('delivered', 300)
    if (!values['no-read']) status('read', 1200)
  },
})
say(
  `Fake Cloud API at ${fake.url} (give serve CHATFLOW_CLOUD_API_URL=${fake.url}); customer ${values.name} ${values.phone}.`,
)
say('Type a message and press Enter. /fail CODE, /ok, /quit.')

const lines = readline.createInterface({ input: process.stdin })
for await (const line of lines) {
  const text = line.trim()
  if (!text) continue
  if (text === '/quit') break
  if (text === '/ok') {
    fake.answerAlways(null)
    say('  (sends are answered normally)')
    continue
  }
  const fail = /^\/fail\s+(\d+)$/.exec(text)
  if (fail) {
    const code = Number(fail[1])
    fake.answerNext({ status: code === 190 ? 401 : 400, code })
    say(`  (the next send is refused with ${code})`)
    continue
  }
  await post(customerMessage(values.phone, values.name, { type: 'text', text }), 'message')
}
await fake.close()
