// A conversation test may play with the channel's rules (format.ts `window`, `contact.lastInboundAt`/`optedIn`):
// the player sets the service window and the contact's history, so a branch only the window opens can be tested.
import { describe, expect, it } from 'vitest'
import { buildFlow, testDeps } from '../testing/fixtures'
import { parseConversationTest, serialiseConversationTest } from './format'
import { runConversationTest } from './run'

// A webhook-started reminder: a Question first; when it may not go out, its failure port sends a template.
const flow = buildFlow(
  [
    { type: 'trigger', name: 'hook', config: { kind: 'webhook', dataFields: [] } },
    {
      type: 'question',
      name: 'ask',
      config: { prompt: 'Still coming tomorrow?', saveTo: 'answer', answerType: 'text', maxAttempts: 2 },
    },
    {
      type: 'template_message',
      name: 'reminder',
      config: { templateName: 'reminder', language: 'en', bodyParams: [] },
    },
    { type: 'message', name: 'thanks', config: { text: 'Thanks!' } },
  ],
  [
    ['hook', 'out', 'ask'],
    ['ask', 'out', 'thanks'],
    ['ask', 'failure', 'reminder'],
  ],
)

const TEMPLATES = `templates: [{ name: reminder, language: en, category: UTILITY, header: { type: none, text: "" }, body: "Your visit is tomorrow.", footer: "", buttons: [] }]`

function test(head: string) {
  const parsed = parseConversationTest(
    `name: reminder\nnow: "2026-03-10T09:00:00Z"\n${head}\ntrigger: { webhook: { data: {} } }\n${TEMPLATES}\nturns: [{}]\n`,
  )
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.test
}

async function play(head: string) {
  const out = await runConversationTest(flow, test(head), testDeps().deps)
  expect(out.failures).toEqual([])
  return {
    ports: out.trace.filter((e) => e.nodeName === 'ask' && e.port).map((e) => e.port),
    error: (out.final!.vars.ask as { error?: { code: string } } | undefined)?.error?.code,
    sent: out.exchanges[0]!.bot.map((m) => m.type),
  }
}

describe('conversation tests and the 24-hour window', () => {
  it('plays without the window when the test does not ask for it', async () => {
    expect(await play('')).toEqual({ ports: [], error: undefined, sent: ['text'] })
    expect(await play('window: off')).toEqual({ ports: [], error: undefined, sent: ['text'] })
  })

  it('with window: enforce and no inbound, the Question may not go out and its failure port runs', async () => {
    expect(await play('window: enforce')).toEqual({ ports: ['failure'], error: 'outside_window', sent: ['template'] })
    expect(await play('window: enforce\ncontact: { lastInboundAt: "2026-03-09T08:59:59Z" }')).toEqual({
      ports: ['failure'],
      error: 'outside_window',
      sent: ['template'],
    })
  })

  it("with the customer's last message within 24 h before `now`, the message goes out", async () => {
    expect(await play('window: enforce\ncontact: { lastInboundAt: "2026-03-09T09:30:00Z" }')).toEqual({
      ports: [],
      error: undefined,
      sent: ['text'],
    })
  })

  it('an opted-out contact gets nothing, not even the template', async () => {
    const out = await runConversationTest(flow, test('window: enforce\ncontact: { optedIn: false }'), testDeps().deps)
    expect(out.final!.status).toBe('failed')
    expect(out.final!.error?.code).toBe('opted_out')
    expect(out.exchanges[0]!.bot).toEqual([])
  })

  it('writes the fields back in order', () => {
    const yaml = serialiseConversationTest(
      test('window: enforce\ncontact: { lastInboundAt: "2026-03-09T09:30:00Z", optedIn: true }'),
    )
    expect(yaml).toMatch(/^name: reminder\nnow: .*\nwindow: enforce\ncontact:\n/)
    expect(parseConversationTest(yaml)).toMatchObject({
      ok: true,
      test: { window: 'enforce', contact: { lastInboundAt: '2026-03-09T09:30:00Z', optedIn: true } },
    })
  })
})
