import fs from 'node:fs'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import type { FlowDocument, FlowNode } from '../../shared/flow/document'
import { knownType, type NodeType } from '../../shared/nodes/node-types'
import { getAt } from '../../shared/flow/pointer'
import { NODE_DEFINITIONS, parseConfig } from '../../shared/nodes/registry'
import { jsonSchemaOf, kindOf, unwrapNullable, type JsonSchema } from '../../renderer/panels/schema'
import { fieldLabel, itemLabel } from './build-labels'
import { card, connect, openNewFlow, panel, saved, viewSettled } from './editor-helpers'
import { apiCall } from './emulator-helpers'
import { expect, type StudioFixture } from './fixtures'

// Builds an example flow from an empty canvas the way a person does: palette, Node Name, the panel's fields found
// by their labels, the lists' own Add and Remove buttons, and ports connected by dragging. Data-driven: the steps
// come from the example's JSON and the node type's config schema (which decides whether a field is a select, a
// number, a checkbox, a text or a list).

const EXAMPLES = path.resolve(import.meta.dirname, '../../resources/examples')

export function readExample(file: string): FlowDocument {
  return JSON.parse(fs.readFileSync(path.join(EXAMPLES, file), 'utf8')) as FlowDocument
}

type Obj = Record<string, unknown>

/** Fields that switch what else the panel shows (mode, kind, type) go first; nested objects and lists last. */
function fillOrder(schema: JsonSchema, value: Obj): string[] {
  const rank = (key: string) => {
    const kind = kindOf(unwrapNullable(schema.properties?.[key] ?? {}).schema)
    return kind === 'enum' ? 0 : kind === 'object' ? 2 : kind === 'array' ? 3 : 1
  }
  return Object.keys(value).sort((a, b) => rank(a) - rank(b))
}

// XPath steps, because they are relative to the element they start from however the locator was chained.
const hasClass = (c: string) => `contains(concat(' ', @class, ' '), ' ${c} ')`
// A list is a 'field field-list' too: its items' controls are not the object's own.
const OWN_FIELDS = `xpath=./div[(${hasClass('field')} and not(${hasClass('field-list')})) or ${hasClass('field-check')}]`

/** The controls of one object (the whole form, a fieldset, a list item): only its own fields, not nested ones. */
const ownField = (scope: Locator, label: string) => scope.locator(OWN_FIELDS).getByLabel(label, { exact: true })

async function fillValue(
  scope: Locator,
  type: NodeType,
  schema: JsonSchema,
  pointer: string,
  label: string,
  value: unknown,
) {
  const s = unwrapNullable(schema).schema
  const kind = kindOf(s)
  // A person leaves alone what a new node already shows (a default, or the default button's title): only what
  // differs is typed. Items added with Add are not in the defaults, so all of theirs is.
  if (kind !== 'object' && kind !== 'array' && getAt(NODE_DEFINITIONS[type].defaults(), pointer) === value) return
  // A map left as a new node has it (a Template Message's languages: {}): nothing to type either.
  if (kind === 'json' && JSON.stringify(getAt(NODE_DEFINITIONS[type].defaults(), pointer)) === JSON.stringify(value))
    return
  switch (kind) {
    case 'enum':
      await ownField(scope, label).selectOption(String(value))
      return
    case 'boolean':
      await ownField(scope, label).setChecked(value === true)
      return
    case 'number':
    case 'string': {
      if (value === null) return
      // fill() focuses the field and types the text in one step, inline code editors (the {{ }} fields) included;
      // what was typed is checked once, in the stored document, which keeps the test within time on a busy machine.
      await ownField(scope, label).fill(String(value))
      return
    }
    case 'object': {
      const group = scope.locator('xpath=./fieldset').and(scope.page().getByRole('group', { name: label, exact: true }))
      await fillObject(group, type, s, pointer, value as Obj)
      return
    }
    case 'array':
      await fillList(scope, type, s, pointer, label, value as unknown[])
      return
    default:
      throw new Error(`${type} ${pointer}: no typed control for this field`)
  }
}

async function fillObject(scope: Locator, type: NodeType, schema: JsonSchema, pointer: string, value: Obj) {
  for (const key of fillOrder(schema, value)) {
    const sub = schema.properties?.[key]
    if (!sub) throw new Error(`${type} ${pointer}/${key}: not a field of the config schema`)
    await fillValue(scope, type, sub, `${pointer}/${key}`, fieldLabel(type, `${pointer}/${key}`), value[key])
  }
}

/** Makes the list as long as the example's with the list's own Remove and Add buttons, then fills each item. */
async function fillList(
  scope: Locator,
  type: NodeType,
  schema: JsonSchema,
  pointer: string,
  label: string,
  items: unknown[],
) {
  const list = scope
    .locator(`xpath=./div[${hasClass('field-list')}]/div[${hasClass('list-editor')}]`)
    .and(scope.page().getByRole('group', { name: label, exact: true }))
  const item = itemLabel(type, pointer)
  const rows = list.locator('xpath=./ol/li')
  for (let n = await rows.count(); n > items.length; n--) {
    await list.getByRole('button', { name: `Remove ${item} ${n}`, exact: true }).click()
    await expect(rows).toHaveCount(n - 1)
  }
  for (let n = await rows.count(); n < items.length; n++) {
    // A busy machine can drop the click while the panel re-renders: click again only if no row was added.
    await expect(async () => {
      if ((await rows.count()) <= n)
        await list
          .getByRole('button', { name: `Add ${item.toLowerCase()}`, exact: true })
          .last()
          .click()
      await expect(rows).toHaveCount(n + 1, { timeout: 2_000 })
    }).toPass()
  }
  const itemSchema = schema.items ?? {}
  for (const [i, v] of items.entries()) {
    const body = rows.nth(i).locator(`xpath=./div[${hasClass('list-item-body')}]`)
    const name = `${item} ${i + 1}`
    if (kindOf(unwrapNullable(itemSchema).schema) === 'object') {
      const group = body.locator('xpath=./fieldset').and(scope.page().getByRole('group', { name, exact: true }))
      await fillObject(group, type, unwrapNullable(itemSchema).schema, `${pointer}/${i}`, v as Obj)
    } else {
      await fillValue(body, type, itemSchema, `${pointer}/${i}`, name, v)
    }
  }
}

/** Deselects, so a palette click adds the node on its own instead of after (and connected to) the selection. */
async function clearSelection(page: Page) {
  await page.keyboard.press('Escape')
  await page.locator('.react-flow__pane').click({ position: { x: 5, y: 5 } })
}

async function addNode(page: Page, node: FlowNode, first: boolean) {
  const label = NODE_DEFINITIONS[knownType(node.type)].label
  if (first && node.type === 'trigger') {
    // A new flow starts with its trigger: the example's trigger is that one, opened by clicking its card.
    await card(page, 'trigger_1').click()
  } else {
    await clearSelection(page)
    await page.getByRole('button', { name: `Add ${label}`, exact: true }).click()
  }
  const side = page.getByRole('complementary', { name: `${label} settings` })
  await expect(side).toBeVisible()
  const name = side.getByLabel('Node Name')
  if ((await name.inputValue()) !== node.name) {
    await name.fill(node.name)
    await name.press('Enter')
  }
  await expect(card(page, node.name)).toHaveCount(1)
  await fillObject(
    panel(page).locator('form.node-panel-fields'),
    knownType(node.type),
    jsonSchemaOf(NODE_DEFINITIONS[knownType(node.type)].configSchema),
    '',
    node.config,
  )
}

/** Lays the flow out (unconnected cards go in a grid that fits the view) and waits until the view's animated
 *  fit has settled, so the handles stay where they are measured for the drags. */
async function layOut(page: Page) {
  await page.getByRole('button', { name: 'Auto-layout' }).click()
  await viewSettled(page, 3)
}

/** Waits until the view's transform is the same three frames running: Fit View and the zoom buttons apply on a
 *  later frame than the click, and a handle measured before that is not where it is drawn. */
async function viewStill(page: Page) {
  await expect
    .poll(() =>
      page.locator('.react-flow__viewport').evaluate(async (el) => {
        const frame = () => new Promise((done) => requestAnimationFrame(done))
        const seen = new Set<string>()
        for (let i = 0; i < 3; i++) {
          seen.add(el.style.transform)
          await frame()
        }
        return seen.size
      }),
    )
    .toBe(1)
}

/** Whether a person could press the mouse on the middle of this handle: not off screen, not under the minimap,
 *  not under another card. */
const reachable = (handle: Locator) =>
  handle.evaluate((el) => {
    const r = el.getBoundingClientRect()
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)
    return hit !== null && el.contains(hit)
  })

/** Fits the flow in view, then zooms out until both handles are clear of the minimap in the corner, as a person
 *  would before dragging a connection (a drag that starts on the minimap pans the whole canvas away). If a card
 *  still covers one (a lost drag that started on a card moved it there), lays the flow out again, as a person
 *  tidies the canvas with Layout. */
async function bringIntoReach(page: Page, ...handles: Locator[]) {
  for (const tidy of [false, true]) {
    if (tidy) await layOut(page)
    await page.getByRole('button', { name: 'Fit View' }).click()
    await viewStill(page)
    for (let i = 0; i < 4; i++) {
      const ok = await Promise.all(handles.map(reachable))
      if (ok.every(Boolean)) return
      await page.getByRole('button', { name: 'Zoom Out' }).click()
      await viewStill(page)
    }
  }
  throw new Error('a handle stays out of reach')
}

/** Every node from the palette with its panel filled, then every edge dragged from its labelled port. */
export async function buildFromCanvas(page: Page, studio: StudioFixture, example: FlowDocument): Promise<string> {
  await openNewFlow(page, studio, example.name)
  for (const [i, node] of example.nodes.entries()) await addNode(page, node, i === 0)
  await clearSelection(page)
  await layOut(page)
  const byId = new Map(example.nodes.map((n) => [n.id, n]))
  const edges = page.locator('.react-flow__edge')
  for (const [i, e] of example.edges.entries()) {
    const source = byId.get(e.source)!
    const target = byId.get(e.target)!
    const port = portLabel(source, e.sourcePort)
    // A busy machine now and then drops a drag (or it starts on the card instead of its handle): drag again.
    await expect(async () => {
      const from = page.getByLabel(`Output ${port} of ${source.name}`, { exact: true })
      const to = page.getByLabel(`Input of ${target.name}`, { exact: true })
      await bringIntoReach(page, from, to)
      await connect(page, `Output ${port} of ${source.name}`, `Input of ${target.name}`)
      await expect(edges).toHaveCount(i + 1, { timeout: 2000 })
    }).toPass({ timeout: 30_000 })
  }
  if (example.settings) await fillSettings(page, example.settings)
  await saved(page)
  return decodeURIComponent(new URL(page.url()).hash.replace(/^#\/flows\//, ''))
}

/** The flow settings through the toolbar's Settings panel, as a person sets them. */
async function fillSettings(page: Page, settings: NonNullable<FlowDocument['settings']>) {
  await page.getByRole('button', { name: 'Flow settings' }).click()
  const side = page.getByRole('complementary', { name: 'Flow settings' })
  await side.getByLabel('Language and region').fill(settings.locale)
  await side.getByLabel('Time zone').selectOption(settings.timeZone)
  await side
    .getByLabel('Country of phone numbers typed without a country code')
    .selectOption(settings.defaultCountry ?? '')
  // A flow in several languages: each language added by its tag (the locale's language comes first, the default),
  // and detection as the example has it. Its texts in each language are the language switch's (languages.spec.ts).
  const languages = settings.languages
  if (languages) {
    for (const tag of languages.list.filter((t) => t !== languages.default)) {
      await side.getByLabel('Add a language').fill(tag)
      await side.getByLabel('Add a language').press('Enter')
      await expect(side.getByRole('list', { name: 'Languages of this flow' })).toContainText(`(${tag})`)
    }
    await side.getByLabel("Detect from the customer's first message").setChecked(languages.detect !== false)
  }
  await side.getByRole('button', { name: 'Close flow settings' }).click()
}

/** The settings as they mean: a `from` of null is no `from` (a file leaves it out, the studio may write null). */
function settingsOf(doc: FlowDocument) {
  const languages = doc.settings?.languages
  if (!languages) return doc.settings
  const { from, ...rest } = languages
  return { ...doc.settings, languages: from ? { ...rest, from } : rest }
}

/** The label the card shows on a port (a button's title, a route's name, 'No valid answer'), from the model. */
function portLabel(node: FlowNode, port: string): string {
  const parsed = parseConfig(knownType(node.type), node.config)
  const found = parsed.success
    ? NODE_DEFINITIONS[knownType(node.type)].ports(parsed.data as never).find((p) => p.id === port)
    : undefined
  if (!found) throw new Error(`${node.name} has no port ${port}`)
  return found.label
}

/** What must match between the example and what was built: types, names, configs (with the type's defaults
 *  filled in on both sides), edges by node name and port, and the settings when the example has them (a new flow
 *  takes this machine's); not ids or positions. */
export function essentials(doc: FlowDocument, withSettings = true) {
  const nameOf = new Map(doc.nodes.map((n) => [n.id, n.name]))
  return {
    ...(withSettings ? { settings: settingsOf(doc) } : {}),
    nodes: doc.nodes
      .map((n) => {
        // A node added from the palette starts from its type's defaults: keys an example leaves out keep those.
        const parsed = parseConfig(knownType(n.type), {
          ...(NODE_DEFINITIONS[knownType(n.type)].defaults() as Obj),
          ...n.config,
        })
        return { name: n.name, type: n.type, config: parsed.success ? parsed.data : { invalid: n.config } }
      })
      .sort((a, b) => a.name.localeCompare(b.name)),
    edges: doc.edges.map((e) => `${nameOf.get(e.source)} -[${e.sourcePort}]-> ${nameOf.get(e.target)}`).sort(),
  }
}

export async function storedDocument(page: Page, id: string): Promise<FlowDocument> {
  return (await apiCall<{ document: FlowDocument }>(page, 'flows.get', { id })).document
}
