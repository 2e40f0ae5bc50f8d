// What an Interactive Message declares to the analyses (shared/nodes/behaviour.ts): a tap on each button or row it
// rendered, each leading to that option's port; typed text otherwise; what a tap fixes, for path analysis.
import type { Vars } from '../../expr'
import type { CustomerSample, NodeAnswers } from '../behaviour'
import { listRows, type InteractiveMessageConfig } from './definition'

interface Rendered {
  mode: string
  options: Array<{ id: string; title: string }>
}

const BUTTON_VARS = ['button_id', '_last_button_payload', '_last_button_text']
const ROW_VARS = ['row_id', '_last_row_payload', '_last_row_text']

/** The options as the run rendered them (placeholders filled); before a run, as configured. */
function rendered(c: InteractiveMessageConfig, waiting: unknown): Rendered {
  const data = waiting as Partial<Rendered> | undefined
  if (data?.options) return { mode: data.mode ?? c.mode, options: data.options }
  return { mode: c.mode, options: c.mode === 'buttons' ? c.buttons : listRows(c) }
}

export const interactiveAnswers: NodeAnswers<InteractiveMessageConfig> = {
  choices: true,
  samples(c, _ctx, waiting): CustomerSample[] {
    const { mode, options } = rendered(c, waiting)
    const titles = options.map((o) => o.title)
    return options.map((o) => {
      // A title two options share cannot name one of them: the id can.
      const label = titles.filter((t) => t === o.title).length > 1 ? o.id : o.title
      return { input: mode === 'list' ? { row: label } : { button: label }, label: `"${o.title}"`, port: o.id }
    })
  },
  random(c, _ctx, waiting, rnd, extra) {
    const data = waiting as Rendered | undefined
    const options = data?.options ?? []
    if (options.length && rnd.chance(0.65)) {
      const o = rnd.pick(options)
      return data?.mode === 'list' ? { row: o.title } : { button: o.title }
    }
    // Typed text: a title in another case, a title of an older message (a stale tap), a keyword, anything.
    return rnd.text(extra.map((t) => (rnd.chance(0.5) ? t.toUpperCase() : t)))
  },
  arrivals(c, name, port) {
    const options = c.mode === 'buttons' ? c.buttons : listRows(c)
    const o = options.find((x) => x.id === port)
    if (!o) return null
    // A title with placeholders renders differently per run: its text variables are then not decided here.
    const fixed = !o.title.includes('{{')
    const names = c.mode === 'buttons' ? BUTTON_VARS : ROW_VARS
    const vars: Vars = { [names[0]!]: o.id, [names[1]!]: o.id, [name]: { id: o.id, title: o.title } }
    const decides = new Set([names[0]!, names[1]!, `${name}.id`])
    if (fixed) {
      vars[names[2]!] = o.title
      decides.add(names[2]!).add(`${name}.title`)
    }
    return [{ label: o.title, vars, decides }]
  },
  buttons: (c) => (c.mode === 'buttons' ? c.buttons : []),
}
